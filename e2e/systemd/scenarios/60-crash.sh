# A crash is restarted: SIGSEGV to the main process, systemd starts a new one
# (Restart=on-failure, RestartSec=2s) and counts it in NRestarts.
source "$(dirname "$0")/../lib.sh"
as alice transitionctl status > /dev/null
pid=$(service_pid) restarts=$(unit_prop NRestarts)
segv=$(journal_count 'status=11/SEGV')
kill -SEGV "$pid"
restarted() { local p; p=$(service_pid); [[ $p != 0 && $p != "$pid" && $(unit_prop ActiveState) == active ]]; }
check "a new main process after SIGSEGV (was $pid)" wait_until 90 restarted
check "NRestarts went from $restarts to $((restarts + 1))" test "$(unit_prop NRestarts)" = $((restarts + 1))
check "the journal names the signal (status=11/SEGV)" wait_until 30 journal_grew 'status=11/SEGV' "$segv"
check "clients get answers again" answered alice
