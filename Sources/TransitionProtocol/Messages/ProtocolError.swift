// SPDX-License-Identifier: MIT
/// A request the server cannot carry out, as it appears in an error reply:
/// `{"event":"reply","id":…,"ok":false,"error":{"code":"…","message":"…"}}`.
public struct ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Machine-readable error classes (`error.code`). New codes may appear in minor versions.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The line is not JSON, or not a JSON object.
        case invalidJSON = "invalid_json"
        /// A member is missing, has the wrong type or an out-of-range value, or is unknown.
        case invalidRequest = "invalid_request"
        /// The `request` member names no request this server knows.
        case unknownRequest = "unknown_request"
        /// A transition named in the request is not configured.
        case unknownTransition = "unknown_transition"
        /// The engine refused the request.
        case failed
        /// The server cannot answer this request right now (e.g. no engine attached).
        case unavailable
        /// Delivery is paused for this connection (its user is not the seat's active session's,
        /// or that session is locked): `trigger` and `cancel` are refused.
        case deliveryPaused = "delivery_paused"
        /// A `settings` request's text has problems: ``ProtocolError/diagnostics`` lists each
        /// with its line and column; the settings in force stay.
        case invalidSettings = "invalid_settings"
        /// The connection's user may not do this: `settings` from a user who is not the user of
        /// the seat's active session.
        case notPermitted = "not_permitted"
        /// A `declare` names a configured transition or another client's declared one.
        case transitionExists = "transition_exists"
        /// A `declare` names a gesture another client's declared transition owns; the message
        /// names that transition and its pid.
        case gestureTaken = "gesture_taken"
    }

    public var code: Code
    /// What is wrong, for people: names the member and the problem.
    public var message: String
    /// The request's id, when the line got far enough to have one.
    public var id: RequestID?
    /// Every problem found in a `settings` request's text, each where it is (`invalid_settings`);
    /// empty otherwise. Encoded as `error.diagnostics` when not empty.
    public var diagnostics: [SettingsDiagnostic]

    public init(_ code: Code, _ message: String, id: RequestID? = nil, diagnostics: [SettingsDiagnostic] = []) {
        self.code = code; self.message = message; self.id = id; self.diagnostics = diagnostics
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
