# The uinput key service (issue 25): off after installation (its socket disabled, nothing
# listening); once enabled, alice's keys, sent while her session is the active one, come out of
# the virtual keyboard as `libinput debug-events` reads them; bob's (his session in the
# background) are refused and press nothing, mallory (not in the transitiond group) cannot
# connect; after `chvt 2` it is the other way round; a burst past the rate limit is refused; the
# journal says who sent what; disabled again, the keyboard goes away. Issue 32: only processes
# *in* the active session may press keys (alice's uid from outside her session, through runuser or
# as a system service, is refused), but a service of her own systemd manager counts as hers, as
# polkit counts it, whoever had the manager start it, and is refused once bob's session is in
# front (docs/service.md, "The peer rule and its limits"); Alt+SysRq+S, KEY_POWER and Ctrl+Alt+Delete are refused and
# the kernel logs no `sysrq:` line; the lock state is read for each request.
# The users press keys as the runner does: `transitionctl desktop keys` with no display set opens
# the uinput key service (DesktopSession.openKeySender, at DesktopSession.defaultKeyServiceSocket).
# A few lines of Python speaking the service's line protocol (docs/service.md) are kept for what
# transitionctl never sends: malformed requests, a burst past the rate limit, and connections
# that send nothing: bob's 32 idle ones (not the active user: each refused and answered at
# accept, none holds a slot, so alice still gets in), alice's 5 (the 5th past her cap of 4; the 4 closed once idle 5 s).
# The users' requests come from inside their own seat0 session (in_session), as their desktop's
# programs would; `as` (runuser from root) is outside any session.
# Run alone: e2e/systemd/run '[013][06]-[bik]*' (00-boot, 10-install, then this).
source "$(dirname "$0")/../lib.sh"
# in_session USER COMMAND...: COMMAND as USER from inside USER's seat0 session: the shell moves
# itself into the session's scope (its cgroup, which sd_pid_get_session reads) and execs runuser.
# A user with no session on seat0 (mallory) runs as `as` does.
in_session() {
  local user=$1; shift
  local session scope
  session=$(session_of "$user")
  [[ -n $session ]] || { as "$user" "$@"; return; }
  scope=/sys/fs/cgroup/user.slice/user-$(id -u "$user").slice/$(loginctl show-session "$session" -p Scope --value)
  timeout "${AS_TIMEOUT:-90}" bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec runuser -u "$0" -- "$@"' "$user" "$scope" "$@"
}
# in_manager USER COMMAND...: COMMAND as the service $MANAGER_UNIT of USER's own systemd manager
# (user@UID.service), where GNOME and KDE Plasma start every application (app-*.service or
# .scope): `systemd-run --user` over the manager's private socket in $XDG_RUNTIME_DIR, asked by
# a process of USER's outside any session (runuser from root, as an ssh login or a cron job of
# theirs could). Prints COMMAND's output and returns its status.
in_manager() {
  local user=$1 out=$TMP/$MANAGER_UNIT.out status; shift
  chmod 0755 "$TMP"; install -m 0666 /dev/null "$out"
  as "$user" env XDG_RUNTIME_DIR="/run/user/$(id -u "$user")" systemd-run --user --quiet --collect --unit="$MANAGER_UNIT" \
    -p StandardOutput="append:$out" -p StandardError="append:$out" /bin/sh -c '"$@"; echo "exit $?"' sh "$@" || return
  wait_until 90 grep -q '^exit [0-9]*$' "$out" || { cat "$out"; echo "in_manager: $MANAGER_UNIT did not finish"; return 124; }
  status=$(sed -n 's/^exit \([0-9]*\)$/\1/p' "$out" | tail -n 1)
  grep -v '^exit [0-9]*$' "$out"
  return "$status"
}
modprobe uinput 2>/dev/null || true
KEYS_SOCKET=/run/transitiond/keys.sock
# keys WHO LINE...: WHO connects, sends each LINE and prints each answer (or "connect-error ERRNO").
KEYS_PY='
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    s.connect(sys.argv[1])
except OSError as e:
    print("connect-error", e.errno, e.strerror)
    sys.exit(0)
s.settimeout(60)
f = s.makefile("rw")
for line in sys.argv[2:]:
    f.write(line + "\n")
