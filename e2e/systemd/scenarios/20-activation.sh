# Socket activation by a group member's client: the service was not running, the first client
# starts it (Type=notify: active once it says READY=1), as its static system user with the input group.
source "$(dirname "$0")/../lib.sh"
check "the service is not running before the first client" test "$(unit_prop ActiveState)" = inactive
if as alice transitionctl status > "$TMP/status.out" 2> "$TMP/status.err"; then
  pass "alice's transitionctl status is answered (socket activation)"
else
  fail "alice's transitionctl status" "exit $?: $(cat "$TMP/status.err")"
  echo "  unit: Result=$(unit_prop Result) ExecMainStatus=$(unit_prop ExecMainStatus) NRestarts=$(unit_prop NRestarts)"
  journalctl -u transitiond -b -o cat --no-pager | tail -n 8 | sed 's/^/  journal: /'
fi
check "no start failed with status=217/USER (the dynamic user's name)" test "$(journal_count 'status=217')" = 0
sed 's/^/  status: /' "$TMP/status.out"
check "the service is active (running)" wait_until 60 unit_state active/running
check "it was started once, no restart" test "$(unit_prop NRestarts)" = 0
check "it runs as the dynamic user transitiond-daemon" test "$(unit_prop User)" = transitiond-daemon
pid=$(service_pid)
uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
check "its uid $uid is transitiond-daemon's, a system uid from sysusers.d" \
  bash -c "[[ $uid == \$(id -u transitiond-daemon) && $uid -lt 1000 ]]"
input_gid=$(getent group input | cut -d: -f3)
check "it has the input group ($input_gid)" bash -c "grep '^Groups:' /proc/$pid/status | grep -qw $input_gid"
check "no capabilities" bash -c "grep -q '^CapEff:[[:space:]]*0*$' /proc/$pid/status"
check "it serves the socket systemd passed" wait_journal "" 'listening on inherited socket' 30
status=$(unit_prop StatusText)
check "it reports STATUS= ($status)" bash -c "[[ '$status' == *device* ]]"
