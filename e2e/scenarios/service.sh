# The daemon started the way systemd starts it (systemd is not PID 1 in the VM): the socket
# passed by systemd-socket-activate, readiness and health sent to a NOTIFY_SOCKET listener made
# here, WATCHDOG_USEC set, the unit's ExecStart= command line, and the unit's identity (an
# unprivileged user whose only group is input, no capabilities, no new privileges). With a
# virtual touchpad present: READY=1 comes after the device is in use, STATUS= counts it, a swipe
# reaches a client, input devices are held read-only (DeviceAllow=char-input r), SIGHUP reloads,
# SIGTERM stops cleanly and leaves the activated socket alone.
source "$(dirname "$0")/../lib.sh"
root=${E2E_ROOT:-$PWD}
chmod 0755 "$E2E_TMP"  # the unprivileged daemon reaches the notify socket in here
log=$E2E_TMP/service.log notify_log=$E2E_TMP/notify.log client_out=$E2E_TMP/client.out
socket=$E2E_TMP/transitiond.sock
: > "$notify_log"; : > "$client_out"

# The unit's command line, with the daemon from this build (and --log-level debug, for the record
# in .build/e2e/service/).
exec_start=$(sed -n 's/^ExecStart=//p' "$root/systemd/transitiond.service")
[[ $exec_start == /usr/bin/transitiond* ]] || { fail "unit ExecStart" "unexpected: $exec_start"; exit 1; }
read -r -a unit_args <<< "${exec_start#/usr/bin/transitiond}"
input_gid=$(getent group input | cut -d: -f3)
[[ -n $input_gid ]] || { fail "input group" "no input group in this system"; exit 1; }

# systemd's notification socket, played by a datagram socket that logs each message on a line.
python3 - "$E2E_TMP/notify" "$notify_log" <<'PY' &
import os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1]); os.chmod(sys.argv[1], 0o666)
with open(sys.argv[2], "a", buffering=1) as f:
    while True:
        f.write(s.recv(4096).decode().replace("\n", " | ") + "\n")
PY
notify_pid=$!
has() { grep -Eq -- "$2" "$1" 2>/dev/null; }
wait_for_socket() { wait_until "$E2E_WAIT" test -S "$1"; }
wait_for_socket "$E2E_TMP/notify" || { fail "notify listener" "no socket"; exit 1; }

# A touchpad first, so the daemon finds it at start-up; it swipes when $E2E_TMP/go appears.
"$E2E_BIN/transition-vdev" touchpad --gesture 3:40x10,0 --start-when "$E2E_TMP/go" --linger 1 > "$E2E_TMP/pad.out" 2>&1 &
pad_pid=$!
wait_until "$E2E_WAIT" has "$E2E_TMP/pad.out" '^created ' || { fail "virtual touchpad" "$(cat "$E2E_TMP/pad.out")"; exit 1; }
pad=$(sed -n 's/^created //p' "$E2E_TMP/pad.out")
# Start only once udev has classified it (settle alone can return before udevd has the event).
wait_until "$E2E_WAIT" udev_touchpad "$pad" || { fail "virtual touchpad" "udev did not classify $pad within 60 s"; exit 1; }

# systemd-socket-activate binds the socket as root, then runs the daemon as the unit would.
systemd-socket-activate -l "$socket" -E NOTIFY_SOCKET="$E2E_TMP/notify" -E WATCHDOG_USEC=2000000 \
  setpriv --reuid=65534 --regid=65534 --groups="$input_gid" --inh-caps=-all --bounding-set=-all --no-new-privs \
  "$E2E_BIN/transitiond" "${unit_args[@]}" --log-level debug > /dev/null 2> "$log" &
daemon=$!
wait_for_socket "$socket" || { fail "socket activation" "no socket"; exit 1; }

