#!/usr/bin/env python3
"""A transitiond client in plain Python (standard library only).

    transitiond_client.py watch [--transition NAME]... [--exit-after N] [--animate]
    transitiond_client.py list
    transitiond_client.py status
    transitiond_client.py trigger NAME [--reverse] [--duration S]
    transitiond_client.py cancel [NAME]
    transitiond_client.py declare NAME GESTURE... [--pages N] [--page K] [--exit-after N]

`declare` defines a transition of this connection's own (docs/protocol.md, "Transitions a client
declares"), e.g. `declare workspaces swipe3-left --pages 4 --page 1`: it owns its gestures (and,
with pages, their reverses) while the connection lives, and prints its events as `watch` does.

Every command takes --socket PATH, before or after the command's name (else
$TRANSITIOND_SOCKET, else the per-user and system paths). `watch` prints one line per event;
with --animate it also evaluates each `ended` animation itself at 30 frames per second, the way
a renderer at its own vsync would (see docs/protocol.md, "Running the completion animation
yourself"). When a reload changes the configured transitions, `watch` prints the new list
(`transitions_changed`).

The protocol: docs/protocol.md. Copy what you need; it is meant to be read.
"""
import argparse
import json
import math
import os
import select
import socket
import sys
import time


# ---------------------------------------------------------------------------------------------
# Connection


def socket_candidates(explicit=None):
    """The paths to try, in order (docs/protocol.md, "Connecting")."""
    if explicit:
        return [explicit]
    if os.environ.get("TRANSITIOND_SOCKET"):
        return [os.environ["TRANSITIOND_SOCKET"]]
    candidates = []
    if os.getuid() != 0 and os.environ.get("XDG_RUNTIME_DIR"):
        candidates.append(os.path.join(os.environ["XDG_RUNTIME_DIR"], "transitiond", "transitiond.sock"))
    candidates.append("/run/transitiond/transitiond.sock")
    return candidates


# The longest line transitiond sends, newline excluded: the most it queues for one client
# (max_queued_bytes, docs/protocol.md "Limits and slow clients"). A longer one closes the
# connection (LineTooLong), so a process at the socket that is not transitiond cannot make this
# client's memory grow without bound.
MAX_LINE_BYTES = 4 << 20


class LineTooLong(ConnectionError):
    """The peer sent a line longer than MAX_LINE_BYTES: the connection was closed."""


class Client:
    """One connection: JSON lines in and out, requests matched to replies by id."""

    def __init__(self, path=None):
        errors = []
        for candidate in socket_candidates(path):
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(candidate)
                self.path = candidate
                break
            except OSError as error:
                self.sock.close()
                errors.append(f"{candidate}: {error.strerror}")
        else:
            raise SystemExit("cannot connect to transitiond (" + "; ".join(errors) + ")")
        self.buffer = b""
        self.next_id = 1
        self.pending = []  # messages read while waiting for a reply
        self.hello = self.read()
        if self.hello is None or self.hello.get("event") != "hello":
            raise SystemExit(f"expected hello, got {self.hello!r}")

    def send(self, request):
        self.sock.sendall(json.dumps(request, separators=(",", ":")).encode() + b"\n")

    def read(self, timeout=None):
        """The next message (a dict), None at the end of the stream, or "timeout"."""
        if self.pending:
            return self.pending.pop(0)
        while b"\n" not in self.buffer:
            if timeout is not None:
                ready, _, _ = select.select([self.sock], [], [], timeout)
                if not ready:
                    return "timeout"
            data = self.sock.recv(65536)
            if not data:
                return None
            self.buffer += data
            self.check_line_length(self.buffer)
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def receive(self):
        """For an event loop: reads what the socket has (call it when the socket is readable)
        and returns the complete messages, [] if none is complete yet, None at the end of the
        stream. Between calls, watch `sock` for input (GLib, asyncio, select); before the first
        wait, take what `request` has already read with `buffered`."""
        data = self.sock.recv(65536)
        if not data:
            return None
        self.buffer += data
        return self.buffered()

    def buffered(self):
        """The messages already read from the socket and not returned yet: those set aside while
        waiting for a reply, and the complete lines after it (a `snapshot` after `subscribe`)."""
        messages, self.pending = self.pending, []
        *lines, self.buffer = self.buffer.split(b"\n")
        self.check_line_length(self.buffer)
        return messages + [json.loads(line) for line in lines if line.strip()]

    def check_line_length(self, partial):
        """Closes the connection and raises LineTooLong once the line being read (`partial`,
        before any newline) is longer than any line of transitiond's."""
        newline = partial.find(b"\n")
        if (newline if newline >= 0 else len(partial)) > MAX_LINE_BYTES:
            self.sock.close()
            raise LineTooLong(f"transitiond sent a line longer than {MAX_LINE_BYTES} bytes")

    def declare(self, transition, gestures, pages=None, page=None, **members):
        """Declares a transition this connection owns (see docs/protocol.md, "Transitions a client
        declares"): `gestures` move it forward; with `pages` (≥ 2) its progress is a position among
        them, starting at `page`. Returns the gestures it owns; raises on an error reply
        (`gesture_taken` names the owner). It lives until `withdraw` or the connection closes."""
        if pages is not None:
            members["pages"] = pages
            if page is not None:
                members["page"] = page
        return self.request("declare", transition=transition, gestures=list(gestures), **members)["gestures"]

    def update(self, transition, pages=None, page=None):
        """Changes the page count and/or the current page of this connection's transition."""
        members = {k: v for k, v in (("pages", pages), ("page", page)) if v is not None}
        self.request("update", transition=transition, **members)

    def withdraw(self, transition):
        """Ends this connection's declared transition."""
        self.request("withdraw", transition=transition)

    def request(self, name, **members):
        """Sends a request and returns its reply's result; raises on an error reply."""
        request_id = self.next_id
        self.next_id += 1
        self.send({"id": request_id, "request": name, **members})
        skipped = []
        while True:
            message = self.read()
            if message is None:
                raise SystemExit("transitiond closed the connection")
            if message.get("event") == "reply" and message.get("id") == request_id:
                self.pending = skipped + self.pending
                if not message["ok"]:
                    error = message["error"]
                    raise SystemExit(f"{error['message']} ({error['code']})")
                return message["result"]
            skipped.append(message)


