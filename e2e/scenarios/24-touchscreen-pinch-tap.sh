# Touchscreens, complete (issue 18), on a 300 × 200 mm panel: a pan from the middle and one along
# the left edge (ordinary touch pans, no edge transition), touchscreen pinches out and in, a
# 3-finger tap (runs its transition once) and a 3-finger drag (a pan, no tap).
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../touchscreen.sh"

n=$(ended_summary | wc -l)
vdev screen touchscreen --name "pinch screen" --gap 0.8 --gesture "1:36x5,0@0.3%100,100" --gesture "1:30x0,4@0.3%1,30" \
  --gesture "2:10xs2@0.2" --gesture "2:5xs-1@0.2" --gesture "3:0x0,0" --gesture "3:40x5,0@0.2"
vdev_used screen
vdev_go screen
vdev_wait screen
wait_completed 6
expect_events "middle and along-the-edge pans are touch pans; pinches out and in; a tap; a drag" \
"touch1-right finish release
touch1-down finish release
touchpinch2-out finish release
touchpinch2-in finish release
tap3 finish trigger
touch3-right finish release" "$(summary_since "$n")"
edges=$(trace -s '[.[] | select(.type == "begin" and .source == "touch") | (.edges // "-")] | join(",")' | tr -d '"')
expect_lines "the middle pan starts in no edge zone, the one along the edge in the left one" "-,left,-" "$edges"
taps=$(trace -s '[.[] | select(.type == "tap") | .fingers] | map(tostring) | join(" ")' | tr -d '"')
expect_lines "exactly one tap, of 3 fingers (the 3-finger drag is none)" "3" "$taps"
pinches=$(trace -s '[.[] | select(.type == "begin" and .source == "touchpinch") | .fingers] | map(tostring) | join(" ")' | tr -d '"')
expect_lines "two touchscreen pinches of 2 fingers" "2 2" "$pinches"
daemon_stop
