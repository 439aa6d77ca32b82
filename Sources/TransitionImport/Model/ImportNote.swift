// SPDX-License-Identifier: MIT
import TransitionLog
/// What the importer says about one entry of the imported file: how it was translated, or why
/// not and what to do instead.
public struct ImportNote: Sendable, Hashable {
    /// How an entry fared.
    public enum Kind: String, Sendable, Hashable {
        /// Written as a live action.
        case translated
        /// Not written: no equivalent; the message says what to do.
        case skipped
        /// A setting of the other tool: translated into a transitiond setting, or explained.
        case setting
    }

    /// The line of the imported file (nil for the file as a whole).
    public var line: Int?
    /// How the entry fared.
    public var kind: Kind
    /// What happened and, when it did not translate, what to do.
    public var message: String

    /// A note about line `line`.
    public init(line: Int?, _ kind: Kind, _ message: String) {
        self.line = line; self.kind = kind; self.message = message
    }

    /// `libinput-gestures.conf:62: translated: …`, on one line, with the file's control
    /// characters (a terminal's escape sequences among them) escaped (``PrintableText``).
    public func rendered(source: String) -> String {
        let place = line.map { "\(source):\($0)" } ?? source
        let text = "\(place): \(kind.rawValue): \(message)"
        return PrintableText.escaped(text)
    }
}
