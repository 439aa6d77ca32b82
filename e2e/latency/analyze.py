#!/usr/bin/env python3
"""Input-to-read latency of swipe updates, for one or more readers.

usage: analyze.py [--json] [--kind updated] FRAMES EVENTS...
EVENTS: "<ns> <kind> [<source µs>]" per event read (floor.c or probe.c output): the
CLOCK_MONOTONIC time the reader got the event and, when known, the event's own time, i.e. the
kernel's timestamp of the evdev frame it came from (libinput's event time, which transitiond
passes on as `time_us`).
FRAMES: "<ns> <kind>" per frame written (transition-vdev --log, CLOCK_MONOTONIC ns taken when
write(2) to /dev/uinput returned).

Two measures, printed side by side:
  source     read time - the event's own frame time (exact pairing; the main figure);
  frame log  read time - the newest frame written before it (the vdev's own clock, a cross-check;
             it runs a little low, as the log stamp is taken after the write returned).
"""
import bisect, json, sys

def load_events(path, kind):
    out = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].isdigit() and parts[1] == kind:
                source = int(parts[2]) * 1000 if len(parts) >= 3 and parts[2].isdigit() else None
                out.append((int(parts[0]), source))
    return out

def load_frames(path):
    with open(path) as f:
        return sorted(int(l.split()[0]) for l in f if l.split() and l.split()[0].isdigit())

def percentile(values, q):
    if not values:
        return float("nan")
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]

def summary(values):
    values = sorted(values)
    return {"n": len(values), "median_us": percentile(values, 0.5), "p90_us": percentile(values, 0.9),
            "p99_us": percentile(values, 0.99), "max_us": values[-1] if values else float("nan")}

def main(argv):
    kind, as_json, paths = "updated", False, []
    it = iter(argv)
    for a in it:
        if a == "--kind": kind = next(it)
        elif a == "--json": as_json = True
        else: paths.append(a)
    if len(paths) < 2:
        print(__doc__, file=sys.stderr); return 2
    frames = load_frames(paths[0])
    events = [e for p in paths[1:] for e in load_events(p, kind)]
    source = [(t - s) / 1000.0 for t, s in events if s is not None]
    logged = []
    for t, _ in events:
        i = bisect.bisect_right(frames, t) - 1
        if i >= 0 and t - frames[i] < 1_000_000_000:
            logged.append((t - frames[i]) / 1000.0)
    result = summary(source) if source else summary(logged)
    result["frame_log"] = summary(logged)
    if as_json:
        print(json.dumps(result))
    else:
        fmt = "n=%(n)d median=%(median_us).0fus p90=%(p90_us).0fus p99=%(p99_us).0fus max=%(max_us).0fus"
        print("source:    " + fmt % result)
        print("frame log: " + fmt % result["frame_log"])
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
