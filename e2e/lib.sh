# Shared helpers for e2e/scenarios/*.sh (sourced; runs inside the VM, as root).
#
#   source "$(dirname "$0")/../lib.sh"
#   daemon_start [transitiond flags...]   start transitiond (with e2e/config.toml unless the flags
#                                         give --config) in the background: stdout (--print-events)
#                                         -> $DAEMON_OUT, stderr (log) -> $DAEMON_LOG,
#                                         recognised samples (--record) -> $DAEMON_TRACE
#   wait_until SECONDS COMMAND...         run COMMAND every 50 ms until it succeeds; false once
#                                         SECONDS have passed (by the clock)
#   wait_for FILE REGEX [SECONDS] [LINE]  wait until a line of FILE (from line LINE on) matches
#   wait_count FILE REGEX N [SECONDS]     wait until N lines of FILE match
#   log_mark                              the daemon log's line count: a point to wait from
#   wait_used NODE [MARK]                 wait until the daemon uses NODE (its log says so after
#                                         line MARK: nodes are reused, older lines must not count)
#   vdev NAME KIND [ARGS...]              start transition-vdev KIND in the background, waiting
#                                         for its device node: ${VDEV_NODE[NAME]} ${VDEV_PID[NAME]};
#                                         it starts its gestures when you call vdev_go NAME
#   vdev_used NAME                        wait until the daemon uses that device (its id:
#                                         ${VDEV_ID[NAME]})
#   vdev_go NAME / vdev_wait NAME         start the gestures / wait for the last one, for the
#                                         daemon to read it, and for the device to go
#   udev_touchpad NODE                    udev has classified NODE as a touchpad (for wait_until:
#                                         udevadm settle can return before udevd has the event)
#   never_opened NODE...                  watch $DAEMON_PID's /proc/PID/fd until daemon_stop;
#                                         daemon_stop reports PASS/FAIL for each node
#   fd_count                              the daemon's number of open fds
#   pass WHAT / fail WHAT WHY / check WHAT COMMAND...   result lines
#   daemon_stop                           SIGTERM, wait, report the fd watch, check it exited 0
#
# Every scenario gets a private $E2E_TMP (the VM's /tmp: sockets work there). Times are in
# seconds. A scenario never waits for a time before it checks something: it waits for the line,
# count, file or state it checks. The SECONDS of the waits only bound a hang ($E2E_WAIT, 60 s,
# unless a wait gives its own): the VM emulates its CPU, and on a loaded machine anything takes
# many times longer than on a quiet one. Scenarios assert on the daemon's events (ended_summary) and on what the input layer
# recognised (trace_gestures over $DAEMON_TRACE; format: docs/input.md, "Gesture traces").
set -u
E2E_BIN=${E2E_BIN:?E2E_BIN must name the build directory}
E2E_TMP=$(mktemp -d /tmp/e2e.XXXXXX)
SCENARIO=$(basename "$0" .sh)
DAEMON_PID=
DAEMON_OUT=$E2E_TMP/daemon.out
DAEMON_LOG=$E2E_TMP/daemon.log
DAEMON_TRACE=$E2E_TMP/trace.jsonl
declare -A VDEV_NODE=() VDEV_PID=() VDEV_MARK=() VDEV_ID=()
_WATCH_PIDS=() _WATCHED=()

pass() { echo "PASS $SCENARIO: $1"; }
fail() { echo "FAIL $SCENARIO: $1: $2"; }
check() {
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what" "$(printf '%q ' "$@")failed"; fi
}

E2E_WAIT=${E2E_WAIT:-60}

# wait_until SECONDS COMMAND...: the one wait of the suite (the others are made of it).
wait_until() {
  local end=$((SECONDS + $1))
  shift
  until "$@"; do
    ((SECONDS < end)) || return 1
    sleep 0.05
  done
}

_matches_from() { tail -n +$(($3 + 1)) "$1" 2>/dev/null | grep -Eq -- "$2"; }
# wait_for FILE REGEX [SECONDS] [LINE]
wait_for() {
  local file=$1 regex=$2 limit=${3:-$E2E_WAIT} from=${4:-0}
  wait_until "$limit" _matches_from "$file" "$regex" "$from" && return 0
  echo "timed out after ${limit}s waiting for /$regex/ in $file" >&2
  return 1
}

_count_at_least() { local n; n=$(grep -Ec -- "$2" "$1" 2>/dev/null); (( ${n:-0} >= $3 )); }
# wait_count FILE REGEX N [SECONDS]
wait_count() {
  local file=$1 regex=$2 n=$3 limit=${4:-$E2E_WAIT}
  wait_until "$limit" _count_at_least "$file" "$regex" "$n" && return 0
  echo "timed out after ${limit}s waiting for $n lines /$regex/ in $file (got $(grep -Ec -- "$regex" "$file" 2>/dev/null))" >&2
  return 1
}

