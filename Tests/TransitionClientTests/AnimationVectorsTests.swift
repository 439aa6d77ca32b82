// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionClient
import TransitionCore
import TransitionProtocol
import TransitionTestSupport

/// The completion animations every preset makes, sampled by the engine's own code, written to
/// tests/python/animation-vectors.jsonl for the other samplers to be checked against
/// (tests/python/check-sampler runs the Python client's `animation_value` on them).
///
/// Each line is one case: the `ended` event as the encoder puts it on the wire, and
/// `[time_us, value, velocity]` samples (µs after the event's `time_us`) that a Swift client
/// gets from it: the line decoded, then ``LocalAnimation``, i.e. TransitionCore's sampler at
/// the wire's precision. The file is checked in; this test fails when the engine's numbers
/// change, and `TRANSITIOND_WRITE_VECTORS=1 swift test --filter AnimationVectorsTests` writes
/// the new file.
@Suite struct AnimationVectorsTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tests/python/animation-vectors.jsonl")

    /// The completion styles a configuration can name: the two spring presets, an overdamped and
    /// a heavy spring (the other regimes and a mass), every curve with both timings.
    static let styles: [(String, CompletionStyle)] = [
        ("spring default", .default),
        ("spring bouncy", .spring(.bouncy)),
        ("spring overdamped", .spring(SpringParameters(stiffness: 600, dampingRatio: 1.6))),
        ("spring heavy", .spring(SpringParameters(mass: 2.5, stiffness: 300, dampingRatio: 0.5, epsilon: 1e-5))),
    ] + Curve.allCases.flatMap { curve in
        [("curve \(curve.rawValue) gnome", CompletionStyle.curve(curve, .gnome)),
         ("curve \(curve.rawValue) uikit", CompletionStyle.curve(curve, .uikit(duration: 0.35, completionSpeed: 1)))]
    }

    /// Releases: (what, from, to, velocity); the recorded traces' decisions among them.
    static let releases: [(String, Double, Double, Double)] = [
        ("finish", 0.851234, 1, 0.4),
        ("finish fast", 0.87, 1, 3.54),
        ("cancel", 0.254321, 0, -0.2),
        ("fling", 0.21, 1, 3.7),
        ("against the motion", 0.6, 1, -1.5),
        ("from the rubber band", 1.041, 1, 0.3),
    ]

    static func lines() throws -> [String] {
        var encoder = MessageEncoder()
        var lines: [String] = []
        for (styleName, style) in styles {
            var animations = releases.map { release in
                ("\(styleName), \(release.0)", EndedEvent(
                    outcome: release.2 == 1 ? .finish : .cancel, reason: .release, from: release.1, to: release.2,
                    velocity: release.3, animation: style.animation(from: release.1, to: release.2, velocity: release.3)))
            }
            animations.append(("\(styleName), trigger", EndedEvent(
                outcome: .finish, reason: .trigger, from: 0, to: 1, velocity: 0,
                animation: style.triggerAnimation(from: 0, to: 1, velocity: 0, duration: 0.35))))
            for (name, ended) in animations {
                let startUs: UInt64 = 5_000_000
                let wire = encoder.line(for: TransitionEvent(transition: "swipe3-left", gesture: 1, timeUs: startUs,
                                                             payload: .ended(ended)))
                lines.append(try line(name: name, wire: Array(wire.dropLast()), startUs: startUs))
            }
        }
        return lines
    }

    /// One case: the wire line decoded as a client decodes it, sampled by ``LocalAnimation``
    /// before, through and after its duration.
    static func line(name: String, wire: [UInt8], startUs: UInt64) throws -> String {
        guard case .transition(let event) = try decodeServerMessage(wire).message,
              case .ended(let ended) = event.payload else { throw MessageDecodingError("not an ended event") }
        let local = LocalAnimation(ended: ended, startUs: startUs)
        let durationUs = (local.duration * 1e6).rounded()
        var times: [Int64] = [-1000, 0, 1]
        times += (1...64).map { Int64((durationUs * Double($0) / 64).rounded()) }
        times += [Int64(durationUs) - 1, Int64(durationUs) + 1, Int64(durationUs) + 50_000]
        let samples = times.map { dt in
            let at = UInt64(Int64(startUs) + dt)
            return "[\(dt),\(local.progress(atUs: at)),\(local.velocity(atUs: at))]"
        }
        return #"{"name":"\#(name)","ended":\#(String(decoding: wire, as: UTF8.self)),"samples":[\#(samples.joined(separator: ","))]}"#
    }

    @Test func theCheckedInVectorsAreWhatTheEngineSamples() throws {
        let expected = try Self.lines().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["TRANSITIOND_WRITE_VECTORS"] == "1" {
            try expected.replaceFile(Self.file)
        }
        let checkedIn = try String(contentsOf: Self.file, encoding: .utf8)
        guard checkedIn != expected else { return }
        // Another machine's libm may differ in a last bit (exp with and without FMA): the same
        // cases and the same numbers within 1e-12 are the same vectors.
        let stale = "tests/python/animation-vectors.jsonl is stale: TRANSITIOND_WRITE_VECTORS=1 swift test --filter AnimationVectorsTests"
        let old = checkedIn.split(separator: "\n"), new = expected.split(separator: "\n")
        try #require(old.count == new.count, "\(stale)")
        for (a, b) in zip(old, new) {
            let x = try JSONSerialization.jsonObject(with: Data(a.utf8)), y = try JSONSerialization.jsonObject(with: Data(b.utf8))
            #expect(Self.close(x, y), "\(stale): \(b.prefix(80))")
        }
    }

    /// The same JSON values, numbers within 1e-12 (relative above 1).
    static func close(_ x: Any, _ y: Any) -> Bool {
        switch (x, y) {
        case (let a as [String: Any], let b as [String: Any]):
            return a.keys.sorted() == b.keys.sorted() && a.keys.allSatisfy { close(a[$0]!, b[$0]!) }
        case (let a as [Any], let b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy { close($0, $1) }
        case (let a as NSNumber, let b as NSNumber):
            return abs(a.doubleValue - b.doubleValue) <= 1e-12 * max(1, abs(a.doubleValue))
        case (let a as String, let b as String):
            return a == b
        default:
            return x is NSNull && y is NSNull
        }
    }

    @Test func everyPresetIsThere() throws {
        let lines = try Self.lines()
        #expect(lines.count == Self.styles.count * (Self.releases.count + 1))
        for curve in Curve.allCases { #expect(lines.contains { $0.contains(#""curve":"\#(curve.rawValue)""#) }) }
        #expect(lines.contains { $0.contains(#""damping_ratio":0.8"#) } && lines.contains { $0.contains(#""damping_ratio":1.6"#) })
    }
}
