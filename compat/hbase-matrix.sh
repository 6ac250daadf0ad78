#!/usr/bin/env bash
# hbench's HBase client against HBase servers of other versions: for each version, an HBase mini
# cluster from that version's own artifacts in a JVM of its own (HBaseVersionCluster), and
# hbase-pe (every command) and ycsb (workload a, reading the servers' /jmx) run at it with
# bench-standalone.jar, whose HBase client is the one hbench ships. Prints a table of suite x
# version; exit 1 if a cell is not ok.
#
#   compat/hbase-matrix.sh [VERSION ...]      default: 2.5.11-hadoop3
#
# Needs harness-cli/target/bench-standalone.jar and its lib/ (mvn -B -ntp package -DskipTests).
# MATRIX_OUT sets where each version's configuration, logs and records go (default
# compat/target/hbase-matrix).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
jar=$root/harness-cli/target/bench-standalone.jar
if [ ! -f "$jar" ]; then
  echo "hbase-matrix: $jar is missing; build it first: mvn -B -ntp package -DskipTests" >&2
  exit 2
fi
versions=${*:-2.5.11-hadoop3}
out=${MATRIX_OUT:-$here/target/hbase-matrix}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
# Java 17's module flags HBase 2's servers need (its own bin/hbase gives them on Java 17).
opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
 --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
 --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
 --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
 --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
 -Dio.netty.tryReflectionSetAccessible=true"

suites=(
  "hbase-pe|hbase-pe all --rows 200 --clients 2 --table compat_pe"
  "ycsb|ycsb a --records 1000 --operations 5000 --threads 2 -p table=compat_ycsb --metrics --metrics-interval 500ms -D hbench.metrics.period=0.5"
)

declare -A cell
for v in $versions; do
  w=$out/$v
  rm -rf "$w"
  mkdir -p "$w"
  echo "== HBase $v: resolving its jars"
  if ! mvn -B -q -ntp -f "$here/hbase/pom.xml" -Dhbase.version="$v" package > "$w/maven.log" 2>&1; then
    tail -20 "$w/maven.log"
    for s in "${suites[@]}"; do cell["${s%%|*}|$v"]="no cluster (maven)"; done
    continue
  fi
  cp=$(cat "$here/hbase/target/$v/class-path.txt")
  # shellcheck disable=SC2086
  "$java" -Xmx2g $opens -cp "$here/hbase/target/$v/classes:$cp" \
    io.hbench.compat.hbase.HBaseVersionCluster "$w/conf" "$w/cluster" > "$w/cluster.log" 2>&1 &
  cluster=$!
  for _ in $(seq 1 180); do
    [ -f "$w/conf/ready" ] && break
    kill -0 $cluster 2>/dev/null || break
    sleep 1
  done
  if [ ! -f "$w/conf/ready" ]; then
    echo "hbase-matrix: HBase $v's cluster did not start; see $w/cluster.log" >&2
    tail -20 "$w/cluster.log" >&2
    kill -TERM $cluster 2>/dev/null; wait $cluster 2>/dev/null
    for s in "${suites[@]}"; do cell["${s%%|*}|$v"]="no cluster"; done
    continue
  fi
  sed 's/^/   /' "$w/conf/ready"
  for s in "${suites[@]}"; do
    name=${s%%|*}
    args=${s#*|}
    start=$(date +%s)
    # shellcheck disable=SC2086
    HADOOP_CONF_DIR=$w/conf timeout 600 "$java" -jar "$jar" $args --cluster conf \
      --base-dir "/compat/$name" --out "$w/$name.jsonl" > "$w/$name.log" 2>&1
    rc=$?
    took=$(( $(date +%s) - start ))
    # Every record ok, and nothing failed (a record's status or its validation's).
    records=$(wc -l < "$w/$name.jsonl" 2>/dev/null || echo 0)
    oks=$(grep -c '"status":"ok"' "$w/$name.jsonl" 2>/dev/null)
    if [ "$rc" = 0 ] && [ "$records" -gt 0 ] && [ "$oks" = "$records" ] \
        && ! grep -q '"status":"failed"' "$w/$name.jsonl"; then
      cell["$name|$v"]="ok ${took}s"
    elif [ "$rc" = 124 ]; then
      cell["$name|$v"]="timed out (${took}s)"
    else
      cell["$name|$v"]="$oks of $records records ok (exit $rc)"
    fi
    echo "   $name: ${cell["$name|$v"]}"
  done
  kill -TERM $cluster
  wait $cluster 2>/dev/null
done

echo
printf '%-10s' suite
for v in $versions; do printf '  %-22s' "$v"; done
echo
bad=0
for s in "${suites[@]}"; do
  name=${s%%|*}
  printf '%-10s' "$name"
  for v in $versions; do
    c=${cell["$name|$v"]}
    printf '  %-22s' "$c"
    case $c in ok*) ;; *) bad=1 ;; esac
  done
  echo
done
echo "logs and records: $out/<version>/<suite>.{log,jsonl}"
exit $bad
