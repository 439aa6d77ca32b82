// SPDX-License-Identifier: MIT
/// The `event` member of a server line, with the bytes that open such a line.
public enum MessageKind: Sendable, Hashable {
    case began, updated, ended, frame, paused, completed
    case hello, snapshot, reply, goodbye, transitionsChanged
    /// A kind this version does not name (only when re-encoding a decoded ``ServerMessage/unknown(event:_:)``).
    case other(String)

    /// The kind of a transition event.
    public init(_ kind: EventKind) {
        switch kind {
        case .began: self = .began
        case .updated: self = .updated
        case .ended: self = .ended
        case .frame: self = .frame
        case .paused: self = .paused
        case .completed: self = .completed
        }
    }

    /// Whether this is ``other(_:)``, whose opening is followed by its name.
    var isOther: Bool { if case .other = self { true } else { false } }

    /// `{"event":"<kind>"` — every line starts with this.
    var opening: StaticString {
        switch self {
        case .began: #"{"event":"began""#
        case .updated: #"{"event":"updated""#
        case .ended: #"{"event":"ended""#
        case .frame: #"{"event":"frame""#
        case .paused: #"{"event":"paused""#
        case .completed: #"{"event":"completed""#
        case .hello: #"{"event":"hello""#
        case .snapshot: #"{"event":"snapshot""#
        case .reply: #"{"event":"reply""#
        case .goodbye: #"{"event":"goodbye""#
        case .transitionsChanged: #"{"event":"transitions_changed""#
        case .other: #"{"event":"#
        }
    }
}
