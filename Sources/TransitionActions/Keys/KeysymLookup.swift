// SPDX-License-Identifier: MIT

/// How a `keys` text's names become keysyms, passed in so that this module stays pure: the
/// runner and `transitionctl` pass xkbcommon's names (`KeysymLookup.xkbcommon`, in
/// TransitionDesktop), tests and fuzzers may pass a table (``table(_:)``).
public struct KeysymLookup: Sendable {
    private let lookup: @Sendable (String) -> UInt32?

    /// A lookup by `lookup`: the keysym of a name, nil for no such name.
    public init(_ lookup: @escaping @Sendable (String) -> UInt32?) { self.lookup = lookup }

    /// The keysym named `name`, nil for no such name.
    public func callAsFunction(_ name: String) -> UInt32? { lookup(name) }

    /// A fixed table, as xkbcommon reads names: the exact name first, then ignoring case.
    public static func table(_ names: [String: UInt32]) -> KeysymLookup {
        let folded = Dictionary(names.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        return KeysymLookup { names[$0] ?? folded[$0.lowercased()] }
    }
}
