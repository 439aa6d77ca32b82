// SPDX-License-Identifier: MIT
/// The kinds of transition events a subscriber can filter on (`subscribe.events`).
public enum EventKind: String, Sendable, Hashable, CaseIterable, Codable {
    case began, updated, ended, frame, paused, completed

    /// Every kind a subscription without an `events` filter receives: all but `frame`, which
    /// is only sent when asked for (it costs the server timers).
    public static let defaultSet: Set<EventKind> = [.began, .updated, .ended, .paused, .completed]

    /// Whether events of this kind may be coalesced (latest wins per transition) for a slow
    /// client. Lifecycle events never are.
    public var isCoalescable: Bool { self == .updated || self == .frame }

    /// This kind's bit in a set of kinds kept as a mask.
    var bit: UInt8 {
        switch self {
        case .began: 1
        case .updated: 2
        case .ended: 4
        case .frame: 8
        case .paused: 16
        case .completed: 32
        }
    }
}
