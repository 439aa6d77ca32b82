// SPDX-License-Identifier: MIT
public import PropertyBased
import TransitionCore

/// One random step of a random input stream, for property tests of an engine (the Touchégg
/// endpoint's too).
public struct Step: Sendable, CustomStringConvertible {
    public var kind: Int
    public var device: UInt32
    public var a: Double
    public var b: Double
    public var dtMs: Int

    public var description: String { "Step(\(kind), d\(device), \(a), \(b), +\(dtMs)ms)" }

    /// Random steps.
    public static let gen = zip(Gen.int(in: 0...15), Gen.int(in: 1...3), Gen.double(in: -40...40),
                         Gen.double(in: -40...40), Gen.int(in: 0...40))
        .map { Step(kind: $0, device: UInt32($1), a: $2, b: $3, dtMs: $4) }

    /// Applies the step; returns false when it was an engine call that threw (fine: busy, …).
    public func apply(to h: inout EngineHarness, names: [String]) {
        // Time moves on, and sometimes goes back a little (the engine must clamp it).
        if dtMs == 0 && a > 30 { h.nowMs = max(0, h.nowMs - 7) } else { h.nowMs += Double(dtMs) }
        let d = device
        switch kind {
        case 0: h.begin(d, .swipe, fingers: 3 + Int(abs(b)) % 2)
        case 1: h.begin(d, .touch, fingers: 3, extent: b > 0 ? DeviceExtent(width: 200, height: 120) : nil)
        case 2: h.begin(d, .pinch, fingers: 3 + Int(abs(a)) % 2)
        case 3, 4, 5, 6, 7:
            let source = kind == 7 ? 0.01 : 1.0
            h.move(d, dx: a * source, dy: b * source, after: 0)
        case 8: h.end(d, cancel: a < -30 ? .libinput : (a > 35 ? .touch : nil))
        case 9: h.hold(d)
        case 10: h.holdEnd(d, cancelled: a > 0)
        case 11:
            let name = names[Int(abs(a)) % names.count]
            try? h.trigger(name, reverse: b < 0, duration: abs(b) > 30 ? 0 : nil,
                           completion: abs(b) > 20 ? .curve(.easeOutCubic, .gnome) : nil)
        case 12: _ = try? h.cancel(b > 20 ? nil : names[Int(abs(a)) % names.count])
        case 13: h.advance(to: h.nowMs)
        case 14: if a > 20 { h.remove(d) } else { h.advanceToDeadline() }
        default:
            // a small burst of samples, as a real pan would send
            for _ in 0..<8 { h.move(d, dx: a / 4, dy: b / 4, after: 8) }
        }
    }
}
