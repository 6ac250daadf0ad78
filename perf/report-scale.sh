#!/usr/bin/env bash
# bench report --html and bench compare at scale: 10,000 records (2 labels x 1,000 points x 5
# repeats, plus an fsops-like set with latency histograms) made from a real record, in a JVM
# capped at 512 MB of heap. Prints wall seconds, the HTML page's size, and peak RSS.
#
#   perf/report-scale.sh TEMPLATE.jsonl [FSOPS.jsonl]
#
# TEMPLATE: a results file of a terasort run (its first record is the template); FSOPS: an fsops
# results file whose first record serves for the load points. Needs python3, /usr/bin/time and
# mvn -B -q package -DskipTests first.
set -euo pipefail
cd "$(dirname "$0")/.."
TEMPLATE=${1:?give a terasort results file}
FSOPS=${2:-}
OUT=perf/target/report-scale
mkdir -p "$OUT"
rm -f "$OUT"/*.jsonl
python3 - "$TEMPLATE" "$OUT" "$FSOPS" <<'PY'
import json, sys, random
template = json.loads(open(sys.argv[1]).readline())
out = sys.argv[2]
random.seed(1)
for label, factor in (("A", 1.0), ("B", 1.1)):
    with open(f"{out}/terasort-{label}.jsonl", "w") as f:
        for p in range(1, 1001):
            for rep in range(1, 6):
                r = json.loads(json.dumps(template))
                r["label"] = label
                r["point"] = f"{p}M"
                r["repeat"] = rep
                r["params"]["size_bytes"] = p << 20
                for ph in r["phases"]:
                    for m in ph.get("metrics", []):
                        m["value"] = m["value"] * (factor if m["better"] == "lower" else 1 / factor) * random.uniform(0.95, 1.05)
                f.write(json.dumps(r) + "\n")
if sys.argv[3]:
    load = json.loads(open(sys.argv[3]).readline())
    with open(f"{out}/fsops.jsonl", "w") as f:
        for label in ("A", "B"):
            for p in range(1, 21):
                r = json.loads(json.dumps(load))
                r["label"] = label
                r["point"] = f"op{p}"
                f.write(json.dumps(r) + "\n")
PY
wc -l "$OUT"/*.jsonl | tail -1
du -sh "$OUT"
JAR=harness-cli/target/bench.jar
run() {
  /usr/bin/time -f "%e s wall, %M KB peak RSS" java -Xmx512m -jar "$JAR" "$@"
}
echo "report --html:"
run report --html "$OUT/report.html" "$OUT"
ls -l "$OUT/report.html" | awk '{printf "HTML: %.2f MB\n", $5 / 1048576}'
echo "report (text):"
run report "$OUT" > "$OUT/report.txt"
echo "compare --by label:"
run compare --by label "$OUT"/terasort-*.jsonl > "$OUT/compare.txt" 2> "$OUT/compare.err" || true
tail -1 "$OUT/compare.err"
