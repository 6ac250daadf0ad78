#!/usr/bin/env bash
# Side by side on one embedded cluster: hbench's terasort point (generate, sort, validate in one
# process) against Hadoop 3.4.2's own examples (teragen, terasort, teravalidate as three
# processes), same rows, maps and reduces, both launched through org.apache.hadoop.util.RunJar as
# `hadoop jar` would. Prints each run's wall seconds, the per-phase figures and the ratio.
#
#   perf/terasort-parity.sh            start a cluster, run RUNS pairs (A B A B ...), stop it
#   perf/terasort-parity.sh hbench     one hbench run against a cluster already up (CONF_DIR)
#   perf/terasort-parity.sh hadoop     one Hadoop run against a cluster already up
#   perf/terasort-parity.sh cluster    keep a cluster up in the foreground (Ctrl-C stops it)
#
# Settings (environment): SIZE (256M), MAPS (2), REDUCES (2), RUNS (3), CONF_DIR.
# Needs: mvn -B -q package -DskipTests first.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-256M}
MAPS=${MAPS:-2}
REDUCES=${REDUCES:-2}
RUNS=${RUNS:-3}
# Absolute paths: on a mini cluster the tasks inherit the client's classpath as written.
CONF_DIR=${CONF_DIR:-$PWD/perf/target/mini-conf}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
BENCH=$PWD/harness-cli/target/bench.jar
EX=$PWD/perf/target/hadoop-mapreduce-examples-3.4.2.jar

bytes_of() { # size with K/M/G/T (powers of 1024) to bytes
  local n=${1%[KkMmGgTt]} u=${1: -1}
  case $u in K|k) echo $((n << 10));; M|m) echo $((n << 20));; G|g) echo $((n << 30));; T|t) echo $((n << 40));; *) echo "$1";; esac
}
ROWS=$(( $(bytes_of "$SIZE") / 100 ))

[ -f "$STANDALONE" ] && [ -f "$BENCH" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
if [ ! -f "$EX" ]; then
  mvn -B -q dependency:copy -Dartifact=org.apache.hadoop:hadoop-mapreduce-examples:3.4.2 \
    -DoutputDirectory=perf/target >/dev/null
fi

# Hadoop 3.4.2 client classes and the cluster's configuration, as `hadoop jar` would have them.
CP="$CONF_DIR:$STANDALONE"
run() { java -cp "$CP" org.apache.hadoop.util.RunJar "$@"; }
now() { date +%s.%N; }

hbench_once() {
  local out; out=$(mktemp --suffix=.jsonl)
  run "$BENCH" terasort --sizes "$SIZE" --maps "$MAPS" --reduces "$REDUCES" --cluster conf \
    --base-dir /parity/hbench --out "$out" >/dev/null 2>&1 || { echo "hbench run failed" >&2; return 1; }
  python3 - "$out" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
assert r["status"] == "ok", r
print("hbench phases: " + ", ".join("%s %.1fs (startup %.1fs)" % (p["name"], p["seconds"], p.get("startup_seconds") or 0) for p in r["phases"]))
PY
  rm -f "$out"
}

hadoop_once() {
  local t0 t1 t2 t3
  t0=$(now)
  run "$EX" teragen -Dmapreduce.job.maps="$MAPS" "$ROWS" /parity/hadoop/in >/dev/null 2>&1
  t1=$(now)
  run "$EX" terasort -Dmapreduce.job.reduces="$REDUCES" /parity/hadoop/in /parity/hadoop/out >/dev/null 2>&1
  t2=$(now)
  run "$EX" teravalidate /parity/hadoop/out /parity/hadoop/report >/dev/null 2>&1
  t3=$(now)
  if java -cp "$CP" org.apache.hadoop.fs.FsShell -cat '/parity/hadoop/report/part-*' 2>/dev/null | grep -q '^error'; then
    echo "Hadoop's teravalidate found errors" >&2; return 1
  fi
  java -cp "$CP" org.apache.hadoop.fs.FsShell -rm -r -skipTrash /parity/hadoop >/dev/null 2>&1
  printf 'hadoop processes: teragen %.1fs, terasort %.1fs, teravalidate %.1fs\n' \
    "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$(echo "$t3 - $t2" | bc)"
}

. perf/embedded-cluster.sh  # the working directory is the repository root

case "${1:-pairs}" in
  hbench) hbench_once ;;
  hadoop) hadoop_once ;;
  cluster) rm -rf "$CONF_DIR"; exec java -jar "$STANDALONE" embedded-cluster --conf-dir "$CONF_DIR" ;;
  pairs)
    start_cluster
    echo "size $SIZE ($ROWS rows), maps $MAPS, reduces $REDUCES, $RUNS pairs"
    for i in $(seq "$RUNS"); do
      a0=$(now); hbench_once; a1=$(now)
      b0=$(now); hadoop_once; b1=$(now)
      printf 'pair %d: hbench %.1fs, hadoop %.1fs, ratio %.3f\n' "$i" \
        "$(echo "$a1 - $a0" | bc)" "$(echo "$b1 - $b0" | bc)" "$(echo "($a1 - $a0) / ($b1 - $b0)" | bc -l)"
    done ;;
  *) echo "usage: $0 [pairs|hbench|hadoop|cluster]" >&2; exit 2 ;;
esac
