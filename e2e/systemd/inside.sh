#!/bin/bash
# Runs inside the systemd VM (started by e2e-scenarios.service through /usr/local/sbin/e2e-boot,
# as root, with systemd as PID 1): every scenarios/*.sh matching GLOB in order, each in its own
# bash with a time limit. The scenarios share one system: 10-install installs the package the
# later ones use. Scenarios print "PASS <what>" / "FAIL <what>: <why>"; e2e/systemd/run counts
# those lines on the serial console.
#   inside.sh [GLOB]
set -u
here=$(cd "$(dirname "$0")" && pwd)
glob=${1:-*}
export E2E_DIR=$here E2E_OUT=$here/out
for script in "$here"/scenarios/$glob.sh; do
  [[ -e $script ]] || continue
  name=$(basename "$script" .sh)
  echo "== $name"
  t0=$(date +%s)
  # One line at a time to the console, and kept with the scenario's files.
  timeout --kill-after=5 "${E2E_SCENARIO_TIMEOUT:-300}" bash "$script" 2>&1 | tee "$E2E_OUT/$name.log"
  code=${PIPESTATUS[0]}
  if ((code != 0)) && ! grep -q '^FAIL ' "$E2E_OUT/$name.log"; then
    echo "FAIL $name: the scenario exited with status $code"
  fi
  grep -qE '^(PASS|FAIL) ' "$E2E_OUT/$name.log" || echo "FAIL $name: the scenario checked nothing"
  echo "   ($name: $(( $(date +%s) - t0 )) s)"
done
