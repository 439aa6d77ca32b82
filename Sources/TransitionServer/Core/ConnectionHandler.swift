// SPDX-License-Identifier: MIT
package import TransitionProtocol

/// One protocol's side of one connection: what the ``SocketCore`` asks of the protocol a
/// connection speaks. The core accepts, admits, queues, writes, times out and closes; a handler
/// decodes what its peer sends, answers, and decides what its peer gets. One class per
/// protocol, beside its codec: ``NativeSession`` (JSON lines), ``ToucheggSession`` (Touchégg's
/// D-Bus), and the uinput key service's (`KeyServiceConnection`, in TransitionDaemon).
///
/// Called on the loop's thread. A handler keeps its connection `unowned`: the connection owns it.
package protocol ConnectionHandler: AnyObject {
    /// Receives what it subscribed to, or is otherwise in use (authenticated): never evicted as
    /// idle (``AdmissionPolicy``).
    var isStreaming: Bool { get }
    /// The connection was admitted (its ``ClientConnection/delivery`` is set): say hello, or
    /// start the handshake's deadline.
    func opened(nowUs: UInt64)
    /// New bytes are in the connection's ``ClientConnection/inbox``: handle what forms whole
    /// messages and remove it.
    func received()
    /// The core is about to close the connection for `reason`: queue a last message if the
    /// protocol has one (JSON lines' `goodbye`; D-Bus has none).
    func farewell(_ reason: GoodbyeReason, message: String)
    /// The connection's delivery changed from `old` to its ``ClientConnection/delivery`` now
    /// (the core's ``DeliveryPolicy``): end what is in flight for it, tell it, catch it up.
    func deliveryChanged(from old: ClientDelivery, nowUs: UInt64)
    /// The connection is closed and gone from the core.
    func closed()
}

/// The handler of a connection not yet given its protocol's, or already closed: it does
/// nothing. Putting it in place at close ends the cycle between a connection and its handler.
final class ClosedConnection: ConnectionHandler, Sendable {
    static let shared = ClosedConnection()
    package var isStreaming: Bool { false }
    package func opened(nowUs: UInt64) {}
    package func received() {}
    package func farewell(_ reason: GoodbyeReason, message: String) {}
    package func deliveryChanged(from old: ClientDelivery, nowUs: UInt64) {}
    package func closed() {}
}
