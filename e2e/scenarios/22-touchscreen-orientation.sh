# Touchscreens, complete (issue 18): an edge swipe on a 250 × 160 panel that reports no
# resolution (zones: a share of its range, as `transitionctl devices` says); a panel configured as
# rotated 90° (its native top edge is the viewer's left) and what a reload without the rotation
# changes on it.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../touchscreen.sh"

# 1. A panel without resolution: zones are 3 % of its range.
n=$(ended_summary | wc -l)
vdev noreso touchscreen --name "unsized screen" --no-resolution --size 250x160 \
  --gesture "1:40x5,0@0.3%1,80" --gesture "1:40x5,0@0.3%25,80"
vdev_used noreso
devices=$("$ctl" devices --socket "$sock")
check "transitionctl devices: the unsized panel's zone is a share of its range" \
  grep -q "3.0 % of range (no size)" <<<"$(grep "unsized screen" <<<"$devices")"
vdev_go noreso
vdev_wait noreso
settled 2
expect_events "on the unsized panel an edge swipe from the left, then a pan from the middle" \
  "edge1-left finish release
touch1-right finish release" "$(summary_since "$n")"

# 2. The rotated panel: its native top edge is the viewer's left; a reload without the rotation
# makes it the top again, on the same device, from its next touch (the second gesture starts
# once the reload is done: its own --start-when file).
n=$(ended_summary | wc -l)
vdev rotated touchscreen --name "rotated screen" --start-when "$E2E_TMP/rotated.reloaded" \
  --gesture "1:30x0,5@0.3%150,1" --gesture "1:30x0,5@0.3%150,1"
vdev_used rotated
devices=$("$ctl" devices --socket "$sock")
check "transitionctl devices: the rotated panel is at 90°" grep -q "90°" <<<"$(grep "rotated screen" <<<"$devices")"
vdev_go rotated
settled 3
mark=$(log_mark)
write_config 0
kill -HUP "$DAEMON_PID"
wait_for "$DAEMON_LOG" "configuration reloaded" "$E2E_WAIT" "$mark" || fail "reload" "no reload line"
touch "$E2E_TMP/rotated.reloaded"
vdev_wait rotated
settled 4
expect_events "rotated 90°, the native top edge is the viewer's left; after the reload it is the top" \
  "edge1-left finish release
edge1-top finish release" "$(summary_since "$n")"

daemon_stop
