// SPDX-License-Identifier: MIT
/// The parts of the protocol that logind-aware delivery adds: the `delivery` message, a client's
/// delivery state and the `access` member of `status`.
extension MessageEncoder {
    /// Encodes the body of a `delivery` message; its kind is `.other("delivery")`, which needs
    /// no case of its own in ``MessageKind``.
    @discardableResult
    public mutating func encodeBody(_ notice: DeliveryNotice) -> MessageKind {
        writer.reset()
        writer.member("state", notice.state.rawValue)
        if let reason = notice.reason { writer.member("reason", reason.rawValue) }
        writer.member("time_us", notice.timeUs)
        writer.member("message", notice.message)
        finish()
        return .other(DeliveryNotice.eventName)
    }

    /// `"delivery":"active"`, or `"delivery":"paused","paused_reason":"…"`, in a `status` client.
    mutating func writeDelivery(_ delivery: ClientDelivery?) {
        switch delivery {
        case nil: break
        case .active?: writer.member("delivery", "active" as StaticString)
        case .paused(let reason)?:
            writer.member("delivery", "paused" as StaticString)
            writer.member("paused_reason", reason.rawValue)
        }
    }

    /// `"access":{…}` in a `status` reply.
    mutating func writeAccess(_ access: AccessInfo?) {
        guard let access else { return }
        writer.key("access")
        writer.beginObject()
        writer.member("mode", access.mode.rawValue)
        writer.member("mode_reason", access.modeReason)
        writer.key("seat")
        if let seat = access.seat { writer.string(seat) } else { writer.null() }
        writer.key("always")
        writer.beginArray()
        for uid in access.always { writer.uint(UInt64(uid)) }
        writer.endArray()
        writer.key("session")
        if let session = access.session {
            writer.beginObject()
            writer.member("id", session.id)
            writer.member("uid", UInt64(session.uid))
            writer.key("user")
            if let user = session.user { writer.string(user) } else { writer.null() }
            writer.member("locked", session.locked)
            if let c = session.sessionClass { writer.member("class", c) }
            if let state = session.state { writer.member("state", state) }
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}
