# Settings without root (issue 25, item 4): alice's own ~/.config/transitiond/config.toml, sent by
# her `transitionctl run` while her session (tty1) is the active one, changes the transitions in
# force (a client sees them in transitions_changed and list); a broken file is refused with its
# line named and her previous settings stay; `chvt 2` (bob's session in front) reverts to the
# system's; a fixed file is refused while bob is in front and applied again once alice is back.
source "$(dirname "$0")/../lib.sh"
sa=$(session_of alice) sb=$(session_of bob)
check "alice (session $sa) and bob (session $sb) are logged in on seat0" test -n "$sa" -a -n "$sb"
chvt 1
check "alice's session is the active one (tty1)" wait_until 60 active_is "$sa"
unit_state active/running || answered alice

home=/home/alice
settings=$home/.config/transitiond/config.toml
as alice mkdir -p "$home/.config/transitiond"
write_settings() { as alice tee "$settings.tmp" > /dev/null && as alice mv "$settings.tmp" "$settings"; }

# Root's watcher: every transitions_changed, whoever's session is in front.
timeout 600 transitionctl watch --json > "$TMP/root.jsonl" 2> "$TMP/root.err" &
WATCH=$!
check "root's watch is subscribed" wait_until 60 grep -q '"reply"' "$TMP/root.jsonl"
changes() { grep -c '"event":"transitions_changed"' "$TMP/root.jsonl"; }
more_changes() { (( $(changes) > $1 )); }
last_change_has() { grep '"event":"transitions_changed"' "$TMP/root.jsonl" | tail -n 1 | jq -e "$1" > /dev/null; }
listed() { transitionctl list --json | jq -e "$1" > /dev/null; }
HAS_LAUNCHER='[.transitions[] | select(.name == "alice-launcher")] | length == 1'
# list --json prints the reply's result or the whole reply, by version: look in either.
HAS_LAUNCHER_LIST='[(.result.transitions // .transitions)[] | select(.name == "alice-launcher")] | length == 1'
SWIPE4_ON_LEFT='[(.result.transitions // .transitions)[] | select(.name == "swipe3-left") | .gestures[].name] == ["swipe4-left"]'

# 1. A valid file: a new transition and a rebound one.
write_settings <<'TOML'
# alice's own gestures
[[transition]]
name = "swipe3-left"
binding = "swipe4-left"
finish_threshold = 0.3

[[transition]]
name = "alice-launcher"
binding = "padtap4"
TOML
before=$(changes) mark=$(journal_mark)
chmod 0755 "$TMP"
install -m 0666 /dev/null "$TMP/runner.pid"
AS_TIMEOUT=600 as alice env HOME="$home" XDG_CONFIG_HOME="$home/.config" \
  sh -c 'echo $$ > "$1"; exec transitionctl run' sh "$TMP/runner.pid" > "$TMP/runner.log" 2>&1 &
check "alice's runner connects" wait_until 60 grep -q 'connected to transitiond' "$TMP/runner.log"
check "her settings are in force (runner)" wait_until 60 grep -q "settings from $settings in force" "$TMP/runner.log"
check "the journal names uid $(id -u alice)'s settings" wait_journal "$mark" "settings of uid $(id -u alice) .* in force" 60
check "root's watch gets transitions_changed with alice-launcher" wait_until 30 more_changes "$before"
check "the new list has alice-launcher" last_change_has "$HAS_LAUNCHER"
check "transitionctl list shows alice-launcher" listed "$HAS_LAUNCHER_LIST"
check "transitionctl list shows swipe3-left driven by swipe4-left" listed "$SWIPE4_ON_LEFT"

# 2. A broken file: refused with its line named; her settings stay.
before=$(changes) mark=$(journal_mark)
write_settings <<'TOML'
[[transition]]
name = "alice-launcher"

[server]
max_clients = 1
TOML
check "the runner names the line of the problem" \
  wait_until 60 grep -q "$settings:4:1: \[server\] (connection limits) is the system's" "$TMP/runner.log"
check "the journal says they were refused" wait_journal "$mark" "settings of uid $(id -u alice) .*refused, keeping the settings in force" 60
check "no transitions_changed for a refused file" test "$(changes)" = "$before"
check "alice-launcher is still listed (the old settings stay)" listed "$HAS_LAUNCHER_LIST"

# 3. bob's session in front: the system's settings are back.
before=$(changes) mark=$(journal_mark)
chvt 2
check "bob's session is the active one after chvt 2" wait_until 60 active_is "$sb"
check "root's watch gets transitions_changed" wait_until 60 more_changes "$before"
check "the new list has no alice-launcher" last_change_has '[.transitions[] | select(.name == "alice-launcher")] | length == 0'
check "transitionctl list no longer shows alice-launcher" listed '[(.result.transitions // .transitions)[] | select(.name == "alice-launcher")] | length == 0'
check "the journal says her settings ended" wait_journal "$mark" 'user settings ended \(uid .* no longer the user of the active session' 60

# 4. A fixed file while bob is in front: not permitted; applied again when alice is back.
before=$(changes)
write_settings <<'TOML'
[[transition]]
name = "alice-launcher"
binding = "padtap4"
TOML
check "the runner is told only the active session's user may send settings" \
  wait_until 60 grep -q 'only the user of the active session' "$TMP/runner.log"
check "nothing changed for bob" test "$(changes)" = "$before"
chvt 1
check "alice's session is active again" wait_until 60 active_is "$sa"
check "her runner sends them again: alice-launcher is back" wait_until 60 listed "$HAS_LAUNCHER_LIST"
check "swipe3-left has the system's binding again" \
  listed '[(.result.transitions // .transitions)[] | select(.name == "swipe3-left") | .gestures[].name] == ["swipe3-left"]'

# 5. The runner stops: the system's settings are back.
before=$(changes)
kill "$(cat "$TMP/runner.pid")" 2>/dev/null
check "root's watch gets transitions_changed when the runner disconnects" wait_until 60 more_changes "$before"
check "transitionctl list no longer shows alice-launcher" listed '[(.result.transitions // .transitions)[] | select(.name == "alice-launcher")] | length == 0'

kill "$WATCH" 2>/dev/null
rm -rf "$home/.config/transitiond"
wait 2>/dev/null
true
