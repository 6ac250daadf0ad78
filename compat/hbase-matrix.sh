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

. "$here/matrix-lib.sh"
declare -A cell
for v in $versions; do
  w=$out/$v
  resolve_jars "$here/hbase/pom.xml" hbase.version "$v" "$w" || continue
  cp=$(cat "$here/hbase/target/$v/class-path.txt")
  # shellcheck disable=SC2086
  start_cluster "$v" "$w" "$here/hbase/target/$v/classes:$cp" \
    io.hbench.compat.hbase.HBaseVersionCluster -Xmx2g $opens || continue
  for s in "${suites[@]}"; do
    name=${s%%|*}
    args=${s#*|}
    # shellcheck disable=SC2086
    HADOOP_CONF_DIR=$w/conf run_cell "$name" "$v" "$w/$name.jsonl" "$java" -jar "$jar" $args \
      --cluster conf --base-dir "/compat/$name" --out "$w/$name.jsonl"
  done
  stop_cluster
done

print_table 10
echo "logs and records: $out/<version>/<suite>.{log,jsonl}"
exit $bad
