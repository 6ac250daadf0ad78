#!/usr/bin/env bash
# Peak heap of the hbench client JVM over a whole run, from the JVM's own GC log: the largest
# heap occupancy any collection found (the "before" of "Pause ... 120M->30M(256M)"), and the
# largest occupancy left after a collection (what the run really keeps). Issue 17, item 6.
#
#   bash perf/client-heap.sh terasort --sizes 1M,2M,4M,8M,16M,32M,64M,128M   # 8 points
#   bash perf/client-heap.sh nnthroughput --op create --files 1000000
#   XMX=256m bash perf/client-heap.sh terasort --sizes 1M,2M,4M,8M   # does it fit a bound?
#   CLUSTER=conf bash perf/client-heap.sh terasort --sizes 1M,2M,4M,8M,16M,32M,64M,128M
#
# By default the run is on the embedded cluster, whose daemons live in the same JVM: the heap is
# the client's plus the cluster's. CLUSTER=conf starts the embedded cluster in a JVM of its own
# (`bench embedded-cluster`) and measures only the client, as on a real cluster.
#
# (1M..128M is not 8 points: a range steps by its lower end.) The GC log and the records stay in
# the directory printed first, also when the run is stopped.
#
# Needs `mvn -B -q package -DskipTests`. Not run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=harness-cli/target/bench-standalone.jar
work=$(mktemp -d -t hbench-heap-XXXXXX)
echo "GC log and records: $work"
log="$work/gc.log"
opts=(-Xlog:gc:file="$log")
if [[ -n "${XMX:-}" ]]; then
  opts+=(-Xmx"$XMX")
fi
launch=(-jar "$jar")
if [[ "${CLUSTER:-}" == conf ]]; then
  STANDALONE=$PWD/$jar
  CONF_DIR=$work/conf
  . perf/embedded-cluster.sh
  start_cluster
  launch=(-cp "$CONF_DIR:$jar" io.hbench.cli.Main)
  set -- "$@" --cluster conf
fi
start=$(date +%s)
set +e
java "${opts[@]}" "${launch[@]}" "$@" --out "$work/r.jsonl" > "$work/out.txt" 2> "$work/err.txt"
rc=$?
set -e
end=$(date +%s)
python3 - "$log" "$work/r.jsonl" "$rc" "$((end - start))" <<'EOF'
import json, re, sys
log, results, rc, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
pat = re.compile(r"Pause.*?(\d+)M->(\d+)M\((\d+)M\)")
before = after = committed = 0
gcs = 0
for line in open(log):
    m = pat.search(line)
    if m:
        gcs += 1
        b, a, c = map(int, m.groups())
        before, after, committed = max(before, b), max(after, a), max(committed, c)
points = []
try:
    points = [json.loads(l) for l in open(results) if l.strip()]
except FileNotFoundError:
    pass
ok = sum(1 for p in points if p["status"] == "ok")
print(f"exit {rc}, {seconds} s, {len(points)} points ({ok} ok), {gcs} collections")
print(f"peak heap used {before} MB (at a collection), peak kept after one {after} MB,"
      f" peak committed {committed} MB")
EOF
