# systemctl reload (SIGHUP): a changed configuration takes effect (transitionctl list shows it);
# a broken one is refused, the old one stays in force, and the journal says why at warning
# priority or worse. The packaged configuration is restored at the end.
source "$(dirname "$0")/../lib.sh"
config=/etc/transitiond/config.toml
cp "$config" "$TMP/config.orig"
as alice transitionctl status > /dev/null   # running (activated) before the reloads
pid=$(service_pid)
cat > "$config" <<'TOML'
[[transition]]
name = "e2e-reloaded"
binding = "swipe3-right"
TOML
systemctl reload transitiond.service
listed() { as alice transitionctl list > "$TMP/list.out" 2>&1 && grep -q '^e2e-reloaded' "$TMP/list.out"; }
check "a changed configuration takes effect (transitionctl list shows e2e-reloaded)" wait_until 60 listed
warnings() { journalctl -u transitiond -b -p warning -o cat --no-pager | grep -c "unknown key 'stifness'"; }
before=$(warnings)
warned() { (( $(warnings) > before )); }
cat >> "$config" <<'TOML'
stifness = 300
TOML
systemctl reload transitiond.service
check "a broken configuration is reported in the journal at warning or worse" wait_until 60 warned
journalctl -u transitiond -b -p warning -o cat --no-pager | tail -n 2 | sed 's/^/  journal: /'
check "the old configuration stays in force" listed
check "the service kept running through both reloads (same PID)" test "$(service_pid)" = "$pid"
cp "$TMP/config.orig" "$config"
systemctl reload transitiond.service
unlisted() { as alice transitionctl list > "$TMP/list.out" 2>&1 && ! grep -q '^e2e-reloaded' "$TMP/list.out"; }
check "the packaged configuration is back" wait_until 60 unlisted
