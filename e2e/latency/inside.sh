#!/usr/bin/env bash
# Inside the VM for e2e/latency/run: the latency scenario with its knobs set from the arguments.
#   inside.sh BIN-DIR GESTURES ROUNDS CLIENTS [TOUCHEGG-DAEMON]
set -u
export LATENCY_GESTURES=$2 LATENCY_ROUNDS=$3 LATENCY_CLIENTS=$4 LATENCY_STRICT=1 LATENCY_ALL_TIMED=1
export LATENCY_TOUCHEGG_DAEMON=${5:-}
export E2E_OUT=$PWD/.build/latency
export LATENCY_RESULTS=$E2E_OUT/results
export E2E_SCENARIO_TIMEOUT=3000
{ echo "machine: $(nproc) vCPU $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), kernel $(uname -r)"
  echo "build: $1"; } > "$LATENCY_RESULTS"
exec bash "$(dirname "$0")/../inside.sh" "$1" latency
