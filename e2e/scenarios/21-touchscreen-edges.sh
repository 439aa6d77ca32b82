# Touchscreens, complete (issue 18): edge swipes from each edge (long: finish, short and held:
# cancel, a fling: finish), a pan from the middle and one along the edge (ordinary touch pans),
# touchscreen pinches in and out, a 3-finger tap (runs its transition once) and a 3-finger drag
# (no tap), on a 300 × 200 mm panel; an edge swipe on a 250 × 160 panel that reports no
# resolution (zones: a share of its range, as `transitionctl devices` says); a panel configured
# as rotated 90° (its native top edge is the viewer's left) and what a reload without the
# rotation changes; and a panel that udev gives a LIBINPUT_CALIBRATION_MATRIX (libinput turns it).
source "$(dirname "$0")/../lib.sh"
sock=$E2E_TMP/socket ctl=$E2E_BIN/transitionctl
config=$E2E_TMP/config.toml
write_config() {  # write_config ROTATION-OF-"rotated screen"
  {
    for g in edge1-left edge1-right edge1-top edge1-bottom touch1-right touch1-down \
             touchpinch2-in touchpinch2-out touch3-right tap3; do
      printf '[[transition]]\nname = "%s"\nbinding = "%s"\n\n' "$g" "$g"
    done
    printf '[[touchscreen.device]]\nname = "rotated screen"\nrotation = %s\n' "$1"
  } > "$config"
}
write_config 90
daemon_start --config "$config"

# summary_since N: the ended lines after the first N, "<transition> <outcome> <reason>".
summary_since() { ended_summary | tail -n +$(($1 + 1)); }

# 1. A 300 × 200 mm panel: edges (x, y in mm from the top-left corner; steps in mm per frame).
n=$(ended_summary | wc -l)
gestures=()
for edge in "1,100 5,0 3,0 6,0" "299,100 -5,0 -3,0 -6,0" "150,1 0,5 0,3 0,6" "150,199 0,-5 0,-3 0,-6"; do
  read -r at long short fling <<<"$edge"
  gestures+=(--gesture "1:36x$long@0.3%$at" --gesture "1:10x$short@0.5%$at" --gesture "1:8x$fling%$at")
done
gestures+=(--gesture "1:36x5,0@0.3%100,100" --gesture "1:30x0,4@0.3%1,30"
           --gesture "2:20s2@0.2" --gesture "2:10s-1@0.2" --gesture "3:0x0,0" --gesture "3:40x5,0@0.2")
vdev screen touchscreen --name "edge screen" --gap 0.8 "${gestures[@]}"
vdev_used screen
devices=$("$ctl" devices --socket "$sock")
echo "$devices" | sed 's/^/  devices: /'
check "transitionctl devices: the sized panel's edge zone is 5 mm" grep -qE "edge screen" <<<"$(grep -E ' 5\.0 mm ' <<<"$devices")"
vdev_go screen
vdev_wait screen
wait_completed 18 20
expect_events "edges finish when long, cancel when short and held, finish as a fling; middle and along-the-edge pans are touch pans; pinches; a tap; a drag" \
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
edge1-bottom finish velocity
touch1-right finish release
touch1-down finish release
touchpinch2-out finish release
touchpinch2-in finish release
tap3 finish trigger
touch3-right finish release" "$(summary_since "$n")"
taps=$(trace -s '[.[] | select(.type == "tap") | .fingers] | map(tostring) | join(" ")' | tr -d '"')
expect_lines "exactly one tap, of 3 fingers (the 3-finger drag is none)" "3" "$taps"
edges=$(trace -s '[.[] | select(.type == "begin" and .source == "touch") | (.edges // "-")] | join(",")' | tr -d '"')
expect_lines "the pans' edge zones: each edge three times, then the middle (none) and along the left edge" \
  "left,left,left,right,right,right,top,top,top,bottom,bottom,bottom,-,left,-" "$edges"
pinches=$(trace -s '[.[] | select(.type == "begin" and .source == "touchpinch") | .fingers] | map(tostring) | join(" ")' | tr -d '"')
expect_lines "two touchscreen pinches of 2 fingers" "2 2" "$pinches"

# 2. A panel without resolution: zones are 3 % of its range.
n=$(ended_summary | wc -l)
vdev noreso touchscreen --name "unsized screen" --no-resolution --size 250x160 \
  --gesture "1:40x5,0@0.3%1,80" --gesture "1:40x5,0@0.3%25,80"
vdev_used noreso
devices=$("$ctl" devices --socket "$sock")
check "transitionctl devices: the unsized panel's zone is a share of its range" \
  grep -q "3.0 % of range (no size)" <<<"$(grep "unsized screen" <<<"$devices")"
vdev_go noreso
vdev_wait noreso
wait_completed 20 20
expect_events "on the unsized panel an edge swipe from the left, then a pan from the middle" \
  "edge1-left finish release
touch1-right finish release" "$(summary_since "$n")"

# 3. The rotated panel: its native top edge is the viewer's left; a reload without the rotation
# makes it the top again, on the same device, from its next touch.
n=$(ended_summary | wc -l)
vdev rotated touchscreen --name "rotated screen" --gap 5 --gesture "1:30x0,5@0.3%150,1" --gesture "1:30x0,5@0.3%150,1"
vdev_used rotated
devices=$("$ctl" devices --socket "$sock")
check "transitionctl devices: the rotated panel is at 90°" grep -q "90°" <<<"$(grep "rotated screen" <<<"$devices")"
vdev_go rotated
wait_completed 21 20
mark=$(log_mark)
write_config 0
kill -HUP "$DAEMON_PID"
wait_for "$DAEMON_LOG" "configuration reloaded" 10 "$mark" || fail "reload" "no reload line"
vdev_wait rotated
wait_completed 22 20
expect_events "rotated 90°, the native top edge is the viewer's left; after the reload it is the top" \
  "edge1-left finish release
edge1-top finish release" "$(summary_since "$n")"

# 4. LIBINPUT_CALIBRATION_MATRIX from udev (the matrix of a 90° turn): libinput applies it.
mkdir -p /run/udev/rules.d
echo 'SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="calibrated screen", ENV{LIBINPUT_CALIBRATION_MATRIX}="0 1 0 -1 0 1"' \
  > /run/udev/rules.d/99-transitiond-e2e-calibration.rules
udevadm control --reload
n=$(ended_summary | wc -l)
vdev calibrated touchscreen --name "calibrated screen" --gesture "1:30x0,5@0.3%150,1"
vdev_used calibrated
property=$(udevadm info --query=property --name="${VDEV_NODE[calibrated]}" | grep LIBINPUT_CALIBRATION_MATRIX || true)
expect_lines "udev set the calibration matrix" 'LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1' "$property"
vdev_go calibrated
vdev_wait calibrated
wait_completed 23 20
expect_events "with the matrix, the native top edge is the viewer's left" "edge1-left finish release" "$(summary_since "$n")"
rm -f /run/udev/rules.d/99-transitiond-e2e-calibration.rules
udevadm control --reload
daemon_stop
