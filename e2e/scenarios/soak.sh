# e2e-timeout: 900
# A soak: many scripted three-finger swipes in a row (left and right in turn) through the real
# kernel and libinput, with one subscribed client. After a warm-up, the daemon's fd count and RSS
# are taken; after the rest they must be the same (fds) and within 1 MiB (RSS: the allocator
# may keep a page or two). Every swipe must end a transition, and the client see every end.
#
# SOAK_GESTURES (default 80, about a minute here) sets the count; e2e/soak/run runs 10,000 by hand.
source "$(dirname "$0")/../lib.sh"
total=${SOAK_GESTURES:-80}
warm=20
(( total > warm )) || total=$((warm + 2))
rss() { awk '/^VmRSS/ {print $2}' "/proc/$DAEMON_PID/status"; }
cc -O2 -o "$E2E_TMP/probe" "$E2E_ROOT/e2e/latency/probe.c" || { fail "build the probe" "cc failed"; exit 1; }

daemon_start
"$E2E_TMP/probe" "$E2E_TMP/socket" '{"request":"subscribe","id":1}' > "$E2E_TMP/client.out" 2>&1 &
client=$!
wait_for "$E2E_TMP/client.out" ' reply' || { fail "client" "no reply to subscribe"; exit 1; }

swipes() {  # swipes NAME COUNT: COUNT short swipes, left and right in turn
  vdev "$1" touchpad --gesture "3:10x12,0" --gesture "3:10x-12,0" --repeat $(($2 / 2)) --gap 0.4 --interval 0.01
  vdev_used "$1"
  vdev_go "$1"
  vdev_wait "$1"
  wait_for "$DAEMON_LOG" "${VDEV_NODE[$1]} .*vanished" "$E2E_WAIT" "${VDEV_MARK[$1]}"  # its fd closed
}
count() { grep -c "\"event\":\"$1\"" "$DAEMON_OUT"; }
settled() { (( $(count began) == $(count completed) )); }
settle() { wait_until "$E2E_WAIT" settled; }  # until every began has its completed (the last animation is over)

swipes warm "$warm"
settle
fds_before=$(fd_count) rss_before=$(rss)
t0=${EPOCHREALTIME/./}
swipes soak $((total - warm))
settle
seconds=$(( (${EPOCHREALTIME/./} - t0) / 1000000 ))
fds_after=$(fd_count) rss_after=$(rss)

done_count=$(count ended)
echo "  $done_count swipes ended ($((total - warm)) in ${seconds}s: $(python3 -c "print(round($((total - warm)) / max($seconds, 1), 1))")/s;" \
  "$(count began) began, $(count paused) caught mid-animation, $(count completed) completed);" \
  "fds $fds_before -> $fds_after; RSS $rss_before -> $rss_after kB"
# A swipe that starts before the previous animation settled catches it (paused, then interactive
# again: no new began), so the count that must match is ended; every began must have completed.
(( done_count >= total - total / 100 )) && pass "every swipe ended a transition ($done_count of $total)" ||
  fail "swipes lost" "$done_count of $total ended"
(( $(count began) == $(count completed) )) && pass "every transition completed ($(count completed))" ||
  fail "lifecycle" "began $(count began), completed $(count completed)"
# The client reads on its own: wait until it has read as many ended as were published (a lost
# one never comes).
wait_count "$E2E_TMP/client.out" ' ended' "$done_count"
client_ended=$(grep -c ' ended' "$E2E_TMP/client.out")
(( client_ended == done_count )) && pass "the client saw every ended ($client_ended)" ||
  fail "client lost events" "$client_ended ended of $done_count"
(( fds_after == fds_before )) && pass "fd count steady ($fds_before)" || fail "fd leak" "$fds_before -> $fds_after"
if [[ -n ${E2E_SANITIZE:-} ]]; then  # AddressSanitizer's quarantine keeps freed memory; LeakSanitizer checks at exit
  echo "  RSS $rss_before -> $rss_after kB (not checked under AddressSanitizer)"
elif (( rss_after - rss_before <= 1024 )); then pass "RSS steady ($rss_before -> $rss_after kB)"
else fail "RSS growth" "$rss_before -> $rss_after kB"; fi
kill "$client"; wait "$client" 2>/dev/null
daemon_stop