# ---------------------------------------------------------------------------------------------
# Evaluating an `ended` animation locally


def monotonic_us():
    """CLOCK_MONOTONIC in µs: the clock of every time_us."""
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


class _Bezier:
    """A CSS/UIKit timing curve: the cubic Bézier from (0, 0) to (1, 1) through (x1, y1), (x2, y2)."""

    def __init__(self, x1, y1, x2, y2):
        self.cx, self.cy = 3 * x1, 3 * y1
        self.bx, self.by = 3 * (x2 - x1) - self.cx, 3 * (y2 - y1) - self.cy
        self.ax, self.ay = 1 - self.cx - self.bx, 1 - self.cy - self.by

    def x(self, s):
        return ((self.ax * s + self.bx) * s + self.cx) * s

    def dx(self, s):
        return (3 * self.ax * s + 2 * self.bx) * s + self.cx

    def solve_x(self, u):
        """The parameter s with x(s) = u: Newton's method, falling back to bisection."""
        s = u
        for _ in range(8):
            err = self.x(s) - u
            if abs(err) < 1e-12:
                return s
            d = self.dx(s)
            if abs(d) < 1e-9:
                break
            s -= err / d
        lo, hi, s = 0.0, 1.0, u
        for _ in range(60):
            xs = self.x(s)
            if abs(xs - u) < 1e-12:
                return s
            lo, hi = (s, hi) if xs < u else (lo, s)
            s = 0.5 * (lo + hi)
        return s

    def value(self, u):
        s = self.solve_x(u)
        return ((self.ay * s + self.by) * s + self.cy) * s

    def slope(self, u):
        s = self.solve_x(u)
        if self.dx(s) < 1e-9:  # at an end whose control point sits on it: the limit, a hair inside
            s = min(max(s, 1e-6), 1 - 1e-6)
        return ((3 * self.ay * s + 2 * self.by) * s + self.cy) / self.dx(s)


class _EaseOutCubic:
    """1 − (1 − u)³: Clutter's and GNOME Shell's swipe curve."""

    @staticmethod
    def value(u):
        r = 1 - u
        return 1 - r * r * r

    @staticmethod
    def slope(u):
        r = 1 - u
        return 3 * r * r


class _Linear:
    value = staticmethod(lambda u: u)
    slope = staticmethod(lambda u: 1.0)


CURVES = {  # by their protocol names; value(u) and slope(u) for u in [0, 1]
    "linear": _Linear,
    "ease_out_cubic": _EaseOutCubic,
    "ease_in": _Bezier(0.42, 0, 1, 1),
    "ease_out": _Bezier(0, 0, 0.58, 1),
    "ease_in_out": _Bezier(0.42, 0, 0.58, 1),
}


