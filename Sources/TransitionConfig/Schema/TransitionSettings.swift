// SPDX-License-Identifier: MIT
import TransitionCore

/// Everything a `[[transition]]` sets besides its name and bindings: what `[defaults]` gives to
/// every transition.
struct TransitionSettings: Sendable, Hashable {
    var distance: Distance?
    var finishThreshold: Double
    var velocityThreshold: Double?
    var decelerationRate: Double?
    var snapDistance: Double
    var completion: CompletionStyle
    var rubberBand: RubberBand
    var triggerDuration: Double
    var triggerCompletion: CompletionStyle?
    var frameRate: Int
    var holdDuration: Double

    init(_ spec: TransitionSpec) {
        distance = spec.distance
        finishThreshold = spec.decision.finishThreshold
        velocityThreshold = spec.decision.velocityThreshold
        decelerationRate = spec.decision.decelerationRate
        snapDistance = spec.decision.snapDistance
        completion = spec.completion
        rubberBand = spec.rubberBand
        triggerDuration = spec.triggerDuration
        triggerCompletion = spec.triggerCompletion
        frameRate = spec.frameRate
        holdDuration = spec.holdDuration
    }

    /// The engine's own defaults (``TransitionCore/TransitionSpec``'s initialiser): what a key
    /// means when neither the transition nor `[defaults]` sets it.
    static let builtIn = TransitionSettings(TransitionSpec(name: ""))

    func spec(named name: String) -> TransitionSpec {
        TransitionSpec(name: name, distance: distance,
                       decision: DecisionPolicy(finishThreshold: finishThreshold, velocityThreshold: velocityThreshold,
                                                decelerationRate: decelerationRate, snapDistance: snapDistance),
                       completion: completion, rubberBand: rubberBand, triggerDuration: triggerDuration,
                       triggerCompletion: triggerCompletion, frameRate: frameRate, holdDuration: holdDuration)
    }
}

/// Schema constants that are not engine defaults.
enum Schema {
    /// The range of `frame_rate`, per second.
    static let frameRates = 1...1000
    /// Velocity-matched curve durations when a table gives none (GNOME: 100 ms to 400 ms).
    static let curveMinDuration = 0.1
    static let curveMaxDuration = 0.4
    /// Fingers each gesture can have: the engine's rule.
    static func fingers(for source: GestureSource) -> ClosedRange<Int> {
        EngineConfiguration.allowedFingers(for: source)
    }
    /// Directions each gesture can drive.
    static func directions(for source: GestureSource) -> [Direction] {
        EngineConfiguration.allowedDirections(for: source)   // none for taps and holds
    }
    static let gestures: [(String, GestureSource)] = GestureSource.allCases.map { ($0.rawValue, $0) }
    static let curves: [(String, Curve)] = Curve.allCases.map { ($0.rawValue, $0) }
    static let logLevels: [(String, LogLevel)] = LogLevel.allCases.map { ($0.rawValue, $0) }
    /// Transition names: letters, digits, `-`, `_` and `.`, so they are safe on a command line.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy {
            TOMLParser.isBareKeyByte($0) || $0 == UInt8(ascii: ".")
        }
    }
}
