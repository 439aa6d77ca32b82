// SPDX-License-Identifier: MIT
public import TransitionActions

/// A way to press keys on the desktop: XTEST on X11, the virtual-keyboard protocol on wlroots
/// compositors, or the uinput key service everywhere else.
public protocol KeySender: AnyObject {
    /// What it speaks, for logs: "xtest", "virtual-keyboard", "uinput".
    var name: String { get }
    /// Presses each chord in order: its modifiers down, the key down and up, the modifiers up.
    func send(_ chords: [KeyChord]) throws(KeyError)
}
