# Shared helpers for e2e/scenarios/*.sh (sourced; runs inside the VM, as root).
#
#   source "$(dirname "$0")/../lib.sh"
#   daemon_start [transitiond flags...]   start transitiond (with e2e/config.toml unless the flags
#                                         give --config) in the background: stdout (--print-events)
#                                         -> $DAEMON_OUT, stderr (log) -> $DAEMON_LOG,
#                                         recognised samples (--record) -> $DAEMON_TRACE
#   wait_for FILE REGEX [SECONDS] [LINE]  wait until a line of FILE (from line LINE on) matches
#   log_mark                              the daemon log's line count: a point to wait from
#   wait_used NODE [MARK]                 wait until the daemon uses NODE (its log says so after
#                                         line MARK: nodes are reused, older lines must not count)
#   vdev NAME KIND [ARGS...]              start transition-vdev KIND in the background, waiting
#                                         for its device node: ${VDEV_NODE[NAME]} ${VDEV_PID[NAME]};
#                                         it starts its gestures when you call vdev_go NAME
#   vdev_used NAME                        wait until the daemon uses that device
#   vdev_go NAME / vdev_wait NAME         start the gestures / wait for the process to end
#   never_opened NODE...                  watch $DAEMON_PID's /proc/PID/fd until daemon_stop;
#                                         daemon_stop reports PASS/FAIL for each node
#   fd_count                              the daemon's number of open fds
#   pass WHAT / fail WHAT WHY / check WHAT COMMAND...   result lines
#   daemon_stop                           SIGTERM, wait, report the fd watch, check it exited 0
#
# Every scenario gets a private $E2E_TMP (the VM's /tmp: sockets work there). Times are in
# seconds. Scenarios assert on the daemon's events (ended_summary) and on what the input layer
# recognised (trace_gestures over $DAEMON_TRACE; format: docs/input.md, "Gesture traces").
set -u
E2E_BIN=${E2E_BIN:?E2E_BIN must name the build directory}
E2E_TMP=$(mktemp -d /tmp/e2e.XXXXXX)
SCENARIO=$(basename "$0" .sh)
DAEMON_PID=
DAEMON_OUT=$E2E_TMP/daemon.out
DAEMON_LOG=$E2E_TMP/daemon.log
DAEMON_TRACE=$E2E_TMP/trace.jsonl
declare -A VDEV_NODE=() VDEV_PID=() VDEV_MARK=()
_WATCH_PIDS=() _WATCHED=()

pass() { echo "PASS $SCENARIO: $1"; }
fail() { echo "FAIL $SCENARIO: $1: $2"; }
check() {
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what" "$(printf '%q ' "$@")failed"; fi
}

# wait_for FILE REGEX [SECONDS] [LINE]
wait_for() {
  local file=$1 regex=$2 limit=${3:-20} from=${4:-0} i
  for ((i = 0; i < limit * 20; i++)); do
    tail -n +$((from + 1)) "$file" 2>/dev/null | grep -Eq -- "$regex" && return 0
    sleep 0.05
  done
  echo "timed out after ${limit}s waiting for /$regex/ in $file" >&2
  return 1
}

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
    local i
    for ((i = 0; i < 200; i++)); do DAEMON_PID=$(pgrep -P "$_STRACE_PID" | head -n1); [[ -n $DAEMON_PID ]] && break; sleep 0.05; done
  else
    "${cmd[@]}" > "$DAEMON_OUT" 2> "$DAEMON_LOG" &
    DAEMON_PID=$!
  fi
  [[ ${E2E_DAEMON:-transitiond} == probe ]] && DAEMON_TRACE=$DAEMON_OUT
  # Ready once it has looked at the seat's devices.
  wait_for "$DAEMON_LOG" 'using |waiting for one' 20 || { fail "daemon start" "no device line in $DAEMON_LOG"; cat "$DAEMON_LOG"; }
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
  wait_for "$DAEMON_LOG" "using [a-z]+ $1 " 20 "${2:-0}"
}

vdev_used() {
  wait_used "${VDEV_NODE[$1]}" "${VDEV_MARK[$1]}"
}

# vdev NAME KIND [ARGS...]
vdev() {
  local name=$1 kind=$2; shift 2
  local out=$E2E_TMP/vdev.$name.out
  VDEV_MARK[$name]=$(log_mark)
  # E2E_VDEV_LINGER: a slower daemon (sanitized) must read the last frames before the device goes.
  "$E2E_BIN/transition-vdev" "$kind" --start-when "$E2E_TMP/go.$name" --linger "${E2E_VDEV_LINGER:-0.3}" "$@" > "$out" 2>&1 &
  VDEV_PID[$name]=$!
  wait_for "$out" '^created /dev/input/event' 20 || { cat "$out"; return 1; }
  VDEV_NODE[$name]=$(sed -n 's/^created //p' "$out")
}
vdev_go() { touch "$E2E_TMP/go.$1"; }
vdev_wait() { wait "${VDEV_PID[$1]}"; }

fd_count() { ls "/proc/$DAEMON_PID/fd" | wc -l; }

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
  local n=$1 limit=${2:-10} i
  [[ ${E2E_DAEMON:-transitiond} == probe ]] && return 0
  for ((i = 0; i < limit * 20; i++)); do
    (( $(grep -c '"event":"completed"' "$DAEMON_OUT" 2>/dev/null) >= n )) && return 0
    sleep 0.05
  done
  echo "timed out waiting for $n completed events" >&2
  return 1
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
