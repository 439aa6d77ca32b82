#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Helpers of e2e/scenarios/60-chaos.sh (run inside the VM with Debian's python3, stdlib only).

  chaos.py crowd SOCKET SECONDS [CLIENTS]   about CLIENTS connections at a time that connect,
                                            subscribe (some to everything at 120 frames/s), never
                                            read, and hang up after 2-8 s, for SECONDS
  chaos.py racer SOCKET SECONDS NAME...     one connection (subscribed, so never evicted) sending
                                            trigger and cancel requests for NAME... every
                                            50-250 ms, reading each reply
  chaos.py lifecycle CLIENT DAEMON          checks a reading subscriber's JSON lines (CLIENT,
                                            transitionctl watch --json) against the daemon's own
                                            --print-events (DAEMON): every gesture id follows
                                            began ended (paused? ended)* completed, seq only
                                            grows, and the client got every lifecycle event the
                                            daemon published
  chaos.py quiet SOCKET PID OTHERS         asks for `status` and, while still connected, counts
                                            the daemon's (PID) open fds; prints that count less
                                            this connection and exits 0 when the daemon is quiet:
                                            no device in use, OTHERS clients besides this one, every
                                            transition idle (exits 1 when not: ask again)
Each prints one summary line ("crowd: ...", "racer: ...", "lifecycle: ...") and exits non-zero
on what it considers a failure.
"""
import os
import json
import random
import re
import socket
import sys
import time


def connect(path, rcvbuf=None):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(path)
    return s


def crowd(path, seconds, clients=50):
    """Stalled subscribers coming and going: the server's queues fill, coalesce and are freed."""
    rnd = random.Random(19)
    end = time.monotonic() + seconds
    slots = [None] * clients
    made = failed = peak = 0
    # Everything at 120 frames/s; the lifecycle only; three transitions; the lifecycle only; all.
    requests = [b'{"request":"subscribe","frame_rate":120,"events":["began","updated","ended","frame","paused","completed"]}\n',
                b'{"request":"subscribe","events":["began","ended","paused","completed"]}\n',
                b'{"request":"subscribe","transitions":["swipe3-left","swipe3-right","touch1-right"]}\n',
                b'{"request":"subscribe","events":["began","ended","completed"]}\n',
                b'{"request":"subscribe"}\n']
    while time.monotonic() < end:
        now = time.monotonic()
        for i, slot in enumerate(slots):
            if slot is not None and slot[1] > now:
                continue
            if slot is not None:
                slot[0].close()  # unread data in its buffer: the server sees a reset
                slots[i] = None
            try:
                s = connect(path, rcvbuf=4096)  # a small buffer fills after a few lines
                s.sendall(requests[made % len(requests)])
                made += 1
                slots[i] = (s, now + rnd.uniform(2.0, 8.0))
            except OSError:
                failed += 1
        peak = max(peak, sum(slot is not None for slot in slots))
        time.sleep(0.05)
    for slot in slots:
        if slot is not None:
            slot[0].close()
    print(f"crowd: {made} connections ({peak} at once), {failed} failed to connect", flush=True)
    return 0


def racer(path, seconds, names):
    """trigger and cancel, on the transitions live gestures drive, as fast as the replies come."""
    rnd = random.Random(7)
    s = connect(path)
    s.settimeout(120)  # a sanitized daemon in an emulated VM under load can take seconds to answer
    lines = s.makefile("rb")
    # Subscribed (to one event of one transition), so that the server never evicts it at the
    # per-user cap: a starved VM can leave it without sending for the 10 s that makes an
    # unsubscribed connection evictable.
    s.sendall(b'{"id":0,"request":"subscribe","transitions":["swipe4-left"],"events":["completed"]}\n')
    while json.loads(lines.readline()).get("id") != 0:
        pass
    end = time.monotonic() + seconds
    sent = 0
    outcomes = {}
    while time.monotonic() < end:
        sent += 1
        name = rnd.choice(names)
        kind = rnd.random()
        if kind < 0.5:
            request = {"id": sent, "request": "trigger", "transition": name,
                       "duration": round(rnd.uniform(0.05, 0.4), 3), "reverse": rnd.random() < 0.3}
        elif kind < 0.85:
            request = {"id": sent, "request": "cancel", "transition": name}
        else:
            request = {"id": sent, "request": "cancel"}
        s.sendall((json.dumps(request) + "\n").encode())
        while True:  # replies, transitions_changed, and the odd completed of swipe4-left
            line = lines.readline()
            if not line:
                print(f"racer: the daemon closed the connection after {sent} requests", flush=True)
                return 1
            message = json.loads(line)
            if message.get("event") == "reply" and message.get("id") == sent:
                break
        key = request["request"] + (" ok" if message["ok"] else " " + message["error"]["code"])
        outcomes[key] = outcomes.get(key, 0) + 1
        time.sleep(rnd.uniform(0.05, 0.25))
    s.close()
    summary = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    print(f"racer: {sent} requests ({summary})", flush=True)
    return 0


