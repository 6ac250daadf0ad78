#!/usr/bin/env bash
# hbench hbase-pe against HBase's own PerformanceEvaluation (hbase-mapreduce 2.6.1-hadoop3 tests
# jar, fetched with mvn dependency:copy; parity only), both as clients in their own JVMs of one
# embedded HDFS + HBase: the same command, rows per client, clients and value size (1000), in
# alternating order (AB, BA, ...), RUNS rounds per command and client count. Prints both sides'
# rows/s and the median ratio hbench / PE.
#
#   perf/hbase-pe-parity.sh
#
# The read commands (sequentialRead, randomRead, scan) of both tools read one table, written by
# hbench's sequentialWrite of the same rows and clients before the rounds (PE is pointed at it
# with --table: hbench writes PE's keys, family and qualifier), so that neither reads a table in
# another state (one fresh in the memstore, the other flushed by earlier rounds), and after one
# read of it that is not measured (the first read of a freshly written table is the slower one).
#
# PE's rows/s here is total rows / the slowest client's time, the same definition as hbench's
# (rows over the clients' common window); PE's own "Avg TPS/QPS" (a sum of per-client rates) is
# printed beside it. Settings (environment): COMMANDS ("sequentialWrite randomWrite
# sequentialRead randomRead scan"), CLIENTS ("1 4"), ROWS (10000), RUNS (3), SETTLE (5: seconds
# of quiet before each measured run, so the server's background work after a write, a flush or a
# dropped table, does not land on the next run).
# Needs: mvn -B -q package -DskipTests first, and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

COMMANDS=${COMMANDS:-"sequentialWrite randomWrite sequentialRead randomRead scan"}
CLIENTS=${CLIENTS:-"1 4"}
ROWS=${ROWS:-10000}
RUNS=${RUNS:-3}
SETTLE=${SETTLE:-5}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
HB=2.6.1-hadoop3
PEJARS=$PWD/perf/target/hbase-mapreduce-$HB-tests.jar:$PWD/perf/target/hbase-mapreduce-$HB.jar
WORK=$PWD/perf/target/hbase-pe-parity
OPENS="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED"

[ -f "$STANDALONE" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
for c in "jar:tests" "jar"; do
  f=$PWD/perf/target/hbase-mapreduce-$HB.jar
  if [ "$c" = "jar:tests" ]; then f=$PWD/perf/target/hbase-mapreduce-$HB-tests.jar; fi
  [ -f "$f" ] || mvn -B -q dependency:copy -Dartifact="org.apache.hbase:hbase-mapreduce:$HB:$c" \
    -DoutputDirectory=perf/target >/dev/null
done
rm -rf "$WORK"; mkdir -p "$WORK"
# PE logs its figures at INFO; everything else stays at WARN.
cat > "$WORK/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN, err
log4j.appender.err=org.apache.log4j.ConsoleAppender
log4j.appender.err.target=System.err
log4j.appender.err.layout=org.apache.log4j.PatternLayout
log4j.appender.err.layout.ConversionPattern=%m%n
log4j.logger.org.apache.hadoop.hbase.PerformanceEvaluation=INFO
PROPS

java -jar "$STANDALONE" embedded-cluster --with hdfs,hbase --conf-dir "$WORK/conf" \
  > "$WORK/cluster.log" 2>&1 &
CLUSTER=$!
trap 'kill $CLUSTER 2>/dev/null; wait $CLUSTER 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do [ -f "$WORK/conf/core-site.xml" ] && break; sleep 1; done
[ -f "$WORK/conf/core-site.xml" ] || { echo "the embedded cluster did not start" >&2; exit 1; }

SHARED=hbench_parity
reads() { case "$1" in sequentialRead|randomRead|scan) return 0;; *) return 1;; esac; }

