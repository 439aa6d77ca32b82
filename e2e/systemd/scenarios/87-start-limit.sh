# A daemon that fails at every start is not restarted forever (issue 10 saw an endless 217/USER
# loop): a drop-in makes ExecStart= fail, and after StartLimitBurst=5 starts within
# StartLimitIntervalSec=60s systemd gives up: the service failed, its socket failed with
# service-start-limit-hit. Without the drop-in, and after reset-failed, the socket activates a
# working service again.
source "$(dirname "$0")/../lib.sh"
# From stopped units: an earlier scenario's client may have started the service through the
# socket (and could again while this runs), and `systemctl start` of a running service would
# never run the failing ExecStart=. Starting the service starts its socket again (Requires=).
systemctl stop transitiond.socket transitiond.service
check "the service and its socket are stopped before the test" \
  wait_until 30 bash -c "$(declare -f unit_state unit_prop); unit_state inactive/dead && unit_state inactive/dead transitiond.socket"
dropin=/run/systemd/system/transitiond.service.d
mkdir -p "$dropin"
printf '[Service]\nExecStart=\nExecStart=/bin/false\n' > "$dropin/e2e-fail.conf"
systemctl daemon-reload
t0=$(date +%s)
repeated=$(journal_count 'Start request repeated too quickly')
systemctl start transitiond.service 2>/dev/null
# While it loops the service is activating/auto-restart between attempts; failed/failed only
# once systemd has given up.
if wait_until 120 unit_state failed/failed; then
  pass "a failing daemon stops being restarted: failed after $(( $(date +%s) - t0 )) s, $(unit_prop NRestarts) restarts"
else
  fail "a failing daemon stops being restarted" "$(unit_prop ActiveState)/$(unit_prop SubState), NRestarts=$(unit_prop NRestarts)"
fi
check "the journal says why (Start request repeated too quickly)" wait_until 30 journal_grew 'Start request repeated too quickly' "$repeated"
restarts=$(unit_prop NRestarts)
sleep 5   # observing an absence: a looping unit would have restarted by now (RestartSec=2s)
check "and stays down (NRestarts still $restarts, $(unit_prop ActiveState))" test "$(unit_prop NRestarts)/$(unit_prop ActiveState)" = "$restarts/failed"
check "the socket stops too ($(unit_prop Result transitiond.socket))" test "$(unit_prop Result transitiond.socket)" = service-start-limit-hit
rm -rf "$dropin"
systemctl daemon-reload
systemctl reset-failed transitiond.service transitiond.socket
systemctl restart transitiond.socket
check "after reset-failed the socket activates a working service again" answered alice
