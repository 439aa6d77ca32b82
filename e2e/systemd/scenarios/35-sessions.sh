# Only the active session's user (issue 12): with alice's session (tty1) in front only alice's
# client and root's see a uinput swipe; after `chvt 2` only bob's and root's; a switch in the
# middle of a gesture ends it for the old user with reason session_changed; bob's locked hint
# (what a screen locker sets) pauses him; the journal and `transitionctl status` state the mode;
# `[access] mode = "group"` after a reload gives everyone in the group every event again.
source "$(dirname "$0")/../lib.sh"
sa=$(session_of alice) sb=$(session_of bob)
check "alice (session $sa) and bob (session $sb) are logged in on seat0" test -n "$sa" -a -n "$sb"
chvt 1
check "alice's session is the active one (tty1)" wait_until 60 active_is "$sa"

unit_state active/running || answered alice
check "the journal states the access mode" wait_journal "" 'access: active-session \(default: logind runs\)' 60
check "the daemon does not find uids hidden by a user namespace" test "$(journal_count 'maps only some uids')" = 0
as alice transitionctl status > "$TMP/status-alice.txt" 2>&1
sed 's/^/  status: /' "$TMP/status-alice.txt"
check "transitionctl status says the mode and alice's session" \
  grep -q "^access: active-session (default: logind runs); seat0: session $sa of uid $(id -u alice) (alice)" "$TMP/status-alice.txt"

# One watcher per user, for the whole scenario (they stay connected while paused).
declare -A WATCH=()
for who in alice bob root; do
  if [[ $who == root ]]; then
    timeout 600 transitionctl watch --json > "$TMP/$who.jsonl" 2> "$TMP/$who.err" &
  else
    AS_TIMEOUT=600 as "$who" transitionctl watch --json > "$TMP/$who.jsonl" 2> "$TMP/$who.err" &
  fi
  WATCH[$who]=$!
done
for who in alice bob root; do
  check "$who's watch is subscribed" wait_until 60 grep -q '"reply"' "$TMP/$who.jsonl"
done
# Touchégg's clients too (@touchegg, from 25-touchegg): the same delivery policy.
chmod 0755 "$TMP"
declare -A TOUCHEGG=()
for who in alice bob; do
  install -m 0666 /dev/null "$TMP/touchegg-$who.log"
  AS_TIMEOUT=600 as "$who" /usr/bin/python3 "$TOUCHEGG_CLIENT" "$TMP/touchegg-$who.log" --timeout 580 2> "$TMP/touchegg-$who.err" &
  TOUCHEGG[$who]=$!
done
for who in alice bob; do
  check "$who's Touchégg client connects" wait_until 60 grep -q '"event": "connected"' "$TMP/touchegg-$who.log"
done
touchegg_ends() { grep -c '"name": "OnGestureEnd"' "$TMP/touchegg-$1.log"; }
check "bob's watch is told that delivery is paused (inactive)" \
  wait_until 30 grep -q '"event":"delivery".*"state":"paused".*"reason":"inactive"' "$TMP/bob.jsonl"
uids=$(transitionctl status --json | jq -r '[.result.clients[].uid] | unique | map(tostring) | join(" ")')
check "the daemon sees the clients' real uids ($uids)" test "$uids" = "0 $(id -u alice) $(id -u bob)"

# count WHO PATTERN: lines of WHO's watch matching PATTERN. more WHO PATTERN N: more than N now.
# Waits call `more` so that the count is taken again at every poll.
count() { grep -c -- "$2" "$TMP/$1.jsonl"; }
more() { (( $(count "$1" "$2") > $3 )); }
ENDED='"event":"ended"'
ended() { count "$1" "$ENDED"; }
# swipe NAME [transition-vdev touchpad options]: a 3-finger swipe right on a new touchpad.
# Returns once the device is in use and the gesture has started; `swiped` waits for its end in
# root's watch (root sees every one), then lets the touchpad go (a node that goes takes its
# unread lift along).
swipe() {
  local name=$1 mark; shift
  mark=$(journal_mark)
  SWIPE_STOP=$TMP/stop-$name SWIPE_ENDED=$(ended root)
  "$VDEV" touchpad --fingers 3 --steps 60x8,0 --start-when "$TMP/go-$name" --stop-when "$SWIPE_STOP" "$@" > "$TMP/vdev-$name.out" 2>&1 &
  VDEV_PID=$!
  wait_until 60 grep -q '^created /dev/input/event' "$TMP/vdev-$name.out"
  local node; node=$(sed -n 's|^created ||p' "$TMP/vdev-$name.out")
  wait_journal "$mark" "using touchpad $node " 60 || fail "$name: the service uses $node" "no journal line"
  touch "$TMP/go-$name"
}
swiped() { wait_until 120 more root "$ENDED" "$SWIPE_ENDED"; touch "$SWIPE_STOP"; wait "$VDEV_PID"; }

# 1. tty1 in front: alice and root, not bob.
before_root=$(ended root) before_alice=$(ended alice) before_bob=$(ended bob)
swipe tty1; swiped
check "root's watch sees the swipe" wait_until 60 more root "$ENDED" "$before_root"
check "alice's watch sees it (her session is active)" wait_until 30 more alice "$ENDED" "$before_alice"
check "bob's watch does not (his session is in the background)" test "$(ended bob)" = "$before_bob"
check "alice's Touchégg client receives the swipe" wait_until 30 test "$(touchegg_ends alice)" = 1
check "bob's Touchégg client receives nothing" test "$(touchegg_ends bob)" = 0

