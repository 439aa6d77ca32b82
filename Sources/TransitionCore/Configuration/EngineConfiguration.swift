// SPDX-License-Identifier: MIT
/// The unit a ``Distance`` is given in.
public enum DistanceUnit: String, Sendable, Hashable, CaseIterable, Codable {
    /// The source's native unit: libinput's 1000-dpi unaccelerated units for swipes and scrolls.
    case units
    /// Millimetres of finger travel (converted with the source's units per mm).
    case mm
    /// Pinch scale change (1.0 = the distance between the fingers doubled).
    case scale
    /// A rotation's angle, degrees.
    case degrees
    /// Percent of a touchscreen's side along the gesture's axis (its width for left and right,
    /// its height for up and down); touchscreen pans and edge swipes only. Without a known
    /// extent, percent of ``SourceDefaults/touchscreenFallbackDistance``, as the default does.
    case percent
}

/// How far a pan travels for progress to go from 0 to 1.
public struct Distance: Sendable, Hashable, Codable {
    /// How far, in ``unit``.
    public var value: Double
    /// Units, millimetres, scale, degrees or percent of the screen.
    public var unit: DistanceUnit
    /// `value` in `unit`.
    public init(_ value: Double, _ unit: DistanceUnit) { self.value = value; self.unit = unit }
}

/// A touchscreen tap of `fingers` fingers runs `transition` non-interactively, as a `trigger`
/// does (binding `tap<fingers>`); with `touchpad` set, a touchpad tap (`padtap<fingers>`).
public struct TapBinding: Sendable, Hashable, Codable {
    /// How many fingers the tap must have.
    public var fingers: Int
    /// The transition's name.
    public var transition: String
    /// A touchpad tap (`padtap`) rather than a touchscreen one (`tap`).
    public var touchpad: Bool
    /// A tap of `fingers` fingers runs `transition` (`touchpad`: a touchpad tap).
    public init(fingers: Int, transition: String, touchpad: Bool = false) {
        self.fingers = fingers; self.transition = transition; self.touchpad = touchpad
    }

    /// `tap<fingers>`, or `padtap<fingers>` on a touchpad.
    public var gestureName: String { touchpad ? "padtap\(fingers)" : "tap\(fingers)" }
}

/// A hold of `fingers` fingers drives `transition` by time (bindings `hold<fingers>` on a
/// touchpad, `touchhold<fingers>` on a touchscreen): progress is the time the fingers have
/// rested over the transition's ``TransitionSpec/holdDuration``.
public struct HoldBinding: Sendable, Hashable, Codable {
    /// ``GestureSource/hold`` or ``GestureSource/touchHold``.
    public var source: GestureSource
    /// How many fingers must rest.
    public var fingers: Int
    /// The transition's name.
    public var transition: String
    /// A hold of `fingers` fingers from `source` drives `transition`.
    public init(source: GestureSource, fingers: Int, transition: String) {
        self.source = source; self.fingers = fingers; self.transition = transition
    }

    /// `hold<fingers>` or `touchhold<fingers>`.
    public var gestureName: String { "\(source.rawValue)\(fingers)" }
}

/// Which gesture drives which transition.
public struct Binding: Sendable, Hashable, Codable {
    /// The kind of pan.
    public var source: GestureSource
    /// Finger count the gesture must have (swipe 3–4, scroll 2, touch 1–5, pinch 2–4).
    public var fingers: Int
    /// The direction that moves the transition towards completion. For an
    /// ``GestureSource/edge`` swipe the direction away from its edge: `edge1-left` moves `right`.
    public var direction: Direction
    /// The transition's name.
    public var transition: String
    /// Overrides the transition's distance for this binding.
    public var distance: Distance?
    /// Moves a paged transition back (page − 1) in ``direction``: the reverse of a declared
    /// paged transition's gesture. `false` for every configured binding.
    public var backward = false

    /// `source` with `fingers` fingers towards `direction` drives `transition`.
    public init(source: GestureSource, fingers: Int, direction: Direction, transition: String,
                distance: Distance? = nil) {
        self.source = source; self.fingers = fingers; self.direction = direction
        self.transition = transition; self.distance = distance
    }
}

/// When to finish and when to cancel on release.
public struct DecisionPolicy: Sendable, Hashable, Codable {
    /// Finish iff (projected) progress ≥ this (default 0.5).
    public var finishThreshold: Double
    /// Below this release speed (source units per ms: touchpad units, mm for touchscreens,
    /// scale for pinches) the position alone decides. `nil`: the source's default
    /// (``SourceDefaults/velocityThreshold(for:)``: GNOME's 0.6 units/ms on touchpads,
    /// 0.08 mm/ms on touchscreens).
    public var velocityThreshold: Double?
    /// Deceleration rate d per ms for the projection τ = −1/(1000·ln d).
    /// `nil`: 0.997 for touchpads, 0.998 for touchscreens.
    public var decelerationRate: Double?
    /// A movement smaller than this snaps back with no animation (Hyprland: 2). In touchpad
    /// units; other sources compare after converting (``SourceDefaults/touchpadUnits(per:)``).
    public var snapDistance: Double

    /// GNOME's rules unless told otherwise.
    public init(finishThreshold: Double = 0.5, velocityThreshold: Double? = nil,
                decelerationRate: Double? = nil, snapDistance: Double = 2) {
        self.finishThreshold = finishThreshold; self.velocityThreshold = velocityThreshold
        self.decelerationRate = decelerationRate; self.snapDistance = snapDistance
    }
}

