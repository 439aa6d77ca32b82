# shellcheck shell=bash
# SPDX-License-Identifier: MIT
# The focus-and-keys phase of tests/gnome/run, sourced by it after its numbered phases, GNOME
# Shell up with the extension enabled: per-application actions and keys of `transitionctl run`
# through the extension (issue 31, items 2 and 3; docs/gnome.md, "Actions per application and
# keys"). It uses run's helpers (user, shell, is, until_ok, say, fail), $tmp, $bin and $socket.
# On GNOME Shell's Wayland display, two windows: foot (app id A) and wev (printing its key
# events); a real transitiond (--no-input) whose transitions `transitionctl trigger` runs, and the
# real `transitionctl run`, as nobody like GNOME Shell, with XDG_CURRENT_DESKTOP=GNOME:
#   a. the runner believes only GNOME Shell's connection (gdbus's reports get AccessDenied), and
#      follows focus through the extension, as `transitionctl desktop focus` beside it does
#      (GNOME's focus window, moved with Meta.Window.activate): `app = "A"` runs only with A
#      focused, `not_apps = ["A"]` only with wev focused (transitions run by `transitionctl
#      trigger`); a replayed swipe on a daemon of its own with A focused runs only A's action, for
#      a second runner following beside the first;
#   b. `keys = "h i shift+x Return"` reach wev through the extension's Clutter virtual keyboard,
#      no uinput key service involved (the runner says it presses through gnome-shell); with
#      GNOME's input source German, keys "z y" type z y (resolved with GNOME's keymap);
#   c. refused: a system key by the runner (`transitionctl desktop keys XF86PowerOff`), KEY_POWER
#      by the extension itself (gdbus renamed transitionctl, which passes the caller check), a
#      caller that is not transitionctl (gdbus), and keys while GNOME is in its lock screen's
#      session mode (`unlock-dialog`, pushed as GNOME's screen shield does: headless GNOME
#      without GDM and logind has no screen shield to lock); nothing of it reaches wev;
#   d. the extension disabled: the runner drops the focus (the extension's `Stopped`), and
#      follows it again once the extension is back.
# Time: about 13 s on a busy 2-core machine (printed: "focus and keys: done in").
phase=$(date +%s%N)
gjs -m tests/gnome/runner-unit.js
[[ -x $bin/transitionctl ]] || swift build --product transitionctl > /dev/null
until_ok 10 test -S "$tmp/run/wayland-0" || fail "GNOME Shell has no Wayland display wayland-0"
# A client of GNOME's session: its Wayland display and session bus, as nobody.
client() { user env WAYLAND_DISPLAY=wayland-0 XDG_CURRENT_DESKTOP=GNOME "$@"; }
windows() { shell 'global.get_window_actors().map(a => a.meta_window.get_wm_class()).sort()'; }
# focus CLASS: GNOME activates the window of WM_CLASS CLASS (until it has the focus, 5 s at most).
focus() {
  until_ok 5 is "(global.get_window_actors().map(a => a.meta_window).find(w => w.get_wm_class() === '$1')
       .activate(global.get_current_time()), global.display.focus_window?.get_wm_class())" "\"$1\""
}
has() { grep -q -- "$2" "$1"; }
ran() { [[ $(cat "$tmp/run/ran" 2>/dev/null) == "$1" ]]; }

client foot --app-id A --title "window A" sleep 600 > "$tmp/foot.log" 2>&1 &
pids+=($!)
client stdbuf -oL wev -f wl_keyboard > "$tmp/wev.log" 2>&1 < /dev/null &
pids+=($!)
until_ok 20 is "['A', 'wev'].every(c => global.get_window_actors().some(a => a.meta_window.get_wm_class() === c))" true ||
  fail "windows A and wev did not show: $(windows)"

user "$bin/transitiond" --no-input --socket "$socket" > "$tmp/daemon5.log" 2>&1 &
pids+=($!)
until_ok 10 test -S "$socket" || fail "transitiond did not start"
cat > "$tmp/actions.toml" <<TOML
[[action]]
transition = "swipe4-left"
on = "began"
app = "A"
command = "echo A >> '$tmp/run/ran'"

[[action]]
transition = "swipe4-left"
on = "began"
not_apps = ["A"]
command = "echo NOT-A >> '$tmp/run/ran'"

