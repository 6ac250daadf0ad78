#!/usr/bin/env bash
# DFSIO side by side on one embedded cluster: hbench `dfsio` against Hadoop 3.4.2's TestDFSIO
# (from the jobclient tests jar), same files, size and buffer, write then read, in ABBA order,
# both launched through org.apache.hadoop.util.RunJar as `hadoop jar` would. Prints TestDFSIO's
# two throughputs and the job time of both sides per run, and the median ratio hbench / Hadoop.
# Then `dd` against hbench dfsio with one file, on the disk the cluster's datanode uses.
#
#   perf/dfsio-parity.sh            start a cluster, run everything, stop it
#
# hbench's line also gives its files' concurrency (how many were in I/O at once) and start skew.
#
# Settings (environment): FILES (2), SIZE (512M), RUNS (4), DD_SIZE (2G; 0 skips the dd and
# `hadoop fs` part), CONF_DIR.
# Needs: mvn -B -q package -DskipTests first, python3, and root for dropping the page cache
# before reads (without root, reads may come from the page cache: the script says so).
set -euo pipefail
cd "$(dirname "$0")/.."

FILES=${FILES:-2}
SIZE=${SIZE:-512M}
RUNS=${RUNS:-4}
DD_SIZE=${DD_SIZE:-2G}
BUFFER=1000000
CONF_DIR=${CONF_DIR:-$PWD/perf/target/mini-conf}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
BENCH=$PWD/harness-cli/target/bench.jar
TESTS=$PWD/perf/target/hadoop-mapreduce-client-jobclient-3.4.2-tests.jar
WORK=$PWD/perf/target/dfsio-parity

