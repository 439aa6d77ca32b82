// SPDX-License-Identifier: MIT
public import TransitionIO
public import TransitionProtocol

/// Where the seat's active session comes from: logind (``LogindSessionSource``) in the daemon,
/// a fake in tests. Lives on the loop's thread.
public protocol SessionSource: AnyObject {
    /// The seat followed.
    var seat: String { get }
    /// The seat's active session now (`nil`: none), with its locked hint.
    var current: SessionInfo? { get }
    /// Starts following the seat; `onChange` runs on the loop's thread each time ``current``
    /// changes (not for the state found at start). Watches descriptors on `loop`; never polls.
    func start(on loop: EventLoop, onChange: @escaping (SessionInfo?) -> Void) throws(SystemError)
    /// Stops following: unwatches and releases everything ``start(on:onChange:)`` took.
    func stop()
}
