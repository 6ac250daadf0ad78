# What matrix.sh and hbase-matrix.sh share: a cluster of one version in a JVM of its own, a cell
# per suite and version, and the table. Sourced; the caller sets `suites` (name|arguments),
# `versions` and `java`, and declares `cell` (declare -A cell).

# resolve_jars POM PROPERTY VERSION W: W emptied for the version, and that version's jars with
# POM (-DPROPERTY=VERSION), its log in W/maven.log; on failure every cell of the version says so
# and it returns 1.
resolve_jars() {
  local pom=$1 property=$2 v=$3 w=$4 s
  rm -rf "$w"
  mkdir -p "$w"
  echo "== ${property%.version} $v: resolving its jars"
  # The build's own Maven (the repository's wrapper), whose resolver fetches POMs in parallel.
  if ! "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/mvnw" -B -q -ntp -f "$pom" -D"$property=$v" package > "$w/maven.log" 2>&1; then
    tail -20 "$w/maven.log"
    for s in "${suites[@]}"; do cell["${s%%|*}|$v"]="no cluster (maven)"; done
    return 1
  fi
}

# start_cluster VERSION W CLASS_PATH MAIN_CLASS [JVM_OPTION ...]: starts MAIN_CLASS CONF WORK in
# the background (its pid in `cluster`) and waits up to 3 minutes for W/conf/ready; on failure
# every cell of the version says so and it returns 1.
start_cluster() {
  local v=$1 w=$2 cp=$3 main=$4 s
  shift 4
  "$java" "$@" -cp "$cp" "$main" "$w/conf" "$w/cluster" > "$w/cluster.log" 2>&1 &
  cluster=$!
  for _ in $(seq 1 180); do
    [ -f "$w/conf/ready" ] && break
    kill -0 $cluster 2>/dev/null || break
    sleep 1
  done
  if [ ! -f "$w/conf/ready" ]; then
    echo "$(basename "$0"): $v's cluster did not start; see $w/cluster.log" >&2
    tail -20 "$w/cluster.log" >&2
    kill -TERM $cluster 2>/dev/null; wait $cluster 2>/dev/null
    for s in "${suites[@]}"; do cell["${s%%|*}|$v"]="no cluster"; done
    return 1
  fi
  sed 's/^/   /' "$w/conf/ready"
}

# stop_cluster: SIGTERM, whose hook stops the cluster, and wait for it.
stop_cluster() {
  kill -TERM $cluster
  wait $cluster 2>/dev/null
}

# run_cell NAME VERSION RECORDS COMMAND ...: runs COMMAND (its output in RECORDS' .log); the cell
# is ok when it exits 0 and every record in RECORDS is ok with nothing failed (a record's status
# or its validation's). A run that does not end in 10 minutes is a failed cell (TERM: hbench
# stops its jobs).
run_cell() {
  local name=$1 v=$2 file=$3 start rc took records oks
  shift 3
  start=$(date +%s)
  timeout 600 "$@" > "${file%.jsonl}.log" 2>&1
  rc=$?
  took=$(( $(date +%s) - start ))
  records=0
  oks=0
  if [ -f "$file" ]; then
    # Records only: with --metrics a file also holds its server configurations, once each.
    records=$(grep -vc '^{"schema":"hbench.server-config/' "$file")
    oks=$(grep -c '"status":"ok"' "$file")
  fi
  if [ "$rc" = 0 ] && [ "$records" -gt 0 ] && [ "$oks" = "$records" ] \
      && ! grep -q '"status":"failed"' "$file"; then
    cell["$name|$v"]="ok ${took}s"
  elif [ "$rc" = 124 ]; then
    cell["$name|$v"]="timed out (${took}s)"
  elif [ -f "$file" ] && grep -q '"status":"failed"' "$file"; then
    cell["$name|$v"]="failed (exit $rc)"
  else
    cell["$name|$v"]="$oks of $records ok (exit $rc)"
  fi
  echo "   $name: ${cell["$name|$v"]}"
}

# run_refusal NAME VERSION RECORDS EXPECTED COMMAND ...: runs COMMAND, which must refuse at
# start: the cell is ok when it exits 2, writes no record, and says so in one line starting
# "bench:" that contains EXPECTED, without a stack trace.
run_refusal() {
  local name=$1 v=$2 file=$3 expected=$4 rc log lines
  shift 4
  log=${file%.jsonl}.log
  timeout 120 "$@" > "$log" 2>&1
  rc=$?
  lines=$(grep -c '^bench: ' "$log")
  if [ "$rc" = 2 ] && [ ! -e "$file" ] && [ "$lines" = 1 ] && grep -q "^bench: .*$expected" "$log" \
      && ! grep -q '^[[:space:]]*at [a-z]' "$log"; then
    cell["$name|$v"]="refused, as it must"
  else
    cell["$name|$v"]="not refused (exit $rc)"
  fi
  echo "   $name: ${cell["$name|$v"]}: $(grep -m1 '^bench: ' "$log")"
}

# print_table WIDTH: the table of suite x version, the suite column WIDTH wide; `bad` is 1 when
# a cell is not ok.
print_table() {
  local width=$1 s v c name
  echo
  printf "%-${width}s" suite
  for v in $versions; do printf '  %-22s' "$v"; done
  echo
  bad=0
  for s in "${suites[@]}"; do
    name=${s%%|*}
    printf "%-${width}s" "$name"
    for v in $versions; do
      c=${cell["$name|$v"]}
      printf '  %-22s' "$c"
      case $c in ok* | "refused, as it must") ;; *) bad=1 ;; esac
    done
    echo
  done
}
