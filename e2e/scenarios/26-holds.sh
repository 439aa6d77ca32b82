# Holds and long presses (issue 24) on uinput devices through libinput: a touchpad resting three
# fingers for 1.5 s (hold3 finishes while they rest), resting them 0.6 s and lifting (it began,
# and cancels), a three-finger swipe (no hold begins); a touchscreen long press (touchhold1
# finishes) and a one-finger drag (a pan, no long press). hold_duration is 0.8 s here so that
# the 0.6 s rest has begun (after libinput's own hold start and the 0.2 s hold delay) and is
# still short of finishing, whatever libinput's hold start time.
source "$(dirname "$0")/../lib.sh"
config=$E2E_TMP/config.toml
{
  printf 'hold_delay = 0.2\n\n[defaults]\nhold_duration = 0.8\n\n'
  for g in hold3 swipe3-right touchhold1 touch1-right; do
    printf '[[transition]]\nname = "%s"\nbinding = "%s"\n\n' "$g" "$g"
  done
} > "$config"
daemon_start --config "$config"
"$E2E_BIN/transitionctl" --socket "$E2E_TMP/socket" list > "$E2E_TMP/list.out" 2>&1
expect_lines "transitionctl list names the holds by their bindings" "hold3
swipe3-right
touchhold1
touch1-right" "$(awk 'NR > 1 { print $2 }' "$E2E_TMP/list.out")"

vdev pad touchpad --gap 0.8 --gesture "3:0x0,0@1.5" --gesture "3:0x0,0@0.6" --gesture "3:60x8,0"
vdev_used pad
vdev_go pad
vdev_wait pad
wait_completed 3 15
vdev screen touchscreen --gap 0.8 --gesture "1:0x0,0@1.5%150,100" --gesture "1:36x5,0@0.3%100,100"
vdev_used screen
vdev_go screen
vdev_wait screen
wait_completed 5 15
expect_events "a rest finishes hold3 with the fingers down; a shorter one cancels; a swipe is a swipe; a long press; a drag" \
"hold3 finish held
hold3 cancel release
swipe3-right finish release
touchhold1 finish held
touch1-right finish release" "$(ended_summary)"
sources=$(grep '^{' "$DAEMON_OUT" | jq -r 'select(.event == "began") | "\(.transition) \(.source) \(.direction)"')
expect_events "holds begin without a direction, from their own sources" \
"hold3 hold null
hold3 hold null
swipe3-right swipe right
touchhold1 touchhold null
touch1-right touch right" "$sources"
# The finish comes while the fingers rest: before the touchpad's hold ends in the trace.
finish_us=$(grep '^{' "$DAEMON_OUT" | jq -r 'select(.event == "ended" and .reason == "held") | .time_us' | head -n1)
lift_us=$(trace -r 'select(.type == "hold_end") | .time_us' | head -n1)
check "hold3 finishes before its fingers lift" test "${finish_us:-0}" -gt 0 -a "${finish_us:-0}" -lt "${lift_us:-0}"
drops=$(grep '^{' "$DAEMON_OUT" | jq -s '[.[] | select(.event == "updated" and (.transition | test("hold")))]
  | group_by(.gesture) | map([.[].progress] as $p | [range(1; $p | length) | select($p[.] < $p[. - 1])] | length) | add // 0')
check "a hold's progress never goes down" test "$drops" -eq 0
daemon_stop