def _spring_basis(a, t):
    """(e^(-βt)·C(t), e^(-βt)·S(t)), β and ω0² of the spring `a` (docs/protocol.md's table)."""
    zeta, w0_squared = a["damping_ratio"], a["stiffness"] / a["mass"]
    w0 = math.sqrt(w0_squared)
    beta = zeta * w0
    if zeta == 1:
        e = math.exp(-beta * t)
        c, s = e, e * t
    elif zeta < 1:
        w1 = w0 * math.sqrt((1 - zeta) * (1 + zeta))
        e = math.exp(-beta * t)
        c, s = e * math.cos(w1 * t), e * math.sin(w1 * t) / w1
    else:
        # e^(-βt)·cosh γt and e^(-βt)·sinh(γt)/γ from e^((-β±γ)t), so neither overflows nor cancels.
        g = w0 * math.sqrt((zeta - 1) * (zeta + 1))
        slow, fast = math.exp((g - beta) * t), math.exp(-(beta + g) * t)
        c = 0.5 * (slow + fast)
        s = fast * math.expm1(2 * g * t) / (2 * g) if 2 * g * t < 1 else (slow - fast) / (2 * g)
    return c, s, beta, w0_squared


def animation_value(ended, t):
    """Progress `t` seconds after the `ended` event (any `ended` object, also a snapshot's).

    The same arithmetic as the daemon's own sampler (TransitionCore), so the values agree with
    the server's `frame` events: tests/python/check-sampler compares them with vectors the Swift
    engine writes."""
    a, start, end = ended["animation"], ended["from"], ended["to"]
    if a["type"] == "none" or t >= a["duration"]:
        return end
    if t <= 0:
        return start
    if a["type"] == "curve":
        return start + (end - start) * CURVES[a["curve"]].value(t / a["duration"])
    # Spring: x(t) = e^(-βt)(x0·C(t) + B·S(t)), value = to + x(t).
    x0, v0 = start - end, a["initial_velocity"]
    c, s, beta, _ = _spring_basis(a, t)
    return end + (x0 * c + (beta * x0 + v0) * s)


def animation_velocity(ended, t):
    """Progress per second `t` seconds after the `ended` event; 0 once it has arrived."""
    a, start, end = ended["animation"], ended["from"], ended["to"]
    if a["type"] == "none" or t >= a["duration"]:
        return 0.0
    t = max(t, 0.0)
    if a["type"] == "curve":
        return (end - start) * CURVES[a["curve"]].slope(min(t / a["duration"], 1.0)) / a["duration"]
    # Spring: x'(t) = e^(-βt)(v0·C(t) - (ω0²·x0 + β·v0)·S(t)).
    x0, v0 = start - end, a["initial_velocity"]
    c, s, beta, w0_squared = _spring_basis(a, t)
    return v0 * c - (w0_squared * x0 + beta * v0) * s


# ---------------------------------------------------------------------------------------------
# Commands


def describe(message):
    kind, name = message["event"], message.get("transition", "")
    if kind == "began":
        # Any source, including ones newer than this client: it is only shown.
        origin = "trigger" if message["source"] == "trigger" else f"{message['source']} {message.get('fingers', '?')} fingers"
        return f"{name} began ({origin}, gesture {message['gesture']})"
    if kind == "updated":
        return f"{name} {message['progress']:.3f} ({message['velocity']:+.2f}/s)"
    if kind == "ended":
        a = message["animation"]
        page = f" (page {message['page'] + 1} of {message['pages']})" if "pages" in message else ""
        return (f"{name} ended: {message['outcome']} ({message['reason']}) "
                f"{message['from']:.3f} -> {message['to']:.3f}{page}, {a['type']} {a.get('duration', 0):.3f}s")
    if kind == "frame":
        return f"{name} frame {message['progress']:.3f}"
    if kind == "paused":
        return f"{name} caught at {message['progress']:.3f}"
    if kind == "completed":
        return f"{name} completed ({'finished' if message['finished'] else 'cancelled'})"
    if kind == "snapshot":
        return "snapshot: " + ", ".join(f"{t['name']} {t['phase']} {t['progress']:.2f}" for t in message["transitions"])
    if kind == "goodbye":
        return f"goodbye: {message['message']} ({message['reason']})"
    if kind == "delivery":  # another user's session in front, or a lock: events pause, then resume
        reason = f" ({message['reason']})" if "reason" in message else ""
        return f"delivery {message['state']}{reason}: {message['message']}"
    if kind == "transitions_changed":
        return "transitions changed: " + ", ".join(t["name"] for t in message["transitions"])
    return None  # a kind this client does not know: ignore it (docs/protocol.md, "Versioning")


def gesture_list(transition):
    """The gestures bound to a transition, by name: `gestures` lists every kind (taps, holds, and
    whatever a newer server adds); a server from before it lists only `bindings` (pans, pinches,
    edge swipes), each with a direction."""
    if "gestures" in transition:
        names = [g["name"] for g in transition["gestures"]]
    else:
        names = [f"{b['source']}{b['fingers']}-{b.get('direction')}" for b in transition.get("bindings", [])]
    return ", ".join(names) or "-"