_traced_daemon() { DAEMON_PID=$(pgrep -P "$_STRACE_PID" | head -n1); [[ -n $DAEMON_PID ]]; }

# The daemon under test. E2E_DAEMON=probe runs transitiond's input layer alone
# (transition-vdev listen) for debugging the input layer without the rest.
daemon_start() {
  : > "$DAEMON_OUT"; : > "$DAEMON_LOG"; : > "$DAEMON_TRACE"
  local cmd
  if [[ ${E2E_DAEMON:-transitiond} == probe ]]; then
    cmd=("$E2E_BIN/transition-vdev" listen "$@")
  else
    local config=(--config "$E2E_ROOT/e2e/config.toml")
    [[ " $* " == *" --config "* ]] && config=()
    cmd=("$E2E_BIN/transitiond" --socket "$E2E_TMP/socket" --record "$DAEMON_TRACE" --print-events "${config[@]}" "$@")
  fi
  if [[ -n ${E2E_STRACE:-} ]]; then
    # Every open(2) of the daemon and its threads, to prove what it never opened.
    # (LeakSanitizer cannot work under ptrace: in a sanitized run, the traced daemon goes without.)
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:detect_leaks=0} \
      strace -f -qq -e trace=open,openat,openat2 -o "$E2E_TMP/strace.log" "${cmd[@]}" > "$DAEMON_OUT" 2> "$DAEMON_LOG" &
    _STRACE_PID=$!
    wait_until "$E2E_WAIT" _traced_daemon
  else
    "${cmd[@]}" > "$DAEMON_OUT" 2> "$DAEMON_LOG" &
    DAEMON_PID=$!
  fi
  [[ ${E2E_DAEMON:-transitiond} == probe ]] && DAEMON_TRACE=$DAEMON_OUT
  # Ready once it has looked at the seat's devices.
  wait_for "$DAEMON_LOG" 'using |waiting for one' || { fail "daemon start" "no device line in $DAEMON_LOG"; cat "$DAEMON_LOG"; }
}

daemon_stop() {
  local code
  [[ -n $DAEMON_PID ]] || return 0
  _watch_report
  if kill -0 "$DAEMON_PID" 2>/dev/null; then
    kill -TERM "$DAEMON_PID"
    if [[ -n ${_STRACE_PID:-} ]]; then
      wait "$_STRACE_PID"; code=$?   # strace exits with the traced process's status
    else
      wait "$DAEMON_PID"; code=$?
    fi
    if ((code == 0)); then pass "daemon exits cleanly on SIGTERM"
    else fail "daemon exits cleanly on SIGTERM" "exit status $code"; sed 's/^/  log: /' "$DAEMON_LOG" | tail -20; fi
  else
    wait "${_STRACE_PID:-$DAEMON_PID}"; code=$?
    fail "daemon still running at the end" "it had exited with status $code"
    sed 's/^/  log: /' "$DAEMON_LOG" | tail -20
  fi
  DAEMON_PID=
}

log_mark() { wc -l < "$DAEMON_LOG"; }

wait_used() {
  wait_for "$DAEMON_LOG" "using [a-z]+ $1 " "$E2E_WAIT" "${2:-0}"
}

vdev_used() {
  wait_used "${VDEV_NODE[$1]}" "${VDEV_MARK[$1]}" || return 1
  VDEV_ID[$1]=$(tail -n +$((VDEV_MARK[$1] + 1)) "$DAEMON_LOG" | sed -n "s|.*using [a-z]* ${VDEV_NODE[$1]} .* as device\([0-9]*\) .*|\1|p" | head -n 1)
}

# vdev NAME KIND [ARGS...]
vdev() {
  local name=$1 kind=$2; shift 2
  local out=$E2E_TMP/vdev.$name.out
  VDEV_MARK[$name]=$(log_mark)
  "$E2E_BIN/transition-vdev" "$kind" --start-when "$E2E_TMP/go.$name" --stop-when "$E2E_TMP/stop.$name" "$@" > "$out" 2>&1 &
  VDEV_PID[$name]=$!
  wait_for "$out" '^created /dev/input/event' || { cat "$out"; return 1; }
  VDEV_NODE[$name]=$(sed -n 's/^created //p' "$out")
}
vdev_go() { touch "$E2E_TMP/go.$1"; }