f.flush()
for _ in sys.argv[2:]:
    print(f.readline().rstrip("\n"))
'
keys() {
  local who=$1; shift
  if [[ $who == root ]]; then timeout 90 python3 -c "$KEYS_PY" "$KEYS_SOCKET" "$@"
  else in_session "$who" python3 -c "$KEYS_PY" "$KEYS_SOCKET" "$@"; fi
}
# hold WHO N OUT: WHO opens N connections and sends nothing. OUT gets "open N" once they are
# connected, then "closed LINE" for each the service closes, LINE the first it wrote on it, and
# "still-open" for each still open when `release` closes the job's stdin (a FIFO).
HOLD_PY='
import select, socket, sys
socks = []
for _ in range(int(sys.argv[2])):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(sys.argv[1])
    except OSError as e:
        print("connect-error", e.errno, flush=True)
        continue
    socks.append(s)
print("open", len(socks), flush=True)
got = {s: b"" for s in socks}
live = set(socks)
while live:
    ready = select.select(list(live) + [sys.stdin], [], [], 300)[0]
    if not ready or sys.stdin in ready:
        break
    for s in ready:
        data = s.recv(4096)
        if data:
            got[s] += data
        else:
            print("closed", got[s].decode().split("\n")[0], flush=True)
            live.discard(s)
for s in live:
    print("still-open", flush=True)
'
HOLD_FD=
hold() {
  local who=$1 n=$2 out=$3
  rm -f "$out.release"; mkfifo "$out.release"
  in_session "$who" python3 -c "$HOLD_PY" "$KEYS_SOCKET" "$n" < "$out.release" > "$out" 2>&1 &
  HOLD_PID=$!
  exec {HOLD_FD}> "$out.release"
}
release() { exec {HOLD_FD}>&-; wait "$HOLD_PID" 2>/dev/null; true; }
count_lines() { grep -c -- "$2" "$1" 2>/dev/null; }
# press WHO TEXT [LAUNCHER]: WHO presses TEXT ("ctrl+a") through transitionctl, from inside their
# session (LAUNCHER in_session, the default) or from outside any (as); prints its words, then "exit N".
press() {
  local who=$1 text=$2 launcher=${3:-in_session} status=0 out
  out=$("$launcher" "$who" env -u DISPLAY -u WAYLAND_DISPLAY XKB_DEFAULT_LAYOUT=us transitionctl desktop keys "$text" 2>&1) || status=$?
  [[ -z $out ]] || printf '%s\n' "$out"
  echo "exit $status"
}
oneline() { printf '%s' "$1" | tr '\n' '|'; }
kjournal() { journalctl -u transitiond-keys -b --no-pager -o cat; }
# refusals_quiet: no refusal logged in the last 10.5 s, so the next is logged at once, in full
# (docs/service.md: the first after a quiet 10 s; the rest in a summary at its end).
refusals_quiet() {
  local last
  last=$(journalctl -u transitiond-keys -b --no-pager -o short-unix | grep -E '^[0-9.]+ [^ ]+ [^ ]+: refused ' | tail -n 1 | cut -d ' ' -f 1)
  [[ -z $last ]] || (( $(date +%s%6N) - ${last/./} > 10500000 ))
}
# The key events libinput reports, as "KEY_A (30) pressed" lines, in order.
read_keys() { grep -o 'KEY_[A-Z0-9_]* ([0-9]*) \(pressed\|released\)' "$TMP/debug-events.txt"; }
key_count() { read_keys | wc -l; }
starts() { [[ $1 == "$2"* ]]; }
line_of() { sed -n "$2p" <<<"$1"; }

# 1. Off until an administrator turns it on.
check "transitiond-keys.socket is installed" test -e /usr/lib/systemd/system/transitiond-keys.socket
check "transitiond-keys.socket is not enabled" bash -c '[[ $(systemctl is-enabled transitiond-keys.socket) == disabled ]]'
check "nothing listens on $KEYS_SOCKET" test ! -e "$KEYS_SOCKET"
out=$(press alice a)
check "transitionctl desktop keys says the service is off ($(oneline "$out"))" \
  bash -c '[[ $1 == *"the uinput key service is off"* && $1 == *"systemctl enable --now transitiond-keys.socket"* && $1 == *"exit 69" ]]' _ "$out"

