// SPDX-License-Identifier: MIT

/// One chord of a `keys` action, resolved to xkb keysyms: modifiers held while one key is
/// pressed and released ("super+Right" is Super_L held around Right).
public struct KeyChord: Equatable, Hashable, Sendable {
    /// Keysyms of the modifiers, pressed in this order and released in the reverse one.
    public var modifiers: [UInt32]
    /// The keysym of the key.
    public var key: UInt32

    /// A chord of `key` with `modifiers` held.
    public init(modifiers: [UInt32], key: UInt32) {
        self.modifiers = modifiers
        self.key = key
    }
}
