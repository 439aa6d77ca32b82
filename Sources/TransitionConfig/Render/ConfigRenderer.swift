// SPDX-License-Identifier: MIT
import TransitionCore

/// Writes a ``DaemonConfiguration`` as TOML that ``ConfigLoader/parse(_:source:)`` reads back to
/// the same value: settings most transitions share go to `[defaults]`, each `[[transition]]`
/// lists only what differs, and bindings use the `"swipe3-left"` shorthand where they can.
enum ConfigRenderer {
    static let plainHeader = """
    # transitiond configuration (TOML). Reference: docs/configuration.md.

    """

    static let defaultHeader = """
    # transitiond configuration (TOML): the built-in configuration, as printed by
    # `transitiond --print-default-config`. transitiond reads /etc/transitiond/config.toml (or the
    # file given with --config); without a file it runs with exactly these settings.
    # Reference: docs/configuration.md. Reload after editing: systemctl reload transitiond
    #
    # Every [[transition]] has a name (what clients subscribe to) and bindings: the gestures that
    # drive it, written "<gesture><fingers>-<direction>" (gesture: swipe, scroll, touch, pinch;
    # direction: left, right, up, down, or in, out for pinches).
    #
    # Not bound by default, because applications use them and transitiond never grabs a device
    # (every gesture also reaches the compositor and the focused window): two-finger scrolls
    # ("scroll2-up", ...), two-finger pinches ("pinch2-in", ...) and one- or two-finger
    # touchscreen pans ("touch1-left", ...). Add them where that makes sense.

    """

    static func render(_ configuration: DaemonConfiguration, header: String) -> String {
        var out = header
        let engine = configuration.engine
        out += "log_level = \(TOMLWriter.basicString(configuration.logLevel.rawValue))"
        out += "  # trace, debug, info, notice, warning, error, critical\n"
        if let group = configuration.socketGroup {
            out += "socket_group = \(TOMLWriter.basicString(group))  # owns the socket when transitiond binds it itself\n"
        } else {
            out += "# socket_group = \"transitiond\"  # owns the socket when transitiond binds it itself\n"
        }
        out += "slop = \(TOMLWriter.number(engine.slop))  # touchpad units a swipe or scroll moves before its axis locks\n"
        out += "touch_slop = \(TOMLWriter.number(engine.touchSlop))  # mm a touchscreen pan moves before its axis locks\n"
        out += "pinch_slop = \(TOMLWriter.number(engine.pinchSlop))  # scale change before a pinch locks\n"
        out += "rotation_slop = \(TOMLWriter.number(engine.rotationSlop))  # degrees a pinch or twist turns before it locks onto rotation (only with a rotate/touchrotate binding)\n"
        out += "hold_delay = \(TOMLWriter.number(engine.holdDelay))  # seconds fingers rest before a hold (hold<N>, touchhold<N>) begins\n"

        if engine.transitions.isEmpty {
            out += "transition = []  # no transitions (without this line: the built-in ones)\n"
        }

        let server = configuration.server
        out += "\n[server]  # connection limits; a reload applies them to new connections\n"
        out += "max_clients = \(server.maxClients)  # connections in all; at the cap a new one is refused (too_many_clients)\n"
        out += "max_clients_per_user = \(server.maxClientsPerUser)  # connections from one uid, root included; at most max_clients\n"
        out += "eviction_grace = \(TOMLWriter.number(server.evictionGrace))"
        out += "  # seconds; at a cap, a connection idle this long that never subscribed is closed (evicted) to make room\n"

        out += accessLines(configuration.access)
        out += toucheggLines(configuration.touchegg)
        out += touchscreenLines(configuration.touchscreen)

        let settings = engine.transitions.map(TransitionSettings.init)
        let defaults = commonSettings(settings)
        out += "\n[defaults]  # every [[transition]] starts from these\n"
        for line in settingLines(defaults, comments: true) { out += line + "\n" }

        for (spec, s) in zip(engine.transitions, settings) {
            out += "\n[[transition]]\nname = \(TOMLWriter.basicString(spec.name))\n"
            let bindings = engine.bindings.filter { $0.transition == spec.name }
            let taps = engine.taps.filter { $0.transition == spec.name }
            let holds = engine.holds.filter { $0.transition == spec.name }
            if !bindings.isEmpty || !taps.isEmpty || !holds.isEmpty {
                let items = bindings.map(binding) + taps.map { TOMLWriter.basicString($0.gestureName) }
                    + holds.map { TOMLWriter.basicString($0.gestureName) }
                out += "binding = " + (items.count == 1 ? items[0] : "[" + items.joined(separator: ", ") + "]") + "\n"
            }
            let own = settingLines(s, comments: false)
            let shared = Set(settingLines(defaults, comments: false))
            for line in own where !shared.contains(line) { out += line + "\n" }
        }
        return out
    }