/// How a curve animation's duration is chosen.
public enum CurveTiming: Sendable, Hashable, Codable {
    /// GNOME: T = clamp(3·|Δp|/|v|, min, max) seconds.
    case velocityMatched(min: Double, max: Double)
    /// UIKit: T = duration·(1 − p)/completionSpeed to finish, duration·p/completionSpeed to cancel.
    case uikit(duration: Double, completionSpeed: Double)
}

/// The completion animation a transition uses after release.
public enum CompletionStyle: Sendable, Hashable, Codable {
    /// A spring starting at the release velocity.
    case spring(SpringParameters)
    /// A timing curve whose duration ``CurveTiming`` picks.
    case curve(Curve, CurveTiming)

    /// niri's default spring.
    public static let `default` = CompletionStyle.spring(.default)
}

/// Rubber band outside [0, 1] (niri: stiffness 0.5, limit 0.05).
public struct RubberBand: Sendable, Hashable, Codable {
    /// c: the slope of the band at the edge (0.5: half speed).
    public var stiffness: Double
    /// d: the most the band ever shows beyond an end, in progress.
    public var limit: Double
    /// niri's band unless told otherwise.
    public init(stiffness: Double = 0.5, limit: Double = 0.05) { self.stiffness = stiffness; self.limit = limit }
}

/// One named transition and how it behaves.
public struct TransitionSpec: Sendable, Hashable, Codable {
    /// The name clients subscribe to and trigger.
    public var name: String
    /// Travel from 0 to 1; `nil` uses the source's default (GNOME: 400 units horizontal,
    /// 300 vertical on touchpads; a touchscreen's extent along the axis).
    public var distance: Distance?
    /// When a release finishes.
    public var decision: DecisionPolicy
    /// The animation after a release or cancel.
    public var completion: CompletionStyle
    /// The resistance outside [0, 1].
    public var rubberBand: RubberBand
    /// Duration of a non-interactive run (`trigger`), seconds.
    public var triggerDuration: Double
    /// The animation a trigger uses; `nil` = `completion`, with curves timed by `triggerDuration`.
    public var triggerCompletion: CompletionStyle?
    /// Default rate of server-driven `frame` events, per second (clients may ask for their own).
    /// Also the rate of the `updated` events of a hold, whose progress moves with time.
    public var frameRate: Int
    /// How long a hold bound to this transition rests until it finishes, seconds (default
    /// ``SourceDefaults/holdDuration``, 0.5 s: GTK's and UIKit's long-press time).
    public var holdDuration: Double
    /// The pages of a transition a client declared with pages (its progress is then a position
    /// among them); `nil` for every configured transition, which goes 0 → 1.
    public var pages: Pages?

    /// A transition named `name`, every setting at its default unless given.
    public init(name: String, distance: Distance? = nil, decision: DecisionPolicy = DecisionPolicy(),
                completion: CompletionStyle = .default, rubberBand: RubberBand = RubberBand(),
                triggerDuration: Double = 0.35, triggerCompletion: CompletionStyle? = nil, frameRate: Int = 60,
                holdDuration: Double = SourceDefaults.holdDuration, pages: Pages? = nil) {
        self.pages = pages
        self.name = name; self.distance = distance; self.decision = decision; self.completion = completion
        self.rubberBand = rubberBand; self.triggerDuration = triggerDuration
        self.triggerCompletion = triggerCompletion; self.frameRate = frameRate; self.holdDuration = holdDuration
    }
}

/// Everything the engine needs: transitions and the bindings that drive them.
public struct EngineConfiguration: Sendable, Hashable, Codable {
    /// The transitions, in the order `list` and `states` report them.
    public var transitions: [TransitionSpec]
    /// Which gestures drive which transitions.
    public var bindings: [Binding]
    /// Which touchscreen taps run which transitions.
    public var taps: [TapBinding]
    /// Touchpad movement (swipes and scrolls, touchpad units) before the axis locks
    /// (GNOME, libadwaita, niri, Clutter: 16, see ``SourceDefaults/touchpadSlop``).
    public var slop: Double
    /// Touchscreen movement, mm, before the axis locks (see ``SourceDefaults/touchscreenSlop``).
    public var touchSlop: Double
    /// Pinch scale change before the pinch locks (see ``SourceDefaults/pinchSlop``).
    public var pinchSlop: Double
    /// A pinch's or twist's angle, degrees, before it locks onto rotation (see
    /// ``SourceDefaults/rotationSlop``).
    public var rotationSlop: Double
    /// Which holds (touchpad holds, touchscreen long presses) drive which transitions.
    public var holds: [HoldBinding]
    /// How long fingers rest before a hold begins, seconds (see ``SourceDefaults/holdDelay``).
    public var holdDelay: Double

    /// A configuration; the slops and the hold delay default to ``SourceDefaults``'.
    public init(transitions: [TransitionSpec], bindings: [Binding], slop: Double = SourceDefaults.touchpadSlop,
                touchSlop: Double = SourceDefaults.touchscreenSlop, pinchSlop: Double = SourceDefaults.pinchSlop,
                taps: [TapBinding] = [], rotationSlop: Double = SourceDefaults.rotationSlop,
                holds: [HoldBinding] = [], holdDelay: Double = SourceDefaults.holdDelay) {
        self.transitions = transitions; self.bindings = bindings; self.slop = slop
        self.touchSlop = touchSlop; self.pinchSlop = pinchSlop; self.taps = taps
        self.rotationSlop = rotationSlop; self.holds = holds; self.holdDelay = holdDelay
    }

    /// The slop for `source`, in its native units.
    public func slop(for source: GestureSource) -> Double {
        switch source {
        case .swipe, .scroll, .padtap: slop
        case .touch, .edge: touchSlop
        case .pinch, .touchPinch: pinchSlop
        case .hold: slop
        case .touchHold: touchSlop
        case .rotate, .touchRotate: rotationSlop
        }
    }
}
