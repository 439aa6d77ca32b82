# Real devices' recordings (e2e/recordings, evemu format, from
# whot/evemu-devices; read in place) replayed through
# the kernel and libinput: touchscreen drags with 1 and 4 fingers, touchpad two-finger scrolls.
# Each must be recognised as the expected gesture (source, fingers, first direction), released,
# and drive the transition named after it to the expected outcome: the 1-finger drag goes up and
# comes back (cancel), the 4-finger drag stops at a third of the screen (cancel), the vertical
# scroll goes back and forth and ends above its start (cancel), the horizontal one travels 60 %
# (finish). The N-Trig panel reports no resolution: its edge zones are 3 % of its range, and its
# drag starts in the top-left corner (in both zones) and heads right and down, right first: an
# edge swipe in from the left (edge1-left) that crosses the screen (finish).
# Every gesture is bound: the suite's configuration (with issue 24's touchpad taps and rotations)
# plus holds and long presses of 1 to 4 fingers, which must change nothing here (no recording
# rests long enough before it moves, taps, or pinches).
source "$(dirname "$0")/../lib.sh"
R=$E2E_RECORDINGS
{
  cat "$E2E_ROOT/e2e/config.toml"
  for g in hold1 hold2 hold3 hold4 touchhold1 touchhold2 touchhold3 touchhold4; do
    printf '\n[[transition]]\nname = "%s"\nbinding = "%s"\n' "$g" "$g"
  done
} > "$E2E_TMP/config.toml"
daemon_start --config "$E2E_TMP/config.toml"

# replay NAME DESC [GESTURE OUTCOME EVENTS]...: creates the device from DESC, waits until the
# daemon uses it, plays each EVENTS file and checks that its first gesture is GESTURE ("touch1-up
# release") and its first transition ends with OUTCOME ("touch1-up cancel"), removes the device.
replay() {
  local name=$1 desc=$2; shift 2
  local mark node
  mark=$(log_mark)
  evemu-device "$desc" > "$E2E_TMP/evemu.$name" 2>&1 &
  local pid=$!
  wait_for "$E2E_TMP/evemu.$name" '/dev/input/event' || { fail "$name" "evemu-device: $(cat "$E2E_TMP/evemu.$name")"; return; }
  node=$(grep -o '/dev/input/event[0-9]*' "$E2E_TMP/evemu.$name" | head -n1)
  wait_used "$node" "$mark" || { fail "$name" "the daemon did not use $node"; kill "$pid"; return; }
  while (($# >= 3)); do
    local expected=$1 outcome=$2 events=$3 samples ended got
    shift 3
    samples=$(grep -c '^{' "$DAEMON_TRACE")
    ended=$(grep -c '"event":"ended"' "$DAEMON_OUT")
    evemu-play "$node" < "$events"
    # The input layer has ended the first gesture it recognised, and the engine its transition.
    wait_for "$DAEMON_TRACE" '"type":"end"' "$E2E_WAIT" "$samples" || fail "$(basename "$events" .events)" "no gesture ended"
    wait_ended $((ended + 1))
    grep '^{' "$DAEMON_TRACE" | tail -n +$((samples + 1)) > "$E2E_TMP/slice"
    trace_gestures "$E2E_TMP/slice" | sed "s|^|  $(basename "$events"): |"
    got=$(trace_gestures "$E2E_TMP/slice" | head -n1 | cut -d' ' -f1,2)
    expect_lines "$(basename "$events" .events)" "$expected" "$got"
    got=$(ended_summary | tail -n +$((ended + 1)) | head -n1 | cut -d' ' -f1,2)
    expect_events "$(basename "$events" .events): transition outcome" "$outcome" "$got"
  done
  kill "$pid"; wait "$pid" 2>/dev/null
  wait_for "$DAEMON_LOG" "$node .*(vanished|unplugged)" "$E2E_WAIT" "$mark"
}

replay atmel "$R/touchscreens/Atmel maXTouch Touchscreen.desc" \
  "touch1-up release" "touch1-up cancel" "$R/touchscreens/Atmel maXTouch Touchscreen.1-finger-drag-up-down.events" \
  "touch4-down release" "touch4-down cancel" "$R/touchscreens/Atmel maXTouch Touchscreen.4-finger-drag-down.events"
replay ntrig "$R/touchscreens/N-Trig MultiTouch.desc" \
  "touch1-right release" "edge1-left finish" "$R/touchscreens/N-Trig MultiTouch.1-finger-drag-NW-SE.events"
replay synaptics "$R/touchpads/SynPS2 Synaptics TouchPad.desc" \
  "scroll2-down release" "scroll2-down cancel" "$R/touchpads/SynPS2 Synaptics TouchPad.two-finger-vert-scroll.events"
replay hp8470p "$R/touchpads/SynPS2 Synaptics TouchPad.hp8470p.desc" \
  "scroll2-right release" "scroll2-right finish" "$R/touchpads/SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events"
daemon_stop
