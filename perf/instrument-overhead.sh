#!/usr/bin/env bash
# What --instrument costs a real job: teragen of SIZE on one embedded cluster, with and without
# --instrument, alternated in ABBA order (A B, B A, ...), both launched through org.apache.hadoop.util.RunJar as
# `hadoop jar` would. Prints each run's teragen phase seconds (timed by hbench, submission to
# completion) and whole-process wall seconds, the ratio per pair and the median ratio.
#
#   perf/instrument-overhead.sh               start a cluster, run RUNS pairs, stop it
#   perf/instrument-overhead.sh instrumented  one run with --instrument on a cluster already up
#   perf/instrument-overhead.sh plain         one run without it
#   perf/instrument-overhead.sh cluster       keep a cluster up in the foreground (Ctrl-C stops it)
#
# Settings (environment): SIZE (1G), MAPS (2), RUNS (6, an even number balances the order), CONF_DIR, RESULTS (a .jsonl to append
# every run's record to; default a temporary file).
# Needs: mvn -B -q package -DskipTests first.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-1G}
MAPS=${MAPS:-2}
RUNS=${RUNS:-6}
CONF_DIR=${CONF_DIR:-$PWD/perf/target/mini-conf}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
BENCH=$PWD/harness-cli/target/bench.jar
RESULTS=${RESULTS:-$(mktemp --suffix=.jsonl)}

[ -f "$STANDALONE" ] && [ -f "$BENCH" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }

# Hadoop 3.4.2 client classes and the cluster's configuration, as `hadoop jar` would have them.
CP="$CONF_DIR:$STANDALONE"
now() { date +%s.%N; }

# One teragen; prints its phase seconds. $1 is "instrumented" or "plain".
once() {
  local flag="" dir="/overhead/$1" before
  [ "$1" = instrumented ] && flag="--instrument"
  before=0
  [ -f "$RESULTS" ] && before=$(wc -l < "$RESULTS")
  java -cp "$CP" org.apache.hadoop.util.RunJar "$BENCH" teragen --size "$SIZE" --maps "$MAPS" \
    --cluster conf --base-dir "$dir" --output "$dir/out" $flag --out "$RESULTS" >/dev/null 2>&1 \
    || { echo "$1 run failed" >&2; return 1; }
  java -cp "$CP" org.apache.hadoop.fs.FsShell -rm -r -skipTrash "$dir/out" >/dev/null 2>&1 || true
  python3 - "$RESULTS" "$before" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).read().splitlines()[int(sys.argv[2])])
assert r["status"] == "ok", r
p = r["phases"][0]
print("%.2f %d" % (p["seconds"], p["counters"]["millis_maps"]))
PY
}

. perf/embedded-cluster.sh  # the working directory is the repository root

case "${1:-pairs}" in
  instrumented|plain) once "$1" | cut -d' ' -f1 ;;
  cluster) rm -rf "$CONF_DIR"; exec java -jar "$STANDALONE" embedded-cluster --conf-dir "$CONF_DIR" ;;
  pairs)
    start_cluster
    echo "teragen $SIZE, maps $MAPS, $RUNS pairs after one warm-up pair; records in $RESULTS"
    once instrumented >/dev/null; once plain >/dev/null
    ratios=(); mratios=(); pratios=()
    for i in $(seq "$RUNS"); do
      # ABBA order: with a fixed order (instrumented first in every pair) the instrumented side
      # measured 5-10% slower, yet in the order plain, sampled-every-call, default it measured
      # no slower; a run seems to pay for what the run before it left behind (the datanode
      # deleting its output, dirty pages written back). Each side goes first in half the pairs.
      if [ $((i % 2)) -eq 1 ]; then
        a0=$(now); a=$(once instrumented); a1=$(now)
        b0=$(now); b=$(once plain); b1=$(now)
      else
        b0=$(now); b=$(once plain); b1=$(now)
        a0=$(now); a=$(once instrumented); a1=$(now)
      fi
      read -r a am <<<"$a"; read -r b bm <<<"$b"
      r=$(echo "$a / $b" | bc -l)
      ratios+=("$r")
      mratios+=("$(echo "$am / $bm" | bc -l)")
      pratios+=("$(echo "($a1 - $a0) / ($b1 - $b0)" | bc -l)")
      printf 'pair %d: phase %ss vs %ss (ratio %.3f); map tasks %.1fs vs %.1fs (ratio %.3f); process %.1fs vs %.1fs (ratio %.3f)\n' "$i" \
        "$a" "$b" "$r" "$(echo "$am / 1000" | bc -l)" "$(echo "$bm / 1000" | bc -l)" \
        "$(echo "$am / $bm" | bc -l)" "$(echo "$a1 - $a0" | bc)" "$(echo "$b1 - $b0" | bc)" \
        "$(echo "($a1 - $a0) / ($b1 - $b0)" | bc -l)"
    done
    median() { sort -n | awk '{a[NR]=$1} END {printf "%.3f", (a[int((NR+1)/2)] + a[int(NR/2)+1]) / 2}'; }
    echo "median ratio (instrumented / plain): phase $(printf '%s\n' "${ratios[@]}" | median)," \
      "map tasks $(printf '%s\n' "${mratios[@]}" | median)," \
      "process $(printf '%s\n' "${pratios[@]}" | median)" ;;
  *) echo "usage: $0 [pairs|instrumented|plain|cluster]" >&2; exit 2 ;;
esac
