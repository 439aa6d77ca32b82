# Touchscreens, complete (issue 18): edge swipes from each edge of a 300 × 200 mm panel (long:
# finish, short and held: cancel, a fling: finish). 22 to 24 cover the other parts.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../touchscreen.sh"

# x, y in mm from the top-left corner; steps in mm per frame.
n=$(ended_summary | wc -l)
gestures=()
for edge in "1,100 5,0 3,0 9,0" "299,100 -5,0 -3,0 -9,0" "150,1 0,5 0,3 0,9" "150,199 0,-5 0,-3 0,-9"; do
  read -r at long short fling <<<"$edge"
  gestures+=(--gesture "1:36x$long@0.3%$at" --gesture "1:10x$short@0.5%$at" --gesture "1:10x$fling%$at")
done
vdev screen touchscreen --name "edge screen" --gap 0.8 "${gestures[@]}"
vdev_used screen
devices=$("$ctl" devices --socket "$sock")
echo "$devices" | sed 's/^/  devices: /'
check "transitionctl devices: the sized panel's edge zone is 5 mm" grep -qE "edge screen" <<<"$(grep -E ' 5\.0 mm ' <<<"$devices")"
vdev_go screen
vdev_wait screen
wait_completed 12
expect_events "edges finish when long, cancel when short and held, finish as a fling" \
"edge1-left finish release
edge1-left cancel release
edge1-left finish velocity
edge1-right finish release
edge1-right cancel release
edge1-right finish velocity
edge1-top finish release
edge1-top cancel release
edge1-top finish velocity
edge1-bottom finish release
edge1-bottom cancel release
edge1-bottom finish velocity" "$(summary_since "$n")"
edges=$(trace -s '[.[] | select(.type == "begin" and .source == "touch") | (.edges // "-")] | join(",")' | tr -d '"')
expect_lines "each pan's begin names the edge zone it started in" \
  "left,left,left,right,right,right,top,top,top,bottom,bottom,bottom" "$edges"
daemon_stop
