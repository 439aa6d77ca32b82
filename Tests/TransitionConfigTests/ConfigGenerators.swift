// SPDX-License-Identifier: MIT
import PropertyBased
import TransitionCore
@testable import TransitionConfig

/// Random valid configurations, for round trips.
enum ConfigGenerators {
    static let positive = Gen<Double>.double(in: 0.001...5000)
    static let unit = Gen<Double>.double(in: 0.001...0.999)
    static let duration = Gen<Double>.double(in: 0.01...2)

    static let spring = zip(positive, positive, positive, unit).map { m, k, z, e in
        SpringParameters(mass: m, stiffness: k, dampingRatio: z, epsilon: e)
    }

    static let completion: Generator<CompletionStyle, AnySequence<Any>> = zip(
        Gen<Int>.int(in: 0...2), spring, Gen<Curve>.case, duration, duration, positive
    ).map { kind, s, curve, d1, d2, speed -> CompletionStyle in
        switch kind {
        case 0: .spring(s)
        case 1: .curve(curve, .velocityMatched(min: min(d1, d2), max: max(d1, d2)))
        default: .curve(curve, .uikit(duration: d1, completionSpeed: speed))
        }
    }.eraseToAny()

    static let distance: Generator<Distance?, AnySequence<Any>> = zip(Gen<Int>.int(in: 0...2), positive).map { u, v in
        Distance(v, [DistanceUnit.units, .mm, .units][u])
    }.optional.eraseToAny()

    static let settings = zip(
        distance, unit, Gen<Double>.double(in: 0...10).optional, unit.optional, Gen<Double>.double(in: 0...50)
    ).map { d, f, v, r, s in (d, f, v, r, s) }.eraseToAny()

    static let extra = zip(
        completion, positive, Gen<Double>.double(in: 0...1), duration, completion.optional, Gen<Int>.int(in: 1...240)
    ).map { c, rs, rl, td, tc, fr in (c, rs, rl, td, tc, fr) }.eraseToAny()

    static let spec = zip(settings, extra, Gen<Bool>.bool).map { s, e, common -> TransitionSpec in
        // Half the transitions take the common values, so [defaults] has something to share.
        if common { return TransitionSpec(name: "") }
        return TransitionSpec(name: "", distance: s.0,
                              decision: DecisionPolicy(finishThreshold: s.1, velocityThreshold: s.2,
                                                       decelerationRate: s.3, snapDistance: s.4),
                              completion: e.0, rubberBand: RubberBand(stiffness: e.1, limit: e.2),
                              triggerDuration: e.3, triggerCompletion: e.4, frameRate: e.5,
                              holdDuration: e.3 + 0.05)
    }.eraseToAny()

    /// Every gesture the schema accepts.
    static let allGestures: [(GestureSource, Int, Direction)] = GestureSource.allCases.flatMap { source in
        Schema.fingers(for: source).flatMap { f in Schema.directions(for: source).map { (source, f, $0) } }
    }

    /// Valid `[server]` limits: the per-user cap within the total, any grace up to a day.
    static let server = zip(Gen<Int>.int(in: 1...1000), Gen<Int>.int(in: 1...1000), Gen<Double>.double(in: 0...86_400))
        .map { a, b, grace in
            ServerSettings(maxClients: max(a, b), maxClientsPerUser: min(a, b), evictionGrace: grace)
        }.eraseToAny()

    static let configuration = zip(
        spec.array(of: 0...6), Gen<Int>.int(in: 0...1000).array(of: 0...8), Gen<Bool>.bool.array(of: 8),
        positive, Gen<LogLevel>.case, zip(Gen<Bool>.bool, server)
    ).map { specs, gestureSeeds, withDistance, slop, level, groupAndServer -> DaemonConfiguration in
        let (group, server) = groupAndServer
        var transitions = specs
        for i in transitions.indices { transitions[i].name = "t\(i)" }
        var bindings: [Binding] = []
        var used = Set<Int>()
        for (i, seed) in gestureSeeds.enumerated() where !transitions.isEmpty {
            let g = seed % allGestures.count
            guard used.insert(g).inserted else { continue }
            let (source, fingers, direction) = allGestures[g]
            let owner = transitions[seed % transitions.count]
            // The distance in force must fit the gesture: give pinches their own scale.
            let native = SourceDefaults.nativeUnit(of: source)
            var distance: Distance? = withDistance[i] ? Distance(Double(seed % 97 + 1), native == .units ? .mm : native) : nil
            if distance == nil, let d = owner.distance, !BindingDecoding.unit(d.unit, fits: source) {
                distance = Distance(0.5, native)
            }
            bindings.append(Binding(source: source, fingers: fingers, direction: direction, transition: owner.name,
                                    distance: distance))
        }
        // Taps, and the touchscreen table, from the same seeds.
        var taps: [TapBinding] = []
        for seed in gestureSeeds where !transitions.isEmpty && seed % 3 == 0 {
            let fingers = seed % 10 + 1
            guard !taps.contains(where: { $0.fingers == fingers }) else { continue }
            taps.append(TapBinding(fingers: fingers, transition: transitions[seed % transitions.count].name))
        }
        for seed in gestureSeeds where !transitions.isEmpty && seed % 5 == 1 {
            let fingers = seed % 3 + 3
            guard !taps.contains(where: { $0.fingers == fingers && $0.touchpad }) else { continue }
            taps.append(TapBinding(fingers: fingers, transition: transitions[seed % transitions.count].name, touchpad: true))
        }
        // Holds (touchpad and touchscreen) from the same seeds.
        var holds: [HoldBinding] = []
        for seed in gestureSeeds where !transitions.isEmpty && seed % 5 == 1 {
            let hold = HoldBinding(source: seed % 2 == 0 ? .hold : .touchHold, fingers: seed % 10 + 1,
                                   transition: transitions[seed % transitions.count].name)
            guard !holds.contains(where: { $0.gestureName == hold.gestureName }) else { continue }
            holds.append(hold)
        }
        let seed = gestureSeeds.first ?? 0
        let touchscreen = TouchscreenSettings(
            edgeZoneMm: Double(seed % 51), edgeZoneShare: Double(seed % 26) / 100,
            rotation: PanelRotation.allCases[seed % 4],
            devices: seed % 2 == 0 ? [] : [.init(name: "panel \(seed)", rotation: PanelRotation.allCases[(seed / 2) % 4])])
        // Bindings come back grouped by transition, in transition order; so do taps.
        bindings = transitions.flatMap { t in bindings.filter { $0.transition == t.name } }
        taps = transitions.flatMap { t in taps.filter { $0.transition == t.name } }
        holds = transitions.flatMap { t in holds.filter { $0.transition == t.name } }
        return DaemonConfiguration(engine: EngineConfiguration(transitions: transitions, bindings: bindings, slop: slop,
                                                               touchSlop: slop / 8, pinchSlop: slop / 1000, taps: taps,
                                                               rotationSlop: slop / 4, holds: holds, holdDelay: slop / 10_000),
                                   logLevel: level, socketGroup: group ? "grp" : nil, server: server,
                                   touchscreen: touchscreen)
    }
}
