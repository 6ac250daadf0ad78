# Sourced by the perf scripts: start one embedded cluster in the background and wait until its
# configuration directory is complete (the cluster writes core-site.xml last). Needs STANDALONE
# and CONF_DIR; sets CLUSTER_PID and stops the cluster when the script exits.
start_cluster() {
  rm -rf "$CONF_DIR"
  java -jar "$STANDALONE" embedded-cluster --conf-dir "$CONF_DIR" >/dev/null 2>&1 &
  CLUSTER_PID=$!
  # Keep the script's own exit status, not the killed cluster's (143).
  trap 'rc=$?; kill $CLUSTER_PID 2>/dev/null; wait $CLUSTER_PID 2>/dev/null || true; exit $rc' EXIT
  for _ in $(seq 180); do [ -f "$CONF_DIR/core-site.xml" ] && return 0; sleep 1; done
  echo "embedded cluster did not start" >&2; exit 1
}
