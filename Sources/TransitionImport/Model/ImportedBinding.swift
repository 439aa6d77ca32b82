// SPDX-License-Identifier: MIT
/// A transition the actions name that transitiond's standard configuration lacks, bound to the
/// gesture of the same name in the user's settings (`[[transition]] name = "hold4"`,
/// `binding = "hold4"`), which user settings may add (docs/configuration.md, "User settings").
public struct ImportedBinding: Sendable, Hashable {
    /// The transition's name, and the gesture bound to it (`hold4`, `pinch2-in`).
    public var name: String
    /// The line of the first action that names it.
    public var line: Int
    /// Why the standard configuration leaves it unbound (written beside it).
    public var comment: String

    /// A binding for `name`, first named on line `line`.
    public init(name: String, line: Int, comment: String) {
        self.name = name; self.line = line; self.comment = comment
    }
}