# 2. On.
systemctl enable --now transitiond-keys.socket
check "transitiond-keys.socket listens once enabled" wait_until 30 systemctl is-active --quiet transitiond-keys.socket
check "the keys socket is root:transitiond 0660" test "$(stat -c '%U:%G %a' "$KEYS_SOCKET" 2>&1)" = "root:transitiond 660"
sa=$(session_of alice) sb=$(session_of bob)
chvt 1
check "alice's session ($sa) is the active one" wait_until 60 active_is "$sa"
# 35-sessions sets and clears alice's locked hint; make sure it is clear.
path=$(busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager GetSession s "$sa" | awk '{print $2}' | tr -d '"')
as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b false || note "could not clear alice's locked hint"

# The reader first: libinput on seat0 (udev), which adds the keyboard when it appears.
libinput debug-events --show-keycodes > "$TMP/debug-events.txt" 2>&1 &
READER=$!
check "libinput debug-events runs" wait_until 60 grep -q DEVICE_ADDED "$TMP/debug-events.txt"
# A connection that sends nothing starts the service (socket activation) and so the keyboard.
keys root > /dev/null
check "the service starts on the first connection" wait_until 60 systemctl is-active --quiet transitiond-keys.service
keys_pid=$(systemctl show -P MainPID transitiond-keys.service)
check "the service runs as its own system user, not root ($(stat -c %U "/proc/$keys_pid" 2>&1))" \
  test "$(stat -c %U "/proc/$keys_pid" 2>&1)" = transitiond-keys
check "udev gives /dev/uinput to the transitiond-keys group ($(stat -c '%U:%G %a' /dev/uinput 2>&1))" \
  test "$(stat -c '%U:%G %a' /dev/uinput 2>&1)" = "root:transitiond-keys 660"
check "the journal names the keyboard" wait_until 60 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -q 'keyboard /dev/input/event'"
node=$(kjournal | sed -n 's|.*keyboard \(/dev/input/event[0-9]*\) .*|\1|p' | tail -n 1)
check "libinput adds the virtual keyboard ($node)" wait_until 60 grep -q 'DEVICE_ADDED.*transitiond virtual keyboard' "$TMP/debug-events.txt"
caps=$(udevadm info --query=property --name="$node" 2>/dev/null | grep -E '^ID_INPUT_(KEYBOARD|KEY|MOUSE|TOUCHPAD|TABLET|JOYSTICK|POINTINGSTICK|TOUCHSCREEN)=1' | sort | tr '\n' ' ')
check "udev sees a keyboard and nothing else ($caps)" test "$caps" = "ID_INPUT_KEY=1 ID_INPUT_KEYBOARD=1 "
check "its only event types are EV_SYN and EV_KEY" \
  bash -c "grep -A9 'N: Name=\"transitiond virtual keyboard\"' /proc/bus/input/devices | grep -q '^B: EV=3\$'"

# 3. alice's keys (ctrl+a) reach libinput.
out=$(press alice "ctrl+a")
check "alice's ctrl+a through transitionctl desktop keys is accepted ($(oneline "$out"))" test "$out" = "exit 0"
check "libinput reads ctrl+a from the keyboard" wait_until 30 bash -c "[[ \$(grep -o 'KEY_[A-Z0-9_]* ([0-9]*) \(pressed\|released\)' '$TMP/debug-events.txt' | tr '\n' ' ') == 'KEY_LEFTCTRL (29) pressed KEY_A (30) pressed KEY_A (30) released KEY_LEFTCTRL (29) released ' ]]"
uid_alice=$(id -u alice) uid_bob=$(id -u bob)
check "the journal says alice sent 2 keys in session $sa" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -q 'uid $uid_alice (alice) pid [0-9]* session $sa: pressed 2 keys'"

