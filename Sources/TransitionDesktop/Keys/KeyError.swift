// SPDX-License-Identifier: MIT
/// Why keys could not be sent or named.
public enum KeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No keysym has this name (xkbcommon's names, e.g. "Right", "XF86AudioRaiseVolume").
    case unknownName(String)
    /// The keymap has no key that types this keysym.
    case notInKeymap(String)
    /// The keymap could not be compiled.
    case keymap(String)
    /// The desktop refused or the connection failed.
    case unavailable(String)

    public var description: String {
        switch self {
        case .unknownName(let name): "no key is named “\(name)” (names are xkb keysym names, e.g. Right, Return, XF86AudioRaiseVolume)"
        case .notInKeymap(let name): "the keyboard layout has no key for “\(name)”"
        case .keymap(let why): "cannot compile the keyboard layout: \(why)"
        case .unavailable(let why): why
        }
    }
}
