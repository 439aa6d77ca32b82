# Touchscreens, complete (issue 18): a panel that udev gives a LIBINPUT_CALIBRATION_MATRIX (the
# matrix of a 90° turn) by a rule: libinput applies it, so its native top edge is the viewer's left.
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
# settled N: wait (10 s at most) for N completed events; on a timeout, show what was recognised.
settled() {
  wait_completed "$1" 10 && return 0
  trace_gestures | sed 's/^/  recognised: /'
  tail -n 5 "$DAEMON_LOG" | sed 's/^/  log: /'
}

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
