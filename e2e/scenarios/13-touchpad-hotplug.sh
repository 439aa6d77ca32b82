# Hotplug: a second touchpad arrives while one is present, both work; a touchpad plugged in after
# the others are gone works too, each with a device id of its own.
source "$(dirname "$0")/../lib.sh"
daemon_start
vdev one touchpad --gesture 4:60x-8,0 --name "transition-vdev touchpad one"
vdev_used one
vdev two touchpad --gesture 3:60x8,0 --name "transition-vdev touchpad two"
check "a second touchpad is picked up while the first is present" vdev_used two
vdev_go two; vdev_wait two
wait_for "$DAEMON_TRACE" '"device_removed"'
vdev_go one; vdev_wait one
vdev three touchpad --gesture 3:45x0,-8 --name "transition-vdev touchpad three"
vdev_used three
vdev_go three; vdev_wait three
wait_for "$DAEMON_LOG" "${VDEV_NODE[three]} .*(vanished|unplugged)" "$E2E_WAIT" "${VDEV_MARK[three]}"
wait_count "$DAEMON_TRACE" '"device_removed"' 3
expect_lines "each touchpad's swipe" "swipe3-right release
swipe4-left release
swipe3-up release" "$(trace_gestures | cut -d' ' -f1,2)"
ids=$(trace -s '[.[] | select(.type == "begin") | .device] | map(tostring) | join(" ")' | tr -d '"')
[[ $(tr ' ' '\n' <<<"$ids" | sort -u | wc -l) == 3 ]] && pass "three different device ids ($ids)" \
  || fail "device ids" "got $ids"
removed=$(trace -s '[.[] | select(.type == "device_removed")] | length')
(( removed == 3 )) && pass "all three removals reported" || fail "removals" "$removed reported"
wait_completed 3
expect_events "each drives its transition to the end" "swipe3-right finish
swipe4-left finish
swipe3-up finish" "$(ended_summary | cut -d' ' -f1,2)"
daemon_stop
