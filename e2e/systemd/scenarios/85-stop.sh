# Stopping both units leaves nothing behind: no socket file, nothing running, clients told
# transitiond is unreachable.
source "$(dirname "$0")/../lib.sh"
as alice transitionctl status > /dev/null
systemctl stop transitiond.socket transitiond.service
check "both units are inactive" bash -c '! systemctl is-active --quiet transitiond.socket && ! systemctl is-active --quiet transitiond.service'
check "no socket file is left" test ! -e "$SOCKET"
as alice transitionctl status > /dev/null 2>&1
check "a client now exits 69 (unreachable)" test $? = 69
systemctl start transitiond.socket
check "the socket comes back with the socket unit" wait_until 30 test -S "$SOCKET"
