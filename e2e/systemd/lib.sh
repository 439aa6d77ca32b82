# Helpers for e2e/systemd/scenarios/*.sh (sourced; inside the systemd VM, as root).
#
#   pass WHAT / fail WHAT WHY / check WHAT COMMAND...   result lines
#   note TEXT                       an observation that is neither PASS nor FAIL
#   wait_until SECONDS COMMAND...   run COMMAND every 0.2 s until it succeeds or SECONDS pass
#   unit_prop PROP [UNIT]           systemctl show -P PROP (default unit transitiond.service)
#   journal_mark                    a journal cursor: a point to search from
#   wait_journal MARK REGEX [SECONDS]   until a transitiond journal line after MARK matches
#   journal_count REGEX             how many of this boot's transitiond journal lines match
#                                   (systemd's own lines about the unit included)
#   journal_grew REGEX COUNT        more than COUNT lines match now (for wait_until)
#   unit_state STATE [UNIT]         ActiveState/SubState is STATE, e.g. active/running
#   as USER COMMAND...              COMMAND as USER (runuser: with USER's current groups),
#                                   killed after AS_TIMEOUT (default 90) seconds
#   service_pid                     the service's MainPID (0 when not running)
#   answered USER                   USER's transitionctl status gets an answer
#
# $E2E_DEB is the package file, $PKG its name, $VDEV transition-vdev, $TMP a private directory
# whose contents are kept in the scenario's out/ folder (e2e/systemd/run copies out/ to
# .build/e2e-systemd/out/).
# The VM emulates its CPU (TCG): waits are generous, but every one waits for a condition.
set -u
SCENARIO=$(basename "$0" .sh)
E2E_DIR=${E2E_DIR:?}
E2E_OUT=${E2E_OUT:?}
TMP=$E2E_OUT/$SCENARIO
mkdir -p "$TMP"
E2E_DEB=$(ls "$E2E_DIR"/*.deb | head -n 1)
PKG=$(dpkg-deb -f "$E2E_DEB" Package)
VDEV=$E2E_DIR/bin/transition-vdev
# A GDBus client of @touchegg (e2e/touchegg/gdbus-client.py) and its summary (summary.jq).
TOUCHEGG_CLIENT=$E2E_DIR/bin/gdbus-client.py
TOUCHEGG_SUMMARY=$E2E_DIR/bin/summary.jq
# touchegg_stop LOG: ends the client that writes LOG, by the pid it logged (killing the `as`
# job would leave it running under runuser until its --timeout).
touchegg_stop() { local pid; pid=$(jq -r 'select(.event == "connected") | .pid' "$1" 2>/dev/null | head -n 1); [[ -n $pid ]] && kill "$pid" 2>/dev/null; true; }
SOCKET=/run/transitiond/transitiond.sock
export SYSTEMD_PAGER= SYSTEMD_COLORS=0

pass() { echo "PASS $SCENARIO: $1"; }
fail() { echo "FAIL $SCENARIO: $1: $2"; }
note() { echo "NOTE $SCENARIO: $1"; }
check() {
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what" "$(printf '%q ' "$@")failed"; fi
}

wait_until() {
  local limit=$1; shift
  local deadline=$(( $(date +%s) + limit ))
  until "$@"; do
    (( $(date +%s) < deadline )) || return 1
    sleep 0.2
  done
}

unit_prop() { systemctl show -P "$1" "${2:-transitiond.service}"; }
unit_state() { [[ $(unit_prop ActiveState "${2:-transitiond.service}")/$(unit_prop SubState "${2:-transitiond.service}") == "$1" ]]; }
service_pid() { unit_prop MainPID; }

journal_mark() { journalctl -n 1 -o export --no-pager 2>/dev/null | sed -n 's/^__CURSOR=//p'; }
wait_journal() {
  local mark=$1 regex=$2 limit=${3:-60}
  wait_until "$limit" bash -c 'journalctl -u transitiond ${1:+--after-cursor "$1"} -b --no-pager -o cat | grep -Eq -- "$2"' _ "$mark" "$regex"
}
journal_count() { journalctl -u transitiond -b --no-pager -o cat | grep -Ec -- "$1"; }
journal_grew() { (( $(journal_count "$1") > $2 )); }

# A client that cannot get an answer (a service that never comes up behind the socket) must not
# hang the scenario: AS_TIMEOUT seconds at most.
as() { local user=$1; shift; timeout "${AS_TIMEOUT:-90}" runuser -u "$user" -- "$@"; }
answered() { as "$1" transitionctl status > /dev/null; }
# The logind session of USER on seat0 (the VM logs alice in on tty1 and bob on tty2), and
# whether SESSION is the seat's active one.
session_of() { loginctl list-sessions --no-legend | awk -v u="$1" '$3 == u && $4 == "seat0" {print $1; exit}'; }
active_is() { [[ $(loginctl show-seat seat0 -p ActiveSession --value) == "$1" ]]; }
