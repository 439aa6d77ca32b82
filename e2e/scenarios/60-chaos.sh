# e2e-timeout: 1200
# Chaos: everything a laptop and its clients do to the daemon, at once, for CHAOS_ROUNDS rounds of
# CHAOS_SECONDS seconds (default 2 x 30):
#   - touchpads and touchscreens come and go (four transition-vdev loops), most unplugged in the
#     middle of a gesture, the others removed after it;
#   - about 50 clients connect, subscribe, never read (a 4 KiB receive buffer) and hang up after
#     2-8 s (e2e/chaos/chaos.py crowd), each with a subscription of its own kind;
#   - SIGHUP every second, alternating a broken configuration with two good ones (frame rates 50
#     and 60: each good reload tells every client the new list of transitions);
#   - trigger and cancel requests race the live gestures (chaos.py racer, and transitionctl);
#   - a second transitiond starts on the same socket path, with the same --record file, every 4 s.
# One `transitionctl watch --json` reads everything from the start. Afterwards: the daemon never
# crashed and exits 0 on SIGTERM; every second daemon was refused cleanly; the watcher got every
# lifecycle event the daemon published, each gesture id as began ended (paused? ended)* completed;
# the fd count is what it was after the warm-up, and RSS did not grow from one round to the next
# (a leak grows every round; the allocator's high-water mark may stay after the first); a final
# swipe reaches a fresh client as `finish`. Under E2E_SANITIZE=address (e2e/run) any sanitizer
# report fails the suite too (e2e/sanitize/inside.sh).
source "$(dirname "$0")/../lib.sh"
seconds=${CHAOS_SECONDS:-30} rounds=${CHAOS_ROUNDS:-2}
sock=$E2E_TMP/socket ctl=$E2E_BIN/transitionctl chaos=$E2E_ROOT/e2e/chaos/chaos.py
config=$E2E_TMP/chaos.toml
# RSS may not grow by more than this from one round to the next (kB).
rss_round_tolerance=${CHAOS_RSS_TOLERANCE_KB:-1024}

