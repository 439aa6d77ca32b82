// SPDX-License-Identifier: MIT

/// A GNOME Shell version as the running shell gives it: its `ShellVersion` D-Bus property is
/// `Config.PACKAGE_VERSION` (GNOME/gnome-shell `js/ui/shellDBus.js`), the version in its
/// `meson.build`: "46.2", "47.alpha", "49.alpha.1", "3.38.4". Pre-releases come before the
/// release they lead to: 47.alpha < 47.beta < 47.rc < 47.0 < 47.1.
public struct GnomeShellVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One dot-separated part.
    public enum Part: Sendable, Hashable, Comparable, CustomStringConvertible {
        case alpha, beta, rc
        case number(Int)

        public var description: String {
            switch self {
            case .alpha: "alpha"
            case .beta: "beta"
            case .rc: "rc"
            case .number(let n): String(n)
            }
        }
    }

    /// The major version (3 for 3.38.4, 47 for 47.alpha).
    public var major: Int
    /// The parts after the major version.
    public var rest: [Part]

    public init(major: Int, _ rest: Part...) { self.major = major; self.rest = rest }
    public init(major: Int, rest: [Part]) { self.major = major; self.rest = rest }

    /// Reads `text`, with spaces around it: a major version, then parts that are numbers or
    /// `alpha`, `beta`, `rc` (any case). A part with anything else ends the reading there (its
    /// leading digits kept: "46.3-ubuntu" is 46.3); `nil` without a major version.
    public init?(_ text: String) {
        let parts = text.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let major = Self.number(first, whole: true) else { return nil }
        self.major = major
        rest = []
        for part in parts.dropFirst() {
            if let n = Self.number(part, whole: true) {
                rest.append(.number(n))
                continue
            }
            switch part.lowercased() {
            case "alpha": rest.append(.alpha)
            case "beta": rest.append(.beta)
            case "rc": rest.append(.rc)
            default:
                if let n = Self.number(part, whole: false) { rest.append(.number(n)) }
                return
            }
        }
    }

    /// `text`'s leading digits as a number (all of `text` when `whole`); `nil` without digits or
    /// past 9 of them.
    private static func number(_ text: Substring, whole: Bool) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, !whole || digits.count == text.count else { return nil }
        return Int(digits)
    }

    public var description: String { ([String(major)] + rest.map(\.description)).joined(separator: ".") }

    /// Missing parts count as 0: 47 is 47.0.
    public static func < (a: GnomeShellVersion, b: GnomeShellVersion) -> Bool {
        if a.major != b.major { return a.major < b.major }
        for i in 0..<max(a.rest.count, b.rest.count) {
            let x = i < a.rest.count ? a.rest[i] : .number(0), y = i < b.rest.count ? b.rest[i] : .number(0)
            if x != y { return x < y }
        }
        return false
    }

    public static func == (a: GnomeShellVersion, b: GnomeShellVersion) -> Bool { !(a < b) && !(b < a) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        var parts = rest
        while parts.last == .number(0) { parts.removeLast() }
        hasher.combine(parts)
    }
}

extension GnomeShellVersion {
    /// Which of GNOME Shell's gesture rules a version follows (docs/actions.md cites the commits).
    public enum Gestures: Sendable, Hashable {
        /// Before 40.beta: 4-finger swipes (workspaces, stacked vertically then) and a 3-finger
        /// pinch (the overview).
        case fourFingers
        /// 40.beta to 46: exactly 3 fingers (commit 35d80416).
        case threeFingers
        /// 47.alpha and later: 3 fingers or more (commit 6a4cb2ce).
        case threeOrMoreFingers
    }

    /// The first version with exactly 3 fingers.
    public static let threeFingers = GnomeShellVersion(major: 40, .beta)
    /// The first version that takes 3 fingers or more.
    public static let threeOrMoreFingers = GnomeShellVersion(major: 47, .alpha)

    /// The gesture rules this version follows.
    public var gestures: Gestures {
        if self >= Self.threeOrMoreFingers { return .threeOrMoreFingers }
        if self >= Self.threeFingers { return .threeFingers }
        return .fourFingers
    }
}