[[action]]
transition = "swipe4-right"
on = "finish"
apps = ["wev"]
keys = "h i shift+x Return"
TOML
chmod 644 "$tmp/actions.toml"
focus A || fail "GNOME did not focus A: $(shell 'global.display.focus_window?.get_wm_class()')"
client "$bin/transitionctl" run --verbose --config "$tmp/actions.toml" --socket "$socket" > "$tmp/run.log" 2>&1 &
runner=$!
pids+=("$runner")
until_ok 10 has "$tmp/run.log" "connected to" || fail "the runner did not connect"
until_ok 10 has "$tmp/run.log" "following focus through gnome-shell; focus: A “window A”" ||
  fail "the runner does not follow focus through the extension, or did not see A focused at its start"
until_ok 10 has "$tmp/run.log" "pressing keys through gnome-shell" || fail "the runner does not press keys through the extension"
# transitionctl desktop focus beside it, through the same extension.
client "$bin/transitionctl" desktop focus > "$tmp/focus.log" 2> "$tmp/focus-errors.log" &
pids+=($!)
until_ok 10 has "$tmp/focus.log" '^{"app":"A",' || fail "transitionctl desktop focus printed: $(cat "$tmp/focus.log" "$tmp/focus-errors.log")"
trigger() { (user "$bin/transitionctl" trigger "$1" --wait --socket "$socket") > /dev/null; }

# Only GNOME Shell is believed: another client of the session bus (gdbus) that tells the runner
# that wev has the focus, or that the reports stopped, gets AccessDenied, and the runner keeps A.
# (Its focus source's connection: the key sender connects for each press only.)
runner_names=()
for name in $(user gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.ListNames |
                grep -o "':[0-9.]*'" | tr -d "'"); do
  if [[ $( (user gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
             -m org.freedesktop.DBus.GetConnectionUnixProcessID "$name") 2>/dev/null) == "(uint32 $runner,)" ]]; then
    runner_names+=("$name")
  fi