# 3b. Issue 32: alice's uid is not enough. From outside her session (runuser from root, a system
#     service of hers, as cron would be; her own systemd manager, where GNOME and KDE run applications, counts as her session, as polkit counts it) nothing is pressed.
before=$(key_count)
out=$(press alice a as)
check "alice's uid from outside any session is refused ($(oneline "$out"))" \
  bash -c '[[ $1 == *"presses keys only for the user of the active session"* && $1 == *"in no login session"* && $1 == *"exit 1" ]]' _ "$out"
out=$(timeout 90 systemd-run --quiet --wait --pipe --uid=alice --setenv=XKB_DEFAULT_LAYOUT=us transitionctl desktop keys a 2>&1; echo "exit $?")
check "a system service running as alice is refused ($(oneline "$out"))" \
  bash -c '[[ $1 == *"in no login session"* && $1 != *"exit 0" ]]' _ "$out"
check "the journal says why" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -q 'refused 2 key strokes from uid $uid_alice (alice) pid [0-9]* session none: the peer is in no login session'"
check "nothing was pressed from outside the session" test "$(key_count)" = "$before"

# 3c. Issue 32: a process of alice's own systemd manager (user@UID.service: a GNOME or Plasma
#     application, transitiond-actions.service) is in no session, and counts as hers while her
#     session is the active one, as polkit counts it (docs/service.md). The documented limit:
#     whoever asked her manager to start it (here runuser from root, outside any session) does
#     not matter.
#     Her manager started with her first login, before 10-install put her in the transitiond
#     group, and keeps the groups it started with: restarted (as logging out and in would), it
#     has the group.
systemctl restart "user@$uid_alice.service"
manager_pid=$(systemctl show -P MainPID "user@$uid_alice.service")
check "alice's systemd manager, restarted, is in the transitiond group" \
  bash -c "grep '^Groups:' /proc/$manager_pid/status | grep -qw $(getent group transitiond | cut -d: -f3)"
before=$(key_count)
MANAGER_UNIT=app-e2e-keys-front.service
out=$(press alice c in_manager)
check "alice's keys from a service of her own systemd manager are accepted ($(oneline "$out"))" test "$out" = "exit 0"
check "libinput reads that c" wait_until 30 bash -c "[[ \$(grep -c 'KEY_C (46) released' '$TMP/debug-events.txt') == 1 ]]"
check "the journal names the peer's unit in her manager, not a session" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -q 'uid $uid_alice (alice) pid [0-9]* session none ($MANAGER_UNIT): pressed 1 key\b'"
test "$(key_count)" = $((before + 2)) && pass "only that c was pressed" || fail "only that c was pressed" "$(read_keys | tail -n 4 | tr '\n' ' ')"

# 3d. Issue 32: keys that act on the machine are refused, whoever asks: the magic SysRq
#     (Alt+SysRq+S: an emergency sync under Debian's kernel.sysrq=438), KEY_POWER, Ctrl+Alt+Delete
#     (on alice's tty1 the kernel would have systemd reboot). The kernel logs no sysrq line.
sysrq_before=$(dmesg | grep -c 'sysrq:')
out=$(keys alice "keys +56 +99 +31 -31 -99 -56" "keys +116 -116" "keys +29 +56 +111 -111 -56 -29" "keys +56 +99 -99 -56")
check "Alt+SysRq+S is refused ($(line_of "$out" 1))" starts "$(line_of "$out" 1)" "error not-allowed key 31 pressed while Alt and SysRq are held"
check "KEY_POWER is refused ($(line_of "$out" 2))" starts "$(line_of "$out" 2)" "error not-allowed KEY_POWER (116) is a power key"
check "Ctrl+Alt+Delete is refused ($(line_of "$out" 3))" starts "$(line_of "$out" 3)" "error not-allowed Ctrl+Alt+Delete"
check "Alt+Print (a window's screenshot) still passes ($(line_of "$out" 4))" test "$(line_of "$out" 4)" = ok
out=$(keys root "keys +56 +99 +31 -31 -99 -56")
check "root's Alt+SysRq+S is refused too ($out)" starts "$out" "error not-allowed "
out=$(press alice XF86PowerOff)
check "transitionctl refuses XF86PowerOff before sending it ($(oneline "$out"))" \
  bash -c '[[ $1 == *"never presses these keys: KEY_POWER (116) is a power key"* && $1 == *"exit 1" ]]' _ "$out"
