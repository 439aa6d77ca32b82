# Clients on the socket see a real swipe: `transitionctl watch --json` prints every line as sent
# (hello, reply, snapshot, began, updated…, ended with its spring, frames, completed) with seq
# 1, 2, 3… and one gesture id; a client subscribed to another transition sees none of it; socat
# piped into jq reads the progress; then trigger, cancel, status, devices and the Python example
# work against the same daemon.
source "$(dirname "$0")/../lib.sh"
daemon_start --log-level debug
sock=$E2E_TMP/socket ctl=$E2E_BIN/transitionctl
watch_out=$E2E_TMP/watch.jsonl other_out=$E2E_TMP/other.jsonl socat_out=$E2E_TMP/socat.out

"$ctl" watch --json --frame-rate 60 --exit-after 1 --socket "$sock" > "$watch_out" 2> "$E2E_TMP/watch.err" &
watch_pid=$!
# --no-reconnect: a script's watcher ends with the daemon (by default watch waits for it to come back).
"$ctl" watch --json --no-reconnect --transition swipe4-up --socket "$sock" > "$other_out" 2> "$E2E_TMP/other.err" &
other_pid=$!
# The documented socat one-liner, fed through a FIFO we close at the end (instead of `sleep infinity`).
mkfifo "$E2E_TMP/socat.in"
socat - UNIX-CONNECT:"$sock" < "$E2E_TMP/socat.in" | jq --unbuffered -r 'select(.event == "updated") | .progress' > "$socat_out" &
socat_pid=$!
exec 3> "$E2E_TMP/socat.in"
echo '{"request":"subscribe","transitions":["swipe3-right"],"events":["updated"]}' >&3
wait_for "$watch_out" '"event":"snapshot"' && wait_for "$other_out" '"event":"snapshot"' \
  || fail "watchers subscribed" "$(cat "$E2E_TMP/watch.err" "$E2E_TMP/other.err")"

vdev pad touchpad --gesture "3:60x8,0"
wait_used "${VDEV_NODE[pad]}"
devices=$("$ctl" devices --socket "$sock")
check "transitionctl devices lists the virtual touchpad" grep -q -- "${VDEV_NODE[pad]}" <<<"$devices"
vdev_go pad
vdev_wait pad
wait "$watch_pid"
check "transitionctl watch --json --exit-after 1 exits 0 after the swipe completes" test $? -eq 0

check "every watch line is one JSON object" jq -e -s 'all(type == "object")' "$watch_out"
events=$(jq -r '.event' "$watch_out" | uniq | tr '\n' ' ')
expected="hello reply snapshot began updated ended frame completed "
# A daemon that reads the lift after the spring, which runs from the lift's own time, has run out
# (a sanitized one under emulation, or any on a loaded machine) sends completed right after ended,
# with no frame between. Its debug log says whether it did: "animates for D s from T µs (now N µs)".
late=
read -r spring from now_us < <(sed -n 's/.*swipe3-right animates for \([0-9.e-]*\) s from \([0-9]*\) µs (now \([0-9]*\) µs).*/\1 \2 \3/p' "$DAEMON_LOG" | head -n 1)
if [[ -n ${now_us:-} ]] && awk -v d="$spring" -v t="$from" -v n="$now_us" 'BEGIN { exit !(n >= t + d * 1e6) }'; then
  expected=${expected/frame /} late=1
fi
check "events in order: $expected($events)" test "$events" = "$expected"
check "seq starts at 1 and only grows (a gap would be a coalesced update)" \
  jq -e -s '.[0].seq == 1 and ([.[].seq] | . == (sort | unique))' "$watch_out"
check "one gesture id from began to completed" \
  jq -e -s '[.[] | select(.gesture) | .gesture] | unique | length == 1' "$watch_out"
check "began names the swipe" jq -e -s \
  'any(.event == "began" and .transition == "swipe3-right" and .source == "swipe" and .fingers == 3 and .device_class == "touchpad")' "$watch_out"
check "ended carries the whole spring" jq -e -s \
  'any(.event == "ended" and .outcome == "finish" and .animation.type == "spring" and .animation.stiffness > 0 and .animation.duration > 0 and (.v_rel | type) == "number")' "$watch_out"
[[ -n $late ]] && echo "  no frames: the lift was read $(( (now_us - from) / 1000 )) ms late, after its ${spring} s spring had run out" ||
check "frames sample the spring after ended and settle on its target" jq -e -s '
  (map(select(.event == "ended")) | first) as $e
  | [.[] | select(.event == "frame") | .progress] | length > 0 and ((last - $e.to) | fabs) < 0.01' "$watch_out"
check "completed finished" jq -e -s 'any(.event == "completed" and .finished == true)' "$watch_out"
check "updated progress grows" jq -e -s '[.[] | select(.event == "updated") | .raw_progress] | . == sort' "$watch_out"

check "socat + jq read the progress" test "$(wc -l < "$socat_out")" -ge 5
check "the client subscribed to swipe4-up saw no swipe3-right event" \
  jq -e -s 'all(.transition != "swipe3-right")' "$other_out"

status=$("$ctl" status --json --socket "$sock")
check "status counts the clients and the published events" \
  jq -e '.result.counters.clients_connected >= 2 and .result.counters.events_published >= 4' <<<"$status"

said=$("$ctl" trigger swipe4-up --duration 0.2 --curve ease_out_cubic --wait --socket "$sock")
check "transitionctl trigger --wait exits 0 when the run finishes" test $? -eq 0
# `swipe4-up: run 12 started`, then `swipe4-up: run 12 finished after 0.200 s`.
gesture=$(sed -n 's/^swipe4-up: run \([0-9][0-9]*\) started$/\1/p' <<<"$said")
check "transitionctl trigger says the run started and how it ended ($(tr '\n' ' ' <<<"$said"))" \
  grep -Eq "^swipe4-up: run $gesture finished after 0\.2[0-9]{2} s$" <<<"$said"
wait_for "$other_out" '"event":"completed"'
check "the swipe4-up subscriber saw the run" jq -e -s --argjson g "$gesture" \
  '[.[] | select(.gesture == $g) | .event] == ["began", "ended", "completed"]' "$other_out"
check "transitionctl cancel with nothing running" test "$("$ctl" cancel --socket "$sock")" = "cancelled 0 transitions"
"$ctl" trigger nope --socket "$sock" 2> "$E2E_TMP/nope.err"
check "an unknown transition is refused with status 1" test $? -eq 1
check "python example lists the transitions" \
  grep -q '^swipe3-right' <(python3 "$E2E_ROOT/examples/python/transitiond_client.py" --socket "$sock" list)

exec 3>&-                   # socat's input ends: the server closes, the pipeline ends
wait "$socat_pid"
daemon_stop
wait "$other_pid"
check "a --no-reconnect watcher exits 0 when the daemon says goodbye (shutdown)" test $? -eq 0
