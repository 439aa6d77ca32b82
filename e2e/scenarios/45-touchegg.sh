# Touchégg's protocol on @touchegg ([touchegg] enabled = true), checked with real GDBus clients
# (Debian's python3-gi: e2e/touchegg/gdbus-client.py) and real uinput devices: the signature and
# introspection, Begin · Update* · End for every gesture, the mapping of 3- and 4-finger swipes
# in every direction, touchpad and touchscreen pinches in and out, a touchscreen pan and tap, OnGestureEnd's percentage for a
# finish (100), a cancel (0), a fling (100) and a libinput cancel (0); a uid outside the socket's
# group is refused and receives nothing, one in it by a supplementary group is admitted; many
# clients, one that disconnects mid-gesture, one stopped (never reading) that delays no one.
# Six Python clients start under emulation and the devices perform 17 gestures: 115-200 s on a
# loaded machine, more than the default limit.
# e2e-timeout: 900
source "$(dirname "$0")/../lib.sh"
CLIENT=$E2E_ROOT/e2e/touchegg/gdbus-client.py
SUMMARY=$E2E_ROOT/e2e/touchegg/summary.jq
{ cat "$E2E_ROOT/e2e/config.toml"; printf '\n[touchegg]\nenabled = true\n'; } > "$E2E_TMP/config.toml"
daemon_start --config "$E2E_TMP/config.toml"
wait_for "$DAEMON_LOG" "serving Touchégg's D-Bus protocol on @touchegg" \
  && pass "the daemon serves @touchegg" || fail "serving @touchegg" "$(tail -5 "$DAEMON_LOG")"

declare -A CLIENT_PID=()
client() {  # client NAME [setpriv options --] [gdbus-client options]
  local name=$1; shift
  local prefix=()
  if [[ ${1:-} == setpriv ]]; then prefix=(); while [[ $1 != -- ]]; do prefix+=("$1"); shift; done; shift; fi
  "${prefix[@]}" /usr/bin/python3 "$CLIENT" "$E2E_TMP/client.$name" "$@" 2> "$E2E_TMP/client.$name.err" &
  CLIENT_PID[$name]=$!
}
touch "$E2E_TMP"/client.{main,b,c,quitter,stopped,member,outsider}
chmod 666 "$E2E_TMP"/client.*
chmod 755 "$E2E_TMP"
for name in main b c quitter stopped; do
  case $name in
    quitter) client quitter --quit-after OnGestureBegin ;;
    *) client "$name" ;;
  esac
done
client member setpriv --reuid=1000 --regid=1000 --groups=0 --
client outsider setpriv --reuid=65534 --regid=65534 --clear-groups -- --timeout 10
for name in main b c quitter stopped member; do
  wait_for "$E2E_TMP/client.$name" '"event": "connected"' || fail "client $name connects" "$(cat "$E2E_TMP/client.$name" "$E2E_TMP/client.$name.err")"
done
pass "6 GDBus clients connected (one as uid 1000 in group 0 by a supplementary group)"
expect_lines "introspection: the three signals, (uudiut)" \
  '{"OnGestureBegin":"(uudiut)","OnGestureUpdate":"(uudiut)","OnGestureEnd":"(uudiut)"}' \
  "$(jq -c 'select(.event == "connected") | .introspection' "$E2E_TMP/client.main")"
wait "${CLIENT_PID[outsider]}"; code=$?
((code == 2)) && pass "uid 65534 (not in the socket's group) is refused" \
  || fail "outsider refused" "exit $code: $(cat "$E2E_TMP/client.outsider" "$E2E_TMP/client.outsider.err")"
wait_for "$DAEMON_LOG" "refused a Touchégg client \(pid [0-9]+ uid 65534" \
  && pass "the refusal is logged" || fail "refusal logged" "$(grep -i touch "$DAEMON_LOG" | tail -3)"
kill -STOP "${CLIENT_PID[stopped]}"

