# How a release is reported: a short swipe held still before lifting (the engine must see zero
# release speed: it cancels), and a short fast fling (high release speed: it finishes).
source "$(dirname "$0")/../lib.sh"
daemon_start
vdev pad touchpad --gesture 3:14x8,0@0.6 --gesture 3:6x30,0 --gap 0.8
vdev_used pad
vdev_go pad
vdev_wait pad
wait_for "$DAEMON_TRACE" '"device_removed"'
expect_lines "both are right swipes, released" "swipe3-right release
swipe3-right release" "$(trace_gestures | cut -d' ' -f1,2)"
# The held one: the lift comes ≥ 500 ms after the last movement; the fling lifts right after it.
pauses=$(trace -s '[foreach .[] as $s ({}; if $s.type == "update" then .last = $s.time_us | .out = null
          elif $s.type == "end" then .out = (($s.time_us - .last) / 1000 | floor) else .out = null end; .out)
          | select(. != null)] | .[]')
held=$(sed -n 1p <<<"$pauses") flung=$(sed -n 2p <<<"$pauses")
(( held >= 500 )) && pass "held swipe: lift ${held} ms after the last movement" \
  || fail "held swipe pause" "lift only ${held} ms after the last movement"
(( flung < 100 )) && pass "fling: lift ${flung} ms after the last movement" \
  || fail "fling lift" "${flung} ms after the last movement"
trace_gestures | sed 's/^/  /'
wait_completed 2
expect_events "the held swipe cancels, the fling finishes by velocity" "swipe3-right cancel release
swipe3-right finish velocity" "$(ended_summary)"
expect_events "completions" "swipe3-right false
swipe3-right true" "$(completed_summary)"
daemon_stop
