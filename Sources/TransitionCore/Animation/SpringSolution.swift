// SPDX-License-Identifier: MIT
// The closed-form motion of a damped harmonic oscillator, shared by `SpringAnimation`'s sampling
// and its settle time.
//
// With displacement x = value − to, x0 = from − to, initial velocity v0, natural frequency
// ω0 = √(k/m), decay β = ζ·ω0 and B = β·x0 + v0, every regime has the same shape:
//
//     x(t)  = e^{−βt} · (x0 · C(t) + B · S(t))
//     x'(t) = e^{−βt} · (v0 · C(t) − (ω0²·x0 + β·v0) · S(t))
//
// where, with ω1 = ω0·√(1 − ζ²) and γ = ω0·√(ζ² − 1),
//
//     underdamped (ζ < 1):     C = cos ω1t,  S = sin(ω1t)/ω1
//     critically damped (ζ=1): C = 1,        S = t
//     overdamped (ζ > 1):      C = cosh γt,  S = sinh(γt)/γ
//
// `S` is written so that it stays accurate as ω1 or γ approach 0 (ζ near 1), so the three
// regimes join continuously. The overdamped products e^{−βt}·cosh and e^{−βt}·sinh/γ are
// computed from e^{(−β±γ)t} and `expm1`, so neither overflows nor cancels.

/// A spring's parameters after sanitising, and the constants of its closed-form solution.
struct SpringSolution: Sendable {
    enum Regime: Sendable { case underdamped, critical, overdamped }

    let regime: Regime
    /// Displacement at t = 0 (from − to).
    let x0: Double
    /// Velocity at t = 0 (progress per second).
    let v0: Double
    /// ω0²: stiffness / mass.
    let omega0Squared: Double
    /// β = ζ·ω0, the decay rate of the envelope.
    let beta: Double
    /// ω1 (underdamped) or γ (overdamped); 0 when critically damped.
    let frequency: Double
    /// The settle threshold ε.
    let epsilon: Double

    /// B = β·x0 + v0.
    var b: Double { beta * x0 + v0 }

    /// Sanitises the parameters (see ``SpringParameters/sanitized``) and the start state:
    /// a non-finite `from` counts as `to` and a non-finite velocity as 0, so sampling never
    /// yields NaN for a finite target.
    init(_ animation: SpringAnimation) {
        let p = animation.parameters.sanitized
        let to = animation.to
        let from = animation.from.isFinite ? animation.from : to
        x0 = to.isFinite ? from - to : 0
        v0 = animation.initialVelocity.isFinite ? animation.initialVelocity : 0
        omega0Squared = p.stiffness / p.mass
        let omega0 = omega0Squared.squareRoot()
        beta = p.dampingRatio * omega0
        epsilon = p.epsilon
        if p.dampingRatio == 1 {
            regime = .critical; frequency = 0
        } else if p.dampingRatio < 1 {
            regime = .underdamped
            frequency = omega0 * ((1 - p.dampingRatio) * (1 + p.dampingRatio)).squareRoot()
        } else {
            regime = .overdamped
            frequency = omega0 * ((p.dampingRatio - 1) * (p.dampingRatio + 1)).squareRoot()
        }
    }

    /// (e^{−βt}·C(t), e^{−βt}·S(t)) for t ≥ 0.
    func basis(_ t: Double) -> (c: Double, s: Double) {
        switch regime {
        case .critical:
            let e = Double.exp(-beta * t)
            return (e, e * t)
        case .underdamped:
            let e = Double.exp(-beta * t)
            let angle = frequency * t
            return (e * Double.cos(angle), e * Double.sin(angle) / frequency)
        case .overdamped:
            let gamma = frequency
            let slow = Double.exp((gamma - beta) * t)    // e^{r1·t}, r1 = −β + γ < 0
            let fast = Double.exp(-(beta + gamma) * t)   // e^{r2·t}, r2 = −β − γ
            let twoGammaT = 2 * gamma * t
            // sinh(γt)/γ · e^{−βt} = (e^{r1 t} − e^{r2 t})/(2γ) = e^{r2 t}·expm1(2γt)/(2γ);
            // the expm1 form is exact for small γt, the difference cannot overflow for large γt.
            let s = twoGammaT < 1 ? fast * Double.expm1(twoGammaT) / (2 * gamma) : (slow - fast) / (2 * gamma)
            return (0.5 * (slow + fast), s)
        }
    }

