#!/usr/bin/env bash
# The read side at scale: bench report, report --html, compare and history of 10,000 records made
# from real records of every suite (the integration tests leave them in
# harness-cli/target/it-records), in a JVM capped at 512 MB of heap. The records are a history:
# each suite's points as the tests measured them, on 10 labels (clusters), run after run, a day
# apart; label L1 10% worse. Prints each command's wall seconds and peak RSS, and the records'
# size.
#
#   perf/report-scale.sh [RECORDS_DIR] [COUNT]
#
# RECORDS_DIR: real results files, default harness-cli/target/it-records (after mvn verify);
# COUNT: records to make, default 10000; HEAP: the JVMs' -Xmx, default 512m; RUNS: runs of each
# command, default 1 (the median is printed). Needs python3, /usr/bin/time and
# mvn -B -q package -DskipTests first.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-harness-cli/target/it-records}
COUNT=${2:-10000}
OUT=perf/target/report-scale
mkdir -p "$OUT"
rm -f "$OUT"/*.jsonl "$OUT"/*.html
python3 - "$SRC" "$OUT" "$COUNT" <<'PY'
import json, os, random, sys
sys.path.insert(0, "perf")
from it_records import ok_records, write_records
src, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
templates = {}
for r in ok_records(src):
    templates.setdefault(r["suite"], []).append(r)
suites = sorted(templates)
print("suites:", len(suites), ", ".join(f"{s} ({len(templates[s])})" for s in suites))
random.seed(1)
labels = [f"L{i}" for i in range(10)]
# Each suite's share of the records, the same for all: its real records in turn, on the 10
# labels in turn, each a run of its own started a day after the one before.
per_suite = count // len(suites)
files = {}
n = 0
for s in suites:
    for i in range(per_suite if s != suites[-1] else count - n):
        t = templates[s][i % len(templates[s])]
        r = json.loads(json.dumps(t))
        label = labels[i % 10]
        run = i // 10
        r["label"] = label
        day = run % 336
        r["run_id"] = f"2026{1 + day // 28:02d}{1 + day % 28:02d}-{s}-{run:04d}"
        r["started"] = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T02:{run // 336:02d}:00Z"
        factor = 1.1 if label == "L1" else 1.0
        for ph in r.get("phases", []):
            for m in ph.get("metrics", []):
                if isinstance(m.get("value"), (int, float)):
                    scale = factor if m.get("better") == "lower" else 1 / factor
                    m["value"] = m["value"] * scale * random.uniform(0.97, 1.03)
        f = files.get(label)
        if f is None:
            f = files[label] = (open(os.path.join(out, f"{label}.jsonl"), "w"), set())
        write_records(f[0], f[1], r)
        n += 1
for f, _ in files.values():
    f.close()
PY
cat "$OUT"/*.jsonl | awk '/^\{"schema": ?"hbench.server-config\// {c++; next} {r++}
  END {print r " records, " c + 0 " server configuration lines"}'
cat "$OUT"/*.jsonl | wc -c | awk '{printf "%.0f MB of JSON Lines\n", $1 / 1048576}'
JAR=harness-cli/target/bench.jar
exec 3>&2  # the terminal's stderr, for a failed command whose stderr goes to a file
# RUNS: how many times each command runs (default 1); with more, their median is printed too.
# MAX_EXIT: the highest exit code that is a result (compare and history exit 1 when they find a
# change, which L1's 10% makes them do); any other stops the script: no time of a failed run.
run() {
  local name=$1 max=$2 i rc
  shift 2
  : > "$OUT/times"
  for i in $(seq "${RUNS:-1}"); do
    rc=0
    /usr/bin/time -o "$OUT/time" -f "%e %M" java -Xmx"${HEAP:-512m}" -jar "$JAR" "$@" || rc=$?
    if [ "$rc" -gt "$max" ]; then
      echo "$name: exit code $rc (see $OUT)" >&3
      exit 1
    fi
    grep -E "^[0-9.]+ [0-9]+$" "$OUT/time" >> "$OUT/times"
  done
  sort -n "$OUT/times" | awk -v name="$name" '{t[NR] = $1; if ($2 > m) m = $2}
    END {printf "%s: %.2f s wall (median of %d: %s), %d KB peak RSS\n", name, t[int((NR + 1) / 2)],
      NR, t[1] "-" t[NR], m}' >&2
}
run "report" 0 report "$OUT" > "$OUT/report.txt"
run "report --html" 0 report --html "$OUT/report.html" "$OUT" 2> "$OUT/report-html.err"
tail -1 "$OUT/report-html.err"
ls -l "$OUT/report.html" | awk '{printf "HTML: %.2f MB\n", $5 / 1048576}'
run "compare --by label" 1 compare --by label "$OUT" > "$OUT/compare.txt" 2> "$OUT/compare.err"
tail -1 "$OUT/compare.err"
run "history" 1 history "$OUT" > "$OUT/history.txt" 2> "$OUT/history.err"
tail -1 "$OUT/history.err"
tail -1 "$OUT/history.txt"
