#!/usr/bin/env bash
# bench history on the records the integration tests leave, and on a doctored copy with a 10%
# drop: the table and the page of the real records; then 30 nights made from them (each figure
# jittered by 1%), the headline figures of the last 10 nights 10% worse, and the gate run since
# night 15 (must exit 1) and since night 25 (must exit 0).
#
#   perf/history-doctored.sh [RECORDS_DIR]
#
# RECORDS_DIR: default harness-cli/target/it-records (after mvn verify). Needs python3 and
# mvn -B -q package -DskipTests first.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-harness-cli/target/it-records}
OUT=perf/target/history-doctored
JAR=harness-cli/target/bench.jar
mkdir -p "$OUT"
rm -f "$OUT"/*.jsonl "$OUT"/*.html
echo "== bench history of the real records"
java -jar "$JAR" history "$SRC" --html "$OUT/real.html" | tail -2
python3 - "$SRC" "$OUT" <<'PY'
import json, os, random, sys
sys.path.insert(0, "perf")
from it_records import ok_records, write_records
src, out = sys.argv[1], sys.argv[2]
records = [r for r in ok_records(src) if not r.get("warmup")]
random.seed(7)
written = set()
with open(os.path.join(out, "nights.jsonl"), "w") as f:
    for night in range(30):
        for i, t in enumerate(records):
            r = json.loads(json.dumps(t))
            r["run_id"] = f"night-{night:02d}-{i:04d}"
            r["label"] = "doctored"
            r["started"] = f"2026-01-{1 + night:02d}T02:00:00Z"
            for ph in r.get("phases", []):
                for m in ph.get("metrics", []):
                    if not isinstance(m.get("value"), (int, float)):
                        continue
                    v = m["value"] * random.uniform(0.99, 1.01)
                    if night >= 20 and m.get("headline") and m.get("better") in ("higher", "lower"):
                        v = v * (0.9 if m["better"] == "higher" else 1 / 0.9)
                    m["value"] = v
            write_records(f, written, r)
print(len(records), "records a night, 30 nights")
PY
echo "== bench history of the doctored copy"
java -jar "$JAR" history "$OUT/nights.jsonl" --html "$OUT/doctored.html" > "$OUT/doctored.txt"
grep -c " worse " "$OUT/doctored.txt" | awk '{print $1 " changes for the worse found"}'
tail -1 "$OUT/doctored.txt"
set +e
java -jar "$JAR" history "$OUT/nights.jsonl" --regressions-since 2026-01-15 > /dev/null 2> "$OUT/gate15.err"
echo "gate since night 15: exit $? ($(tail -1 "$OUT/gate15.err"))"
java -jar "$JAR" history "$OUT/nights.jsonl" --regressions-since 2026-01-25 > /dev/null 2> "$OUT/gate25.err"
echo "gate since night 25: exit $? ($(tail -1 "$OUT/gate25.err"))"