check "the kernel logs no sysrq line ($(dmesg | grep 'sysrq:' | tail -n 1))" test "$(dmesg | grep -c 'sysrq:')" = "$sysrq_before"
check "libinput read no KEY_POWER" bash -c "! grep -q 'KEY_POWER' '$TMP/debug-events.txt'"
# has_key CODE: the virtual keyboard's KEY= bitmap (/proc/bus/input/devices: 64-bit words in hex,
# the highest first) has CODE.
has_key() {
  grep -A9 'N: Name="transitiond virtual keyboard"' /proc/bus/input/devices | sed -n 's/^B: KEY=//p' | head -n 1 |
    python3 -c 'import sys; words = sys.stdin.read().split(); bits = int("".join(w.rjust(16, "0") for w in words), 16); sys.exit(0 if bits >> int(sys.argv[1]) & 1 else 1)' "$1"
}
check "the keyboard has KEY_SYSRQ (99, Print) but no KEY_POWER (116) nor KEY_SLEEP (142)" \
  bash -c "$(declare -f has_key); has_key 99 && has_key 30 && ! has_key 116 && ! has_key 142"
before=$(key_count)

# 3e. The lock state is read for each request: locked now, refused now; unlocked, pressed.
as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b true
out=$(press alice a)
check "alice's keys are refused while her session is locked ($(oneline "$out"))" \
  bash -c '[[ $1 == *"presses no keys while the session is locked"* && $1 == *"exit 1" ]]' _ "$out"
as alice busctl call org.freedesktop.login1 "$path" org.freedesktop.login1.Session SetLockedHint b false
out=$(press alice a)
check "and pressed once it is unlocked ($(oneline "$out"))" test "$out" = "exit 0"
check "libinput reads that a" wait_until 30 bash -c "[[ \$(grep -c 'KEY_A (30) released' '$TMP/debug-events.txt') -ge 2 ]]"
before=$(key_count)

# 4. bob's session is in the background: refused, nothing pressed. mallory cannot connect.
out=$(press bob b)
check "bob is refused: not the active session ($(oneline "$out"))" \
  bash -c '[[ $1 == *"presses keys only for the user of the active session"* && $1 == *"exit 1" ]]' _ "$out"
check "the journal says bob was refused" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -qE 'refused 2 key strokes from uid $uid_bob \\(bob\\)|: requests of uid $uid_bob |, requests of uid $uid_bob '"
out=$(press mallory b)
check "mallory cannot connect: not in the transitiond group ($(oneline "$out"))" \
  bash -c '[[ $1 == *"it is for members of the transitiond group"* && $1 == *"exit 1" ]]' _ "$out"
out=$(keys alice "keys +30 +30 -30" "keys +272 -272")
check "malformed requests are refused, the connection answers each ($(tr '\n' '|' <<<"$out"))" \
  test "$(grep -c '^error invalid ' <<<"$out")" = 2

# 5. chvt 2: bob's turn, alice refused.
chvt 2
check "bob's session ($sb) is the active one" wait_until 60 active_is "$sb"
# A service of alice's own manager is hers: refused now. Its refusal is logged in full once the
# refusal log has been quiet for its 10 s (the earlier ones are in a summary by then).
check "the key service's refusal log is quiet" wait_until 30 refusals_quiet
MANAGER_UNIT=app-e2e-keys-background.service
out=$(press alice a in_manager)
check "a service of alice's own manager is refused now ($(oneline "$out"))" \
  bash -c '[[ $1 == *"presses keys only for the user of the active session"* && $1 == *"exit 1" ]]' _ "$out"
check "the journal says so, naming its unit" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -q 'refused 2 key strokes from uid $uid_alice (alice) pid [0-9]* session none ($MANAGER_UNIT): uid $uid_alice is not the user of seat0.s active session'"
out=$(press bob b)
check "bob's keys are accepted now ($(oneline "$out"))" test "$out" = "exit 0"
check "libinput reads bob's b" wait_until 30 bash -c "grep -q 'KEY_B (48) released' '$TMP/debug-events.txt'"
out=$(press alice a)
check "alice is refused now ($(oneline "$out"))" bash -c '[[ $1 == *"presses keys only for the user of the active session"* && $1 == *"exit 1" ]]' _ "$out"
test "$(key_count)" = $((before + 2)) && pass "only bob's two strokes were pressed" || fail "only bob's two strokes were pressed" "$(read_keys | tail -n 4 | tr '\n' ' ')"
chvt 1
check "alice's session is active again" wait_until 60 active_is "$sa"

