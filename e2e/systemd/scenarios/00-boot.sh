# The system the other scenarios run on: systemd as PID 1, uinput available, and the two
# autologin sessions on seat0 (alice on tty1, bob on tty2).
source "$(dirname "$0")/../lib.sh"
check "systemd is PID 1" test "$(cat /proc/1/comm)" = systemd
check "uinput module loads" modprobe uinput
check "/dev/uinput exists" wait_until 30 test -c /dev/uinput
sessions() { loginctl list-sessions --no-legend | awk '{print $3, $4}' | sort | tr '\n' ' '; }
if wait_until 120 bash -c '[[ $(loginctl list-sessions --no-legend | awk "\$4 == \"seat0\" {print \$3}" | sort | tr "\n" " ") == "alice bob " ]]'; then
  pass "alice and bob have seat0 sessions (autologin on tty1 and tty2)"
else
  fail "alice and bob have seat0 sessions" "loginctl: $(sessions)"
fi
failed=$(systemctl --failed --no-legend --plain | awk '{print $1}' | tr '\n' ' ')
[[ -z $failed ]] || note "failed units at boot: $failed"
