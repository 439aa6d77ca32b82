// SPDX-License-Identifier: MIT
/// A damped harmonic oscillator's parameters (niri, libadwaita, UIKit's `UISpringTimingParameters`).
public struct SpringParameters: Sendable, Hashable, Codable {
    /// m, in arbitrary units (only k/m matters).
    public var mass: Double
    /// k, the spring constant.
    public var stiffness: Double
    /// ζ: 1 is critically damped, below 1 bounces, above 1 is overdamped.
    public var dampingRatio: Double
    /// The animation has settled when it stays within `epsilon` of the target (in progress units).
    public var epsilon: Double

    /// niri's workspace-switch spring unless told otherwise.
    public init(mass: Double = 1, stiffness: Double = 1000, dampingRatio: Double = 1, epsilon: Double = 1e-4) {
        self.mass = mass; self.stiffness = stiffness; self.dampingRatio = dampingRatio; self.epsilon = epsilon
    }

    /// niri's workspace switch and libadwaita's navigation view: ζ = 1, k = 1000.
    public static let `default` = SpringParameters()
    /// A spring that overshoots a little: ζ = 0.8, k = 400.
    public static let bouncy = SpringParameters(stiffness: 400, dampingRatio: 0.8)
}

/// Timing curves, by their protocol names.
public enum Curve: String, Sendable, Hashable, CaseIterable, Codable {
    case linear
    case easeIn = "ease_in"
    case easeOut = "ease_out"
    case easeInOut = "ease_in_out"
    case easeOutCubic = "ease_out_cubic"
}

/// A spring from `from` to `to`, starting at `initialVelocity` (progress per second).
public struct SpringAnimation: Sendable, Hashable, Codable {
    /// The value at t = 0.
    public var from: Double
    /// The target, reached exactly at ``duration``.
    public var to: Double
    /// Progress per second at t = 0 (the release velocity).
    public var initialVelocity: Double
    /// Mass, stiffness, damping ratio and settle threshold.
    public var parameters: SpringParameters
    /// A spring from `from` to `to` starting at `initialVelocity` (progress per second).
    public init(from: Double, to: Double, initialVelocity: Double, parameters: SpringParameters) {
        self.from = from; self.to = to; self.initialVelocity = initialVelocity; self.parameters = parameters
    }
}

/// A timing curve from `from` to `to` over `duration` seconds.
public struct CurveAnimation: Sendable, Hashable, Codable {
    /// The value at t = 0.
    public var from: Double
    /// The value from ``duration`` on.
    public var to: Double
    /// The timing curve.
    public var curve: Curve
    /// Seconds; 0 (or anything not finite and positive) jumps straight to ``to``.
    public var duration: Double
    /// A curve from `from` to `to` over `duration` seconds.
    public init(from: Double, to: Double, curve: Curve, duration: Double) {
        self.from = from; self.to = to; self.curve = curve; self.duration = duration
    }
}

/// The completion animation of an `ended` event: complete enough that a client can evaluate it
/// itself at its own vsync and arrive at exactly what the server's `frame` events would say.
/// Sampling (`value(at:)`, `velocity(at:)`, `duration`) lives beside each kind.
public enum AnimationDescription: Sendable, Hashable, Codable {
    /// No animation: the value jumps to `to` (a tiny movement snapped back, or a zero-length run).
    case none(to: Double)
    /// A spring (see ``SpringAnimation``).
    case spring(SpringAnimation)
    /// A timing curve (see ``CurveAnimation``).
    case curve(CurveAnimation)
}