# 5b. Fair slots (at most 32 connections, 4 per uid, none idle past 5 s). bob, a group member
#     whose session is in the background, opens 32 connections and sends nothing: each is
#     refused and answered at accept, so none holds a slot and alice's keys still pass.
hold bob 32 "$TMP/bob-idle.txt"
check "bob connects 32 times and sends nothing" wait_until 60 grep -qx 'open 32' "$TMP/bob-idle.txt"
out=$(press alice "ctrl+a")
check "alice's ctrl+a passes beside bob's 32 idle connections ($(oneline "$out"))" test "$out" = "exit 0"
check "the service answered each of bob's at accept, not-active, and shut its end" \
  wait_until 60 bash -c "[[ \$(grep -c '^closed error not-active uid $uid_bob is not the user of seat0.s active session' '$TMP/bob-idle.txt') == 32 ]]"
release
# Refusals are rate-limited in the log (docs/service.md): the first after a quiet 10 s at once,
# the rest in a summary by kind and uid at the end of the 10 s; either names bob's.
check "the journal says bob's connections were refused" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -qE 'refused a connection from uid $uid_bob \\(bob\\) pid [0-9]*: uid $uid_bob is not the user of seat0.s active session|refused [0-9]+ more connections? or requests? in the last [0-9]+ s: .*connections of uid $uid_bob '"
#     alice's own: 4 at most; the 5th is refused at once, the 4 closed once idle for 5 s, and
#     then her keys pass again.
hold alice 5 "$TMP/alice-idle.txt"
check "alice connects 5 times and sends nothing" wait_until 60 grep -qx 'open 5' "$TMP/alice-idle.txt"
check "her 5th is refused: 4 per uid" \
  wait_until 60 bash -c "grep -q '^closed error rate-limited uid $uid_alice already has 4 connections open' '$TMP/alice-idle.txt'"
check "her 4 idle ones are closed: no request within 5 s" \
  wait_until 60 bash -c "[[ \$(grep -c '^closed error invalid no complete request within 5 s' '$TMP/alice-idle.txt') == 4 ]]"
release
check "the journal says so" \
  wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -q 'closed the connection of uid $uid_alice (alice) pid [0-9]*: no complete request within 5 s'"
out=$(press alice "ctrl+a")
check "alice's keys pass again ($(oneline "$out"))" test "$out" = "exit 0"

# 6. The rate limit: a burst of 120 strokes; of two requests of 100 at once, one passes. (The
#    keys land on alice's tty1 shell: 50 times "a", no Enter.)
hundred="keys$(for _ in $(seq 50); do printf ' +30 -30'; done)"
out=$(keys alice "$hundred" "$hundred")
check "the first 100 strokes pass ($(line_of "$out" 1))" test "$(line_of "$out" 1)" = ok
check "the second 100 are rate-limited ($(line_of "$out" 2))" starts "$(line_of "$out" 2)" "error rate-limited "
check "the journal says so" wait_until 30 bash -c "journalctl -u transitiond-keys -b --no-pager -o cat | grep -qE 'rate limit: refused|rate-limited requests of uid $uid_alice '"
check "the key codes are not in the journal at the info level" bash -c "! journalctl -u transitiond-keys -b --no-pager -o cat | grep -q '+29 +30'"

# 7. Off again: the keyboard goes away.
systemctl disable --now transitiond-keys.socket transitiond-keys.service
check "the service stops" wait_until 30 bash -c '! systemctl is-active --quiet transitiond-keys.service'
check "the socket is gone" test ! -e "$KEYS_SOCKET"
check "libinput sees the keyboard removed" wait_until 30 grep -q 'DEVICE_REMOVED.*transitiond virtual keyboard' "$TMP/debug-events.txt"
kill "$READER" 2>/dev/null; wait "$READER" 2>/dev/null
kjournal > "$TMP/journal.txt"
true
