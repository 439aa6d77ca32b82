# The one way a test step says it did not run (sourced by tests/*/ scripts; Swift tests use
# TransitionTestSupport's `Skips`, which writes the same file):
#
#   source tests/lib/skip.sh
#   skip WHO REASON      prints "WHO: REASON, skipped" on stderr, appends "WHO: REASON" to
#                        $TRANSITIOND_SKIPS (scripts/test sets it, lists the lines at its end and
#                        fails under CI=true), and exits 0; run alone (no TRANSITIOND_SKIPS) with
#                        CI=true, it exits 1: in CI nothing may be skipped.
skip() {
  echo "$1: $2, skipped" >&2
  if [[ -n ${TRANSITIOND_SKIPS:-} ]]; then
    printf '%s: %s\n' "$1" "$2" >> "$TRANSITIOND_SKIPS"
  elif [[ ${CI:-} == true ]]; then
    echo "$1: CI=true, and in CI nothing may be skipped" >&2
    exit 1
  fi
  exit 0
}
