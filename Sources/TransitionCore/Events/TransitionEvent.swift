// SPDX-License-Identifier: MIT
/// Whether a transition ends at its target (`finish`) or back where it started (`cancel`).
public enum Outcome: String, Sendable, Hashable, Codable {
    case finish, cancel
}

/// Why a transition ended the way it did (`ended.reason` in the protocol).
public enum EndReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Released slowly: decided by position against the finish threshold.
    case release
    /// Released with speed: decided by the projected position.
    case velocity
    /// libinput reported the gesture as cancelled.
    case libinputCancel = "libinput_cancel"
    /// The touchscreen sent TOUCH_CANCEL.
    case touchCancel = "touch_cancel"
    /// The device driving the transition went away.
    case deviceRemoved = "device_removed"
    /// Another gesture or trigger took the transition over.
    case superseded
    /// A non-interactive run (`trigger`).
    case trigger
    /// A client asked to cancel.
    case client
    /// The daemon is shutting down or reloading its configuration.
    case shutdown
    /// The seat's active session changed (or locked), and this client's delivery paused: the
    /// server ends the transition for it only; the engine goes on for the session now active.
    case sessionChanged = "session_changed"
    /// The machine is about to sleep (logind's `PrepareForSleep`): every transition in flight
    /// ends before it does, so nothing stays half-done across the sleep.
    case suspend
    /// A hold rested for its whole duration: it finished with the fingers still down.
    case held
    /// A hold's fingers moved past the slop: it cancelled, and the movement became the pan it is.
    case moved
    /// The client that declared the transition withdrew it, or its connection closed.
    case withdrawn
}

/// What started a transition.
public enum TransitionOrigin: Sendable, Hashable, Codable {
    /// A finger pan on a device.
    case gesture(source: GestureSource, fingers: Int, device: DeviceID)
    /// A non-interactive run.
    case trigger(reverse: Bool)
}

/// `began`: a gesture locked onto a transition, or a trigger started one.
public struct BeganEvent: Sendable, Hashable, Codable {
    /// A gesture (source, fingers, device) or a trigger.
    public var origin: TransitionOrigin
    /// The binding's direction for a gesture; `nil` for a trigger.
    public var direction: Direction?
    /// Progress at the start: 0 for a gesture; for a trigger its starting value (0, or 1 when
    /// reversed, or the value of the animation it took over). A catch does not begin anew: it
    /// continues the caught gesture id after `paused`.
    public var from: Double
    /// `true` for a finger-driven gesture, `false` for a trigger run.
    public var interactive: Bool
    /// A `began` payload.
    public init(origin: TransitionOrigin, direction: Direction?, from: Double, interactive: Bool) {
        self.origin = origin; self.direction = direction; self.from = from; self.interactive = interactive
    }
}

/// `updated`: the finger moved. `progress` is what to show (rubber-banded outside [0, 1]),
/// `rawProgress` the unbounded value, `velocity` in progress per second.
public struct UpdatedEvent: Sendable, Hashable, Codable {
    /// What to show: rubber-banded outside [0, 1].
    public var progress: Double
    /// p0 + Σ(sign·Δ)/D, unbounded.
    public var rawProgress: Double
    /// Progress per second over the last 150 ms.
    public var velocity: Double
    /// An `updated` payload.
    public init(progress: Double, rawProgress: Double, velocity: Double) {
        self.progress = progress; self.rawProgress = rawProgress; self.velocity = velocity
    }
}

/// `ended`: the decision, and the whole completion animation so a client can run it locally.
public struct EndedEvent: Sendable, Hashable, Codable {
    /// Finish (to 1) or cancel (back to the cancel point).
    public var outcome: Outcome
    /// Why.
    public var reason: EndReason
    /// Progress where the animation starts.
    public var from: Double
    /// Progress where it ends: 1 for finish, the cancel point for cancel.
    public var to: Double
    /// Release velocity in progress per second.
    public var velocity: Double
    /// The completion animation, from ``from`` to ``to``; t = 0 is the event's time.
    public var animation: AnimationDescription
    /// For a paged transition: the target page (``to``) and the page count; `nil` otherwise.
    public var pages: EndedPages?
    /// An `ended` payload.
    public init(outcome: Outcome, reason: EndReason, from: Double, to: Double, velocity: Double,
                animation: AnimationDescription, pages: EndedPages? = nil) {
        self.outcome = outcome; self.reason = reason; self.from = from; self.to = to
        self.velocity = velocity; self.animation = animation; self.pages = pages
    }
}

/// The pages of a paged transition's `ended`: where it goes and how many there are.
public struct EndedPages: Sendable, Hashable, Codable {
    /// The target page, 0-based: `ended.to`.
    public var page: Int
    /// The page count.
    public var count: Int
    /// Target `page` of `count`.
    public init(page: Int, count: Int) { self.page = page; self.count = count }
}

/// `paused`: a new touch caught the running animation at `progress`.
public struct PausedEvent: Sendable, Hashable, Codable {
    /// The frozen value.
    public var progress: Double
    /// A `paused` payload.
    public init(progress: Double) { self.progress = progress }
}

/// `completed`: the animation reached its end.
public struct CompletedEvent: Sendable, Hashable, Codable {
    /// Whether it ended at 1 (finish) rather than its cancel point (or was superseded).
    public var finished: Bool
    /// The final value.
    public var progress: Double
    /// A `completed` payload.
    public init(finished: Bool, progress: Double) { self.finished = finished; self.progress = progress }
}

/// One step of a transition, as streamed to clients.
///
/// The events of one gesture id always come in this order (see ``TransitionEngine``):
/// `began · updated* · ended · ((paused · updated*)? · ended)* · completed`.
/// `paused` is a catch by a new touch; an `ended` after it (or after another `ended`) redirects
/// the same run. Ids count from 1; times never decrease.
public struct TransitionEvent: Sendable, Hashable, Codable {
    /// What happened, with its data.
    public enum Payload: Sendable, Hashable, Codable {
        /// A gesture locked on, or a trigger started.
        case began(BeganEvent)
        /// The finger moved.
        case updated(UpdatedEvent)
        /// Released, cancelled or redirected: the decision and the animation.
        case ended(EndedEvent)
        /// Caught by a new touch.
        case paused(PausedEvent)
        /// The animation reached its end; the run is over.
        case completed(CompletedEvent)
    }

    /// The transition's configured name.
    public var transition: String
    /// Shared by every event of one gesture or run.
    public var gesture: UInt64
    /// CLOCK_MONOTONIC microseconds.
    public var timeUs: UInt64
    /// What happened.
    public var payload: Payload

    /// An event of `transition`'s gesture or run `gesture` at `timeUs`.
    public init(transition: String, gesture: UInt64, timeUs: UInt64, payload: Payload) {
        self.transition = transition; self.gesture = gesture; self.timeUs = timeUs; self.payload = payload
    }
}
