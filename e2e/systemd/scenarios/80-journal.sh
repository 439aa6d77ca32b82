# The log's priorities reach the journal: `journalctl -u transitiond -p warning` shows only
# PRIORITY <= 4 (and there are such lines by now: the broken reload, the crash, the watchdog),
# and the daemon's informational lines arrive at priority 6 with the <6> prefix stripped.
source "$(dirname "$0")/../lib.sh"
journalctl -u transitiond -b -p warning -o json --no-pager > "$TMP/warnings.json"
count=$(wc -l < "$TMP/warnings.json")
check "there are warning lines ($count)" test "$count" -gt 0
worst=$(jq -r '.PRIORITY | tonumber' "$TMP/warnings.json" | sort -n | tail -n 1)
check "every one has PRIORITY <= 4 (highest: $worst)" test "${worst:-9}" -le 4
journalctl -u transitiond -b -o json --no-pager > "$TMP/all.json"
info=$(jq -r 'select(._PID != null and (.MESSAGE | tostring | test("listening on inherited socket"))) | .PRIORITY' "$TMP/all.json" | sort -u | tr '\n' ' ')
check "the daemon's info lines have PRIORITY 6 ($info)" test "$info" = "6 "
check "no raw <N> prefix in any message" bash -c "! jq -r '.MESSAGE | tostring' '$TMP/all.json' | grep -q '^<[0-7]>'"
