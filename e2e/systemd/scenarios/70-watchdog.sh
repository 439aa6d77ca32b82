# The watchdog: a main process that stops sending WATCHDOG=1 (SIGSTOP freezes it) is killed by
# systemd after WatchdogSec=10s and restarted.
source "$(dirname "$0")/../lib.sh"
as alice transitionctl status > /dev/null
pid=$(service_pid) restarts=$(unit_prop NRestarts)
fired=$(journal_count 'Watchdog timeout')
t0=$(date +%s)
kill -STOP "$pid"
restarted() { local p; p=$(service_pid); [[ $p != 0 && $p != "$pid" && $(unit_prop ActiveState) == active ]]; }
# WatchdogSec=10s, then the abort signal (which a stopped process cannot act on) and SIGKILL
# after TimeoutStopSec=10s, then RestartSec=2s: about 25 s, more under emulation.
if wait_until 150 restarted; then
  pass "a new main process $(( $(date +%s) - t0 )) s after SIGSTOP (was $pid)"
else
  fail "a new main process after SIGSTOP" "still $(service_pid), $(unit_prop ActiveState)/$(unit_prop SubState)"
fi
check "NRestarts went from $restarts to $((restarts + 1))" test "$(unit_prop NRestarts)" = $((restarts + 1))
check "the journal says the watchdog fired" wait_until 30 journal_grew 'Watchdog timeout' "$fired"
check "clients get answers again" answered alice