[ -f "$STANDALONE" ] && [ -f "$BENCH" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
if [ ! -f "$TESTS" ]; then
  mvn -B -q dependency:copy \
    -Dartifact=org.apache.hadoop:hadoop-mapreduce-client-jobclient:3.4.2:jar:tests \
    -DoutputDirectory=perf/target >/dev/null
fi
mkdir -p "$WORK"
CP="$CONF_DIR:$STANDALONE"
run() { java -cp "$CP" org.apache.hadoop.util.RunJar "$@"; }
mb() { python3 -c "import sys; u=sys.argv[1][-1].upper(); n=int(sys.argv[1][:-1]) if u in 'KMGT' else int(sys.argv[1]); print(n * {'K':1/1024,'M':1,'G':1024,'T':1048576}.get(u, 1/1048576))" "$1"; }
drop_caches() { sync; if [ -w /proc/sys/vm/drop_caches ]; then echo 3 > /proc/sys/vm/drop_caches; else echo "(not root: page cache not dropped)" >&2; fi; }

# One hbench dfsio run; prints "throughput avg_rate exec_s aggregate concurrency skew_s".
hbench_once() {
  local out="$WORK/hbench.jsonl"; rm -f "$out"
  run "$BENCH" dfsio --mode "$1" --files "$FILES" --size "$SIZE" --buffer-size "$BUFFER" \
    --cluster conf --base-dir /parity/hbench-dfsio --out "$out" >/dev/null 2>&1 \
    || { echo "hbench dfsio $1 failed" >&2; return 1; }
  python3 - "$out" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
assert r["status"] == "ok", r
p = r["phases"][0]
f = p["figures"]
m = {x["name"]: x["value"] for x in p["metrics"]}
print(m["throughput_mb_s"], m["average_io_rate_mb_s"], f["test_exec_time_s"], m["aggregate_mb_s"],
      f["concurrency"], f["start_skew_s"])
PY
}

# One TestDFSIO run; prints "throughput avg_rate exec_s" from its results file.
hadoop_once() {
  local res="$WORK/TestDFSIO_results.log"; rm -f "$res"
  # TestDFSIO spells sizes 512MB; hbench 512M.
  (cd "$WORK" && run "$TESTS" TestDFSIO -D test.build.data=/parity/hadoop-dfsio "-$1" \
    -nrFiles "$FILES" -size "${SIZE}B" -bufferSize "$BUFFER" -resFile "$res" >/dev/null 2>&1) \
    || { echo "TestDFSIO -$1 failed" >&2; return 1; }
  python3 - "$res" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
g = lambda k: re.search(k + r":\s*([\d.,]+)", t).group(1).replace(",", "")
print(g("Throughput mb/sec"), g("Average IO rate mb/sec"), g("Test exec time sec"))
PY
}

. perf/embedded-cluster.sh  # the working directory is the repository root

start_cluster
echo "DFSIO $FILES files x $SIZE, buffer $BUFFER, $RUNS rounds (ABBA), one embedded cluster"
hbench_once write >/dev/null; hadoop_once write >/dev/null   # warm-up, not reported
ratios_w=(); ratios_r=()
for i in $(seq "$RUNS"); do
  if [ $((i % 2)) -eq 1 ]; then
    hw=$(hbench_once write); hr=$(drop_caches; hbench_once read)
    aw=$(hadoop_once write); ar=$(drop_caches; hadoop_once read)
  else
    aw=$(hadoop_once write); ar=$(drop_caches; hadoop_once read)
    hw=$(hbench_once write); hr=$(drop_caches; hbench_once read)
  fi
  read -r hwt hwa hwe hwg hwc hws <<<"$hw"; read -r hrt hra hre hrg hrc hrs <<<"$hr"
  read -r awt awa awe <<<"$aw"; read -r art ara are <<<"$ar"
  rw=$(python3 -c "print(round($hwt / $awt, 3))"); rr=$(python3 -c "print(round($hrt / $art, 3))")
  ratios_w+=("$rw"); ratios_r+=("$rr")
  printf 'round %d write: hbench %s MB/s (avg rate %s, exec %ss, aggregate %s, concurrency %s, skew %ss) vs TestDFSIO %s MB/s (avg rate %s, exec %ss): ratio %s\n' \
    "$i" "$hwt" "$hwa" "$hwe" "$hwg" "$hwc" "$hws" "$awt" "$awa" "$awe" "$rw"
  printf 'round %d read:  hbench %s MB/s (avg rate %s, exec %ss, aggregate %s, concurrency %s, skew %ss) vs TestDFSIO %s MB/s (avg rate %s, exec %ss): ratio %s\n' \
    "$i" "$hrt" "$hra" "$hre" "$hrg" "$hrc" "$hrs" "$art" "$ara" "$are" "$rr"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
echo "median Throughput ratio hbench / TestDFSIO: write $(median "${ratios_w[@]}"), read $(median "${ratios_r[@]}")"

[ "$DD_SIZE" = 0 ] && exit 0
# dd against one DFSIO file of the same size, on this disk (the datanode's data lives under the
# working directory's file system), replication 1, page cache dropped before each read.
DD_FILE="$WORK/dd.bin"
DD_MB=$(mb "$DD_SIZE")
COUNT=$(python3 -c "print(int($DD_MB * 1048576 // $BUFFER))")
FILES=1; SIZE=$DD_SIZE
# The HDFS client alone, without MapReduce or hbench: `hadoop fs -put` of a file held in memory
# (/dev/shm) and `hadoop fs -cat` to /dev/null. What hbench's per-file rate can at most reach.
SHM_FILE=/dev/shm/hbench-dfsio-parity.bin
head -c "$(python3 -c "print(int($DD_MB * 1048576))")" /dev/zero > "$SHM_FILE"
trap 'rc=$?; rm -f "$SHM_FILE"; kill $CLUSTER_PID 2>/dev/null; wait $CLUSTER_PID 2>/dev/null || true; exit $rc' EXIT
secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
# A JVM that starts, connects and lists: subtracted, to leave the transfer alone.
base=$(secs java -cp "$CP" org.apache.hadoop.fs.FsShell -ls /)
for i in 1 2; do
  java -cp "$CP" org.apache.hadoop.fs.FsShell -rm -f -skipTrash /parity/put.bin >/dev/null 2>&1 || true
  pw=$(secs java -cp "$CP" org.apache.hadoop.fs.FsShell -D dfs.replication=1 -put "$SHM_FILE" /parity/put.bin)
  drop_caches
  pr=$(secs sh -c "java -cp '$CP' org.apache.hadoop.fs.FsShell -cat /parity/put.bin > /dev/null")
  printf 'hadoop fs round %d: -put %.0f MiB/s, -cat %.0f MiB/s (less %.1fs for a JVM running -ls)\n' "$i" \
    "$(echo "$DD_MB / ($pw - $base)" | bc -l)" "$(echo "$DD_MB / ($pr - $base)" | bc -l)" "$base"
done
java -cp "$CP" org.apache.hadoop.fs.FsShell -rm -f -skipTrash /parity/put.bin >/dev/null 2>&1 || true
for i in 1 2; do
  dw=$(dd if=/dev/zero of="$DD_FILE" bs=$BUFFER count="$COUNT" conv=fdatasync 2>&1 | tail -1)
  drop_caches
  dr=$(dd if="$DD_FILE" of=/dev/null bs=$BUFFER 2>&1 | tail -1)
  rm -f "$DD_FILE"
  hw=$(hbench_once write); hr=$(drop_caches; hbench_once read)
  echo "dd round $i: write [$dw]; read [$dr]"
  echo "hbench dfsio 1 file round $i: write $(echo "$hw" | cut -d' ' -f1) MB/s, read $(echo "$hr" | cut -d' ' -f1) MB/s (per-file I/O time, MiB/s)"
done
