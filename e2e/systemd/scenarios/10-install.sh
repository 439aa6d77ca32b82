# The package installs offline with apt (everything it depends on is already in the root), its
# postinst creates the transitiond group and enables and starts the socket, and nothing starts
# the service itself yet. Then alice and bob join the group (mallory never does).
source "$(dirname "$0")/../lib.sh"
check "no socket before the package" test ! -e "$SOCKET"
if DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$E2E_DEB" > "$TMP/apt-install.log" 2>&1; then
  pass "apt install ./$(basename "$E2E_DEB") (offline)"
else
  fail "apt install ./$(basename "$E2E_DEB")" "$(tail -n 5 "$TMP/apt-install.log" | tr '\n' ' ')"
fi
check "dpkg says $PKG is installed" bash -c "dpkg-query -W -f '\${Status}' '$PKG' | grep -qx 'install ok installed'"
check "the transitiond group exists" getent group transitiond
check "transitiond.socket is enabled" systemctl is-enabled --quiet transitiond.socket
check "transitiond.socket is listening" wait_until 30 systemctl is-active --quiet transitiond.socket
check "the socket is root:transitiond 0660" test "$(stat -c '%U:%G %a' "$SOCKET" 2>&1)" = "root:transitiond 660"
check "the service is not running yet" test "$(unit_prop ActiveState)" = inactive
usermod -aG transitiond alice && usermod -aG transitiond bob
check "alice and bob are in the transitiond group" bash -c 'id -nG alice | grep -qw transitiond && id -nG bob | grep -qw transitiond'
check "mallory is not" bash -c '! id -nG mallory | grep -qw transitiond'
