#!/usr/bin/env bash
# Runs inside the VM (see e2e/run): every e2e/scenarios/*.sh in order, each in its own bash, with a
# time limit (600 s, or the scenario's own "# e2e-timeout: SECONDS" line, or $E2E_SCENARIO_TIMEOUT:
# a bound on a hang, generous because a loaded machine stretches a passing scenario 2-3 times). Scenarios print "PASS <what>" / "FAIL <what>: <why>" lines; the closing line is
# "e2e: N passed, N failed", and the exit status is non-zero on any failure.
#   inside.sh BIN-DIR [SCENARIO-GLOB]
set -u
export E2E_BIN=${1:?usage: inside.sh BIN-DIR [GLOB]}
glob=${2:-*}
export E2E_ROOT=$PWD
export E2E_RECORDINGS=${E2E_RECORDINGS:-$E2E_ROOT/e2e/recordings}
export E2E_OUT=${E2E_OUT:-$E2E_ROOT/.build/e2e}
passed=0 failed=0
for script in "$E2E_ROOT"/e2e/scenarios/$glob.sh; do
  [[ -e $script ]] || continue
  name=$(basename "$script" .sh)
  echo "== $name"
  t0=${EPOCHREALTIME/./}
  # A scenario may ask for more than the default time limit with "# e2e-timeout: SECONDS".
  limit=$(sed -n 's/^# e2e-timeout: *\([0-9][0-9]*\).*/\1/p' "$script" | head -n 1)
  output=$(timeout --kill-after=5 "${E2E_SCENARIO_TIMEOUT:-${limit:-600}}" bash "$script" 2>&1)
  code=$?
  echo "$output"
  p=$(grep -c '^PASS ' <<<"$output")
  f=$(grep -c '^FAIL ' <<<"$output")
  # Sanitized runs (e2e/sanitize/inside.sh): every report is a failure of the scenario that made it.
  if [[ -n ${E2E_SANITIZER_DIR:-} ]]; then
    for report in "$E2E_SANITIZER_DIR"/*; do
      [[ -e $report ]] || continue
      mkdir -p "$E2E_OUT/$name/sanitizer"
      mv "$report" "$E2E_OUT/$name/sanitizer/"
      echo "FAIL $name: sanitizer report ${E2E_OUT#"$E2E_ROOT"/}/$name/sanitizer/$(basename "$report")"
      grep -a -m 30 -E '^(==[0-9]+==|SUMMARY| *#[0-9]+ |Direct|Indirect)' "$E2E_OUT/$name/sanitizer/$(basename "$report")" | sed 's/^/  /'
      f=$((f + 1))
    done
  fi
  if (( code != 0 && f == 0 )); then
    echo "FAIL $name: the scenario exited with status $code"
    f=1
  fi
  (( p == 0 && f == 0 )) && { echo "FAIL $name: the scenario checked nothing"; f=1; }
  passed=$((passed + p)) failed=$((failed + f))
  ms=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
  printf '   (%s: %d.%01d s)\n' "$name" $((ms / 1000)) $((ms % 1000 / 100))
done
echo "e2e: $passed passed, $failed failed"
(( failed == 0 ))
