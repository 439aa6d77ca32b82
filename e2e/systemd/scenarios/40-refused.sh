# mallory is not in the transitiond group: the socket (root:transitiond 0660) refuses her
# connection and transitionctl says why, with exit status 69 (unreachable).
source "$(dirname "$0")/../lib.sh"
as mallory transitionctl status > "$TMP/status.out" 2> "$TMP/status.err"
code=$?
sed 's/^/  stderr: /' "$TMP/status.err"
check "mallory's transitionctl exits 69 (got $code)" test "$code" = 69
check "and says Permission denied" grep -q 'Permission denied' "$TMP/status.err"
check "and what to do: join the group" grep -q 'sudo usermod -aG transitiond \$USER' "$TMP/status.err"
check "alice still gets answers" answered alice
