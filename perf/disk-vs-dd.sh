#!/usr/bin/env bash
# `bench disk` against `dd` with the same block size and total, on the same directory, in
# alternating order (dd first in odd rounds). Each round: dd write then read, and one hbench
# disk run (write then read). Prints both sides' MB/s as dd prints them (10^6 bytes per second)
# and the median ratio hbench / dd, per direction.
#
#   perf/disk-vs-dd.sh DIR
#
# Settings (environment): BS (4K), SIZE (2G; a multiple of BS), RUNS (4), MODE: cache (dd with
# no flags, hbench with none: both measure the page cache), fsync (conv=fdatasync / --fsync) or
# direct (oflag=direct, iflag=direct / --direct). Needs: mvn -B -q package -DskipTests, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:?usage: $0 DIR}
BS=${BS:-4K}; SIZE=${SIZE:-2G}; RUNS=${RUNS:-4}; MODE=${MODE:-cache}
STANDALONE=$PWD/harness-cli/target/bench-standalone.jar
[ -f "$STANDALONE" ] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
bytes() { python3 -c "import sys; s=sys.argv[1]; u=s[-1].upper(); print(int(s[:-1]) * {'K':1<<10,'M':1<<20,'G':1<<30,'T':1<<40}[u] if u in 'KMGT' else int(s))" "$1"; }
BS_B=$(bytes "$BS"); COUNT=$(( $(bytes "$SIZE") / BS_B ))
case "$MODE" in
  cache) DDW=(); DDR=(); FLAGS=() ;;
  fsync) DDW=(conv=fdatasync); DDR=(); FLAGS=(--fsync) ;;
  direct) DDW=(oflag=direct); DDR=(iflag=direct); FLAGS=(--direct) ;;
  *) echo "MODE: cache, fsync or direct" >&2; exit 2 ;;
esac
DD_FILE="$DIR/dd-vs-hbench.bin"
RESULTS=$(mktemp --suffix=.jsonl)
trap 'rm -f "$DD_FILE" "$RESULTS"' EXIT
# "2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.6 s, 1.3 GB/s": recompute from bytes and seconds.
ddrate() { python3 -c "import re,sys; m=re.search(r'^(\d+) bytes.*copied, ([\d.]+) s', sys.stdin.read(), re.M); print('%.1f' % (int(m.group(1)) / 1e6 / float(m.group(2))))"; }
dd_once() {
  w=$(dd if=/dev/zero of="$DD_FILE" bs="$BS_B" count="$COUNT" "${DDW[@]}" 2>&1 | ddrate)
  r=$(dd if="$DD_FILE" of=/dev/null bs="$BS_B" "${DDR[@]}" 2>&1 | ddrate)
  rm -f "$DD_FILE"; echo "$w $r"
}
hbench_once() {
  local before; before=$(wc -l < "$RESULTS")
  java -jar "$STANDALONE" disk --path "$DIR" --block-size "$BS" --size "$SIZE" --runs 1 \
    "${FLAGS[@]}" --out "$RESULTS" >/dev/null 2>&1 || { echo "hbench disk failed" >&2; return 1; }
  python3 - "$RESULTS" "$before" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).read().splitlines()[int(sys.argv[2])])
assert r["status"] == "ok", r
f = lambda p: r["phases"][[x["name"] for x in r["phases"]].index(p)]["figures"]["mb_s_decimal"]
print("%.1f %.1f" % (f("write"), f("read")))
PY
}
echo "disk vs dd: $DIR, bs $BS, $SIZE, mode $MODE, $RUNS rounds"
rw=(); rr=()
for i in $(seq "$RUNS"); do
  if [ $((i % 2)) -eq 1 ]; then d=$(dd_once); h=$(hbench_once); else h=$(hbench_once); d=$(dd_once); fi
  read -r dw dr <<<"$d"; read -r hw hr <<<"$h"
  rw+=("$(echo "$hw / $dw" | bc -l)"); rr+=("$(echo "$hr / $dr" | bc -l)")
  printf 'round %d: write hbench %s vs dd %s MB/s (%.3f); read hbench %s vs dd %s MB/s (%.3f)\n' \
    "$i" "$hw" "$dw" "${rw[-1]}" "$hr" "$dr" "${rr[-1]}"
done
median() { sort -n | awk '{a[NR]=$1} END {printf "%.3f", (a[int((NR+1)/2)] + a[int(NR/2)+1]) / 2}'; }
echo "median ratio hbench / dd: write $(printf '%s\n' "${rw[@]}" | median), read $(printf '%s\n' "${rr[@]}" | median)"
