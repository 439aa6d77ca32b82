# Touchscreen pans with 1, 4 and 5 fingers (centroid in mm), and a tap (a hold that ends, no pan).
source "$(dirname "$0")/../lib.sh"
daemon_start
vdev screen touchscreen --gesture 1:30x3,0 --gesture 4:20x0,4 --gesture 5:20x0,-3 --gesture 1:0x0,0@0.2
vdev_used screen
vdev_go screen
vdev_wait screen
wait_for "$DAEMON_TRACE" '"device_removed"'
expect_lines "touch pans" "touch1-right release 90 0
touch4-down release 0 80
touch5-up release 0 -60" "$(trace_gestures)"
holds=$(trace -s '[.[] | select(.type | test("hold")) | "\(.type):\(if .type == "hold_end" then .cancelled else .fingers end)"] | join(" ")' | tr -d '"')
expect_lines "each touch holds first; the tap's hold ends uncancelled" \
  "hold_begin:1 hold_end:true hold_begin:4 hold_end:true hold_begin:5 hold_end:true hold_begin:1 hold_end:false" "$holds"
wait_completed 3
expect_events "each pan finishes its transition; the tap drives none" "touch1-right finish
touch4-down finish
touch5-up finish" "$(ended_summary | cut -d' ' -f1,2)"
daemon_stop
