# SPDX-License-Identifier: MIT
"""What the four real clients of Touchégg's protocol do with the signals they receive, restated
from their sources (docs/touchegg.md, "What the real clients did", names each file and version),
so that the e2e scenario can check outcomes rather than percentages. No client code is copied:
each class re-states only the arithmetic that decides an outcome.

Every model takes the signals as GDBus hands them over: feed(name, args, now_ms), with args the
(uudiut) tuple (type, direction, percentage, fingers, device, elapsed_time) and now_ms the time the
client received the signal (the X11 extension times its updates by Date.now(), not elapsed_time).
It returns the outcomes it produced, each a dict {"client": ..., ...}. closed(now_ms) is the
connection's end: each of the four clients then ends a gesture left open (its last signal a Begin
or an Update) with that signal's arguments, as if an OnGestureEnd had come.
"""
import json
import math

SWIPE, PINCH, TAP = 1, 2, 3
UP, DOWN, LEFT, RIGHT, IN, OUT = 1, 2, 3, 4, 5, 6
TOUCHPAD, TOUCHSCREEN = 1, 2
TYPES = {SWIPE: "swipe", PINCH: "pinch", TAP: "tap"}
DIRS = {0: "", UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right", IN: "in", OUT: "out"}


def round_half_away(x):
    """C's round() and GLib's Math.round in Vala: halves away from zero."""
    return math.copysign(math.floor(abs(x) + 0.5), x)


class Model:
    """What the four have in common: they remember the last signal, and when the connection
    closes with a gesture open (the last signal a Begin or an Update) they end it with it."""

    def feed(self, name, args, now_ms):
        self.last = (name, args)
        return self.signal(name, args, now_ms)

    def closed(self, now_ms):
        name, args = getattr(self, "last", (None, None))
        if name in ("OnGestureBegin", "OnGestureUpdate"):
            return self.feed("OnGestureEnd", args, now_ms)
        return []


class Touchegg(Model):
    """Touchégg 2.0.18's client (`touchegg --client`): GestureController makes the action bound
    to the gesture at OnGestureBegin. A RUN_COMMAND "on end" (RepeatedAction) runs at
    OnGestureEnd when the percentage reaches action_execute_threshold (20); a repeated one (10
    times) runs once each time the percentage climbs 10 past the last step, its reverse each time
    it falls 10 below. Bound here: every swipe of 2 to 5 fingers on end, every pinch repeated,
    TAP with 1 to 5 fingers on end."""
    THRESHOLD = 20
    STEP = 10

    def __init__(self):
        self.action = None

    def signal(self, name, args, now_ms):
        kind, direction, pct, fingers, device, _ = args
        if name == "OnGestureBegin":
            self.action = " ".join(str(x) for x in (TYPES.get(kind, kind), DIRS.get(direction, direction), fingers) if x != "")
            self.repeat = kind == PINCH
            self.step = 0
        elif name == "OnGestureUpdate" and self.action is not None and self.repeat:
            out = []
            if pct >= self.step + self.STEP:
                out.append({"client": "touchegg", "action": self.action})
                self.step += self.STEP
            if pct <= self.step - self.STEP:
                out.append({"client": "touchegg", "reverse": self.action})
                self.step -= self.STEP
            return out
        elif name == "OnGestureEnd":
            action, self.action = self.action, None
            if action is not None and not self.repeat and pct >= self.THRESHOLD:
                return [{"client": "touchegg", "action": action}]
        return []


class Cinnamon(Model):
    """Cinnamon 6.4 (js/ui/gestures/gesturesManager.js and actions.js, fed by
    src/cinnamon-touchegg-client.c): the default org.cinnamon.gestures bindings, run at the end
    when the percentage reaches swipe-percent-threshold (60), pinch-percent-threshold (40) or,
    for taps, 100. A Begin while a gesture is open clears it with a warning. VOLUME_UP/DOWN
    follow the percentage as a level (ceil; 100 − percentage for DOWN) from the Begin on, once
    it has come within 2 % of the volume (VolumeAction._set_volume's `ignoring`: each gesture
    leaves the volume alone until its level reaches it); `volume` is the sink's, in percent
    (the witness harness started at 50)."""
    BINDINGS = {
        "swipe-left-2": "PUSH_TILE_LEFT", "swipe-right-2": "PUSH_TILE_RIGHT",
        "swipe-up-2": "PUSH_TILE_UP", "swipe-down-2": "PUSH_TILE_DOWN",
        "swipe-left-3": "WORKSPACE_NEXT", "swipe-right-3": "WORKSPACE_PREVIOUS",
        "swipe-up-3": "TOGGLE_EXPO", "swipe-down-3": "TOGGLE_OVERVIEW",
        "swipe-left-4": "WINDOW_WORKSPACE_PREVIOUS", "swipe-right-4": "WINDOW_WORKSPACE_NEXT",
        "swipe-up-4": "VOLUME_UP", "swipe-down-4": "VOLUME_DOWN",
        "tap-3": "MEDIA_PLAY_PAUSE",
    }

    def __init__(self, volume=50):
        self.current = None
        self.volume = volume

    def key(self, kind, direction, fingers):
        if kind == TAP:
            return f"tap-{fingers}"
        if kind in (SWIPE, PINCH):
            return f"{TYPES[kind]}-{DIRS.get(direction, '')}-{fingers}"
        return None

    def signal(self, name, args, now_ms):
        kind, direction, pct, fingers, device, _ = args
        out = []
        action = self.BINDINGS.get(self.key(kind, direction, fingers))
        if name == "OnGestureBegin":
            if self.current is not None:
                out.append({"client": "cinnamon", "warning": "new gesture before the end"})
                self.current = None
            if action:
                threshold = 60 if kind == SWIPE else 40 if kind == PINCH else 100
                self.current = {"action": action, "threshold": threshold, "ignoring": True}
                out += self.level(pct)
        elif self.current is not None:
            if action != self.current["action"]:
                out.append({"client": "cinnamon", "warning": "invalid gesture " + name})
                self.current = None
            elif name == "OnGestureUpdate":
                out += self.level(pct)
            else:
                current, self.current = self.current, None
                if pct >= current["threshold"] and not current["action"].startswith("VOLUME"):
                    out.append({"client": "cinnamon", "action": current["action"]})
        return out

    def level(self, pct):
        a = self.current["action"]
        if a not in ("VOLUME_UP", "VOLUME_DOWN"):
            return []
        up = a == "VOLUME_UP"
        level = math.ceil(pct if up else 100 - pct)
        if self.current["ignoring"]:
            if (level < self.volume - 2) if up else (level >= self.volume + 2):
                return []
            self.current["ignoring"] = False
        self.volume = min(max(level, 0), 100)
        return [{"client": "cinnamon", "volume": self.volume}]


class GalaController:
    """One of Gala's GestureControllers (Gala 8.2.0 src/Gestures/GestureController.vala, the same
    arithmetic in 8.5.1's lib/Gestures): progress moves by the difference of percentages (less
    what an update moved faster than MAX_VELOCITY); the velocity is the last update's; at the end
    End's percentage is taken as a position and, with snap, half a step is added in the
    velocity's direction when it exceeds SUCCESS_VELOCITY_THRESHOLD, then it rounds. Animations
    are taken as done at once (a gesture never catches one here)."""
    SUCCESS_VELOCITY_THRESHOLD = 0.003
    MAX_VELOCITY = 0.01

    def __init__(self, lower, upper, progress, snap=True):
        self.lower, self.upper, self.progress, self.snap = lower, upper, progress, snap
        self.recognizing = False
        self.gesture_progress = self.previous_percentage = self.previous_delta = self.velocity = 0.0
        self.previous_time = 0
        self.multiplier = 0

    def detected(self, direction):
        self.recognizing = True
        self.multiplier = 1 if direction in (UP, RIGHT, OUT) else -1

    def begin(self, pct, time):
        if not self.recognizing:
            return
        self.gesture_progress = self.progress
        self.previous_percentage = pct
        self.previous_time = time

    def update(self, pct, time):
        if not self.recognizing:
            return
        updated_delta = self.previous_delta
        if time != self.previous_time:
            distance = pct - self.previous_percentage
            dt = float(time - self.previous_time)
            self.velocity = distance / dt
            if self.velocity > self.MAX_VELOCITY:
                self.velocity = self.MAX_VELOCITY
                updated_delta += pct - (self.MAX_VELOCITY * dt + self.previous_percentage)
        self.update_progress(pct, updated_delta)
        self.previous_percentage, self.previous_time, self.previous_delta = pct, time, updated_delta

    def end(self, pct, time):
        if not self.recognizing:
            return None
        self.recognizing = False
        self.update_progress(pct, self.previous_delta)
        to = self.progress
        if self.snap:
            if abs(self.velocity) > self.SUCCESS_VELOCITY_THRESHOLD:
                to += (self.multiplier if self.velocity > 0 else -self.multiplier) * 0.5
            to = round_half_away(to)
        self.progress = min(max(to, int(self.lower)), int(self.upper))
        self.gesture_progress = self.previous_percentage = self.previous_delta = self.velocity = 0.0
        self.previous_time = 0
        self.multiplier = 0
        return self.progress

    def update_progress(self, pct, pct_delta):
        self.gesture_progress += ((pct - pct_delta) - (self.previous_percentage - self.previous_delta)) * self.multiplier
        lo, hi = int(self.lower), int(self.upper)
        stretched = 0.0
        if self.gesture_progress < lo:
            stretched = (self.gesture_progress - lo) * -(self.lower - lo)
        elif self.gesture_progress > hi:
            stretched = (self.gesture_progress - hi) * (self.upper - hi)
        self.progress = min(max(self.gesture_progress, lo), hi) + stretched


WORKSPACES = 101  # the X11 extension's: so many that no test reaches an end
MIDDLE = 50       # where it starts


class Gala(Model):
    """Gala (ToucheggBackend.vala: percentage × 0.01, elapsed_time as the time) driving two
    controllers: the workspace switcher of MultitaskingView (3-finger horizontal swipes;
    progress −n for workspace n; overshoot clamps 0.1 and −(n − 1) − 0.1; 8 workspaces and every
    gesture starting on workspace 4, as in the witness: End 100 with a fast last update lands
    on an exact half, which rounds either way by a floating-point ulp, so the start matters) and Zoom (3-finger pinches with
    three-finger-pinch = "zoom"; snap off; zoom = progress × 10 + 1). A tap makes no Gala
    gesture: make_gesture returns null and the controllers' handler logs a CRITICAL."""

    def __init__(self):
        self.workspaces = GalaController(lower=-8 - 0.1 + 1, upper=0.1, progress=-4.0)
        self.zoom = GalaController(lower=0, upper=1, progress=0.0, snap=False)
        self.start = None

    def signal(self, name, args, now_ms):
        kind, direction, pct, fingers, device, elapsed = args
        delta = pct * 0.01
        if name == "OnGestureBegin":
            if kind not in (SWIPE, PINCH) or device not in (TOUCHPAD, TOUCHSCREEN):
                return [{"client": "gala", "critical": "gesture != NULL"}]
            for c in (self.workspaces, self.zoom):
                c.recognizing = False
            if kind == SWIPE and fingers == 3 and direction in (LEFT, RIGHT):
                self.workspaces.detected(direction)
            elif kind == PINCH and fingers == 3:
                self.zoom.detected(direction)
            self.start = -self.workspaces.progress
            for c in (self.workspaces, self.zoom):
                c.begin(delta, elapsed)
        elif name == "OnGestureUpdate":
            for c in (self.workspaces, self.zoom):
                c.update(delta, elapsed)
        elif name == "OnGestureEnd":
            out = []
            if self.workspaces.recognizing:
                to = -self.workspaces.end(delta, elapsed)
                out.append({"client": "gala", "moved": to - self.start})
                self.workspaces.progress = -4.0  # the next gesture starts on workspace 4 again
            if self.zoom.recognizing:
                out.append({"client": "gala", "zoom": round(self.zoom.end(delta, elapsed) * 10 + 1, 3)})
            return out
        return []


class X11Extension(Model):
    """The X11 Gestures extension (gnome-shell-extension-x11gestures, src/v40/SwipeTracker40.js
    over GNOME Shell's js/ui/swipeTracker.js): on every Begin it restarts from percentage 0; each
    update moves by the percentage difference × 3.5 (natural scrolling, GNOME's default) over 400;
    the end projects the last 150 ms' velocity onto the workspaces, at most one away. 3-finger horizontal swipes. `jump`: the largest move of one update, in workspaces."""
    TOUCHPAD_BASE_WIDTH = 400
    MULTIPLIER = 3.5

    def __init__(self):
        self.workspace = MIDDLE
        self.scrolling = False
        self.previous = 0.0

    def allowed(self, kind, fingers, direction, device):
        return kind == SWIPE and fingers == 3 and direction in (LEFT, RIGHT) and device in (TOUCHPAD, TOUCHSCREEN)

    def signal(self, name, args, now_ms):
        kind, direction, pct, fingers, device, _ = args
        if name == "OnGestureBegin":
            self.previous = 0.0
            if self.allowed(kind, fingers, direction, device) and not self.scrolling:
                self.scrolling = True
                self.history = [(int(now_ms), 0.0)]
                self.initial = self.progress = float(self.workspace)
                self.jump = 0.0
        elif name == "OnGestureUpdate":
            if self.allowed(kind, fingers, direction, device):
                d = (pct - self.previous) if direction in (RIGHT, DOWN) else (self.previous - pct)
                delta = d * -1 * self.MULTIPLIER
                self.previous = pct
                if self.scrolling:
                    self.append(int(now_ms), delta)
                    before = self.progress
                    lo, hi = self.bounds()
                    self.progress = min(max(self.progress + delta / self.TOUCHPAD_BASE_WIDTH, lo), hi)
                    if abs(self.progress - before) > abs(self.jump):
                        self.jump = self.progress - before
        elif name == "OnGestureEnd":
            if self.allowed(kind, fingers, direction, device) and self.scrolling:
                self.trim(int(now_ms))
                to = self.end_progress(self.velocity())
                out = {"client": "x11ext", "from": self.workspace, "workspace": to, "jump": round(self.jump, 3)}
                self.workspace, self.scrolling = to, False
                return [out]
        return []

    # GNOME Shell's EventHistory (150 ms) and _getEndProgress, touchpad constants.
    def trim(self, t):
        i = next((k for k, (time, _) in enumerate(self.history) if time >= t - 150), len(self.history))
        del self.history[:i]

    def append(self, t, delta):
        self.trim(t)
        self.history.append((t, delta))

    def velocity(self):
        if len(self.history) < 2 or self.history[0][0] == self.history[-1][0]:
            return 0.0
        return sum(d for _, d in self.history[1:]) / (self.history[-1][0] - self.history[0][0])

    def bounds(self):
        i = round(self.initial)
        return (max(i - 1, 0), min(i + 1, WORKSPACES - 1))

    def end_progress(self, velocity):
        if abs(velocity) < 0.6:
            return closest(self.progress)
        slope = 0.997 / (1 - 0.997) / 1000.0
        v = abs(velocity)
        if v > 2:
            c = slope / 2 / 0.35
            x = v - 2 + c
            pos = slope * 2 + 0.35 * x * x - 0.35 * c * c
        else:
            pos = v * slope
        pos = min(max(math.copysign(pos, velocity) + self.progress, self.bounds()[0]), self.bounds()[1])
        initial = round(self.initial)
        prev, nxt = math.floor(pos), math.ceil(pos)
        if (prev if velocity > 0 else nxt) == initial:
            return nxt if velocity > 0 else prev
        return closest(pos)


def closest(pos):
    """The nearest workspace, the lower one on a tie (GNOME's _findClosestPoint)."""
    return math.ceil(pos - 0.5)


def all_models():
    return [Touchegg(), Cinnamon(), Gala(), X11Extension()]


# What the models above receive: Touchégg 2.0.18's daemon's percentages (JoseExposito/touchegg,
# tag 2.0.18, src/gesture-gatherer/libinput-handler.cpp and libinput-device-handler.cpp), which
# transitiond's @touchegg sends too (Sources/TransitionTouchegg/Model/ToucheggScale.swift;
# docs/touchegg.md, "Touchégg's numbers"). Restated here so that a scenario checks the
# percentages a movement gets, from the samples in the daemon's trace.
FALLBACK = (200.0, 2500.0, 2500.0)  # libinput-device-info.h: size unknown


def _known(width_mm, height_mm):
    return bool(width_mm and height_mm and width_mm > 0 and height_mm > 0)


def touchpad_thresholds(width_mm, height_mm):
    """(start, finish across, finish down) in 1000-dpi units: 1 % of the smaller side, 9 % of
    each (calculateTouchpadThreshold, libinput >= 1.18)."""
    if not _known(width_mm, height_mm):
        return FALLBACK
    def dots(mm):
        return mm / 25.4 * 1000
    return (dots(min(width_mm, height_mm)) * 1 / 100, dots(width_mm) * 9 / 100, dots(height_mm) * 9 / 100)


def touchscreen_thresholds(width_mm, height_mm):
    """(start, finish across, finish down) in mm: 2 % of the smaller side, 16 % of each
    (calculateTouchscreenThreshold)."""
    if not _known(width_mm, height_mm):
        return FALLBACK
    return (min(width_mm, height_mm) * 2 / 100, width_mm * 16 / 100, height_mm * 16 / 100)


def swipe_percentage(thresholds, direction, dx, dy):
    """calculateSwipeAnimationPercentage: the distance along the direction past start, over
    start + finish, at most 100."""
    start, across, down = thresholds
    along = {LEFT: -dx, RIGHT: dx, UP: -dy, DOWN: dy}.get(direction)
    if along is None:
        return 0.0
    finish = across if direction in (LEFT, RIGHT) else down
    return min(max(0.0, along - start) * 100 / (start + finish), 100.0)


def pinch_percentage(direction, scale):
    """calculatePinchAnimationPercentage: 100 at scale 0 (in) or 2 (out)."""
    if direction == IN:
        return min(100.0, abs(min(1.0, scale) - 1.0) * 100)
    if direction == OUT:
        return min(100.0, max(0.0, min(2.0, scale) - 1.0) * 100)
    return 0.0


def touchpad_percentage(trace_path, device, direction):
    """The percentage Touchégg's daemon sends at the end of device's last touchpad swipe or
    pinch in a transitiond trace (--record): a swipe's deltas from libinput's begin against the
    touchpad's size (its begin's width_mm, height_mm), a pinch's scale (1 + the sum of its dx)."""
    begin, dx, dy = None, 0.0, 0.0
    with open(trace_path) as f:
        for line in f:
            if not line.startswith("{"):
                continue
            sample = json.loads(line)
            if sample.get("device") != device:
                continue
            if sample["type"] == "begin":
                begin, dx, dy = sample, 0.0, 0.0
            elif sample["type"] == "update" and begin is not None:
                dx += sample["dx"]
                dy += sample["dy"]
    if begin is None:
        return None
    if begin["source"] == "pinch":
        return pinch_percentage(direction, 1 + dx)
    return swipe_percentage(touchpad_thresholds(begin.get("width_mm"), begin.get("height_mm")), direction, dx, dy)


if __name__ == "__main__":
    # client_models.py TRACE DEVICE DIRECTION: touchpad_percentage, printed.
    import sys
    names = {v: k for k, v in DIRS.items() if v}
    print(json.dumps(touchpad_percentage(sys.argv[1], int(sys.argv[2]), names[sys.argv[3]])))
