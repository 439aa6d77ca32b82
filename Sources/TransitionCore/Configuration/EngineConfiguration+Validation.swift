// SPDX-License-Identifier: MIT
extension EngineConfiguration {
    /// Finger counts a binding may ask for, per source: libinput swipes have 3 or more fingers,
    /// two-finger scrolls exactly 2, pinches and rotations 2 or more, touchscreens 1 or more;
    /// 10 at most. Touchpad taps 3 to 5 (``allowedPadTapFingers``).
    public static func allowedFingers(for source: GestureSource) -> ClosedRange<Int> {
        switch source {
        case .swipe: 3...10
        case .scroll: 2...2
        case .pinch, .touchPinch, .rotate, .touchRotate: 2...10
        case .touch, .edge: 1...10
        case .hold, .touchHold: 1...10
        case .padtap: allowedPadTapFingers
        }
    }

    /// The directions a binding of `source` may drive: `in`/`out` for pinches, `cw`/`ccw` for
    /// rotations, `left`/`right`/`up`/`down` for pans; none for a touchpad tap or a hold.
    public static func allowedDirections(for source: GestureSource) -> [Direction] {
        switch source {
        case .pinch, .touchPinch: [.in, .out]
        case .rotate, .touchRotate: [.cw, .ccw]
        case .swipe, .scroll, .touch, .edge: [.left, .right, .up, .down]
        case .padtap, .hold, .touchHold: []
        }
    }

    /// Checks everything the engine relies on; the first problem found is thrown with a
    /// message that names the transition or binding. ``TransitionEngine`` calls this in `init`
    /// and `reconfigure`; the configuration loader may call it to report errors early.
    ///
    /// Refused: an empty or duplicate transition name; a distance that is zero, negative, NaN
    /// or infinite, or in a unit its source cannot use (a scale for a swipe, mm for a pinch);
    /// thresholds out of range (finish threshold outside [0, 1], a negative or non-finite
    /// velocity threshold or snap distance, a deceleration rate outside (0, 1)); springs with
    /// non-positive mass, stiffness or damping ratio, or epsilon outside (0, 1) (a spring that
    /// is merely very soft is allowed; ``SpringParameters/unitSettleTime`` says how long it
    /// takes, for a loader that wants to warn); curve timings with negative or non-finite durations;
    /// a negative trigger duration; a rubber band with negative values; a frame rate outside
    /// 1...1000; slops that are negative or not finite; a binding to an unknown transition, a
    /// finger count its source never reports, a direction on the wrong axis for its source
    /// (pinches are in/out, rotations cw/ccw, pans left/right/up/down), and two bindings for the same source,
    /// finger count and direction.
    ///
    /// The error's ``ConfigurationError/subject`` is the setting, transition, binding, tap or hold
    /// it is about.
    public func validate() throws(ConfigurationError) {
        var subject: ConfigurationError.Subject?
        do throws(ConfigurationError) {
            try validateParts(about: &subject)
        } catch {
            throw ConfigurationError(error.message, subject: error.subject ?? subject)
        }
    }

