#!/usr/bin/env bash
# What --metrics costs a run: DFSIO writes on one embedded cluster (in a JVM of its own, so the
# client is measured alone), with --metrics and with --no-metrics, alternated in ABBA order.
# Prints each run's aggregate MB/s (total bytes over the window from the first file's I/O start
# to the last one's end: the cluster's rate), TestDFSIO's Throughput (per-file I/O time, a much
# noisier figure on a small machine) and the client's CPU seconds, the ratios per pair, and the
# median ratios. Issue 18: the median throughput ratio should be within 2% of 1.
#
#   perf/metrics-overhead.sh            start a cluster, run RUNS pairs after a warm-up pair, stop it
#
# Settings (environment): FILES (4), SIZE (256M), INTERVAL (5s, --metrics-interval), RUNS (6,
# an even number balances the order), CONF_DIR, RESULTS (a .jsonl for every run's record;
# default a temporary file).
# Needs: mvn -B -q package -DskipTests first. Not run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."

FILES=${FILES:-4}
SIZE=${SIZE:-256M}
INTERVAL=${INTERVAL:-5s}
RUNS=${RUNS:-6}
CONF_DIR=${CONF_DIR:-$PWD/perf/target/mini-conf}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
RESULTS=${RESULTS:-$(mktemp --suffix=.jsonl)}

[ -f "$STANDALONE" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }

# One DFSIO write; prints its aggregate MB/s, TestDFSIO's Throughput (MB/s) and the client's
# user+system CPU seconds.
# $1 is "metrics" or "plain".
once() {
  local flag="--no-metrics" before cpu
  # The cluster's daemons run hbench's jar too, so they refresh their /jmx every half second.
  [ "$1" = metrics ] && flag="--metrics --metrics-interval $INTERVAL -D hbench.metrics.period=0.5"
  before=0
  [ -f "$RESULTS" ] && before=$(wc -l < "$RESULTS")
  # The last run's gigabyte still being written back would slow this one: flush it first.
  sync
  local tf; tf=$(mktemp)
  # time's own report goes to a file: the redirections below apply to time itself.
  /usr/bin/time -o "$tf" -f '%U %S' java -cp "$CONF_DIR:$STANDALONE" io.hbench.cli.Main dfsio \
    --mode write --files "$FILES" --size "$SIZE" --cluster conf --base-dir "/overhead/$1" $flag \
    --out "$RESULTS" >/dev/null 2>/dev/null
  cpu=$(tail -1 "$tf" | awk '{print $1 + $2}'); rm -f "$tf"
  python3 - "$RESULTS" "$before" "$cpu" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).read().splitlines()[int(sys.argv[2])])
assert r["status"] == "ok", r.get("failure")
m = {x["name"]: x["value"] for x in r["phases"][0]["metrics"]}
print("%.2f %.2f %s" % (m["aggregate_mb_s"], m["throughput_mb_s"], sys.argv[3]))
PY
}

. perf/embedded-cluster.sh  # the working directory is the repository root
start_cluster
echo "dfsio write $FILES x $SIZE, --metrics-interval $INTERVAL, $RUNS pairs after one warm-up pair; records in $RESULTS"
once metrics >/dev/null; once plain >/dev/null
ratios=(); tratios=(); cratios=()
for i in $(seq "$RUNS"); do
  if [ $((i % 2)) -eq 1 ]; then a=$(once metrics); b=$(once plain)
  else b=$(once plain); a=$(once metrics); fi
  read -r a at ac <<<"$a"; read -r b bt bc_ <<<"$b"
  r=$(echo "$a / $b" | bc -l); t=$(echo "$at / $bt" | bc -l); c=$(echo "$ac / $bc_" | bc -l)
  ratios+=("$r"); tratios+=("$t"); cratios+=("$c")
  printf 'pair %d: aggregate %s vs %s MB/s (ratio %.3f); Throughput %s vs %s (ratio %.3f); client CPU %.1fs vs %.1fs (ratio %.3f)\n' \
    "$i" "$a" "$b" "$r" "$at" "$bt" "$t" "$ac" "$bc_" "$c"
done
median() { sort -n | awk '{a[NR]=$1} END {printf "%.3f", (a[int((NR+1)/2)] + a[int(NR/2)+1]) / 2}'; }
echo "median ratio (--metrics / --no-metrics): aggregate MB/s $(printf '%s\n' "${ratios[@]}" | median)," \
  "Throughput $(printf '%s\n' "${tratios[@]}" | median), client CPU $(printf '%s\n' "${cratios[@]}" | median)"