    /// x(t): the displacement from the target.
    func displacement(at t: Double) -> Double {
        let (c, s) = basis(t)
        return x0 * c + b * s
    }

    /// x'(t), progress per second.
    func velocity(at t: Double) -> Double {
        let (c, s) = basis(t)
        return v0 * c - (omega0Squared * x0 + beta * v0) * s
    }

    /// An upper bound g(t) ≥ |x(t)| that rises at most once and then decreases to 0.
    ///
    /// critically damped: e^{−βt}(|x0| + |B|t);
    /// underdamped: e^{−βt}(|x0| + |B|·min(t, 1/ω1)), since |sin(ω1t)/ω1| ≤ min(t, 1/ω1);
    /// overdamped: |x0|·e^{−βt}cosh γt + |B|·e^{−βt}sinh(γt)/γ (both terms non-negative).
    func envelope(at t: Double) -> Double {
        switch regime {
        case .critical:
            return Double.exp(-beta * t) * (abs(x0) + abs(b) * t)
        case .underdamped:
            return Double.exp(-beta * t) * (abs(x0) + abs(b) * min(t, 1 / frequency))
        case .overdamped:
            let (c, s) = basis(t)
            return abs(x0) * c + abs(b) * s
        }
    }

    /// Where ``envelope(at:)`` peaks; it decreases for every later t.
    ///
    /// For the critical and underdamped forms the derivative of e^{−βt}(|x0| + |B|t) has the
    /// sign of |B| − β|x0| − β|B|t, zero at t = 1/β − |x0|/|B| (and the underdamped bound
    /// stops rising at 1/ω1 at the latest). For the overdamped form, with u = tanh γt, the
    /// derivative has the sign of (|B| − β|x0|) + u·(γ|x0| − β|B|/γ), which is linear in u and
    /// ≤ 0 at u = 1, so it changes sign at most once, at u* = γ(|B| − β|x0|)/(β|B| − γ²|x0|).
    var envelopePeak: Double {
        let ax = abs(x0), ab = abs(b)
        guard ab > 0, ab - beta * ax > 0 else { return 0 }
        switch regime {
        case .critical:
            return 1 / beta - ax / ab
        case .underdamped:
            return min(1 / beta - ax / ab, 1 / frequency)
        case .overdamped:
            let gamma = frequency
            let u = gamma * (ab - beta * ax) / (beta * ab - gamma * gamma * ax)
            return Double.atanh(min(u, 1 - 1e-16)) / gamma
        }
    }

    /// The slowest decay rate of the envelope (β, or −r1 = ω0²/(β + γ) when overdamped).
    var slowestRate: Double {
        regime == .overdamped ? omega0Squared / (beta + frequency) : beta
    }

    /// The settle time: the smallest T found (to 1e-7 relative) such that the envelope, and
    /// hence |x(t)|, stays below ε for every t ≥ T. Since the envelope peaks once and then
    /// decreases, T is the one root of envelope(t) = ε on the decreasing side, bracketed by
    /// doubling and then bisected; the upper end of the bracket is returned, so the bound is
    /// always on the safe side.
    var settleTime: Double {
        if x0 == 0 && v0 == 0 { return 0 }
        let peak = envelopePeak
        guard envelope(at: peak) >= epsilon else { return 0 }
        var lo = peak
        var hi = max(peak, 1 / slowestRate, 1e-6)
        var doublings = 0
        while envelope(at: hi) >= epsilon && doublings < 1100 {
            lo = hi
            hi *= 2
            doublings += 1
        }
        var steps = 0
        while hi - lo > 1e-7 * hi && steps < 200 {
            let mid = 0.5 * (lo + hi)
            if envelope(at: mid) >= epsilon { lo = mid } else { hi = mid }
            steps += 1
        }
        return hi
    }
}