# vdev_wait NAME: the device stays after its last gesture until the daemon has read it (a node
# that goes takes its unread frames with it: the lift would be lost, the gesture end as
# device_removed), then goes; returns transition-vdev's exit status. Read means: the trace has a
# sample of the device at or after the last frame's time. A device the daemon keeps no trace of
# (no id, no --record: e2e/scenarios/latency.sh's floor) stays E2E_VDEV_LINGER seconds (0.3).
vdev_wait() {
  local name=$1 out=$E2E_TMP/vdev.$1.out last
  wait_until "$E2E_WAIT" _vdev_finished "$name"
  last=$(sed -n 's/^done: last frame at \([0-9]*\) ns$/\1/p' "$out")
  if [[ -z $last ]]; then
    :   # unplugged mid-gesture, or failed: nothing more to read
  elif [[ -n ${VDEV_ID[$name]:-} && -s $DAEMON_TRACE ]]; then
    wait_until "$E2E_WAIT" _read_past "${VDEV_ID[$name]}" $((last / 1000)) || _unread "$name" $((last / 1000))
  else
    sleep "${E2E_VDEV_LINGER:-0.3}"
  fi
  touch "$E2E_TMP/stop.$name"
  wait "${VDEV_PID[$name]}"
}
_vdev_finished() {  # it has performed its gestures, or was unplugged, or has exited
  local state
  grep -Eq '^(done|unplugged)' "$E2E_TMP/vdev.$1.out" && return 0
  read -r _ _ state _ < "/proc/${VDEV_PID[$1]}/stat" 2>/dev/null || return 0
  [[ $state == Z ]]
}
# _unread NAME US: the daemon has no sample of NAME's device at or after US (its last frame):
# says what it had of that device (the trace's last samples: did the last gesture begin at all?),
# its log since the device came, and whether it was blocked (its state and wait channel), so that
# a run that stalls here tells the input (libinput made no gesture of the frames) from the daemon.
_unread() {
  local id=${VDEV_ID[$1]}
  {
    echo "  $1: no sample of device$id at or after its last frame ($2 us) in $E2E_WAIT s; the daemon had:"
    grep -F "\"device\":$id," "$DAEMON_TRACE" | tail -n 4 | sed 's/^/    trace: /'
    tail -n +$((VDEV_MARK[$1] + 1)) "$DAEMON_LOG" | tail -n 8 | sed 's/^/    log: /'
    if [[ -n ${DAEMON_PID:-} && -r /proc/$DAEMON_PID/stat ]]; then
      echo "    daemon: state $(awk '{print $3}' "/proc/$DAEMON_PID/stat"), waiting in $(cat "/proc/$DAEMON_PID/wchan" 2>/dev/null)"
    fi
  } >&2
}
_read_past() {  # _read_past ID US: the trace has a sample of device ID at US or later
  awk -v dev="\"device\":$1," -v us="$2" '
    index($0, dev) && match($0, /"time_us":[0-9]+/) && substr($0, RSTART + 10, RLENGTH - 10) + 0 >= us { found = 1; exit }
    END { exit !found }' "$DAEMON_TRACE"
}

fd_count() { ls "/proc/$DAEMON_PID/fd" | wc -l; }

udev_touchpad() { udevadm info --query=property --name="$1" 2>/dev/null | grep -q '^ID_INPUT_TOUCHPAD=1$'; }

# never_opened NODE...: samples /proc/$DAEMON_PID/fd every 50 ms (one `ls` per sample: the VM
# emulates its CPU, forks are dear) until daemon_stop, which reports PASS/FAIL per node.
never_opened() {
  _WATCHED+=("$@")
  (
    exec {quiet}<> <(:)
    while kill -0 "$DAEMON_PID" 2>/dev/null; do
      fds=$(ls -l "/proc/$DAEMON_PID/fd" 2>/dev/null)
      for node in "$@"; do
        [[ $fds == *"-> $node"$'\n'* || $fds == *"-> $node" ]] && echo "$node" >> "$E2E_TMP/opened"
      done
      read -r -t 0.05 -u "$quiet"
    done
  ) &
  _WATCH_PIDS+=("$!")
}

_watch_report() {
  local pid node
  for pid in "${_WATCH_PIDS[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  for node in "${_WATCHED[@]}"; do
    if grep -qx -- "$node" "$E2E_TMP/opened" 2>/dev/null; then
      fail "$node never opened" "the daemon had it open"
    else
      pass "$node never opened (/proc/PID/fd sampled every 50 ms)"
    fi
  done
  _WATCH_PIDS=() _WATCHED=()
}

