# dbus-daemon goes away and comes back: the service says it lost the system bus, reconnects by
# itself (with backoff) and says so, once each; then a screen locker's locked hint on alice's
# active session pauses her watch again, and unlocking resumes it.
source "$(dirname "$0")/../lib.sh"
chvt 1
sa=$(loginctl list-sessions --no-legend | awk '$3 == "alice" && $4 == "seat0" {print $1; exit}')
check "alice's session $sa is the active one" \
  wait_until 60 bash -c "[[ \$(loginctl show-seat seat0 -p ActiveSession --value) == $sa ]]"
unit_state active/running || answered alice
pid=$(service_pid)
# The watch lives through the whole scenario (as's default limit is 90 s).
AS_TIMEOUT=600 as alice transitionctl watch --json > "$TMP/watch.jsonl" 2> "$TMP/watch.err" &
watch=$!
check "alice's watch is subscribed" wait_until 60 grep -q '"reply"' "$TMP/watch.jsonl"

lost_before=$(journal_count 'system bus: connection lost')
back_before=$(journal_count 'system bus: connected again')
systemctl kill --signal=SIGKILL dbus.service
check "the service notices the loss" wait_until 60 journal_grew 'system bus: connection lost' "$lost_before"
# dbus.socket stays: the service's reconnection may start dbus-daemon again before we do.
systemctl start dbus.service
check "dbus.service runs again" wait_until 60 systemctl is-active --quiet dbus.service
check "the service reconnects by itself" wait_until 90 journal_grew 'system bus: connected again after' "$back_before"
check "the loss is logged once ($(( $(journal_count 'system bus: connection lost') - lost_before )))" \
  test "$(( $(journal_count 'system bus: connection lost') - lost_before ))" = 1
check "the recovery is logged once" test "$(( $(journal_count 'system bus: connected again') - back_before ))" = 1
check "it is the same process (no restart)" test "$(service_pid)" = "$pid"

# logind itself may stay off the bus after dbus-daemon restarts (systemd#2925): then restart it,
# as an administrator would; its sessions survive (it keeps them in /run).
if ! wait_until 20 busctl --timeout=5 status org.freedesktop.login1 > /dev/null 2>&1; then
  note "logind did not come back on the bus by itself: restarting systemd-logind"
  systemctl restart systemd-logind
  wait_until 60 busctl --timeout=5 status org.freedesktop.login1 > /dev/null 2>&1 \
    || fail "logind is on the bus again" "busctl status org.freedesktop.login1 failed"
fi

# logind re-reads its sessions when it restarts: alice's is the active one again.
check "alice's session is active again" \
  wait_until 60 bash -c "[[ \$(loginctl show-seat seat0 -p ActiveSession --value) == $sa ]]"
wait_until 30 bash -c "[[ \$(grep '\"event\":\"delivery\"' '$TMP/watch.jsonl' | tail -n 1) != *paused* ]]" \
  || note "alice's watch is still paused after the restart"

# The lock: what a screen locker does on `loginctl lock-session` (SetLockedHint on the session).
loginctl lock-session "$sa" || note "loginctl lock-session failed"
path=$(busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager GetSession s "$sa" | awk '{print $2}' | tr -d '"')
PAUSED='"event":"delivery".*"state":"paused".*"reason":"locked"'
RESUMED='"event":"delivery".*"state":"resumed"'
if as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b true; then
  pass "alice's session sets its locked hint after the bus restart"
else
  fail "alice's session sets its locked hint" "busctl failed"
fi
check "alice's watch is paused (locked)" wait_until 30 grep -q "$PAUSED" "$TMP/watch.jsonl"
resumed_before=$(grep -c "$RESUMED" "$TMP/watch.jsonl")
as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b false
check "unlocking resumes alice" \
  wait_until 30 bash -c "(( \$(grep -c '$RESUMED' '$TMP/watch.jsonl') > $resumed_before ))"
kill "$watch" 2>/dev/null
wait 2>/dev/null
true