def ownership(transition):
    """Who owns what, for `list`: a declared transition's owner and page, a configured one's
    gestures that a declared transition took; "" when neither (or a server that does not say)."""
    notes = []
    declared = transition.get("declared")
    if declared:
        paged = f", page {declared['page'] + 1} of {declared['pages']}" if "pages" in declared else ""
        notes.append(f"declared by pid {declared['pid']}{paged}")
    for taken in transition.get("taken", []):
        notes.append(f"{taken['gesture']} taken by {taken['by']} (pid {taken['pid']})")
    return "; ".join(notes)


def watch(client, args):
    subscription = {"transitions": args.transition} if args.transition else {}
    client.request("subscribe", **subscription)
    animating = {}  # transition -> (ended, start_us), evaluated locally with --animate
    completed = 0
    while True:
        timeout = 1 / 30 if (args.animate and animating) else None
        message = client.read(timeout)
        if message is None:
            return
        if message == "timeout":
            now = monotonic_us()
            for name, (ended, start) in list(animating.items()):
                print(f"{name} animating {animation_value(ended, (now - start) / 1e6):.3f}", flush=True)
            continue
        kind = message.get("event")
        if kind == "transitions_changed":
            # A reload: keep the list; a transition no longer configured has already ended.
            client.hello["transitions"] = message["transitions"]
            names = {t["name"] for t in message["transitions"]}
            for name in list(animating):
                if name not in names:
                    animating.pop(name)
        if kind == "ended":
            animating[message["transition"]] = (message, message["time_us"])
        elif kind in ("paused", "completed", "began"):
            animating.pop(message.get("transition"), None)
        text = describe(message)
        if text:
            print(text, flush=True)
        if kind == "completed":
            completed += 1
            if args.exit_after and completed >= args.exit_after:
                return
        if kind == "goodbye":
            return


def connection_options():
    """The options every command takes, before or after its name (`--socket PATH watch` or
    `watch --socket PATH`): a parent parser shared by the main parser and every command's."""
    options = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a command's parser that did not see the option leaves alone what the main one set.
    options.add_argument("--socket", metavar="PATH", default=argparse.SUPPRESS,
                         help="the daemon's socket (default: $TRANSITIOND_SOCKET, then the usual paths)")
    return options


def parser():
    options = connection_options()
    main_parser = argparse.ArgumentParser(description="A transitiond client in plain Python.", parents=[options])
    commands = main_parser.add_subparsers(dest="command", required=True)

    def command(name, help):
        return commands.add_parser(name, help=help, parents=[options])

    w = command("watch", "print events as they come")
    w.add_argument("--transition", action="append", help="only this transition (repeatable)")
    w.add_argument("--exit-after", type=int, help="exit after this many completions")
    w.add_argument("--animate", action="store_true", help="evaluate ended animations locally at 30 fps")
    command("list", "the configured transitions")
    command("status", "the daemon's status, as JSON")
    t = command("trigger", "run a transition without a finger")
    t.add_argument("name")
    t.add_argument("--reverse", action="store_true")
    t.add_argument("--duration", type=float)
    c = command("cancel", "cancel a running transition (all without a name)")
    c.add_argument("name", nargs="?")
    d = command("declare", "declare a transition of this connection's own and watch it")
    d.add_argument("name")
    d.add_argument("gestures", nargs="+", metavar="GESTURE", help="e.g. swipe3-left, edge1-right")
    d.add_argument("--pages", type=int, help="a paged transition with this many pages")
    d.add_argument("--page", type=int, help="the current page, 0-based")
    d.add_argument("--exit-after", type=int, help="exit after this many completions")
    return main_parser


def main(argv=None):
    args = parser().parse_args(argv)
    args.socket = getattr(args, "socket", None)

    client = Client(args.socket)
    if args.command == "watch":
        watch(client, args)
    elif args.command == "list":
        for t in client.request("list")["transitions"]:
            note = ownership(t)
            print(f"{t['name']}\t{gesture_list(t)}\t{t['phase']}\t{t['progress']:.2f}" + (f"\t{note}" if note else ""))
    elif args.command == "status":
        print(json.dumps(client.request("status"), indent=2))
    elif args.command == "trigger":
        members = {"transition": args.name}
        if args.reverse:
            members["reverse"] = True
        if args.duration:
            members["duration"] = args.duration
        print(client.request("trigger", **members)["gesture"])
    elif args.command == "declare":
        owned = client.declare(args.name, args.gestures, pages=args.pages, page=args.page)
        print(f"{args.name} owns {', '.join(owned)}", flush=True)
        args.transition, args.animate = [args.name], False
        watch(client, args)
    elif args.command == "cancel":
        members = {"transition": args.name} if args.name else {}
        print(client.request("cancel", **members)["cancelled"])


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
