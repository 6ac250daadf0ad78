#!/usr/bin/env bash
# The version matrix: bench.jar submitted, as `yarn jar` does, through each Hadoop version's own
# RunJar to a MiniDFS + MiniMRYarn cluster of that version in a JVM of its own (VersionCluster).
# The client, the ApplicationMaster and the tasks load that version's jars and their third-party
# libraries, never hbench's build's. Prints a table of suite x version; exit 1 if a cell is not ok.
#
#   compat/matrix.sh [VERSION ...]      default: 3.3.6 3.4.2 3.5.0
#
# MATRIX_SUITES names the suites to run (default all, as named in the table); WORDCOUNT_SIZE is
# wordcount's size (default 32M): `MATRIX_SUITES=wordcount WORDCOUNT_SIZE=512M compat/matrix.sh
# 3.3.6 3.4.2` compares the versions' text generation where the tasks' start matters little.
#
# MATRIX_DEFINES holds settings given to every suite as `-D key=value`, one per line (CI gives the
# tests' quick task JVMs this way).
#
# Needs harness-cli/target/bench.jar (mvn -B -ntp package -DskipTests). MATRIX_OUT sets where each
# version's configuration, logs and records go (default compat/target/matrix); MAVEN_OPTS is
# passed to the Maven that resolves each version's jars.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
jar=$root/harness-cli/target/bench.jar
if [ ! -f "$jar" ]; then
  echo "matrix: $jar is missing; build it first: mvn -B -ntp package -DskipTests" >&2
  exit 2
fi
versions=${*:-3.3.6 3.4.2 3.5.0}
out=${MATRIX_OUT:-$here/target/matrix}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
# Java 17's module flags for the client and the cluster's own JVM (the containers get them from
# the cluster's configuration, as VersionCluster writes it).
opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
 --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
 --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
 --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED"

# name|arguments: every suite that runs on HDFS and YARN, the load suites on map tasks, and one
# --metrics run reading the version's own daemons. Sized to finish in about a minute each here.
suites=(
  "terasort|terasort --sizes 16M"
  "wordcount|wordcount --sizes ${WORDCOUNT_SIZE:-32M}"
  # With --metrics: the version's own daemons read beside the write (one job for both).
  "dfsio-write|dfsio --mode write --files 2 --size 16M --metrics"
  "dfsio-read|dfsio --mode read --files 2 --size 16M"
  "slive|slive --maps 2 --ops-per-map 500 --files 100"
  "nnthroughput|nnthroughput --op create --maps 2 --duration 5s"
  "fsops|fsops --op create_write --maps 2 --duration 5s --repeat 1"
  "replay|replay --trace file://TRACE --maps 2 --seed-namespace"
)

# name|arguments|what the one line must say: suites that need what `yarn jar` does not give
# (HBase's client, Hive's JDBC driver), run as a user would without it: each must refuse at start
# in one line naming what to add, exit 2, nothing written.
refusals=(
  "hbase-pe-needs|hbase-pe sequentialWrite --rows 10|hbase mapredcp"
  "tpch-needs|tpch --scales 0.01 --jdbc-url jdbc:hive2://127.0.0.1:9/default|hive-jdbc"
)

if [ -n "${MATRIX_SUITES:-}" ]; then
  chosen=()
  for s in "${suites[@]}"; do
    case " $MATRIX_SUITES " in *" ${s%%|*} "*) chosen+=("$s") ;; esac
  done
  for s in "${refusals[@]}"; do
    case " $MATRIX_SUITES " in *" ${s%%|*} "*) chosen+=("$s") ;; esac
  done
  suites=("${chosen[@]}")
else
  suites+=("${refusals[@]}")
fi

. "$here/matrix-lib.sh"
defines=()
while IFS= read -r d; do
  [ -n "$d" ] && defines+=(-D "$d")
done <<< "${MATRIX_DEFINES:-}"
declare -A cell
for v in $versions; do
  w=$out/$v
  resolve_jars "$here/pom.xml" hadoop.version "$v" "$w" || continue
  cp=$(cat "$here/target/$v/class-path.txt")
  # shellcheck disable=SC2086
  start_cluster "$v" "$w" "$here/target/$v/classes:$cp" io.hbench.compat.VersionCluster \
    -Xmx2g $opens || continue
  # The client: the version's jars and the configuration folder, as `yarn jar` gives it.
  client=( "$java" -Xmx1g $opens -cp "$cp:$w/conf" org.apache.hadoop.util.RunJar "$jar" )
  HADOOP_CONF_DIR=$w/conf "${client[@]}" replay --synthesize "$w/audit.log" --commands 4000 \
    --duration 8s > "$w/synthesize.log" 2>&1
  for s in "${suites[@]}"; do
    name=${s%%|*}
    args=${s#*|}
    if [ "${name%-needs}" != "$name" ]; then
      # shellcheck disable=SC2086
      HADOOP_CONF_DIR=$w/conf run_refusal "$name" "$v" "$w/$name.jsonl" "${args##*|}" \
        "${client[@]}" ${args%|*} --cluster conf --out "$w/$name.jsonl"
      continue
    fi
    args=${args//TRACE/$w/audit.log}
    # dfsio's read reads what its write wrote.
    # shellcheck disable=SC2086
    HADOOP_CONF_DIR=$w/conf run_cell "$name" "$v" "$w/$name.jsonl" "${client[@]}" $args \
      "${defines[@]}" --cluster conf --base-dir "/matrix/${name%-*}" --out "$w/$name.jsonl"
  done
  stop_cluster
done

print_table 14
# wordcount's text generation per second of its map tasks' time (their JVMs' start included), the
# Zipf sampling that once kept a task busy for minutes on Hadoop 3.3's commons-math3.
[ -n "${MATRIX_SUITES:-}" ] && case " $MATRIX_SUITES " in *" wordcount "*) ;; *) versions= ;; esac
[ -n "$versions" ] && echo && printf '%-14s' "wordcount generation (MB per map-second)"
for v in $versions; do
  f=$out/$v/wordcount.jsonl
  bytes=$(grep -o '"hdfs_bytes_written":[0-9]*' "$f" 2>/dev/null | head -1 | cut -d: -f2)
  millis=$(grep -o '"millis_maps":[0-9]*' "$f" 2>/dev/null | head -1 | cut -d: -f2)
  if [ -n "$bytes" ] && [ -n "$millis" ] && [ "$millis" -gt 0 ]; then
    printf '  %s %s' "$v" "$(awk -v b="$bytes" -v m="$millis" 'BEGIN { printf "%.2f", b / 1048576 / (m / 1000) }')"
  else
    printf '  %s -' "$v"
  fi
done
[ -n "$versions" ] && echo
echo "logs and records: $out/<version>/<suite>.{log,jsonl}"
exit $bad
