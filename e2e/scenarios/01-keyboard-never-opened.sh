# A keyboard exists and types throughout while the daemon runs and a touchpad swipes: the daemon
# opens the touchpad and never the keyboard (nor any other non-touch node), by /proc/PID/fd and
# by strace of every open(2).
source "$(dirname "$0")/../lib.sh"
"$E2E_BIN/transition-vdev" keyboard --wait 0 --presses 30 > "$E2E_TMP/keyboard.out" 2>&1 &
VDEV_PID[keyboard]=$!
wait_for "$E2E_TMP/keyboard.out" '^created /dev/input/event'
keyboard=$(sed -n 's/^created //p' "$E2E_TMP/keyboard.out")
# udevadm settle can return before udevd has the event: wait for the property itself.
keyboard_tagged() { udevadm info --query=property --name="$keyboard" 2>/dev/null | grep -q '^ID_INPUT_KEYBOARD=1'; }
wait_until "$E2E_WAIT" keyboard_tagged \
  && pass "udev tags the virtual keyboard $keyboard as a keyboard" \
  || fail "udev tags the virtual keyboard" "ID_INPUT_KEYBOARD missing on $keyboard"
command -v strace >/dev/null && E2E_STRACE=1
daemon_start
never_opened $(non_touch_nodes)
vdev pad touchpad --gesture 3:40x8,0
vdev_used pad
"$E2E_BIN/transitiond" --list-devices > "$E2E_TMP/list-devices" 2>&1; code=$?
sed 's/^/  list-devices: /' "$E2E_TMP/list-devices"
check "--list-devices exits 0" test "$code" -eq 0
check "--list-devices uses the touchpad" grep -Eq "^  use +${VDEV_NODE[pad]} +touchpad" "$E2E_TMP/list-devices"
check "--list-devices ignores the keyboard, saying why" \
  grep -Eq "^  ignore +$keyboard .*: keyboard: not a touch device$" "$E2E_TMP/list-devices"
vdev_go pad
vdev_wait pad
wait_for "$DAEMON_TRACE" '"device_removed"'
expect_lines "the swipe is recognised while the keyboard types" "swipe3-right release" "$(trace_gestures | cut -d' ' -f1,2)"
wait_completed 1
expect_events "and drives its transition to the end" "swipe3-right finish" "$(ended_summary | cut -d' ' -f1,2)"
grep -q "ignoring $keyboard" "$DAEMON_LOG" && fail "keyboard not even probed" "the log mentions probing it" || true
daemon_stop
if [[ -n ${E2E_STRACE:-} ]]; then
  grep -q "\"${VDEV_NODE[pad]}\"" "$E2E_TMP/strace.log" \
    && pass "strace sees the daemon open the touchpad ${VDEV_NODE[pad]}" \
    || fail "strace sees the touchpad opened" "no open of ${VDEV_NODE[pad]} in strace.log"
  opened=$(grep -o '"/dev/input/event[0-9]*"' "$E2E_TMP/strace.log" | sort -u | tr -d '"' | grep -vx -- "${VDEV_NODE[pad]}")
  [[ -z $opened ]] && pass "strace: no other /dev/input node was ever opened (keyboard $keyboard included)" \
    || fail "strace: no other /dev/input node opened" "opened: $(echo $opened)"
fi