# The non-touch event nodes present now (keyboards, mice, buttons), from udev.
non_touch_nodes() {
  local n
  for n in /dev/input/event*; do
    udevadm info --query=property --name="$n" | grep -Eq '^ID_INPUT_TOUCH(PAD|SCREEN)=1' || echo "$n"
  done
}

# Trace queries (jq over the recognised samples).
trace() { grep '^{' "$DAEMON_TRACE" | jq -c "$@"; }
# Sum of dx/dy of the updates of device $1.
trace_sum() { grep '^{' "$DAEMON_TRACE" | jq -s "[.[] | select(.type == \"update\" and .device == $1) | .$2] | add // 0"; }

_cleanup() {
  local pid
  [[ -n $DAEMON_PID ]] && kill -TERM "$DAEMON_PID" 2>/dev/null
  for pid in "${VDEV_PID[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${_WATCH_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  if [[ -n ${E2E_OUT:-} && -d ${E2E_OUT:-} ]]; then
    mkdir -p "$E2E_OUT/$SCENARIO" && cp -r "$E2E_TMP"/. "$E2E_OUT/$SCENARIO/" 2>/dev/null
  fi
  rm -rf "$E2E_TMP"
}
trap _cleanup EXIT

# trace_gestures [FILE]: one line per recognised gesture, in order:
#   "<source><fingers>-<direction> <end> <dx> <dy>"   e.g. "swipe3-right release 421 0"
# <direction> is where the movement went first (the dominant axis once it is 10 units from the
# start, like the engine's axis lock); <dx> <dy> is the net movement; <end> is release,
# libinput_cancel, touch_cancel, device_removed, or open (never ended).
trace_gestures() {
  grep '^{' "${1:-$DAEMON_TRACE}" | jq -rs '
    def dir: if (.dx | fabs) >= (.dy | fabs) then (if .dx >= 0 then "right" else "left" end)
             else (if .dy >= 0 then "down" else "up" end) end;
    reduce .[] as $s ({g: [], open: {}};
      ($s.device | tostring) as $d
      | if $s.type == "begin" then
          .open[$d] = (.g | length)
          | .g += [{name: "\($s.source)\($s.fingers)", dx: 0, dy: 0, first: null, end: "open"}]
        elif .open[$d] == null then .
        elif $s.type == "update" then
          .open[$d] as $i
          | .g[$i].dx += $s.dx | .g[$i].dy += $s.dy
          | if .g[$i].first == null and ((.g[$i].dx | fabs) >= 10 or (.g[$i].dy | fabs) >= 10)
            then .g[$i].first = (.g[$i] | dir) else . end
        elif $s.type == "end" then
          .g[.open[$d]].end = ($s.cancel // "release") | del(.open[$d])
        elif $s.type == "device_removed" then
          .g[.open[$d]].end = "device_removed" | del(.open[$d])
        else . end)
    | .g[]
    | "\(.name)-\(.first // dir) \(.end) \(.dx | round) \(.dy | round)"'
}

# ended_summary: one line per transition that ended, in order: "<transition> <outcome> <reason>",
# e.g. "swipe3-right finish release" (from the daemon's --print-events lines).
ended_summary() {
  grep '^{' "$DAEMON_OUT" | jq -r 'select(.event == "ended") | "\(.transition) \(.outcome) \(.reason)"'
}

# completed_summary: "<transition> <finished>" per completed event, e.g. "swipe3-right true".
completed_summary() {
  grep '^{' "$DAEMON_OUT" | jq -r 'select(.event == "completed") | "\(.transition) \(.finished)"'
}

# wait_completed N [SECONDS]: until the daemon has printed N completed events (animations over).
wait_completed() {
  [[ ${E2E_DAEMON:-transitiond} == probe ]] && return 0
  wait_count "$DAEMON_OUT" '"event":"completed"' "$1" "${2:-$E2E_WAIT}"
}

# wait_ended N [SECONDS]: until the daemon has printed N ended events (decisions made).
wait_ended() {
  [[ ${E2E_DAEMON:-transitiond} == probe ]] && return 0
  wait_count "$DAEMON_OUT" '"event":"ended"' "$1" "${2:-$E2E_WAIT}"
}

# expect_events WHAT EXPECTED ACTUAL: expect_lines on the daemon's events (skipped when the probe
# stands in for the daemon: it prints no events).
expect_events() {
  [[ ${E2E_DAEMON:-transitiond} == probe ]] && return 0
  expect_lines "$@"
}

# expect_lines WHAT EXPECTED ACTUAL: compares two newline-separated lists.
expect_lines() {
  if [[ $2 == "$3" ]]; then pass "$1"
  else fail "$1" "expected [$(echo $2)], got [$(echo $3)]"; fi
}