done
((${#runner_names[@]} == 1)) || fail "the runner has ${#runner_names[@]} connections to the session bus, not its focus source's alone"
forge() {  # forge NAME METHOD ARGS...: NAME's org.transitiond.Focus1.METHOD called by gdbus
  (user gdbus call --session --timeout 3 -d "$1" -o /org/transitiond/Focus -m "org.transitiond.Focus1.$2" "${@:3}") 2>&1 || true
}
for name in "${runner_names[@]}"; do
  for call in "Activated wev wev forged" Stopped; do
    # shellcheck disable=SC2086 # the method and its arguments, split
    out=$(forge "$name" $call)
    [[ $out == *AccessDenied* ]] || fail "the runner's $name answered gdbus's $call with: $out"
  done
done
sleep 0.2
! has "$tmp/run.log" "focus: wev\|lost the focus" || fail "the runner believed gdbus: $(tail -3 "$tmp/run.log")"
say "focus and keys a: the runner believes only GNOME Shell: gdbus's Activated and Stopped got AccessDenied"

# a. Per application, following GNOME's focus.
trigger swipe4-left
until_ok 10 ran "A" || fail "with A focused, ran: $(cat "$tmp/run/ran" 2>/dev/null)"
focus wev || fail "GNOME did not focus wev"
until_ok 10 has "$tmp/run.log" "focus: wev" || fail "the runner did not see wev focused"
trigger swipe4-left
until_ok 10 ran $'A\nNOT-A' || fail "with wev focused, ran: $(cat "$tmp/run/ran")"
say "focus and keys a: app = \"A\" ran only with A focused, not_apps = [\"A\"] only with wev focused (GNOME's focus, through the extension)"
until_ok 5 has "$tmp/focus.log" '^{"app":"wev",' || fail "transitionctl desktop focus printed: $(cat "$tmp/focus.log")"
say "focus and keys a: transitionctl desktop focus printed $(jq -c .app "$tmp/focus.log" | tr '\n' ' ')beside the runner"

# A replayed gesture (the recorded left swipe, 5 s after its daemon starts) on a daemon of its own,
# which the extension does not use (it would switch GNOME's workspace, and the focus with it),
# followed by a second runner: the first's focus source and this one's are followed at once.
focus A || fail "GNOME did not focus A"
first=$(head -1 examples/traces/swipe-left-finish.jsonl | jq .time_us)
{
  echo '{"type":"device_removed","device":9,"time_us":0}'
  jq -c --argjson shift "$((5000000 - first))" '.time_us += $shift' examples/traces/swipe-left-finish.jsonl
} > "$tmp/replayed.jsonl"
sed -e 's/swipe4-left/swipe3-left/' -e "s|run/ran|run/replayed|" "$tmp/actions.toml" > "$tmp/replayed.toml"
chmod 644 "$tmp/replayed.jsonl" "$tmp/replayed.toml"
user "$bin/transitiond" --no-input --socket "$tmp/run/replay.sock" --replay "$tmp/replayed.jsonl" --exit-after-replay \
  > "$tmp/daemon-replay.log" 2>&1 &
replaying=$!
pids+=("$replaying")
until_ok 10 test -S "$tmp/run/replay.sock" || fail "the replaying transitiond did not start"
client "$bin/transitionctl" run --verbose --config "$tmp/replayed.toml" --socket "$tmp/run/replay.sock" > "$tmp/run-replay.log" 2>&1 &
pids+=($!)
until_ok 10 has "$tmp/run-replay.log" "following focus through gnome-shell; focus: A “window A”" ||
  fail "the second runner does not follow focus through the extension: $(cat "$tmp/run-replay.log")"
until_ok 10 bash -c "! kill -0 $replaying 2>/dev/null" || fail "the replaying transitiond did not exit after its replay"
[[ $(cat "$tmp/run/replayed" 2>/dev/null) == A ]] || fail "the replayed swipe with A focused ran: $(cat "$tmp/run/replayed" 2>/dev/null)"
say "focus and keys a: a replayed swipe with A focused ran app = \"A\" only, for a second runner following GNOME's focus beside the first"
focus wev || fail "GNOME did not focus wev"

# b. Keys through the extension's virtual keyboard, no key service.
[[ ! -e /run/transitiond/keys.sock ]] || say "(a key service socket exists on this host; the runner does not use it: it said gnome-shell)"
until_ok 10 has "$tmp/wev.log" "wl_keyboard] enter" || fail "wev's keyboard did not enter"
wev_from=$(($(wc -l < "$tmp/wev.log") + 1))
wev_has() { tail -n +"$wev_from" "$tmp/wev.log" | grep -q -- "$1"; }
trigger swipe4-right
until_ok 10 wev_has "sym: Return" || fail "the keys did not reach wev: $(tail -5 "$tmp/run.log")"
typed=$(tail -n +"$wev_from" "$tmp/wev.log" | awk '/\(pressed\)/ {p = 1; next} p && /sym:/ {p = 0; if ($2 !~ /^Shift/) print $2}' | tr '\n' ' ')
[[ $typed == "h i X Return " ]] || fail "wev received (pressed): $typed"
released=$(tail -n +"$wev_from" "$tmp/wev.log" | grep -c '(released)' || true)
pressed=$(tail -n +"$wev_from" "$tmp/wev.log" | grep -c '(pressed)' || true)
((pressed == released)) || fail "wev saw $pressed keys pressed and $released released"
say "focus and keys b: keys = \"h i shift+x Return\" reached wev through the extension's virtual keyboard ($pressed down, $released up)"

# GNOME's layout, not the runner's: with GNOME's input source German (z and y swapped), the
# extension's KEY_Z types y in GNOME, and `transitionctl desktop keys "z y"` (the runner's key
# sender) types z y, resolved with the keymap GNOME gives its seat. Then back to GNOME's default.
mkdir -p "$tmp/renamed"
cp "$(command -v gdbus)" "$tmp/renamed/transitionctl"
chmod 755 "$tmp/renamed" "$tmp/renamed/transitionctl"
press() {  # press PROGRAM STROKES: PressKeys(a(qb)) called by PROGRAM (a gdbus); its output
  (client "$1" call --session -d org.gnome.Shell -o /org/transitiond/Extension \
    -m org.transitiond.Extension1.PressKeys "$2") 2>&1 || true
}
sources="new Gio.Settings({schema_id: 'org.gnome.desktop.input-sources'})"
shell "($sources.set_value('sources', new GLib.Variant('a(ss)', [['xkb', 'de']])), true)" > /dev/null
wev_symbols() { tail -n +"$wev_from" "$tmp/wev.log" | awk '/\(pressed\)/ {p = 1; next} p && /sym:/ {p = 0; print $2}' | tr '\n' ' '; }
german() {  # KEY_Z types y: GNOME's keymap is German
  wev_from=$(($(wc -l < "$tmp/wev.log") + 1))
  press "$tmp/renamed/transitionctl" '[(44, true), (44, false)]' > /dev/null
  until_ok 3 bash -c "tail -n +$wev_from '$tmp/wev.log' | grep -q 'sym: '"
  [[ $(wev_symbols) == "y " ]]
}
until_ok 10 german || fail "GNOME's keymap did not become German: KEY_Z typed $(wev_symbols)"
wev_from=$(($(wc -l < "$tmp/wev.log") + 1))
out=$( (client "$bin/transitionctl" desktop keys "z y") 2>&1) || fail "transitionctl desktop keys \"z y\" failed: $out"
until_ok 10 bash -c "[[ \$(tail -n +$wev_from '$tmp/wev.log' | grep -c '(pressed)') == 2 ]]" || fail "not two keys in wev: $(wev_symbols)"
[[ $(wev_symbols) == "z y " ]] || fail "with GNOME's German layout, keys \"z y\" typed: $(wev_symbols)"
shell "($sources.reset('sources'), true)" > /dev/null
say "focus and keys b: with GNOME's input source German, keys \"z y\" typed z y (GNOME's keymap, read from its seat)"

# c. Refusals: nothing of these reaches wev.
wev_from=$(($(wc -l < "$tmp/wev.log") + 1))
if out=$( (client "$bin/transitionctl" desktop keys XF86PowerOff) 2>&1); then fail "transitionctl desktop keys XF86PowerOff succeeded"; fi
[[ $out == *"never pressed"*KEY_POWER* ]] || fail "transitionctl desktop keys XF86PowerOff said: $out"
out=$(press "$tmp/renamed/transitionctl" '[(116, true), (116, false)]')
[[ $out == *AccessDenied*KEY_POWER* ]] || fail "the extension did not refuse KEY_POWER: $out"
out=$(press "$tmp/renamed/transitionctl" '[(56, true), (99, true), (48, true), (48, false), (99, false), (56, false)]')
[[ $out == *AccessDenied*SysRq* ]] || fail "the extension did not refuse Alt+SysRq+B: $out"
out=$(press gdbus '[(35, true), (35, false)]')
[[ $out == *AccessDenied*"only transitionctl may ask"* ]] || fail "the extension took keys from gdbus: $out"
# GNOME's lock screen mode (what its screen shield pushes): GNOME disables the extensions that do
# not list `unlock-dialog` in their session-modes, this one among them, so nothing answers; were
# it enabled, it would refuse (keyPresser.js: `Main.sessionMode.isLocked`).
from=$(wc -l < "$tmp/run.log")
shell "Main.sessionMode.pushMode('unlock-dialog')" > /dev/null
until_ok 5 is 'Main.sessionMode.isLocked' true || fail "GNOME did not enter its lock screen's mode"
out=$(press "$tmp/renamed/transitionctl" '[(35, true), (35, false)]')
[[ $out == *"screen is locked"* || $out == *UnknownMethod* || $out == *UnknownObject* ]] || fail "keys were taken while locked: $out"
trigger swipe4-right
shell "Main.sessionMode.popMode('unlock-dialog')" > /dev/null
until_ok 5 is 'Main.sessionMode.isLocked' false || fail "GNOME did not leave its lock screen's mode"
sleep 0.5   # anything pressed would have reached wev by now
! wev_has "(pressed)" || fail "wev received keys that were refused: $(tail -n +"$wev_from" "$tmp/wev.log" | grep -A1 '(pressed)')"
locked=${out#*Error.}
say "focus and keys c: refused, nothing reaching wev: XF86PowerOff by the runner, KEY_POWER and Alt+SysRq+B by the extension, gdbus as a caller, and keys while locked (the extension answered ${locked%%:*}; the runner: $(tail -n +"$from" "$tmp/run.log" | grep -o 'lost the focus\|cannot press [^:]*' | head -1))"
until_ok 15 bash -c "tail -n +$from '$tmp/run.log' | grep -q 'following focus again through gnome-shell\|focus: wev'" ||
  fail "the runner did not follow the focus again after the lock screen's mode: $(tail -3 "$tmp/run.log")"

# d. The extension disabled and enabled again: the runner drops GNOME's focus, then follows it again.
from=$(wc -l < "$tmp/run.log")
(user gdbus call --session -d org.gnome.Shell -o /org/gnome/Shell -m org.gnome.Shell.Extensions.DisableExtension "$uuid") > /dev/null
until_ok 10 bash -c "tail -n +$from '$tmp/run.log' | grep -q 'lost the focus'" || fail "the runner did not drop the focus when the extension was disabled"
(user gdbus call --session -d org.gnome.Shell -o /org/gnome/Shell -m org.gnome.Shell.Extensions.EnableExtension "$uuid") > /dev/null
until_ok 15 bash -c "tail -n +$from '$tmp/run.log' | grep -q 'following focus again through gnome-shell'" ||
  fail "the runner did not follow the focus again once the extension was back: $(tail -3 "$tmp/run.log")"
say "focus and keys d: the extension disabled: the runner dropped the focus; enabled again: followed it again"
say "focus and keys: done in $((($(date +%s%N) - phase) / 1000000)) ms"
