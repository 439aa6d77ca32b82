// SPDX-License-Identifier: MIT
import Logging
import TransitionProtocol

extension TransitionServer {
    /// Replaces the policy that decides who receives transition events (a session switch, a
    /// lock or unlock, a reload) and applies it to every connection at once: each connection
    /// whose delivery changes is told so by its protocol's handler (a native client gets
    /// `ended`/`completed` for what was in flight and a `delivery` notice, then a `snapshot` when
    /// it resumes; a Touchégg client gets `OnGestureEnd` for the gestures it saw begin).
    ///
    /// Connections losing delivery are handled before those gaining it. The engine is not
    /// touched: a gesture in flight goes on for whoever receives it now.
    public func setDeliveryPolicy(_ policy: DeliveryPolicy) {
        guard policy != core.deliveryPolicy else { return }
        core.deliveryPolicy = policy
        let now = MonotonicClock.nowUs()
        var resumed: [ClientConnection] = []
        var paused = 0
        for connection in core.connections.values.sorted(by: { $0.id < $1.id }) {
            let new = policy.decide(uid: connection.credentials.uid)
            guard new != connection.delivery else { continue }
            if new == .active {
                resumed.append(connection)
                continue
            }
            let old = connection.delivery
            connection.delivery = new
            if old == .active { paused += 1 }
            connection.handler.deliveryChanged(from: old, nowUs: now)
        }
        for connection in resumed where !connection.isClosed {
            let old = connection.delivery
            connection.delivery = .active
            connection.handler.deliveryChanged(from: old, nowUs: now)
        }
        if paused + resumed.count > 0 {
            logger.info("delivery paused for \(paused) connection\(paused == 1 ? "" : "s"), resumed for \(resumed.count)")
        }
        native.rescheduleFrames()
    }
}
