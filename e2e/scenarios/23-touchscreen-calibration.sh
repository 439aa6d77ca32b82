# Touchscreens, complete (issue 18): a panel that udev gives a LIBINPUT_CALIBRATION_MATRIX (the
# matrix of a 90° turn) by a rule: libinput applies it, so its native top edge is the viewer's left.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/../touchscreen.sh"

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
settled 1
expect_events "with the matrix, the native top edge is the viewer's left" "edge1-left finish release" "$(summary_since "$n")"
rm -f /run/udev/rules.d/99-transitiond-e2e-calibration.rules
udevadm control --reload
daemon_stop
