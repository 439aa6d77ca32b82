// SPDX-License-Identifier: MIT
public import TransitionCore
public import TransitionProtocol

/// What the server asks of the daemon: the engine's configuration and state, the devices, and
/// the two requests that change things. Called on the loop's thread, synchronously, while the
/// server handles a client's request.
///
/// Events caused by ``runTrigger(_:)`` and ``cancelTransitions(_:)`` must be handed to
/// ``TransitionServer/publish(_:)`` as the engine emits them (before the method returns), so
/// the reply follows them on every connection.
public protocol TransitionServerDelegate: AnyObject {
    /// The configured transitions, in configuration order (`hello`, `list`, filter checks).
    func transitionInfos() -> [TransitionInfo]
    /// Every configured transition's state at `nowUs` (`snapshot`, `list`, `status`).
    func transitionStates(atUs nowUs: UInt64) -> [TransitionState]
    /// The input devices in use (`status`). Default: none.
    func deviceInfos() -> [DeviceInfo]
    /// Counters to add to the server's own in `status` (e.g. gestures recognised). Default: none.
    func statusCounters() -> [String: UInt64]
    /// Runs a transition non-interactively (`trigger`); the transition exists.
    func runTrigger(_ request: TriggerRequest) throws(EngineError)
    /// Cancels `transition` (every running one when `nil`) with reason `client`; returns how
    /// many were cancelled. A named transition exists.
    func cancelTransitions(_ transition: String?) throws(EngineError) -> Int
    /// A user's own settings (`settings`) from `sender`, whom the server has checked may send
    /// them: validates and applies them, or throws (`invalid_settings` with every problem's line
    /// and column; the settings in force stay). Default: `unavailable`.
    func applySettings(_ request: SettingsRequest, from sender: SettingsSender) throws(ProtocolError) -> SettingsResult
    /// The connection `clientID` closed (its settings, if any, end). Called from inside the
    /// server's own work: defer anything that publishes. Default: nothing.
    func clientClosed(_ clientID: UInt64)
}

extension TransitionServerDelegate {
    public func deviceInfos() -> [DeviceInfo] { [] }
    public func statusCounters() -> [String: UInt64] { [:] }
    public func applySettings(_ request: SettingsRequest, from sender: SettingsSender) throws(ProtocolError) -> SettingsResult {
        throw ProtocolError(.unavailable, "this server takes no settings")
    }
    public func clientClosed(_ clientID: UInt64) {}
}