    /// The `[access]` table, commented.
    static func accessLines(_ access: AccessSettings) -> String {
        var out = "\n[access]  # who receives transition events; a reload applies it at once\n"
        out += "mode = \(TOMLWriter.basicString(access.mode?.rawValue ?? "auto"))"
        out += "  # \"active-session\": root, 'always' and the user of the seat's active, unlocked session;"
        out += " \"group\": everyone who can connect; \"auto\": active-session where logind runs, else group\n"
        let always = access.always.map { $0.name.map(TOMLWriter.basicString) ?? "\($0.uid)" }
        out += "always = [\(always.joined(separator: ", "))]  # uids or user names that always receive events (a system shell, a greeter)\n"
        return out
    }

    /// The `[touchegg]` table, commented.
    static func toucheggLines(_ touchegg: ToucheggSettings) -> String {
        var out = "\n[touchegg]  # Touchégg's D-Bus protocol on @touchegg, for clients written for Touchégg (docs/touchegg.md)\n"
        out += "enabled = \(touchegg.enabled)  # serve @touchegg beside the native socket\n"
        out += "end_percentage = \(TOMLWriter.basicString(touchegg.endPercentage.rawValue))"
        out += "  # OnGestureEnd: \"decision\" (100 finish, 0 cancel) or \"last\" (the finger's last percentage)\n"
        return out
    }

    /// The `[touchscreen]` table, commented.
    static func touchscreenLines(_ t: TouchscreenSettings) -> String {
        var out = "\n[touchscreen]  # edge swipes and how panels are mounted; a reload applies it from the next touch\n"
        out += "edge_zone_mm = \(TOMLWriter.number(t.edgeZoneMm))  # a pan starting this close to an edge and moving inward is an edge swipe (0: none)\n"
        out += "edge_zone_share = \(TOMLWriter.number(t.edgeZoneShare))  # the zone as a share of the range, on a panel that reports no size\n"
        out += "rotation = \(t.rotation.rawValue)  # 0, 90, 180, 270: with 90 the panel's native top edge is the viewer's left\n"
        let devices = t.devices.map { "{ name = \(TOMLWriter.basicString($0.name)), rotation = \($0.rotation.rawValue) }" }
        out += "device = [\(devices.joined(separator: ", "))]  # per panel, by its name: { name = \"...\", rotation = 90 }\n"
        return out
    }

    /// For each setting, the value most transitions have (the first one on a tie); the engine's
    /// defaults when there are no transitions.
    static func commonSettings(_ all: [TransitionSettings]) -> TransitionSettings {
        guard let first = all.first else { return .builtIn }
        func mostCommon<T: Hashable>(_ key: KeyPath<TransitionSettings, T>) -> T {
            var counts: [T: Int] = [:]
            for s in all { counts[s[keyPath: key], default: 0] += 1 }
            var best = first[keyPath: key]
            for s in all where counts[s[keyPath: key]]! > counts[best]! { best = s[keyPath: key] }
            return best
        }
        var s = first
        s.distance = mostCommon(\.distance)
        s.finishThreshold = mostCommon(\.finishThreshold)
        s.velocityThreshold = mostCommon(\.velocityThreshold)
        s.decelerationRate = mostCommon(\.decelerationRate)
        s.snapDistance = mostCommon(\.snapDistance)
        s.completion = mostCommon(\.completion)
        s.rubberBand = mostCommon(\.rubberBand)
        s.triggerDuration = mostCommon(\.triggerDuration)
        s.triggerCompletion = mostCommon(\.triggerCompletion)
        s.frameRate = mostCommon(\.frameRate)
        s.holdDuration = mostCommon(\.holdDuration)
        return s
    }