# Touchpad: every direction with 3 and 4 fingers (each far enough to finish), a swipe brought
# back and held (cancel), a short fast fling (finish), one that a fourth finger cancels
# (libinput), a pinch out and in.
# Frames 16 ms apart (not 12): the emulated VM runs six Python clients beside the daemon, and
# a late frame makes libinput discard a touch jump.
vdev pad touchpad --gap 0.5 --interval 0.016 \
  --gesture 3:60x8,0 --gesture 3:60x-8,0 --gesture 3:45x0,8 --gesture 3:45x0,-8 \
  --gesture 4:60x8,0 --gesture 4:60x-8,0 --gesture 4:45x0,8 --gesture 4:45x0,-8 \
  --gesture 3:14x8,0@0.6 --gesture 3:6x30,0 --gesture 3:20x8,0+ \
  --gesture 3:25xs8 --gesture 3:16xs-6
vdev_used pad
vdev_go pad
vdev_wait pad
wait_for "$DAEMON_TRACE" '"device_removed"'
# Touchscreen: a 3-finger pan to the right, a pinch out and in, a two-finger tap.
vdev screen touchscreen --gap 0.5 --gesture 3:30x40,0 --gesture 3:20xs3 --gesture 3:15xs-0.8 --gesture 2:0x0,0@0.05
vdev_used screen
vdev_go screen
vdev_wait screen
# Wait for what is checked: the input layer is done with the screen, and every reading client has
# had one OnGestureEnd per gesture the two devices performed (13 + 4).
wait_count "$DAEMON_TRACE" '"device_removed"' 2
for name in main b c member; do wait_count "$E2E_TMP/client.$name" '"name": "OnGestureEnd"' 17; done
trace_gestures | sed 's/^/  recognised: /'
expect_lines "the input layer saw a libinput cancel (a fourth finger) and the pinches" "libinput_cancel
pinch3" "$(trace_gestures | grep -o 'libinput_cancel'; trace_gestures | grep -o '^pinch3' | sort -u)"

expect_lines "main client: the mapping, the order and OnGestureEnd" "swipe right 3 touchpad 100
swipe left 3 touchpad 100
swipe down 3 touchpad 100
swipe up 3 touchpad 100
swipe right 4 touchpad 100
swipe left 4 touchpad 100
swipe down 4 touchpad 100
swipe up 4 touchpad 100
swipe right 3 touchpad 0
swipe right 3 touchpad 100
swipe right 3 touchpad 0
pinch out 3 touchpad 100
pinch in 3 touchpad 100
swipe right 3 touchscreen 100
pinch out 3 touchscreen 100
pinch in 3 touchscreen 100
tap unknown 2 touchscreen 100" "$(jq -rs -f "$SUMMARY" "$E2E_TMP/client.main")"
updates=$(jq -s '[.[] | select(.name == "OnGestureUpdate")] | length' "$E2E_TMP/client.main")
((updates >= 50)) && pass "main client: $updates updates" || fail "updates" "only $updates"
main=$(jq -rs -f "$SUMMARY" "$E2E_TMP/client.main")
for name in b c member; do
  expect_lines "client $name saw the same gestures" "$main" "$(jq -rs -f "$SUMMARY" "$E2E_TMP/client.$name")"
done
check "the outsider received nothing" test "$(jq -s '[.[] | select(.event == "signal")] | length' "$E2E_TMP/client.outsider")" = 0
# (GDBus may still run the callback of a signal it had already read before the close.)
expect_lines "the quitter left after its first Begin" "OnGestureBegin quit" \
  "$(jq -r 'select(.event == "signal" or .event == "quit") | .name // .event' "$E2E_TMP/client.quitter" | head -n 2 | tr '\n' ' ' | sed 's/ $//')"
kill -CONT "${CLIENT_PID[stopped]}"
caught_up() { grep -q '"event": "closed"' "$E2E_TMP/client.stopped" || _count_at_least "$E2E_TMP/client.stopped" '"name": "OnGestureEnd"' 17; }
wait_until "$E2E_WAIT" caught_up
stopped=$(jq -rs -f "$SUMMARY" "$E2E_TMP/client.stopped" | grep -c . || true)
pass "the stopped client, resumed, got $stopped gestures (or was dropped) without delaying the others"
check "the daemon still runs" kill -0 "$DAEMON_PID"
for name in "${!CLIENT_PID[@]}"; do kill "${CLIENT_PID[$name]}" 2>/dev/null; done
wait "${CLIENT_PID[@]}" 2>/dev/null
daemon_stop
