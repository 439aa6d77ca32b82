// SPDX-License-Identifier: MIT
public import TransitionConfig

/// A YAML value as ``YAMLReader`` reads it, with where it was written.
public struct YAMLNode: Sendable, Hashable {
    /// A mapping's entry: its key (as text) and value, keys in the order written.
    public struct Entry: Sendable, Hashable {
        /// The key's text (`3`, `left`, `command`).
        public var key: String
        /// Where the key is.
        public var position: SourcePosition
        /// The value.
        public var value: YAMLNode
    }

    /// What the node holds.
    public enum Value: Sendable, Hashable {
        /// A scalar's text; `quoted` when written in quotes (so `'3'` is not a number).
        case scalar(String, quoted: Bool)
        /// A mapping, keys in the order written.
        case mapping([Entry])
        /// A sequence.
        case sequence([YAMLNode])
        /// Nothing after `key:` (YAML's null).
        case null
    }

    /// What the node holds.
    public var value: Value
    /// Where it starts.
    public var position: SourcePosition

    /// A node.
    public init(_ value: Value, at position: SourcePosition) {
        self.value = value; self.position = position
    }

    /// The entries of a mapping; none for anything else.
    public var entries: [Entry] {
        if case .mapping(let entries) = value { return entries }
        return []
    }

    /// The value under `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.value
    }

    /// A scalar's text.
    public var text: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// A scalar read as a number (`0.5`, `1`), as YAML's core schema reads a plain scalar.
    public var number: Double? {
        guard case .scalar(let text, let quoted) = value, !quoted, let number = Double(text), number.isFinite else {
            return nil
        }
        return number
    }
}