    /// The checks of ``validate()``; `subject` follows the part being checked.
    private func validateParts(about subject: inout ConfigurationError.Subject?) throws(ConfigurationError) {
        for (name, value) in [("slop", slop), ("touch_slop", touchSlop), ("pinch_slop", pinchSlop),
                              ("rotation_slop", rotationSlop)] {
            subject = .setting(name)
            guard value.isFinite, value >= 0 else {
                throw ConfigurationError("\(name) must be a finite number ≥ 0 (got \(value))")
            }
        }
        var names = Set<String>()
        for (index, spec) in transitions.enumerated() {
            subject = .transition(index: index)
            guard !spec.name.isEmpty else { throw ConfigurationError("a transition has an empty name") }
            guard names.insert(spec.name).inserted else {
                throw ConfigurationError("duplicate transition name '\(spec.name)'")
            }
            try spec.validate()
        }
        var seen: [String: String] = [:]
        for (index, binding) in bindings.enumerated() {
            subject = .binding(index: index)
            let key = binding.gestureName
            let what = "binding \(key) -> '\(binding.transition)'"
            guard let spec = transitions.first(where: { $0.name == binding.transition }) else {
                throw ConfigurationError("\(what): unknown transition '\(binding.transition)'")
            }
            guard Self.allowedFingers(for: binding.source).contains(binding.fingers) else {
                let r = Self.allowedFingers(for: binding.source)
                throw ConfigurationError(
                    "\(what): \(binding.source.rawValue) gestures have \(r.lowerBound)...\(r.upperBound) fingers (got \(binding.fingers))")
            }
            let directions = Self.allowedDirections(for: binding.source)
            guard directions.contains(binding.direction) else {
                throw ConfigurationError(binding.source == .padtap
                    ? "\(what): a padtap is a tap (\"padtap<fingers>\"), it has no direction"
                    : binding.source.isPinch
                    ? "\(what): a pinch goes in or out, not \(binding.direction.rawValue)"
                    : binding.source.isRotation
                    ? "\(what): a \(binding.source.rawValue) goes cw or ccw, not \(binding.direction.rawValue)"
                    : "\(what): a \(binding.source.rawValue) goes left, right, up or down, not \(binding.direction.rawValue)")
            }
            if let previous = seen[key] {
                throw ConfigurationError(
                    "two bindings for \(key): transitions '\(previous)' and '\(binding.transition)'")
            }
            seen[key] = binding.transition
            if let distance = binding.distance ?? spec.distance {
                let origin = binding.distance != nil ? what : "transition '\(spec.name)' (used by \(what))"
                try distance.validate(for: binding.source, in: origin)
            }
        }
        for (index, tap) in taps.enumerated() {
            subject = .tap(index: index)
            let what = "binding \(tap.gestureName) -> '\(tap.transition)'"
            guard transitions.contains(where: { $0.name == tap.transition }) else {
                throw ConfigurationError("\(what): unknown transition '\(tap.transition)'")
            }
            let allowed = tap.touchpad ? Self.allowedPadTapFingers : Self.allowedTapFingers
            guard allowed.contains(tap.fingers) else {
                throw ConfigurationError("\(what): \(tap.touchpad ? "touchpad taps" : "taps") have \(allowed.lowerBound)...\(allowed.upperBound) fingers (got \(tap.fingers))")
            }
            if let previous = seen[tap.gestureName] {
                throw ConfigurationError(
                    "two bindings for \(tap.gestureName): transitions '\(previous)' and '\(tap.transition)'")
            }
            seen[tap.gestureName] = tap.transition
        }
        subject = .setting("hold_delay")
        guard holdDelay.isFinite, holdDelay >= 0 else {
            throw ConfigurationError("hold_delay must be a finite number of seconds ≥ 0 (got \(holdDelay))")
        }
        for (index, hold) in holds.enumerated() {
            subject = .hold(index: index)
            let what = "binding \(hold.gestureName) -> '\(hold.transition)'"
            guard hold.source.isHold else {
                throw ConfigurationError("\(what): a hold binding needs a hold or touchhold source, not \(hold.source.rawValue)")
            }
            guard transitions.contains(where: { $0.name == hold.transition }) else {
                throw ConfigurationError("\(what): unknown transition '\(hold.transition)'")
            }
            let r = Self.allowedFingers(for: hold.source)
            guard r.contains(hold.fingers) else {
                throw ConfigurationError("\(what): \(hold.source.rawValue) gestures have \(r.lowerBound)...\(r.upperBound) fingers (got \(hold.fingers))")
            }
            if let previous = seen[hold.gestureName] {
                throw ConfigurationError(
                    "two bindings for \(hold.gestureName): transitions '\(previous)' and '\(hold.transition)'")
            }
            seen[hold.gestureName] = hold.transition
        }
        subject = nil // checks added below name their own subject
    }

    /// Finger counts a tap binding may ask for: 1 to 10.
    public static let allowedTapFingers: ClosedRange<Int> = 1...10
    /// Finger counts a touchpad tap binding may ask for: 3 to 5. One and two fingers are the
    /// desktop's own clicks (libinput's tap-to-click); the kernel reports at most five fingers
    /// on a touchpad (`BTN_TOOL_QUINTTAP`).
    public static let allowedPadTapFingers: ClosedRange<Int> = 3...5
}

extension Binding {
    /// `<source><fingers>-<direction>`, the name the standard configuration gives its transition;
    /// for an edge swipe `edge<fingers>-<edge>`, the edge it comes in from (`edge1-left` moves right).
    public var gestureName: String {
        let tail = source == .edge ? (ScreenEdges.origin(of: direction).names.first ?? direction.rawValue) : direction.rawValue
        return "\(source.rawValue)\(fingers)-\(tail)"
    }
}