now_us() { echo "${EPOCHREALTIME/./}"; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$DAEMON_PID/status"; }
cpu_seconds() { awk '{printf "%.1f", ($14 + $15) / 100}' "/proc/$DAEMON_PID/stat"; }
count() { grep -c "\"event\":\"$1\"" "$DAEMON_OUT"; }
settled() { (( $(count began) == $(count completed) )); }
settle() { wait_until "$E2E_WAIT" settled; }  # until every began has its completed (no animation in flight)
# quiet: until the daemon holds no device and no client but the watcher, every transition idle
# (the last hang-ups and device removals done); then $quiet_fds is its fd count.
_quiet() { quiet_fds=$(python3 "$chaos" quiet "$sock" "$DAEMON_PID" 1); }
quiet() {
  wait_until "$E2E_WAIT" _quiet && return 0
  quiet_fds=$(fd_count)
  echo "  not quiet after $E2E_WAIT s: $quiet_fds fds"
}
# good RATE / broken: write the configuration atomically (the daemon may read it at any moment).
good() {
  { printf '[server]\nmax_clients = 128\nmax_clients_per_user = 100\n\n[defaults]\nframe_rate = %s\n\n' "$1"
    cat "$E2E_ROOT/e2e/config.toml"; } > "$config.new" && mv "$config.new" "$config"
}
broken() {
  { good 60; cat "$config"; printf '\n[[transition]]\nname = "half\nbinding = "swipe9-sideways"\n'; } > "$config.bad"
  mv "$config.bad" "$config"
}

# The agents; each runs until END (µs) and leaves its counts in $E2E_TMP.
used_slowly() {  # vdev_used, polling every 0.5 s: four loops polling every 50 ms starve the VM
  local i   # up to 25 s (transition-vdev waits up to 120 s for its go file)
  for ((i = 0; i < 50; i++)); do
    tail -n +$((VDEV_MARK[$1] + 1)) "$DAEMON_LOG" | grep -Eq "using [a-z]+ ${VDEV_NODE[$1]} " && return 0
    sleep 0.5
  done
  return 1
}
timed() {  # timed LABEL COMMAND...: runs an agent, then notes how long it took
  local label=$1 t=$(now_us) code
  shift
  "$@"; code=$?
  echo "$label $(( ($(now_us) - t) / 1000000 )) s" >> "$E2E_TMP/agents.$round"
  return "$code"
}
hotplug() {  # hotplug KIND LOOP END: one device after another, 3 in 4 unplugged mid-gesture
  local kind=$1 loop=$2 end=$3 n=0 sign gestures cut name
  while (( $(now_us) < end )); do
    n=$((n + 1)) sign=$(( n % 2 ? 1 : -1 )) name=r$round-$kind$loop-$n
    if [[ $kind == touchpad ]]; then gestures=(--gesture "3:40x$((8 * sign)),0" --gesture "4:30x0,$((8 * sign))")
    else gestures=(--gesture "1:30x$((3 * sign)),0" --gesture "2:20x0,$((3 * sign))"); fi
    cut=()
    (( n % 4 )) && cut=(--unplug-after $((5 + RANDOM % 50)))   # the two gestures make 70 moves
    # The gestures start once the daemon uses the device (under emulation udev alone can take
    # seconds to tag it): an unplug mid-gesture is then one for the daemon too.
    vdev "$name" "$kind" --name "chaos $name" --gap 0.1 "${gestures[@]}" "${cut[@]}" || continue
    used_slowly "$name" || echo "$name" >> "$E2E_TMP/hotplug.unused"
    vdev_go "$name"
    vdev_wait "$name"
    echo "$?" >> "$E2E_TMP/hotplug.$kind.codes"
    cat "$E2E_TMP/vdev.$name.out" >> "$E2E_TMP/hotplug.$kind.out"
  done
}
hups() {  # a reload every second: broken, good 50, broken, good 60, ...
  # Builtins only (a fork costs tens of ms under emulation, more under load): the texts are
  # prepared before the rounds and written in place (the daemon reads the file when the signal
  # comes, after the write; one still reading the last when the next is written gets a broken
  # file, chaos too).
  local end=$1 n=0 quiet
  exec {quiet}<> <(:)
  while (( ${EPOCHREALTIME/./} < end )); do
    n=$((n + 1))
    printf '%s\n' "${hup_texts[n % 4]}" > "$config"
    kill -HUP "$DAEMON_PID"
    echo "$n" >> "$E2E_TMP/hups"
    read -r -t 1 -u "$quiet"
  done
  printf '%s\n' "${hup_texts[0]}" > "$config"; kill -HUP "$DAEMON_PID"   # end on a good one
}
second_daemons() {  # the same socket path and the same --record file (a good configuration)
  local end=$1
  while sleep 4; (( $(now_us) < end )); do
    "$E2E_BIN/transitiond" --socket "$sock" --record "$DAEMON_TRACE" --config "$E2E_TMP/second.toml" \
      > /dev/null 2>> "$E2E_TMP/second.log"
    echo "$?" >> "$E2E_TMP/second.codes"
  done
}
ctl_race() {  # transitionctl's own trigger and cancel (the client library, sanitized too)
  local end=$1 n=0
  while (( $(now_us) < end )); do
    n=$((n + 1))
    "$ctl" trigger "$( ((n % 2)) && echo swipe3-right || echo touch1-left)" --duration 0.3 --socket "$sock" \
      > /dev/null 2>> "$E2E_TMP/ctl.err"
    echo "$?" >> "$E2E_TMP/ctl.codes"
    sleep 0.2
    "$ctl" cancel --socket "$sock" > /dev/null 2>> "$E2E_TMP/ctl.err"
    echo "$?" >> "$E2E_TMP/ctl.codes"
    sleep 0.5
  done
}

hup_texts=()   # what hups writes in turn: good 60, broken, good 50, broken
broken; hup_texts[1]=$(< "$config"); hup_texts[3]=${hup_texts[1]}
good 50; hup_texts[2]=$(< "$config")
good 60; hup_texts[0]=$(< "$config")
cp "$config" "$E2E_TMP/second.toml"
daemon_start --config "$config"
"$ctl" watch --json --no-reconnect --socket "$sock" > "$E2E_TMP/watch.jsonl" 2> "$E2E_TMP/watch.err" &
watch_pid=$!
wait_for "$E2E_TMP/watch.jsonl" '"event":"snapshot"' || fail "watcher" "no snapshot: $(cat "$E2E_TMP/watch.err")"

# Warm-up: one of everything, so that what is allocated once is allocated before the baseline.
t0=$(now_us)
vdev pad touchpad --gesture 3:40x8,0
vdev screen touchscreen --gesture 1:30x-3,0
vdev_used pad; vdev_used screen
vdev_go pad; vdev_go screen; vdev_wait pad; vdev_wait screen
"$ctl" trigger swipe3-left --duration 0.2 --socket "$sock" > /dev/null
good 50; kill -HUP "$DAEMON_PID"; broken; kill -HUP "$DAEMON_PID"; good 60; kill -HUP "$DAEMON_PID"
python3 "$chaos" crowd "$sock" 3 20 > "$E2E_TMP/crowd.0.out"
"$E2E_BIN/transitiond" --socket "$sock" --config "$E2E_TMP/second.toml" > /dev/null 2>> "$E2E_TMP/second.log"
settle
quiet
fds=("$quiet_fds") rsses=("$(rss)")
echo "  warm-up: $(( ($(now_us) - t0) / 1000000 )) s; fds ${fds[0]}, RSS ${rsses[0]} kB"

chaos_t0=$(now_us)
for ((round = 1; round <= rounds; round++)); do
  round_t0=$(now_us) end=$(( $(now_us) + seconds * 1000000 ))
  pids=()
  for loop in 1 2; do
    timed "touchpads$loop" hotplug touchpad "$loop" "$end" & pids+=($!)
    timed "touchscreens$loop" hotplug touchscreen "$loop" "$end" & pids+=($!)
  done
  timed sighup hups "$end" & pids+=($!)
  timed second-daemons second_daemons "$end" & pids+=($!)
  timed transitionctl ctl_race "$end" & pids+=($!)
  timed crowd python3 "$chaos" crowd "$sock" "$seconds" 50 > "$E2E_TMP/crowd.$round.out" 2>&1 & pids+=($!)
  timed racer python3 "$chaos" racer "$sock" "$seconds" swipe3-left swipe3-right swipe4-up swipe4-down touch1-left touch1-right \
    > "$E2E_TMP/racer.$round.out" 2>&1 & pids+=($!)
  agents_ok=1
  for pid in "${pids[@]}"; do wait "$pid" || agents_ok=0; done
  cat "$E2E_TMP/crowd.$round.out" "$E2E_TMP/racer.$round.out" | sed 's/^/  /'
  echo "  round $round: the agents took $(tr '\n' ',' < "$E2E_TMP/agents.$round" | sed 's/,$//')"
  (( agents_ok )) && pass "round $round: the crowd and the racer were served to the end" ||
    fail "round $round" "an agent failed: $(cat "$E2E_TMP/crowd.$round.out" "$E2E_TMP/racer.$round.out")"
  settle_t0=$(now_us)
  settle || fail "round $round settles" "began $(count began), completed $(count completed)"
  echo "  round $round: settled in $(( ($(now_us) - settle_t0) / 1000000 )) s"
  quiet   # the last hang-ups and device removals
  fds+=("$quiet_fds") rsses+=("$(rss)")
  echo "  round $round: $(( ($(now_us) - round_t0) / 1000000 )) s with settling; fds ${fds[round]}, RSS ${rsses[round]} kB; daemon CPU $(cpu_seconds) s so far"
done
chaos_seconds=$(( ($(now_us) - chaos_t0) / 1000000 ))

kill -0 "$DAEMON_PID" && pass "the daemon survived ${rounds} rounds of chaos (${chaos_seconds} s)" ||
  fail "daemon alive" "it exited"
hotplugs=$(cat "$E2E_TMP"/hotplug.*.codes | wc -l)
unplugs=$(grep -c '^unplugged' "$E2E_TMP"/hotplug.*.out | awk -F: '{s += $2} END {print s}')
bad_vdev=$(grep -vxc 0 "$E2E_TMP"/hotplug.*.codes | awk -F: '{s += $2} END {print s}')
used=$(( $(grep -c 'using touch' "$DAEMON_LOG") - 2 ))   # less the warm-up's two
hupped=$(cat "$E2E_TMP/hups" | wc -l)
kept=$(grep -c 'configuration has errors' "$DAEMON_LOG")
applied=$(grep -c 'configuration reloaded' "$DAEMON_LOG")
echo "  $hotplugs devices plugged ($unplugs unplugged mid-gesture), the daemon used $used" \
  "(not in time: $(cat "$E2E_TMP/hotplug.unused" 2>/dev/null | wc -l));" \
  "$hupped SIGHUPs ($applied reloads applied or unchanged, $kept broken ones kept the old configuration);" \
  "$(count began) began, $(count ended) ended, $(count paused) paused, $(count completed) completed;" \
  "daemon CPU $(cpu_seconds) s"
(( bad_vdev == 0 )) && pass "every virtual device ran to its end ($hotplugs)" || fail "transition-vdev" "$bad_vdev exited non-zero"
# Two SIGHUPs that arrive before the loop reads its signalfd make one reload: count both kinds.
(( kept > 0 && applied > 0 )) && pass "broken configurations refused with the old one kept ($kept), good ones applied ($applied)" ||
  fail "reloads" "$kept refused and $applied applied of $hupped SIGHUPs"
seconds_codes=$(sort "$E2E_TMP/second.codes" | uniq -c | tr -s ' ' | tr '\n' ';')
seconds_started=$(cat "$E2E_TMP/second.codes" 2>/dev/null | wc -l)
if ((seconds_started == 0)); then fail "second daemons" "none was started"
elif grep -qvx 1 "$E2E_TMP/second.codes"; then fail "second daemons" "exit statuses: $seconds_codes"
else pass "every second daemon on the same socket was refused with status 1 ($seconds_started)"; fi
refusals=$(grep -c 'another transitiond is already listening' "$E2E_TMP/second.log")
(( refusals == $(wc -l < "$E2E_TMP/second.codes") + 1 )) && pass "each said why (and the warm-up's)" ||
  fail "second daemons' message" "$refusals refusals logged: $(head -c 600 "$E2E_TMP/second.log")"
ctl_codes=$(sort "$E2E_TMP/ctl.codes" | uniq -c | tr -s ' ' | tr '\n' ';')
awk '$1 >= 128 {bad = 1} END {exit bad}' "$E2E_TMP/ctl.codes" && pass "transitionctl trigger and cancel never crashed (statuses:$ctl_codes)" ||
  fail "transitionctl" "statuses:$ctl_codes"

same_fds=1
for f in "${fds[@]}"; do (( f == fds[0] )) || same_fds=0; done
(( same_fds )) && pass "fd count back to ${fds[0]} after each round" || fail "fd leak" "fds ${fds[*]}"
growth=$(( rsses[rounds] - rsses[rounds - 1] ))
if [[ -n ${E2E_SANITIZE:-} ]]; then
  # AddressSanitizer keeps freed memory in quarantine (256 MiB) to catch uses after free, so RSS
  # grows with all that was ever freed; LeakSanitizer checks the daemon's memory at its exit.
  echo "  RSS ${rsses[*]} kB (not checked under AddressSanitizer: its quarantine holds freed memory)"
elif (( rounds < 2 || growth <= rss_round_tolerance )); then
  pass "RSS steady from round to round (${rsses[*]} kB; the last round +${growth} kB, tolerance ${rss_round_tolerance})"
else
  fail "RSS growth" "${rsses[*]} kB: the last round added ${growth} kB"
fi

# A fresh client still gets a plain swipe to the end.
"$ctl" watch --json --no-reconnect --exit-after 1 --socket "$sock" > "$E2E_TMP/fresh.jsonl" 2> "$E2E_TMP/fresh.err" &
fresh_pid=$!
wait_for "$E2E_TMP/fresh.jsonl" '"event":"snapshot"'
vdev final touchpad --gesture 3:60x8,0
vdev_used final
vdev_go final; vdev_wait final
wait "$fresh_pid"
if jq -e -s 'any(.event == "ended" and .transition == "swipe3-right" and .outcome == "finish")
              and any(.event == "completed" and .finished == true)' "$E2E_TMP/fresh.jsonl" > /dev/null; then
  pass "a final swipe reaches a fresh client as finish"
else
  fail "final swipe" "the fresh client got: $(jq -r -s 'map(.event) | join(" ")' "$E2E_TMP/fresh.jsonl")"
fi

daemon_stop
wait "$watch_pid"
check "the watcher read to the end and exits 0 on the daemon's goodbye" test $? -eq 0
lifecycle=$(python3 "$chaos" lifecycle "$E2E_TMP/watch.jsonl" "$DAEMON_OUT")
code=$?
echo "  $lifecycle"
(( code == 0 )) && pass "the reading client got every lifecycle event, each gesture complete" ||
  fail "lifecycle" "$lifecycle"
