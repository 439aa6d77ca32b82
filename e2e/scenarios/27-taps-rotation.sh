# Touchpad taps and rotation (issue 24) on uinput devices and libinput: a still four-finger
# touchpad tap (padtap4: the daemon reads the touchpad's evdev frames on a second descriptor,
# since libinput reports nothing for it), a three-finger swipe (a swipe, no padtap), a
# two-finger touchpad pinch turned a quarter turn clockwise (rotate2-cw, from libinput's
# angle), a pinch that scales without turning (pinch2-out, with rotations bound), and
# touchscreen twists, clockwise on an unrotated panel and counter-clockwise on one mounted at
# 90° (touchrotate2-cw, touchrotate2-ccw: a rotated panel does not change the sense of a turn).
source "$(dirname "$0")/../lib.sh"
config=$E2E_TMP/config.toml
{
  for g in padtap3 padtap4 swipe3-right rotate2-cw rotate2-ccw pinch2-in pinch2-out \
           touchrotate2-cw touchrotate2-ccw touchpinch2-out; do
    printf '[[transition]]\nname = "%s"\nbinding = "%s"\n\n' "$g" "$g"
  done
  printf '[[touchscreen.device]]\nname = "rotated screen"\nrotation = 90\n'
} > "$config"
daemon_start --config "$config"

vdev pad touchpad --gap 0.8 --gesture "4:tap@0.05" --gesture "3:40x8,0" --gesture "2:30xr3@0.1" --gesture "2:20xs4@0.1"
vdev_used pad
# The touchpad is open twice (libinput's descriptor and the one its taps are read from).
opened=$(ls -l "/proc/$DAEMON_PID/fd" | grep -c -- "-> ${VDEV_NODE[pad]}\$")
expect_lines "the touchpad is opened twice: libinput's descriptor and the evdev one for taps" "2" "$opened"
vdev_go pad
vdev_wait pad
wait_completed 4 15
expect_events "a padtap, a swipe, a turning pinch and a scaling pinch, each finishing" \
"padtap4 finish
swipe3-right finish
rotate2-cw finish
pinch2-out finish" "$(ended_summary | cut -d' ' -f1,2)"
expect_events "the padtap runs its transition as a trigger does" "padtap4 finish trigger" "$(ended_summary | head -n1)"
taps=$(trace -s '[.[] | select(.type == "tap") | "\(.fingers)/\(.touchpad // false)"] | join(" ")' | tr -d '"')
expect_lines "exactly one tap, a four-finger touchpad tap (the swipe and the pinches are none)" "4/true" "$taps"
turned=$(trace -s '[.[] | select(.type == "update" and .device == 1) | .dy] | add // 0 | . * 10 | round / 10')
check "the touchpad pinches turned about 90° clockwise in all (libinput's angle, in dy): $turned" \
  awk -v t="$turned" 'BEGIN { exit !(t > 60 && t < 120) }'

n=$(ended_summary | wc -l)
vdev screen touchscreen --name "plain screen" --gesture "2:30xr3@0.1"
vdev_used screen
vdev_go screen
vdev_wait screen
vdev rotated touchscreen --name "rotated screen" --gesture "2:30xr-3@0.1"
vdev_used rotated
vdev_go rotated
vdev_wait rotated
wait_completed 6 15
expect_events "a clockwise twist, then a counter-clockwise one on a panel mounted at 90°" \
"touchrotate2-cw finish
touchrotate2-ccw finish" "$(ended_summary | tail -n +$((n + 1)) | cut -d' ' -f1,2)"
opened=$(ls -l "/proc/$DAEMON_PID/fd" | grep -c -- "-> /dev/input/event" || true)
expect_lines "every device closed once removed (both of the touchpad's descriptors)" "0" "$opened"
daemon_stop