extension Distance {
    func validate(for source: GestureSource, in origin: String) throws(ConfigurationError) {
        guard value.isFinite, value > 0 else {
            throw ConfigurationError("\(origin): distance must be a positive finite number (got \(value))")
        }
        guard inNativeUnits(of: source) != nil else {
            throw ConfigurationError(
                "\(origin): a \(source.rawValue) distance cannot be in \(unit.rawValue) (use \(SourceDefaults.nativeUnit(of: source).rawValue))")
        }
    }
}

extension TransitionSpec {
    /// Checks this transition's own settings (see ``EngineConfiguration/validate()``).
    public func validate() throws(ConfigurationError) {
        let me = "transition '\(name)'"
        try pages?.validate(in: me)
        if let distance {
            guard distance.value.isFinite, distance.value > 0 else {
                throw ConfigurationError("\(me): distance must be a positive finite number (got \(distance.value))")
            }
        }
        let d = decision
        guard d.finishThreshold.isFinite, (0...1).contains(d.finishThreshold) else {
            throw ConfigurationError("\(me): finish threshold must be in 0...1 (got \(d.finishThreshold))")
        }
        if let v = d.velocityThreshold, !(v.isFinite && v >= 0) {
            throw ConfigurationError("\(me): velocity threshold must be a finite number ≥ 0 (got \(v))")
        }
        if let r = d.decelerationRate, !(r > 0 && r < 1) {
            throw ConfigurationError("\(me): deceleration rate must be between 0 and 1, exclusive (got \(r))")
        }
        guard d.snapDistance.isFinite, d.snapDistance >= 0 else {
            throw ConfigurationError("\(me): snap distance must be a finite number ≥ 0 (got \(d.snapDistance))")
        }
        try completion.validate(in: "\(me) completion")
        if let trigger = triggerCompletion { try trigger.validate(in: "\(me) trigger completion") }
        guard triggerDuration.isFinite, triggerDuration >= 0 else {
            throw ConfigurationError("\(me): trigger duration must be a finite number of seconds ≥ 0 (got \(triggerDuration))")
        }
        guard rubberBand.stiffness.isFinite, rubberBand.stiffness >= 0,
              rubberBand.limit.isFinite, rubberBand.limit >= 0 else {
            throw ConfigurationError(
                "\(me): rubber band stiffness and limit must be finite numbers ≥ 0 (got \(rubberBand.stiffness), \(rubberBand.limit))")
        }
        guard (1...1000).contains(frameRate) else {
            throw ConfigurationError("\(me): frame rate must be 1...1000 per second (got \(frameRate))")
        }
        guard holdDuration.isFinite, holdDuration > 0 else {
            throw ConfigurationError("\(me): hold duration must be a positive finite number of seconds (got \(holdDuration))")
        }
    }
}

extension CompletionStyle {
    /// Checks the spring parameters or curve timing; `origin` names where it comes from.
    public func validate(in origin: String) throws(ConfigurationError) {
        switch self {
        case .spring(let p):
            for (name, value) in [("mass", p.mass), ("stiffness", p.stiffness), ("damping ratio", p.dampingRatio)] {
                guard value.isFinite, value > 0 else {
                    throw ConfigurationError("\(origin): spring \(name) must be a positive finite number (got \(value))")
                }
            }
            guard p.epsilon > 0, p.epsilon < 1 else {
                throw ConfigurationError("\(origin): spring epsilon must be between 0 and 1, exclusive (got \(p.epsilon))")
            }
        case .curve(_, .velocityMatched(let lo, let hi)):
            guard lo.isFinite, hi.isFinite, lo >= 0, hi >= lo else {
                throw ConfigurationError("\(origin): curve durations need 0 ≤ min ≤ max, finite (got \(lo), \(hi))")
            }
        case .curve(_, .uikit(let duration, let speed)):
            guard duration.isFinite, duration >= 0 else {
                throw ConfigurationError("\(origin): curve duration must be a finite number of seconds ≥ 0 (got \(duration))")
            }
            guard speed.isFinite, speed > 0 else {
                throw ConfigurationError("\(origin): completion speed must be a positive finite number (got \(speed))")
            }
        }
    }
}
