# Touchégg's clients under systemd (issue 17): with transitiond-touchegg.socket enabled (the
# package ships it disabled), a GDBus client of a transitiond group member (alice, whose session
# is the active one) connects to @touchegg while the service is stopped, which starts the same
# transitiond.service; the daemon tells the two descriptors apart by name, admits alice by her
# group, and her client receives a 3-finger swipe as Begin, Updates, End (100: finish). mallory,
# outside the group, is refused. The socket stays enabled for 35-sessions. First (issue 32), the
# daemon's own bind finding @touchegg taken by mallory names the holder.
source "$(dirname "$0")/../lib.sh"
state=$(systemctl is-enabled transitiond-touchegg.socket 2>&1)
check "the package ships transitiond-touchegg.socket disabled ($state)" test "$state" = disabled

# Issue 32 item 6: without the socket unit, [touchegg] enabled = true lets anyone take the name
# first. mallory (not even in the transitiond group) binds @touchegg; the daemon, restarted with
# the setting, names the holder (pid and uid, by SO_PEERCRED) and says what it means.
SQUAT_PY='
import os, socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind("\0touchegg")
s.listen(8)
print("bound", os.getpid(), flush=True)
time.sleep(150)
'
as mallory python3 -c "$SQUAT_PY" > "$TMP/squatter.txt" 2>&1 &
squat_job=$!
if wait_until 30 grep -q '^bound ' "$TMP/squatter.txt"; then
  squat_pid=$(awk '/^bound/ {print $2}' "$TMP/squatter.txt")
  cp /etc/transitiond/config.toml "$TMP/config.saved"
  sed -i 's/^enabled = false\(  # serve @touchegg\)/enabled = true\1/' /etc/transitiond/config.toml
  check "[touchegg] enabled = true is set" grep -q '^enabled = true  # serve @touchegg' /etc/transitiond/config.toml
  mark=$(journal_mark)
  systemctl restart transitiond.service
  check "the daemon names @touchegg's holder, mallory's process, and what it means" \
    wait_journal "$mark" "another process holds @touchegg: pid $squat_pid(, [^,]*)?, uid $(id -u mallory) \(mallory\)\. Touchégg's clients .* authenticate to it, and it may feed them any gestures it likes\..*transitiond-touchegg.socket" 60
  check "the daemon goes on serving its own socket" answered alice
  cp "$TMP/config.saved" /etc/transitiond/config.toml
else
  fail "mallory binds @touchegg" "$(cat "$TMP/squatter.txt")"
fi
[[ -n ${squat_pid:-} ]] && kill "$squat_pid" 2>/dev/null; wait "$squat_job" 2>/dev/null
check "@touchegg is free again" wait_until 30 bash -c "! grep -q '@touchegg\$' /proc/net/unix"
systemctl stop transitiond.service
systemctl enable --now transitiond-touchegg.socket
check "transitiond-touchegg.socket listens" wait_until 30 systemctl is-active --quiet transitiond-touchegg.socket
check "the service is stopped before the first Touchégg client" wait_until 30 unit_state inactive/dead
check "@touchegg is bound (in the host's network namespace)" bash -c "grep -q '@touchegg\$' /proc/net/unix"

# client WHO NAME [gdbus-client options]: a GDBus client run as WHO, logging to $TMP/NAME.jsonl.
client() {
  local who=$1 name=$2; shift 2
  install -m 0666 /dev/null "$TMP/$name.jsonl"
  as "$who" /usr/bin/python3 "$TOUCHEGG_CLIENT" "$TMP/$name.jsonl" "$@" 2> "$TMP/$name.err" &
}
chmod 0755 "$TMP"
mark=$(journal_mark)
AS_TIMEOUT=200 client alice alice --retry 60 --timeout 180
alice_client=$!
check "alice's GDBus client connects (socket activation through @touchegg)" \
  wait_until 90 grep -q '"event": "connected"' "$TMP/alice.jsonl"
check "the service is active (running)" wait_until 60 unit_state active/running
check "the daemon serves the @touchegg descriptor systemd passed" \
  wait_journal "$mark" "serving Touchégg's D-Bus protocol on @touchegg \(clients: root, group $(getent group transitiond | cut -d: -f3)\)" 30
check "and the native socket beside it" wait_journal "$mark" 'listening on inherited socket' 30
answered alice && pass "alice's transitionctl still gets answers on the native socket" \
  || fail "native socket" "alice's transitionctl status got no answer"

client mallory mallory --timeout 20
mallory_client=$!
wait "$mallory_client"; code=$?
check "mallory (not in the transitiond group) is refused (exit $code)" test "$code" = 2
check "the refusal is logged once" wait_journal "$mark" "refused a Touchégg client \(pid [0-9]+ uid $(id -u mallory)" 30

mark=$(journal_mark)
"$VDEV" touchpad --fingers 3 --steps 60x8,0 --start-when "$TMP/go" --stop-when "$TMP/stop" > "$TMP/vdev.out" 2>&1 &
vdev=$!
wait_until 60 grep -q '^created /dev/input/event' "$TMP/vdev.out"
node=$(sed -n 's|^created ||p' "$TMP/vdev.out")
check "the service uses the touchpad ($node)" wait_journal "$mark" "using touchpad $node " 60
touch "$TMP/go"
check "alice's client receives OnGestureEnd" wait_until 60 grep -q '"name": "OnGestureEnd"' "$TMP/alice.jsonl"
got=$(jq -rs -f "$TOUCHEGG_SUMMARY" "$TMP/alice.jsonl")
check "it is a 3-finger swipe right on the touchpad that finished ($got)" test "$got" = "swipe right 3 touchpad 100"
touch "$TMP/stop"   # the touchpad stayed until its swipe's End was seen
wait "$vdev"
touchegg_stop "$TMP/alice.jsonl"
wait "$alice_client" 2>/dev/null
true
