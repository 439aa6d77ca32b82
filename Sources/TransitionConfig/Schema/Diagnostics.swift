// SPDX-License-Identifier: MIT
/// Collects semantic problems while a document is decoded, so one run reports all of them.
package struct Diagnostics {
    /// Enough to fix a file in one go; more is noise (and bounds the work on garbage input).
    package static let limit = 100

    package let source: String
    package private(set) var items: [ConfigDiagnostic] = []

    package init(source: String) { self.source = source }

    package var isEmpty: Bool { items.isEmpty }

    package mutating func add(_ position: SourcePosition?, _ message: String) {
        guard items.count < Self.limit else { return }
        items.append(ConfigDiagnostic(source: source, position: position, message: message))
    }
}
