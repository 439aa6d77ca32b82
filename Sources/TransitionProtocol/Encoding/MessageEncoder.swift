// SPDX-License-Identifier: MIT
public import TransitionCore

/// Encodes server messages as JSON lines.
///
/// A line is `{"event":"<kind>","seq":<n>,<body>` where the body (members, `}` and the newline)
/// does not depend on the connection. The server encodes each body once per message and splices
/// every client's own `seq` in with ``appendLine(kind:seq:body:to:)``; tools that print events
/// use ``line(for:seq:)``.
///
/// The encoder owns a reusable buffer: encoding an `updated` or `frame` body allocates nothing
/// once the buffer has grown to fit.
///
/// Numbers (docs/protocol.md, "Framing"): progress values, velocities, `v_rel` and durations
/// (seconds) are rounded to ``fractionDigits`` decimals (``FixedPointFormat``); spring
/// parameters and device sizes, configuration and hardware values a client may compute with,
/// keep their shortest round-trip form; integers are exact.
public struct MessageEncoder: Sendable {
    /// Decimals of progress values, velocities and durations on the wire: a millionth of the
    /// transition (far below a pixel), a microsecond (the resolution of every `time_us`).
    public static let fractionDigits = 6

    var writer = JSONWriter(capacity: 4096)  // internal: MessageEncoder+Access.swift writes too

    public init() {}

    /// The body most recently encoded.
    public var body: [UInt8] { writer.bytes }