    /// One `key = value` line per setting, in a fixed order (so lines compare between tables).
    static func settingLines(_ s: TransitionSettings, comments: Bool) -> [String] {
        func line(_ text: String, _ comment: String) -> String {
            comments ? text + "  # " + comment : text
        }
        return [
            line(distance(s.distance),
                 "travel for progress 0 -> 1; \"auto\": 400 units across, 300 down a touchpad, the screen's extent, 0.5 pinch scale, 90 degrees"),
            line("finish_threshold = \(TOMLWriter.number(s.finishThreshold))", "finish on release iff (projected) progress >= this"),
            line("velocity_threshold = \(numberOrAuto(s.velocityThreshold))",
                 "release speed per ms under which position alone decides; \"auto\": 0.6 units, 0.08 mm, 0.00075 scale, 0.135 degrees"),
            line("deceleration_rate = \(numberOrAuto(s.decelerationRate))",
                 "per ms, projects the release; \"auto\": 0.997 touchpad, 0.998 touchscreen"),
            line("snap_distance = \(TOMLWriter.number(s.snapDistance))", "a smaller movement (touchpad units) snaps back without animation"),
            line("rubber_band = { stiffness = \(TOMLWriter.number(s.rubberBand.stiffness)), limit = \(TOMLWriter.number(s.rubberBand.limit)) }",
                 "resistance beyond 0 and 1"),
            line("completion = \(completion(s.completion))", "the animation after release"),
            line("trigger_duration = \(TOMLWriter.number(s.triggerDuration))", "seconds, for a run without a finger (trigger)"),
            line("trigger_completion = \(s.triggerCompletion.map(completion) ?? "\"auto\"")",
                 "the trigger's animation; \"auto\": completion, curves timed by trigger_duration"),
            line("frame_rate = \(s.frameRate)", "server-driven frame events per second, and a hold's updated events"),
            line("hold_duration = \(TOMLWriter.number(s.holdDuration))",
                 "seconds a hold (hold<N>, touchhold<N>) rests until it finishes, fingers still down"),
        ]
    }

    static func distance(_ distance: Distance?) -> String {
        guard let distance else { return "distance = \"auto\"" }
        switch distance.unit {
        case .units: return "distance = \(TOMLWriter.number(distance.value))"
        case .mm: return "distance_mm = \(TOMLWriter.number(distance.value))"
        case .scale: return "distance_scale = \(TOMLWriter.number(distance.value))"
        case .degrees: return "distance_degrees = \(TOMLWriter.number(distance.value))"
        case .percent: return "distance_percent = \(TOMLWriter.number(distance.value))"
        }
    }

    static func numberOrAuto(_ value: Double?) -> String {
        value.map(TOMLWriter.number) ?? "\"auto\""
    }

    static func completion(_ style: CompletionStyle) -> String {
        switch style {
        case .spring(let p):
            return "{ type = \"spring\", mass = \(TOMLWriter.number(p.mass)), stiffness = \(TOMLWriter.number(p.stiffness)), "
                + "damping_ratio = \(TOMLWriter.number(p.dampingRatio)), epsilon = \(TOMLWriter.number(p.epsilon)) }"
        case .curve(let curve, .velocityMatched(let low, let high)):
            return "{ type = \"curve\", curve = \(TOMLWriter.basicString(curve.rawValue)), "
                + "min_duration = \(TOMLWriter.number(low)), max_duration = \(TOMLWriter.number(high)) }"
        case .curve(let curve, .uikit(let duration, let speed)):
            return "{ type = \"curve\", curve = \(TOMLWriter.basicString(curve.rawValue)), "
                + "duration = \(TOMLWriter.number(duration)), completion_speed = \(TOMLWriter.number(speed)) }"
        }
    }

    static func binding(_ b: Binding) -> String {
        guard let distance = b.distance else { return TOMLWriter.basicString(b.gestureName) }
        let way = b.source == .edge
            ? "edge = \(TOMLWriter.basicString(ScreenEdges.origin(of: b.direction).names.first ?? ""))"
            : "direction = \(TOMLWriter.basicString(b.direction.rawValue))"
        return "{ gesture = \(TOMLWriter.basicString(b.source.rawValue)), fingers = \(b.fingers), "
            + "\(way), \(self.distance(distance)) }"
    }
}
