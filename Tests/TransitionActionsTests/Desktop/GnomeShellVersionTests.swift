// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions

/// GNOME Shell's version as its `ShellVersion` gives it, and which gesture rules it follows.
@Suite struct GnomeShellVersionTests {
    typealias V = GnomeShellVersion

    @Test func readsReleasesPreReleasesAndTheOldScheme() throws {
        #expect(V("46.2") == V(major: 46, .number(2)))
        #expect(V("47.alpha") == V(major: 47, .alpha))
        #expect(V("3.38.4") == V(major: 3, .number(38), .number(4)))
        #expect(V("49.alpha.1") == V(major: 49, .alpha, .number(1)))
        #expect(V(" 40.RC ") == V(major: 40, .rc))
        #expect(V("48") == V(major: 48))
        #expect(try #require(V("46.3-ubuntu1")).description == "46.3")
        #expect(try #require(V("45.beta.1")).description == "45.beta.1")
        for text in ["", "GNOME Shell 46.2", "forty", ".46", "-1", "1234567890.1", " "] {
            #expect(V(text) == nil, "\(text)")
        }
    }

    @Test func preReleasesComeBeforeTheirRelease() throws {
        let order = ["3.34.0", "3.36.9", "3.38.4", "40.alpha", "40.alpha.1", "40.beta", "40.rc", "40.0", "40.10", "46.10",
                     "47.alpha", "47.beta", "47.rc", "47", "47.1", "47.1.1", "48.0"].map { V($0)! }
        for (a, b) in zip(order, order.dropFirst()) { #expect(a < b, "\(a) < \(b)") }
        #expect(V("47") == V("47.0") && V("47.0.0")?.hashValue == V("47")?.hashValue)
    }

    @Test func eachVersionFollowsItsRules() {
        #expect(V("3.38.4")?.gestures == .fourFingers)
        #expect(V("40.alpha")?.gestures == .fourFingers)
        #expect(V("40.beta")?.gestures == .threeFingers)
        #expect(V("46.10")?.gestures == .threeFingers)
        #expect(V("47.alpha")?.gestures == .threeOrMoreFingers)
        #expect(V("51.beta")?.gestures == .threeOrMoreFingers)
    }

    /// A version drawn as parts: -3 alpha, -2 beta, -1 rc, numbers from 0.
    static func version(_ major: Int, _ parts: [Int]) -> V {
        V(major: major, rest: parts.map { $0 == -3 ? .alpha : $0 == -2 ? .beta : $0 == -1 ? .rc : .number($0) })
    }

    @Test func readsWhatItWrites() async {
        await propertyCheck(input: Gen.int(in: 0...99), Gen.int(in: -3...40).array(of: 0...4)) { major, parts in
            let v = Self.version(major, parts)
            #expect(V(v.description) == v)
            #expect(V(v.description)?.description == v.description)
        }
    }

    @Test func theRulesFollowTheMajorVersion() async {
        await propertyCheck(input: Gen.int(in: 3...99), Gen.int(in: -3...40).array(of: 0...4)) { major, parts in
            let v = Self.version(major, parts)
            let expected: V.Gestures = switch major {
            case 47...: .threeOrMoreFingers
            case 41...46: .threeFingers
            case 40: parts.first == -3 ? .fourFingers : .threeFingers
            default: .fourFingers
            }
            #expect(v.gestures == expected, "\(v)")
        }
    }

    @Test func theOrderIsTotal() async {
        await propertyCheck(input: Gen.int(in: 45...47).array(of: 3...3), Gen.int(in: -3...2).array(of: 0...6)) { majors, parts in
            let a = Self.version(majors[0], Array(parts.prefix(2))), b = Self.version(majors[1], Array(parts.dropFirst(2).prefix(2)))
            let c = Self.version(majors[2], Array(parts.dropFirst(4)))
            #expect([a < b, b < a, a == b].filter { $0 }.count == 1)
            if a < b && b < c { #expect(a < c) }
            if a == b { #expect(a.hashValue == b.hashValue) }
        }
    }

    @Test func neverTrapsOnOddText() async {
        let alphabet = Array("0123456789.abeltrc-x ")
        await propertyCheck(input: Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...14)) { indices in
            let text = String(indices.map { alphabet[$0] })
            if let v = V(text) { #expect(V(v.description) == v) }
        }
    }
}
