#!/usr/bin/env python3
"""Latency from the newest uinput frame written to an event read, for one or more readers.

usage: analyze.py FRAMES EVENTS... [--kind updated] [--json]
FRAMES: "<ns> <kind>" per frame written (the virtual device's log, CLOCK_MONOTONIC ns).
EVENTS: "<ns> <kind>" per event read (floor or probe output). For each event of --kind, the
latency is its time minus the newest frame written at or before it; events with no frame in the
preceding --window ms (animation frames, replies) are left out.
Prints n, median, p90, p99, max in µs (or one JSON object with --json).
"""
import bisect, json, sys

def load(path, kind=None):
    out = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].isdigit() and (kind is None or parts[1] == kind):
                out.append(int(parts[0]))
    return out

def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]

def latencies(frames, events, window_ns):
    frames = sorted(frames)
    out = []
    for t in events:
        i = bisect.bisect_right(frames, t) - 1
        if i >= 0 and t - frames[i] <= window_ns:
            out.append((t - frames[i]) / 1000.0)
    return sorted(out)

def summary(values):
    return {"n": len(values), "median_us": percentile(values, 0.5), "p90_us": percentile(values, 0.9),
            "p99_us": percentile(values, 0.99), "max_us": values[-1] if values else float("nan")}

def main(argv):
    kind, as_json, window_ms, paths = "updated", False, 10.0, []
    it = iter(argv)
    for a in it:
        if a == "--kind": kind = next(it)
        elif a == "--json": as_json = True
        elif a == "--window": window_ms = float(next(it))
        else: paths.append(a)
    if len(paths) < 2:
        print(__doc__, file=sys.stderr); return 2
    frames = load(paths[0])
    events = [t for p in paths[1:] for t in load(p, kind)]
    s = summary(latencies(frames, events, int(window_ms * 1e6)))
    if as_json:
        print(json.dumps(s))
    else:
        print("n=%(n)d median=%(median_us).0fus p90=%(p90_us).0fus p99=%(p99_us).0fus max=%(max_us).0fus" % s)
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
