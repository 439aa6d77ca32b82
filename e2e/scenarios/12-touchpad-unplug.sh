# A touchpad unplugged in the middle of a swipe: the gesture is cancelled as device_removed (not
# released), the daemon keeps running, and its fd count returns to what it was (no leak).
source "$(dirname "$0")/../lib.sh"
daemon_start
before=$(fd_count)
vdev pad touchpad --gesture 3:60x-8,0 --unplug-after 25
vdev_used pad
during=$(fd_count)
vdev_go pad
vdev_wait pad
wait_for "$DAEMON_TRACE" '"device_removed"'
wait_for "$DAEMON_LOG" 'vanished|unplugged'
# The node is closed after the log line: wait for the count to come back (a leak never does).
fds_back() { (( $(fd_count) == before )); }
wait_until "$E2E_WAIT" fds_back
after=$(fd_count)
expect_lines "the swipe ends as device_removed" "swipe3-left device_removed" "$(trace_gestures | cut -d' ' -f1,2)"
(( during > before )) && pass "the touchpad was open ($before -> $during fds)" || fail "touchpad open" "fds $before -> $during"
(( after == before )) && pass "fd count back to $before after the unplug" || fail "fd leak" "$before fds before, $after after"
expect_events "the transition is cancelled with reason device_removed" "swipe3-left cancel device_removed" "$(ended_summary)"
wait_completed 1
expect_events "and animates back" "swipe3-left false" "$(completed_summary)"
kill -0 "$DAEMON_PID" && pass "the daemon survives the unplug" || fail "daemon alive" "it exited"
daemon_stop
