# apt remove stops and disables the units and removes everything but the configuration; apt purge
# removes the configuration too. What happens to the transitiond group is reported (NOTE).
source "$(dirname "$0")/../lib.sh"
as alice transitionctl status > /dev/null   # the service running: remove must stop it
files=(/usr/bin/transitiond /usr/bin/transitionctl /usr/lib/systemd/system/transitiond.service
       /usr/lib/systemd/system/transitiond.socket)
DEBIAN_FRONTEND=noninteractive apt-get remove -y "$PKG" > "$TMP/apt-remove.log" 2>&1
check "apt remove $PKG succeeds" test $? = 0
check "dpkg keeps only its configuration (rc)" bash -c "dpkg -l '$PKG' | grep -q '^rc'"
check "the service and the socket are stopped" bash -c '! systemctl is-active --quiet transitiond.service && ! systemctl is-active --quiet transitiond.socket'
check "no socket file is left" test ! -e "$SOCKET"
for f in "${files[@]}"; do check "$f is gone" test ! -e "$f"; done
links() { ls -d /etc/systemd/system/*.wants/transitiond.* 2>/dev/null; }
# "remove stops and disables": no enablement links either (dh_installsystemd's convention keeps
# them until purge, so that a reinstall comes back enabled; this checks the stricter promise).
left=$(links | tr '\n' ' ')
check "remove disables the units (no enablement links${left:+; left: $left})" test -z "$left"
check "the configuration is kept" test -e /etc/transitiond/config.toml
DEBIAN_FRONTEND=noninteractive apt-get purge -y "$PKG" > "$TMP/apt-purge.log" 2>&1
check "apt purge $PKG succeeds" test $? = 0
check "dpkg knows nothing of $PKG" bash -c "! dpkg -l '$PKG' 2>/dev/null | grep -q '^[a-z][a-z] '"
check "/etc/transitiond is gone" test ! -e /etc/transitiond
left=$(links | tr '\n' ' ')
check "purge leaves no enablement links${left:+ (left: $left)}" test -z "$left"
left=$(dpkg -L "$PKG" 2>/dev/null; ls -d /usr/lib/sysusers.d/transitiond* /usr/share/doc/"$PKG" /usr/share/man/man*/transition* 2>/dev/null)
check "no file of the package is left${left:+: $(echo $left)}" test -z "$left"
check "systemd no longer knows the units" bash -c "systemctl daemon-reload; ! systemctl list-unit-files 'transitiond*' --no-legend | grep -q ."
if group=$(getent group transitiond); then
  note "the transitiond group stays after purge ($group): Debian leaves system groups in place"
else
  note "the transitiond group was removed by the purge"
fi
