// SPDX-License-Identifier: MIT
import TransitionTouchegg

/// What a connection on `@touchegg` keeps: its conversation (NUL, SASL, messages) and which
/// gestures are its.
final class ToucheggSession {
    /// The handshake and the messages after it.
    var conversation: ToucheggConversation
    /// Past `BEGIN`: it receives signals (kept as a flag: read for every client on every signal).
    @exclusivity(unchecked) private(set) var isReady = false
    /// It takes no signal of a gesture numbered below this: those began before it authenticated,
    /// or were ended for it when its delivery paused.
    @exclusivity(unchecked) var floor: UInt64 = 0

    init(peerUID: UInt32, guid: String) {
        conversation = ToucheggConversation(peerUID: peerUID, guid: guid)
    }

    /// `BEGIN` came: it takes the gestures from `floor` on.
    func authenticated(floor: UInt64) {
        isReady = true
        self.floor = floor
    }

    /// Whether `signal` is this client's: it is authenticated and saw the gesture begin.
    func takes(_ signal: ToucheggSignal) -> Bool {
        isReady && signal.gesture >= floor
    }
}
