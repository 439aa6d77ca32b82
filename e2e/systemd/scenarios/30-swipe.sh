# A uinput touchpad plugged in while the service runs (hotplug through the udev monitor),
# opened read-only, and a 3-finger swipe right reaching alice's watch (her session is the
# active one) as an "ended" event with outcome finish.
source "$(dirname "$0")/../lib.sh"
unit_state active/running || as alice transitionctl status > /dev/null
as alice transitionctl watch --json --exit-after 1 > "$TMP/watch.jsonl" 2> "$TMP/watch.err" &
watch=$!
check "alice's watch is subscribed" wait_until 60 grep -q '"reply"' "$TMP/watch.jsonl"

mark=$(journal_mark)
# 60 steps of 8 units to the right with 3 fingers: farther than the 400-unit distance, so finish.
# The touchpad stays until the swipe's end has been seen (a node that goes takes its unread lift along).
"$VDEV" touchpad --fingers 3 --steps 60x8,0 --start-when "$TMP/go" --stop-when "$TMP/stop" > "$TMP/vdev.out" 2>&1 &
vdev=$!
wait_until 60 grep -q '^created /dev/input/event' "$TMP/vdev.out"
node=$(sed -n 's|^created ||p' "$TMP/vdev.out")
check "transition-vdev created a touchpad ($node)" test -n "$node"
check "the service uses the hotplugged touchpad" wait_journal "$mark" "using touchpad $node " 60

# The device is held read-only: the open flags' access mode in fdinfo is O_RDONLY (0).
pid=$(service_pid)
modes=$(for fd in /proc/$pid/fd/*; do
          [[ $(readlink "$fd") == "$node" ]] && awk '/^flags:/ {print $2 % 4 }' "/proc/$pid/fdinfo/${fd##*/}"
        done | sort -u | tr '\n' ' ')
check "the service holds $node read-only (access modes: ${modes:-none})" test "$modes" = "0 "

touch "$TMP/go"
check "alice's watch sees an ended event" wait_until 60 grep -q '"event":"ended"' "$TMP/watch.jsonl"
ended=$(grep '"event":"ended"' "$TMP/watch.jsonl" | head -n 1 | jq -r '"\(.transition) \(.outcome)"')
check "it is swipe3-right with outcome finish ($ended)" test "$ended" = "swipe3-right finish"
check "the watch exits after the completed event" wait_until 60 bash -c "! kill -0 $watch 2>/dev/null"
wait "$watch"; code=$?
check "the watch exits 0 (status $code)" test "$code" = 0
touch "$TMP/stop"
wait "$vdev"
check "the service notices the touchpad going away" wait_journal "$mark" "$node .*(vanished|unplugged|removed)" 60