LIFECYCLE = ("began", "ended", "paused", "completed")
GRAMMAR = re.compile(r"BE(P?E)*C")


def lifecycle(client_path, daemon_path):
    def read(path):
        out = []
        with open(path, "rb") as f:
            for raw in f:
                raw = raw.strip(b"\0\n")
                if raw.startswith(b"{"):
                    out.append(json.loads(raw))
        return out

    client, daemon = read(client_path), read(daemon_path)
    problems = []
    seqs = [m["seq"] for m in client]
    if seqs != sorted(set(seqs)):
        problems.append("the client's seq does not only grow")
    if client and client[-1].get("event") == "goodbye" and client[-1].get("reason") != "shutdown":
        problems.append(f"the client was sent away: {client[-1]}")

    def by_gesture(messages):
        runs = {}
        for m in messages:
            if m.get("event") in LIFECYCLE:
                runs.setdefault(m["gesture"], []).append(m["event"])
        return runs

    seen, published = by_gesture(client), by_gesture(daemon)
    for gesture, events in sorted(seen.items()):
        word = "".join(e[0].upper() for e in events)
        if not GRAMMAR.fullmatch(word):
            problems.append(f"gesture {gesture}: {' '.join(events)}")
    missing = {g: e for g, e in published.items() if seen.get(g) != e}
    for gesture, events in sorted(missing.items())[:10]:
        problems.append(f"gesture {gesture}: daemon published {' '.join(events)}, "
                        f"the client got {' '.join(seen.get(gesture, [])) or 'nothing'}")
    count = {k: sum(1 for m in client if m.get("event") == k) for k in LIFECYCLE + ("updated", "frame")}
    print(f"lifecycle: {len(seen)} gestures and runs, {len(client)} lines "
          + " ".join(f"{k} {v}" for k, v in count.items())
          + f"; the daemon published {len(published)}"
          + ("" if not problems else "; PROBLEMS:\n  " + "\n  ".join(problems)), flush=True)
    return 1 if problems else 0


def quiet(path, pid, others):
    """The chaos scenario's baseline: what the daemon holds once everything has gone away. The
    fds are counted while this connection is open and the daemon has just answered on it, so
    every hang-up before it is already closed (the clients list says so) and this one not yet."""
    s = connect(path)
    s.settimeout(120)
    lines = s.makefile("rb")
    s.sendall(b'{"id":1,"request":"status"}\n')
    while True:
        message = json.loads(lines.readline())
        if message.get("event") == "reply" and message.get("id") == 1:
            break
    fds = len(os.listdir(f"/proc/{pid}/fd")) - 1
    s.close()
    result = message["result"]
    busy = [t["name"] for t in result["transitions"] if t["phase"] != "idle"]
    ok = not result["devices"] and len(result["clients"]) == others + 1 and not busy
    print(fds)
    return 0 if ok else 1


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "crowd" and len(argv) in (4, 5):
        return crowd(argv[2], float(argv[3]), int(argv[4]) if len(argv) == 5 else 50)
    if command == "racer" and len(argv) >= 5:
        return racer(argv[2], float(argv[3]), argv[4:])
    if command == "lifecycle" and len(argv) == 4:
        return lifecycle(argv[2], argv[3])
    if command == "quiet" and len(argv) == 5:
        return quiet(argv[2], int(argv[3]), int(argv[4]))
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