    /// Runs `body` with the bytes of the body most recently encoded, without copying them.
    public func withBody<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try writer.bytes.withUnsafeBufferPointer(body)
    }

    // MARK: Lines

    /// Appends a whole line: the opening for `kind`, `"seq":<seq>` unless `seq` is `nil`, and `body`.
    public static func appendLine(kind: MessageKind, seq: UInt64?, body: some Collection<UInt8>, to line: inout [UInt8]) {
        // Called from other modules, this generic function runs unspecialised, where `body.first`
        // and `append(contentsOf:)` cost two heap allocations per call, i.e. per client per event
        // (Benchmarks/ServerBenchmarks). The contiguous bodies the server passes take the
        // non-generic path below, which allocates nothing.
        let appended: Void? = body.withContiguousStorageIfAvailable {
            appendLine(kind: kind, seq: seq, contiguousBody: $0, to: &line)
        }
        guard appended == nil else { return }
        Array(body).withUnsafeBufferPointer { appendLine(kind: kind, seq: seq, contiguousBody: $0, to: &line) }
    }

    private static func appendLine(kind: MessageKind, seq: UInt64?, contiguousBody body: UnsafeBufferPointer<UInt8>,
                                   to line: inout [UInt8]) {
        if case .other(let name) = kind {
            kind.opening.withUTF8Buffer { line.append(contentsOf: $0) }
            var w = JSONWriter(capacity: name.utf8.count + 2)
            w.string(name)
            line.append(contentsOf: w.bytes)
        }
        // Once per client per event: written in one piece straight into the line's spare
        // capacity (each `append(contentsOf:)` costs about a hundred instructions).
        let opening = kind.opening
        let openingCount = kind.isOther ? 0 : opening.utf8CodeUnitCount
        let seqMember: StaticString = #","seq":"#
        line.append(addingCapacity: openingCount + seqMember.utf8CodeUnitCount + 20 + 1 + body.count) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                var p = buffer.baseAddress!
                if openingCount > 0 {
                    p.update(from: opening.utf8Start, count: openingCount)
                    p += openingCount
                }
                if let seq {
                    p.update(from: seqMember.utf8Start, count: seqMember.utf8CodeUnitCount)
                    p += seqMember.utf8CodeUnitCount
                    p += JSONWriter.writeDigits(seq, to: p)
                }
                if body.first != UInt8(ascii: "}") { p.pointee = UInt8(ascii: ","); p += 1 }
                if let base = body.baseAddress, body.count > 0 {
                    p.update(from: base, count: body.count)
                    p += body.count
                }
                count = p - buffer.baseAddress!
            }
        }
    }

    /// Encodes `message` as one line (with its newline).
    public mutating func line(for message: ServerMessage, seq: UInt64? = nil) -> [UInt8] {
        let kind = encodeBody(message)
        var line: [UInt8] = []
        line.reserveCapacity(writer.bytes.count + 40)
        Self.appendLine(kind: kind, seq: seq, body: writer.bytes, to: &line)
        return line
    }

    /// Encodes a transition event as one line (with its newline), e.g. for `--print-events`.
    public mutating func line(for event: TransitionEvent, seq: UInt64? = nil) -> [UInt8] {
        line(for: .transition(event), seq: seq)
    }

    // MARK: Bodies

    /// Encodes the body of any message; returns its kind.
    @discardableResult
    public mutating func encodeBody(_ message: ServerMessage) -> MessageKind {
        switch message {
        case .transition(let event): return encodeBody(event)
        case .frame(let frame): return encodeBody(frame)
        case .hello(let hello): return encodeBody(hello)
        case .snapshot(let snapshot): return encodeBody(snapshot)
        case .reply(let reply): return encodeBody(reply)
        case .goodbye(let goodbye): return encodeBody(goodbye)
        case .transitionsChanged(let changed): return encodeBody(changed)
        case .unknown(let name, let value):
            writer.reset()
            for (key, member) in (value.objectValue ?? [:]).sorted(by: { $0.key < $1.key })
            where key != "event" && key != "seq" {
                writer.key(key)
                member.write(to: &writer)
            }
            finish()
            return .other(name)
        }
    }

    /// Encodes the body of a transition event; returns its kind.
    @discardableResult
    public mutating func encodeBody(_ event: TransitionEvent) -> MessageKind {
        writer.reset()
        writer.member("transition", event.transition)
        writer.member("gesture", event.gesture)
        writer.member("time_us", event.timeUs)
        let kind: MessageKind
        switch event.payload {
        case .began(let began):
            kind = .began
            switch began.origin {
            case .gesture(let source, let fingers, let device):
                writer.member("source", source.rawValue)
                writer.member("device_class", DeviceClass(source).rawValue)
                writer.member("device", UInt64(device.rawValue))
                writer.member("fingers", fingers)
            case .trigger(let reverse):
                writer.member("source", "trigger")
                writer.member("reverse", reverse)
            }
            writer.key("direction")
            if let direction = began.direction { writer.string(direction.rawValue) } else { writer.null() }
            writer.member("from", began.from, fractionDigits: Self.fractionDigits)
            writer.member("interactive", began.interactive)
        case .updated(let updated):
            kind = .updated
            writer.member("progress", updated.progress, fractionDigits: Self.fractionDigits)
            writer.member("raw_progress", updated.rawProgress, fractionDigits: Self.fractionDigits)
            writer.member("velocity", updated.velocity, fractionDigits: Self.fractionDigits)
        case .ended(let ended):
            kind = .ended
            writeEndedMembers(ended)
        case .paused(let paused):
            kind = .paused
            writer.member("progress", paused.progress, fractionDigits: Self.fractionDigits)
        case .completed(let completed):
            kind = .completed
            writer.member("finished", completed.finished)
            writer.member("progress", completed.progress, fractionDigits: Self.fractionDigits)
        }
        finish()
        return kind
    }

    /// Encodes the body of a `frame`.
    @discardableResult
    public mutating func encodeBody(_ frame: FrameEvent) -> MessageKind {
        writer.reset()
        writer.member("transition", frame.transition)
        writer.member("gesture", frame.gesture)
        writer.member("time_us", frame.timeUs)
        writer.member("progress", frame.progress, fractionDigits: Self.fractionDigits)
        writer.member("velocity", frame.velocity, fractionDigits: Self.fractionDigits)
        finish()
        return .frame
    }

    /// Encodes the body of a `hello`.
    @discardableResult
    public mutating func encodeBody(_ hello: Hello) -> MessageKind {
        writer.reset()
        writer.member("protocol", hello.protocolVersion)
        writer.member("server", hello.server)
        if let pid = hello.pid { writer.member("pid", Int(pid)) }
        writer.member("time_us", hello.timeUs)
        writer.key("transitions")
        writer.beginArray()
        for info in hello.transitions {
            writer.beginObject()
            writeInfoMembers(info)
            writer.endObject()
        }
        writer.endArray()
        if let limits = hello.limits {
            writer.key("limits")
            writer.beginObject()
            writer.member("max_line_bytes", limits.maxLineBytes)
            writer.member("max_queued_messages", limits.maxQueuedMessages)
            writer.member("max_queued_bytes", limits.maxQueuedBytes)
            writer.member("request_timeout_ms", limits.requestTimeoutMs)
            writer.member("max_frame_rate", limits.maxFrameRate)
            writer.endObject()
        }
        finish()
        return .hello
    }

    /// Encodes the body of a `transitions_changed`.
    @discardableResult
    public mutating func encodeBody(_ changed: TransitionsChanged) -> MessageKind {
        writer.reset()
        writer.member("time_us", changed.timeUs)
        writer.key("transitions")
        writer.beginArray()
        for info in changed.transitions {
            writer.beginObject()
            writeInfoMembers(info)
            writer.endObject()
        }
        writer.endArray()
        finish()
        return .transitionsChanged
    }

    /// Encodes the body of a `snapshot`.
    @discardableResult
    public mutating func encodeBody(_ snapshot: Snapshot) -> MessageKind {
        writer.reset()
        writer.member("time_us", snapshot.timeUs)
        writer.key("transitions")
        writer.beginArray()
        for state in snapshot.transitions {
            writer.beginObject()
            writeStateMembers(state)
            writer.endObject()
        }
        writer.endArray()
        finish()
        return .snapshot
    }

    /// Encodes the body of a `reply`.
    @discardableResult
    public mutating func encodeBody(_ reply: Reply) -> MessageKind {
        writer.reset()
        writer.key("id")
        switch reply.id {
        case nil: writer.null()
        case .int(let i)?: writer.int(i)
        case .string(let s)?: writer.string(s)
        }
        if let request = reply.request { writer.member("request", request) }
        switch reply.result {
        case .success(let result):
            writer.member("ok", true)
            writer.key("result")
            writeResult(result)
        case .failure(let error):
            writer.member("ok", false)
            writer.key("error")
            writer.beginObject()
            writer.member("code", error.code.rawValue)
            writer.member("message", error.message)
            if !error.diagnostics.isEmpty {
                writer.key("diagnostics")
                writer.beginArray()
                for d in error.diagnostics {
                    writer.beginObject()
                    writer.key("line")
                    if let line = d.line { writer.int(Int64(line)) } else { writer.null() }
                    writer.key("column")
                    if let column = d.column { writer.int(Int64(column)) } else { writer.null() }
                    writer.member("message", d.message)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
        finish()
        return .reply
    }

    /// Encodes the body of a `goodbye`.
    @discardableResult
    public mutating func encodeBody(_ goodbye: Goodbye) -> MessageKind {
        writer.reset()
        writer.member("reason", goodbye.reason.rawValue)
        writer.member("message", goodbye.message)
        finish()
        return .goodbye
    }

    // MARK: Pieces

    mutating func finish() {
        writer.raw("}\n")
    }

    private mutating func writeEndedMembers(_ ended: EndedEvent) {
        writer.member("outcome", ended.outcome.rawValue)
        writer.member("reason", ended.reason.rawValue)
        writer.member("from", ended.from, fractionDigits: Self.fractionDigits)
        writer.member("to", ended.to, fractionDigits: Self.fractionDigits)
        writer.member("velocity", ended.velocity, fractionDigits: Self.fractionDigits)
        let span = ended.to - ended.from
        writer.member("v_rel", span == 0 || ended.velocity == 0 ? 0 : ended.velocity / span, fractionDigits: Self.fractionDigits)
        writer.key("animation")
        writer.beginObject()
        switch ended.animation {
        case .none:
            writer.member("type", "none" as StaticString)
        case .spring(let spring):
            writer.member("type", "spring" as StaticString)
            writer.member("mass", spring.parameters.mass)
            writer.member("stiffness", spring.parameters.stiffness)
            writer.member("damping_ratio", spring.parameters.dampingRatio)
            writer.member("epsilon", spring.parameters.epsilon)
            writer.member("initial_velocity", spring.initialVelocity, fractionDigits: Self.fractionDigits)
            writer.member("duration", ended.animation.duration, fractionDigits: Self.fractionDigits)
        case .curve(let curve):
            writer.member("type", "curve" as StaticString)
            writer.member("curve", curve.curve.rawValue)
            writer.member("duration", ended.animation.duration, fractionDigits: Self.fractionDigits)
        }
        writer.endObject()
        if let pages = ended.pages {
            writer.member("page", pages.page)
            writer.member("pages", pages.count)
        }
    }

    private mutating func writeStateMembers(_ state: TransitionState) {
        writer.member("name", state.name)
        writer.member("phase", state.phase.rawValue)
        writer.key("gesture")
        if let gesture = state.gesture { writer.uint(gesture) } else { writer.null() }
        writer.member("progress", state.progress, fractionDigits: Self.fractionDigits)
        writer.member("velocity", state.velocity, fractionDigits: Self.fractionDigits)
        if let ended = state.ended {
            writer.key("ended")
            writer.beginObject()
            writeEndedMembers(ended)
            if let at = state.endedAtUs { writer.member("time_us", at) }
            writer.endObject()
        }
    }

    private mutating func writeInfoMembers(_ info: TransitionInfo) {
        writer.member("name", info.name)
        writer.key("bindings")
        writer.beginArray()
        for binding in info.bindings {
            writer.beginObject()
            writer.member("source", binding.source.rawValue)
            writer.member("fingers", binding.fingers)
            writer.member("direction", binding.direction.rawValue)
            writer.endObject()
        }
        writer.endArray()
        writer.key("gestures")
        writer.beginArray()
        for gesture in info.gestures {
            writer.beginObject()
            writer.member("name", gesture.name)
            writer.member("source", gesture.source)
            writer.member("fingers", gesture.fingers)
            if let direction = gesture.direction { writer.member("direction", direction) }
            writer.endObject()
        }
        writer.endArray()
        writer.member("trigger_duration", info.triggerDuration, fractionDigits: Self.fractionDigits)
        writer.member("frame_rate", info.frameRate)
        if let declared = info.declared {
            writer.key("declared")
            writer.beginObject()
            writer.member("client", declared.client)
            writer.member("pid", Int(declared.pid))
            if let pages = declared.pages { writer.member("pages", pages) }
            if let page = declared.page { writer.member("page", page) }
            writer.endObject()
        }
        if !info.taken.isEmpty {
            writer.key("taken")
            writer.beginArray()
            for taken in info.taken {
                writer.beginObject()
                writer.member("gesture", taken.gesture)
                writer.member("by", taken.by)
                writer.member("client", taken.client)
                writer.member("pid", Int(taken.pid))
                writer.endObject()
            }
            writer.endArray()
        }
    }

    private mutating func writeResult(_ result: ReplyResult) {
        switch result {
        case .subscribed, .synced, .done:
            writer.beginObject()
            writer.endObject()
        case .declared(let transition, let gestures):
            writer.beginObject()
            writer.member("transition", transition)
            writer.key("gestures")
            writer.beginArray()
            for gesture in gestures { writer.string(gesture) }
            writer.endArray()
            writer.endObject()
        case .list(let listings):
            writer.beginObject()
            writer.key("transitions")
            writer.beginArray()
            for listing in listings {
                writer.beginObject()
                writeInfoMembers(listing.info)
                writer.member("phase", listing.state.phase.rawValue)
                writer.key("gesture")
                if let gesture = listing.state.gesture { writer.uint(gesture) } else { writer.null() }
                writer.member("progress", listing.state.progress, fractionDigits: Self.fractionDigits)
                writer.member("velocity", listing.state.velocity, fractionDigits: Self.fractionDigits)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        case .status(let status):
            writeStatus(status)
        case .triggered(let gesture):
            writer.beginObject()
            writer.key("gesture")
            if let gesture { writer.uint(gesture) } else { writer.null() }
            writer.endObject()
        case .settings(let settings):
            writer.beginObject()
            writer.member("settings", settings.state.rawValue)
            writer.member("transitions", settings.transitions)
            writer.endObject()
        case .cancelled(let count):
            writer.beginObject()
            writer.member("cancelled", count)
            writer.endObject()
        case .other(let value):
            value.write(to: &writer)
        }
    }

    private mutating func writeStatus(_ status: StatusInfo) {
        writer.beginObject()
        writer.member("server", status.server)
        writer.member("protocol", status.protocolVersion)
        writer.member("pid", Int(status.pid))
        writer.member("uptime_us", status.uptimeUs)
        writer.key("devices")
        writer.devices(status.devices)
        writer.key("clients")
        writer.beginArray()
        for client in status.clients {
            writer.beginObject()
            writer.member("id", client.id)
            writer.member("pid", Int(client.pid))
            writer.member("uid", UInt64(client.uid))
            writer.member("gid", UInt64(client.gid))
            writer.member("subscribed", client.subscription != nil)
            if let subscription = client.subscription {
                writer.key("transitions")
                if let names = subscription.transitions {
                    writer.beginArray()
                    for name in names.sorted() { writer.string(name) }
                    writer.endArray()
                } else {
                    writer.null()
                }
                writer.key("events")
                writer.beginArray()
                for kind in EventKind.allCases where subscription.events.contains(kind) { writer.string(kind.rawValue) }
                writer.endArray()
                writer.member("frame_rate", subscription.frameRate)
            }
            writer.member("queued_messages", client.queuedMessages)
            writer.member("queued_bytes", client.queuedBytes)
            writeDelivery(client.delivery)
            writer.endObject()
        }
        writer.endArray()
        writer.member("other_clients", status.otherClients)
        writer.key("counters")
        writer.beginObject()
        for name in status.counters.keys.sorted() { writer.key(name); writer.uint(status.counters[name]!) }
        writer.endObject()
        writer.key("transitions")
        writer.beginArray()
        for state in status.transitions {
            writer.beginObject()
            writeStateMembers(state)
            writer.endObject()
        }
        writer.endArray()
        writeAccess(status.access)
        writer.endObject()
    }
}
