#!/usr/bin/env bash
# hbench nnthroughput against Hadoop 3.4.2's own NNThroughputBenchmark (hadoop-hdfs tests jar,
# fetched with mvn dependency:copy): the same operation, threads and files, each with a NameNode
# started in its own process and called directly, with the same Hadoop classes. Runs the two in
# alternating order (ABBA), RUNS rounds per operation, and prints both sides' ops/s and the median
# ratio hbench / Hadoop per operation.
#
#   perf/nnthroughput-parity.sh
#
# Settings (environment): OPS ("create open fileStatus mkdirs rename delete"), THREADS (4),
# FILES (20000), RUNS (4). Needs: mvn -B -q package -DskipTests first, and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

OPS=${OPS:-"create open fileStatus mkdirs rename delete"}
THREADS=${THREADS:-4}
FILES=${FILES:-20000}
RUNS=${RUNS:-4}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
TESTS=$PWD/perf/target/hadoop-hdfs-3.4.2-tests.jar
WORK=$PWD/perf/target/nn-parity

[ -f "$STANDALONE" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
if [ ! -f "$TESTS" ]; then
  mvn -B -q dependency:copy -Dartifact=org.apache.hadoop:hadoop-hdfs:3.4.2:jar:tests \
    -DoutputDirectory=perf/target >/dev/null
fi
rm -rf "$WORK"; mkdir -p "$WORK"
# NNThroughputBenchmark logs its figures at INFO; everything else stays at WARN.
cat > "$WORK/log4j.properties" <<'EOF'
log4j.rootLogger=WARN, err
log4j.appender.err=org.apache.log4j.ConsoleAppender
log4j.appender.err.target=System.err
log4j.appender.err.layout=org.apache.log4j.PatternLayout
log4j.appender.err.layout.ConversionPattern=%m%n
log4j.logger.org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark=INFO
EOF

# The dimension flag of an op: mkdirs counts directories, the others files.
count_flags() { if [ "$1" = mkdirs ]; then echo "--dirs $FILES"; else echo "--files $FILES"; fi; }

# One hbench run; prints its ops/s.
hbench_once() {
  local out="$WORK/hbench.jsonl"; rm -f "$out"
  # shellcheck disable=SC2046
  java -jar "$STANDALONE" nnthroughput --op "$1" --threads "$THREADS" $(count_flags "$1") \
    --base-dir "$WORK/hbench" --out "$out" >/dev/null 2>&1 || { echo "hbench $1 failed" >&2; return 1; }
  python3 - "$out" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
assert r["status"] == "ok", r
print(r["phases"][-1]["figures"]["ops_per_s"])
PY
}

# One NNThroughputBenchmark run on a freshly formatted NameNode; prints its "Ops per sec".
hadoop_once() {
  local dir="$WORK/hadoop" flags
  rm -rf "$dir"; mkdir -p "$dir"
  local d=(-D "hadoop.tmp.dir=$dir" -D "dfs.namenode.name.dir=file://$dir/name")
  java -cp "$STANDALONE" org.apache.hadoop.hdfs.server.namenode.NameNode "${d[@]}" -format -force \
    -nonInteractive >/dev/null 2>&1 || { echo "format failed" >&2; return 1; }
  if [ "$1" = mkdirs ]; then flags="-dirs $FILES"; else flags="-files $FILES"; fi
  # shellcheck disable=SC2086
  java -Dlog4j.configuration="file:$WORK/log4j.properties" -cp "$STANDALONE:$TESTS" \
    org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark "${d[@]}" -fs file:/// \
    -op "$1" -threads "$THREADS" $flags > "$WORK/hadoop.log" 2>&1 \
    || { echo "NNThroughputBenchmark $1 failed: $(tail -3 "$WORK/hadoop.log")" >&2; return 1; }
  # The stats block of the op asked for (open and the others run a create first).
  python3 - "$WORK/hadoop.log" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = text.split("--- %s stats  ---" % sys.argv[2])[-1]
print(re.search(r"Ops per sec: ([\d.]+)", block).group(1))
PY
}

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "NameNode throughput, in-process NameNode: $THREADS threads, $FILES files (dirs for mkdirs), $RUNS rounds per op (ABBA)"
for op in $OPS; do
  ratios=()
  hbench_once "$op" >/dev/null; hadoop_once "$op" >/dev/null  # warm-up, not reported
  for i in $(seq "$RUNS"); do
    if [ $((i % 2)) -eq 1 ]; then h=$(hbench_once "$op"); a=$(hadoop_once "$op")
    else a=$(hadoop_once "$op"); h=$(hbench_once "$op"); fi
    r=$(python3 -c "print(round($h / $a, 3))")
    ratios+=("$r")
    printf '%-10s round %d: hbench %8.0f ops/s, NNThroughputBenchmark %8.0f ops/s, ratio %s\n' "$op" "$i" "$h" "$a" "$r"
  done
  printf '%-10s median ratio hbench / NNThroughputBenchmark: %s\n' "$op" "$(median "${ratios[@]}")"
done