# One hbench run; prints its rows/s. A read reads the shared table.
hbench_once() {
  sleep "$SETTLE"
  local out="$WORK/hbench.jsonl" table=hbench_pe; rm -f "$out"
  reads "$1" && table=$SHARED
  HADOOP_CONF_DIR="$WORK/conf" java -jar "$STANDALONE" hbase-pe "$1" --rows "$ROWS" \
    --clients "$2" --table "$table" --cluster conf --keep-table --out "$out" > "$WORK/hbench.log" 2>&1 \
    || { echo "hbench $1 failed: $(tail -3 "$WORK/hbench.log")" >&2; return 1; }
  python3 - "$out" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
assert r["status"] == "ok", r
p = [p for p in r["phases"] if p["name"] == r["params"]["command"]][0]
print(next(m["value"] for m in p["metrics"] if m["name"] == "rows_per_s" and "op" not in m))
PY
}

# One PE run; prints total rows / slowest client's ms, and PE's own Avg TPS/QPS. A read reads
# the shared table.
pe_once() {
  sleep "$SETTLE"
  local table=TestTable
  reads "$1" && table=$SHARED
  java $OPENS -Dlog4j.configuration="file:$WORK/log4j.properties" \
    -cp "$WORK/conf:$STANDALONE:$PEJARS" org.apache.hadoop.hbase.PerformanceEvaluation \
    --nomapred --rows="$ROWS" --valueSize=1000 --table="$table" "$1" "$2" > "$WORK/pe.log" 2>&1 \
    || { echo "PE $1 failed: $(tail -3 "$WORK/pe.log")" >&2; return 1; }
  python3 - "$WORK/pe.log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
done = [(int(ms), int(rows)) for ms, rows in re.findall(r"Finished TestClient-\d+ in (\d+)ms over (\d+) rows", text)]
assert done, text[-2000:]
tps = re.search(r"\[ Avg TPS/QPS\]\s+(\d+)", text)
print(sum(r for _, r in done) / (max(ms for ms, _ in done) / 1000.0), tps.group(1) if tps else "?")
PY
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "HBase PE vs hbench hbase-pe on one embedded HBase 2.6.1 (filesystem WAL): $ROWS rows per client, value 1000 B, $RUNS rounds (alternating)"
printf '%-16s %7s %14s %14s %14s %8s\n' command clients "hbench rows/s" "PE rows/s" "PE Avg TPS" ratio
for clients in $CLIENTS; do
  # The table both tools' reads read, written once for this many clients.
  for cmd in $COMMANDS; do
    if reads "$cmd"; then
      HADOOP_CONF_DIR="$WORK/conf" java -jar "$STANDALONE" hbase-pe sequentialWrite \
        --rows "$ROWS" --clients "$clients" --table "$SHARED" --cluster conf --keep-table \
        --out "$WORK/shared.jsonl" > "$WORK/shared.log" 2>&1 \
        || { echo "writing the shared table failed: $(tail -3 "$WORK/shared.log")" >&2; exit 1; }
      # One read of it, not measured: whichever tool read a freshly written table first was the
      # slower one in every round (about 0.8 of the other), whichever tool it was.
      hbench_once randomRead "$clients" >/dev/null
      break
    fi
  done
  for cmd in $COMMANDS; do
    h=(); p=(); t=(); r=()
    for i in $(seq 1 "$RUNS"); do
      if [ $((i % 2)) -eq 1 ]; then
        a=$(hbench_once "$cmd" "$clients"); read -r b tps < <(pe_once "$cmd" "$clients")
      else
        read -r b tps < <(pe_once "$cmd" "$clients"); a=$(hbench_once "$cmd" "$clients")
      fi
      h+=("$a"); p+=("$b"); t+=("$tps"); r+=("$(python3 -c "print($a / $b)")")
      echo "  $cmd x$clients round $i: hbench $a, PE $b (PE's own $tps)" >&2
    done
    printf '%-16s %7s %14.0f %14.0f %14.0f %8.2f\n' "$cmd" "$clients" "$(median "${h[@]}")" \
      "$(median "${p[@]}")" "$(median "${t[@]}")" "$(median "${r[@]}")"
  done
done
