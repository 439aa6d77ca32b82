// SPDX-License-Identifier: MIT
import Logging
public import TransitionTouchegg
import TransitionProtocol

extension TransitionServer {
    /// Serves Touchégg's D-Bus protocol on `listener` (the abstract socket `@touchegg`) beside
    /// the native socket. Its clients go through the same admission limits, delivery policy,
    /// bounded queues and coalescing as native ones; only their framing differs (whole D-Bus
    /// messages instead of JSON lines). `access` decides who may connect at all, since an
    /// abstract socket has no file permissions; `nextGesture` gives the number the next
    /// gesture will have (``ToucheggTracker/nextGesture``): a client that authenticates, or
    /// whose delivery pauses, takes no signal of the gestures below it; `openGestures` gives
    /// the `OnGestureEnd` signals owed, at a time, to a client whose delivery pauses mid-gesture
    /// (``ToucheggBridge`` gives both).
    public func serveTouchegg(listener: UnixListener, access: PeerAccessRule, nextGesture: @escaping () -> UInt64,
                              openGestures: @escaping (UInt64) -> [ToucheggSignal]) throws(SystemError) {
        let endpoint = ToucheggEndpoint(core: core, listener: listener, access: access, machineID: ToucheggEndpoint.machineID())
        endpoint.nextGesture = nextGesture
        endpoint.openGestures = openGestures
        try core.listen(on: listener.fd) { [unowned endpoint] in endpoint.accept($0) }
        touchegg = endpoint
        // Touchégg clients past the handshake, which act on gestures themselves, in `status`.
        native.moreCounters = { [unowned endpoint] in ["touchegg_clients": UInt64(endpoint.readyCount)] }
        logger.info("serving Touchégg's D-Bus protocol on \(listener.path ?? "an inherited socket") (clients: \(access.description))")
    }

    /// Whether the Touchégg endpoint is served.
    public var servesTouchegg: Bool { touchegg != nil }

    /// Sends `signal` to every authenticated Touchégg client whose delivery is active and that
    /// saw its gesture begin: encoded once, `OnGestureUpdate` coalesced for a client with a
    /// backlog (but the settling one), the others queued in order.
    public func publishTouchegg(_ signal: ToucheggSignal) {
        touchegg?.publish(signal)
    }
}