# 2. chvt 2: bob's session in front; alice is paused, bob resumes with a snapshot.
chvt 2
check "bob's session is the active one after chvt 2" wait_until 60 active_is "$sb"
check "alice is told delivery is paused (inactive)" \
  wait_until 30 grep -q '"event":"delivery".*"state":"paused".*"reason":"inactive"' "$TMP/alice.jsonl"
check "bob is told delivery resumed" wait_until 30 grep -q '"event":"delivery".*"state":"resumed"' "$TMP/bob.jsonl"
check "bob gets a snapshot after resuming" \
  bash -c "grep -A3 '\"state\":\"resumed\"' '$TMP/bob.jsonl' | grep -q '\"event\":\"snapshot\"'"
before_root=$(ended root) before_alice=$(ended alice) before_bob=$(ended bob)
swipe tty2; swiped
check "root's watch sees the swipe on tty2" wait_until 60 more root "$ENDED" "$before_root"
check "bob's watch sees it" wait_until 30 more bob "$ENDED" "$before_bob"
check "alice's watch does not" test "$(ended alice)" = "$before_alice"
check "bob's Touchégg client receives the swipe on tty2" wait_until 30 test "$(touchegg_ends bob)" = 1
check "alice's Touchégg client does not" test "$(touchegg_ends alice)" = 1

# 3. A switch in the middle of a gesture: bob's in-flight transition ends for him with
#    session_changed, then completed (not finished), then the pause; root's runs to its end.
began_root=$(count root '"event":"began"') released_root=$(count root "$ENDED.*\"reason\":\"release\"")
swipe mid --hold 6
check "the held gesture has begun (root sees it)" \
  wait_until 60 more root '"event":"began"' "$began_root"
chvt 1
check "alice's session is active again" wait_until 60 active_is "$sa"
check "bob's gesture ends for him: cancel, reason session_changed" \
  wait_until 30 grep -q '"event":"ended".*"outcome":"cancel".*"reason":"session_changed"' "$TMP/bob.jsonl"
sequence=$(grep -A3 '"reason":"session_changed"' "$TMP/bob.jsonl" | jq -r 'if .event == "completed" then "completed:\(.finished)" elif .event == "delivery" then "delivery:\(.state)" else empty end' | head -n 2 | tr '\n' ' ')
check "then completed (not finished) and the pause ($sequence)" test "$sequence" = "completed:false delivery:paused "
swiped
check "root's watch sees the held gesture end by its release" wait_until 60 more root "$ENDED.*\"reason\":\"release\"" "$released_root"

# 4. The locked hint (a screen locker's SetLockedHint) on alice's active session pauses her.
path=$(busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager GetSession s "$sa" | awk '{print $2}' | tr -d '"')
if as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b true; then
  pass "alice's session sets its locked hint"
else
  fail "alice's session sets its locked hint" "busctl failed"
fi
check "alice is told delivery is paused (locked)" \
  wait_until 30 grep -q '"event":"delivery".*"state":"paused".*"reason":"locked"' "$TMP/alice.jsonl"
transitionctl status > "$TMP/status-locked.txt"
check "transitionctl status shows the session locked" grep -q "^access: .*session $sa of uid .*, locked" "$TMP/status-locked.txt"
before_root=$(ended root) before_alice=$(ended alice)
swipe locked; swiped
check "root's watch sees a swipe while locked" wait_until 60 more root "$ENDED" "$before_root"
check "alice's watch does not (her session is locked)" test "$(ended alice)" = "$before_alice"
trig=$(as alice transitionctl trigger swipe3-up 2>&1); code=$?
check "alice's trigger is refused while paused (exit $code: $trig)" \
  bash -c "[[ $code == 1 && '$trig' == *delivery_paused* ]]"
RESUMED='"event":"delivery".*"state":"resumed"'
resumed_before=$(count alice "$RESUMED")
as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b false
check "unlocking resumes alice" \
  wait_until 30 more alice "$RESUMED" "$resumed_before"

# 5. [access] mode = "group" (a reload): everyone in the group gets every event again.
config=/etc/transitiond/config.toml
cp "$config" "$TMP/config.toml.orig"
# The packaged file has an [access] table already: change its mode.
sed -i '/^\[access\]/,/^\[/ s/^mode = .*/mode = "group"/' "$config"
grep -q '^mode = "group"' "$config" || fail "the configuration says mode = group" "sed changed nothing"
mark=$(journal_mark)
systemctl reload transitiond
check "the reload states the group mode" wait_journal "$mark" 'access: group \(configured\)' 60
check "bob resumes in group mode" \
  wait_until 30 bash -c "grep '\"event\":\"delivery\"' '$TMP/bob.jsonl' | tail -n 1 | grep -q '\"state\":\"resumed\"'"
before_root=$(ended root) before_alice=$(ended alice) before_bob=$(ended bob)
swipe group; swiped
check "root's watch sees the swipe in group mode" wait_until 60 more root "$ENDED" "$before_root"
check "alice's watch sees it" wait_until 30 more alice "$ENDED" "$before_alice"
check "bob's watch sees it too (background session, group mode)" wait_until 30 more bob "$ENDED" "$before_bob"

# Leave the system as the later scenarios expect it: the packaged config, tty1 in front.
cp "$TMP/config.toml.orig" "$config"
mark=$(journal_mark)
systemctl reload transitiond
wait_journal "$mark" 'access: active-session' 60 || note "the restored config's reload was not seen"
for who in alice bob root; do kill "${WATCH[$who]}" 2>/dev/null; done
for who in alice bob; do touchegg_stop "$TMP/touchegg-$who.log"; done
wait 2>/dev/null
true
