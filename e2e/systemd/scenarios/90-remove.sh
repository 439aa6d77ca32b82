# apt remove stops the units and removes everything but the configuration: systemd no longer has
# the units, so nothing of them is enabled or can start; the enablement links stay behind,
# dangling, as Debian's maintainer scripts (dh_installsystemd) leave them, so that a reinstall
# restores an administrator's choice. apt purge removes the configuration and those links.
# What happens to the transitiond group is reported (NOTE).
source "$(dirname "$0")/../lib.sh"
links() { ls -d /etc/systemd/system/*.wants/transitiond.* 2>/dev/null; }
as alice transitionctl status > /dev/null   # the service running: remove must stop it
files=(/usr/bin/transitiond /usr/bin/transitionctl /usr/lib/systemd/system/transitiond.service
       /usr/lib/systemd/system/transitiond.socket)
DEBIAN_FRONTEND=noninteractive apt-get remove -y "$PKG" > "$TMP/apt-remove.log" 2>&1
check "apt remove $PKG succeeds" test $? = 0
check "dpkg keeps only its configuration (rc)" bash -c "dpkg -l '$PKG' | grep -q '^rc'"
check "the service and the socket are stopped" bash -c '! systemctl is-active --quiet transitiond.service && ! systemctl is-active --quiet transitiond.socket'
check "no socket file is left" test ! -e "$SOCKET"
for f in "${files[@]}"; do check "$f is gone" test ! -e "$f"; done
systemctl daemon-reload
check "systemd has no transitiond units (disabled in effect: LoadState not-found)" \
  bash -c '[[ $(systemctl show -P LoadState transitiond.socket) == not-found && $(systemctl show -P LoadState transitiond.service) == not-found ]]'
check "nothing of the package is enabled (any link left is dangling)" \
  bash -c 'for l in /etc/systemd/system/*.wants/transitiond.*; do [[ -e $l ]] && exit 1; done; exit 0'
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
