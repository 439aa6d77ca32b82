// SPDX-License-Identifier: MIT
/// The `[access]` table: who receives transition events.
///
/// The daemon turns these into its server's delivery policy (`DeliveryPolicy` in
/// TransitionServer); this module only reads and checks them.
public struct AccessSettings: Sendable, Hashable {
    /// `mode`.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Root, ``always`` and the user of the seat's active, unlocked logind session.
        case activeSession = "active-session"
        /// Everyone who can connect to the socket (its group decides).
        case group
    }

    /// A uid that always receives events, as written: a number, or a user name and the uid it
    /// resolved to when the file was read.
    public struct Exemption: Sendable, Hashable {
        public var uid: UInt32
        /// The user name written, `nil` when the file gave the number.
        public var name: String?
        public init(uid: UInt32, name: String? = nil) { self.uid = uid; self.name = name }
    }

    /// `mode`; `nil` (or `"auto"`): active-session where logind runs, group elsewhere.
    public var mode: Mode?
    /// `always`: uids or user names exempt from active-session mode (a system shell, a greeter).
    public var always: [Exemption]

    /// Settings with these values; the defaults are the built-in ones.
    public init(mode: Mode? = nil, always: [Exemption] = []) {
        self.mode = mode; self.always = always
    }

    /// Automatic mode, nobody exempt but root.
    public static var builtIn: AccessSettings { AccessSettings() }

    /// The exempt uids.
    public var alwaysUIDs: Set<UInt32> { Set(always.map(\.uid)) }

    /// The largest uid `always` takes: 4294967294 (`(uid_t) -1` is "no user").
    static let maxUID: Int64 = 4_294_967_294
}

/// Resolves a user name to its uid (getpwnam in the daemon; a table in tests). `nil`: no such user.
public typealias UserLookup = @Sendable (String) -> UInt32?
