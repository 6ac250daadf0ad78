#!/usr/bin/env bash
# hbench tpch against Beeline: see hive-parity.sh.
exec "$(dirname "$0")/hive-parity.sh" tpch "$@"
