// SPDX-License-Identifier: MIT
import TransitionLog

/// One problem in a configuration, with where it is.
///
/// Its text names what the file holds (keys, transition names, the file's own name), which may
/// come from another process (a user's `settings`): both are kept on one line of printable text
/// (``PrintableText``), so that a key holding a newline cannot start a line of the log.
public struct ConfigDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it (`config.toml`, `/etc/transitiond/config.toml`).
    public var source: String
    /// Line and column, when the problem has a place in the text.
    public var position: SourcePosition?
    /// What is wrong, naming the key and table.
    public var message: String

    /// A diagnostic for `source` at `position`.
    public init(source: String, position: SourcePosition?, message: String) {
        self.source = PrintableText.escaped(source); self.position = position; self.message = PrintableText.escaped(message)
    }

    /// `config.toml:12:5: unknown key 'stifness' in [[transition]] 'swipe3-left' (did you mean 'stiffness'?)`,
    /// or `config.toml: message` without a position.
    public var description: String {
        if let position { return "\(source):\(position.line):\(position.column): \(message)" }
        return "\(source): \(message)"
    }
}

/// Why a configuration was refused: every problem found, in the order of the text.
///
/// Syntax errors stop the parse, so there is one; semantic errors (unknown keys, wrong types,
/// values out of range, clashing bindings) are all collected.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// At least one diagnostic, sorted by position.
    public var diagnostics: [ConfigDiagnostic]

    /// An error made of `diagnostics` (sorted here by line and column).
    public init(_ diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics.enumerated().sorted { a, b in
            switch (a.element.position, b.element.position) {
            case let (pa?, pb?): pa != pb ? pa < pb : a.offset < b.offset
            case (nil, _?): true
            case (_?, nil): false
            case (nil, nil): a.offset < b.offset
            }
        }.map(\.element)
    }

    /// One problem.
    public init(source: String, position: SourcePosition?, message: String) {
        self.init([ConfigDiagnostic(source: source, position: position, message: message)])
    }

    /// One line per diagnostic.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
