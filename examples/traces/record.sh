#!/usr/bin/env bash
# Records the example traces through the real input path: inside a VM (a real kernel, uinput,
# udev and libinput), transition-vdev plays a gesture on a virtual touchpad or touchscreen while
# transitiond records what its recognisers made of it (--record). Run from the repository root:
#   swift build && e2e/vm/vm-run --out .build/traces examples/traces/record.sh "$(swift build --show-bin-path)"
#   cp .build/traces/*.jsonl examples/traces/
# Steps are in transition-vdev's units (touchpad: 12 per mm; touchscreen: mm); each gesture
# speeds up and slows down like a finger (small steps, bigger ones, small ones), 7.5 ms apart.
set -u
export E2E_BIN=${1:?usage: record.sh BIN-DIR}
export E2E_ROOT=$PWD
out=$(realpath .build/traces)
# shellcheck source=../../e2e/lib.sh
source e2e/lib.sh

record() {
  local name=$1 kind=$2; shift 2
  daemon_start
  if ! vdev "$name" "$kind" --interval 0.0075 "$@" || ! vdev_used "$name"; then
    fail "$name" "the daemon did not pick up the device"
    daemon_stop
    cp "$DAEMON_LOG" "$out/$name.log"
    return 1
  fi
  vdev_go "$name"
  vdev_wait "$name"
  sleep 0.5
  daemon_stop
  cp "$DAEMON_LOG" "$out/$name.log"
  # The virtual device is destroyed after the gesture: keep only the gesture's samples.
  grep -v '"device_removed"' "$DAEMON_TRACE" > "$out/$name.jsonl"
  pass "$name: $(wc -l < "$out/$name.jsonl") samples"
}

# A 3-finger swipe left over 35 mm, resting 0.2 s before the lift.
record swipe-left-finish touchpad --gesture '3:4x-2,0/6x-6,0/24x-14,0/6x-6,0/4x-2,0@0.2'
# A 3-finger swipe right over 13 mm, resting 0.3 s before the lift.
record swipe-right-cancel touchpad --gesture '3:3x2,0/6x5,0/10x8,0/6x5,0/3x2,0@0.3'
# A 3-finger flick right over 11 mm in about 80 ms, lifting while moving.
record swipe-right-fling touchpad --gesture '3:2x3,0/3x8,0/6x16,0'
# A 3-finger touchscreen drag up over 124 mm of the 200 mm screen, resting 0.2 s.
record touch-up-finish touchscreen --gesture '3:4x0,-1/6x0,-3/20x0,-4/6x0,-3/4x0,-1@0.2'
