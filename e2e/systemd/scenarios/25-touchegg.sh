# Touchégg's clients under systemd (issue 17): with transitiond-touchegg.socket enabled (the
# package ships it disabled), a GDBus client of a transitiond group member (alice, whose session
# is the active one) connects to @touchegg while the service is stopped, which starts the same
# transitiond.service; the daemon tells the two descriptors apart by name, admits alice by her
# group, and her client receives a 3-finger swipe as Begin, Updates, End (100: finish). mallory,
# outside the group, is refused. The socket stays enabled for 35-sessions.
source "$(dirname "$0")/../lib.sh"
state=$(systemctl is-enabled transitiond-touchegg.socket 2>&1)
check "the package ships transitiond-touchegg.socket disabled ($state)" test "$state" = disabled
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
