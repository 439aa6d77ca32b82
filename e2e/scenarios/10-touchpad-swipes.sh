# 3- and 4-finger touchpad swipes in four directions (40 mm across, 30 mm down or up), each
# released while moving: every one is recognised as a swipe with its finger count and
# direction, drives the transition named after it, and finishes.
source "$(dirname "$0")/../lib.sh"
daemon_start
never_opened $(non_touch_nodes)
gestures=()
for f in 3 4; do
  gestures+=(--gesture "$f:60x8,0" --gesture "$f:60x-8,0" --gesture "$f:45x0,8" --gesture "$f:45x0,-8")
done
vdev pad touchpad "${gestures[@]}" --gap 0.5
vdev_used pad
vdev_go pad
vdev_wait pad
wait_for "$DAEMON_TRACE" '"device_removed"'
expected="swipe3-right release
swipe3-left release
swipe3-down release
swipe3-up release
swipe4-right release
swipe4-left release
swipe4-down release
swipe4-up release"
expect_lines "recognised swipes" "$expected" "$(trace_gestures | cut -d' ' -f1,2)"
wait_completed 8
expect_events "every swipe finishes its transition" "$(sed 's/ release/ finish/' <<<"$expected")" \
  "$(ended_summary | cut -d' ' -f1,2)"
expect_events "every completion animation ends finished" "$(sed 's/ release/ true/' <<<"$expected")" "$(completed_summary)"
trace_gestures | sed 's/^/  /'
daemon_stop
# The recorded trace, replayed through the same engine without devices, ends the same way.
timeout 30 "$E2E_BIN/transitiond" --config "$E2E_ROOT/e2e/config.toml" --socket "$E2E_TMP/replay.sock" --no-input \
  --replay "$DAEMON_TRACE" --exit-after-replay --print-events > "$E2E_TMP/replay.out" 2> "$E2E_TMP/replay.log"
check "the replay exits 0 when the trace is over" test $? -eq 0
expect_events "the replayed trace ends every transition the same way" "$(ended_summary)" \
  "$(jq -r 'select(.event == "ended") | "\(.transition) \(.outcome) \(.reason)"' "$E2E_TMP/replay.out")"
