#!/usr/bin/env bash
# Inside the VM for e2e/soak/run: the soak scenario with SOAK_GESTURES from the arguments.
#   inside.sh BIN-DIR GESTURES
set -u
export SOAK_GESTURES=$2 E2E_OUT=$PWD/.build/soak E2E_SCENARIO_TIMEOUT=14000
exec bash "$(dirname "$0")/../inside.sh" "$1" soak