# The first client starts the daemon (and subscribes to every event).
python3 - "$socket" "$client_out" <<'PY' &
import socket, sys
c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
c.connect(sys.argv[1])
c.sendall(b'{"request":"subscribe","id":1}\n')
with open(sys.argv[2], "ab", buffering=0) as f:
    while True:
        data = c.recv(65536)
        if not data: break
        f.write(data)
PY
client_pid=$!

if wait_until "$E2E_WAIT" has "$notify_log" 'READY=1'; then
  pass "READY=1 after socket activation"
  ready=$(grep -m1 'READY=1' "$notify_log")
  if [[ $ready =~ STATUS=1\ device ]]; then pass "READY=1 comes with the device in use: $ready"
  else fail "STATUS= counts the touchpad" "$ready"; fi
else
  fail "READY=1 after socket activation" "notify: $(cat "$notify_log")"; sed 's/^/  log: /' "$log"; exit 1
fi
check "the first client got hello" wait_until "$E2E_WAIT" has "$client_out" '"hello"'
check "the passed socket is adopted" grep -q 'inherited socket fd 3' "$log"

# The unit's identity, as the daemon runs.
pid=$(pgrep -x transitiond | head -n1)
status=$(cat "/proc/$pid/status")
check "runs as an unprivileged user" grep -Eq '^Uid:\s+65534\s' <<<"$status"
check "only the input group" grep -Eq "^Groups:\s+$input_gid\s*$" <<<"$status"
check "no capabilities" grep -Eq '^CapEff:\s+0+$' <<<"$status"

# Input devices held read-only: what DeviceAllow=char-input r requires.
rw=0 held=0
for fd in /proc/$pid/fd/*; do
  target=$(readlink "$fd") || continue
  [[ $target == /dev/input/event* ]] || continue
  held=$((held + 1))
  flags=$(sed -n 's/^flags:\s*//p' "/proc/$pid/fdinfo/${fd##*/}")
  (( (8#$flags & 3) == 0 )) || { rw=1; echo "  $target open with flags $flags (not O_RDONLY)"; }
done
check "the touchpad is open" test "$held" -ge 1
if ((rw == 0)); then pass "input devices open read-only (DeviceAllow=char-input r suffices)"
else fail "input devices open read-only" "an event node is open for writing: the unit's DeviceAllow=char-input r would refuse that open"; fi

# A swipe reaches the client.
touch "$E2E_TMP/go"
if wait_until "$E2E_WAIT" has "$client_out" '"ended"'; then
  pass "a swipe reaches the client"
  check "it drives swipe3-right" grep -q '"swipe3-right"' "$client_out"
else
  fail "a swipe reaches the client" "client got: $(head -c 600 "$client_out")"
fi
wait "$pad_pid"

check "WATCHDOG=1 sent" grep -q '^WATCHDOG=1$' "$notify_log"

# SIGHUP: RELOADING=1, then READY=1 again.
kill -HUP "$pid"
check "SIGHUP: RELOADING=1" wait_until "$E2E_WAIT" has "$notify_log" 'RELOADING=1'
ready_after_reload() { sed -n '/RELOADING=1/,$p' "$notify_log" | grep -q 'READY=1'; }
check "SIGHUP: READY=1 after the reload" wait_until "$E2E_WAIT" ready_after_reload

# SIGTERM: STOPPING=1, exit 0, the socket left to its owner.
kill -TERM "$pid"
wait "$daemon"; code=$?
check "SIGTERM: STOPPING=1" grep -q 'STOPPING=1' "$notify_log"
check "SIGTERM: exit status 0" test "$code" -eq 0
check "the activated socket is left in place" test -S "$socket"
bad=$(sed -n '/^Execing /,$p' "$log" | tail -n +2 | grep -Ev '^<[0-7]>' | head -n 3)
check "every log line carries a <N> priority" test -z "$bad"
kill "$notify_pid" "$client_pid" 2>/dev/null
sed 's/^/  notify: /' "$notify_log" | head -n 8
