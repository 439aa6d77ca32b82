// SPDX-License-Identifier: MIT
import TransitionCore

/// A server line a client cannot make sense of.
public struct MessageDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Decodes one server line (without its newline) into a ``ReceivedMessage``.
///
/// Tolerant in the way the version policy asks of clients: members it does not know are
/// ignored, an `event` it does not know becomes ``ServerMessage/unknown(event:_:)``, open-ended
/// strings (reasons, device classes) keep values it does not name. Missing or mistyped members
/// it needs are errors.
public func decodeServerMessage(_ line: some Collection<UInt8>) throws(MessageDecodingError) -> ReceivedMessage {
    let value: JSONValue
    do {
        value = try JSONParser.parse(line)
    } catch {
        throw MessageDecodingError("not JSON: \(error)")
    }
    guard case .object(let members) = value else { throw MessageDecodingError("a message must be a JSON object") }
    let m = Fields(members, context: "message")
    let name = try m.string("event")
    let seq = try m.optionalUInt("seq")
    let message: ServerMessage
    switch name {
    case "hello": message = .hello(try m.hello())
    case "began", "updated", "ended", "paused", "completed":
        // A gesture newer than this client (a `began` whose `source` it does not know) is
        // opaque, like an unknown event.
        message = try m.transitionEvent(name).map(ServerMessage.transition) ?? .unknown(event: name, value)
    case "frame":
        message = .frame(FrameEvent(transition: try m.string("transition"), gesture: try m.uint("gesture"),
                                    timeUs: try m.uint("time_us"), progress: try m.double("progress"),
                                    velocity: try m.double("velocity")))
    case "snapshot":
        message = .snapshot(Snapshot(timeUs: try m.uint("time_us"),
                                     transitions: try m.array("transitions").map { f throws(MessageDecodingError) in try f.state() }))
    case "reply": message = .reply(try m.reply())
    case "goodbye":
        message = .goodbye(Goodbye(reason: GoodbyeReason(rawValue: try m.string("reason")),
                                   message: try m.optionalString("message") ?? ""))
    case "transitions_changed":
        message = .transitionsChanged(TransitionsChanged(
            timeUs: try m.optionalUInt("time_us") ?? 0,
            transitions: try m.array("transitions").map { f throws(MessageDecodingError) in try f.info() }))
    default: message = .unknown(event: name, value)
    }
    return ReceivedMessage(seq: seq, message: message)
}

/// Typed access to an object's members, with errors that name the member and where it is.
private struct Fields {
    let members: [String: JSONValue]
    let context: String

    init(_ members: [String: JSONValue], context: String) { self.members = members; self.context = context }

    func fail(_ text: String) -> MessageDecodingError { MessageDecodingError("\(context): \(text)") }

    func present(_ key: String) -> JSONValue? {
        guard let v = members[key], v != .null else { return nil }
        return v
    }

    func required(_ key: String) throws(MessageDecodingError) -> JSONValue {
        guard let v = present(key) else { throw fail("missing \"\(key)\"") }
        return v
    }

    func string(_ key: String) throws(MessageDecodingError) -> String {
        guard let s = try required(key).stringValue else { throw fail("\"\(key)\" must be a string") }
        return s
    }

    func optionalString(_ key: String) throws(MessageDecodingError) -> String? {
        guard let v = present(key) else { return nil }
        guard let s = v.stringValue else { throw fail("\"\(key)\" must be a string") }
        return s
    }

    func double(_ key: String) throws(MessageDecodingError) -> Double {
        guard let d = try required(key).doubleValue else { throw fail("\"\(key)\" must be a number") }
        return d
    }

    func optionalDouble(_ key: String) throws(MessageDecodingError) -> Double? {
        guard let v = present(key) else { return nil }
        guard let d = v.doubleValue else { throw fail("\"\(key)\" must be a number") }
        return d
    }

    func uint(_ key: String) throws(MessageDecodingError) -> UInt64 {
        guard let u = try required(key).uint64Value else { throw fail("\"\(key)\" must be a non-negative integer") }
        return u
    }

    func optionalUInt(_ key: String) throws(MessageDecodingError) -> UInt64? {
        guard let v = present(key) else { return nil }
        guard let u = v.uint64Value else { throw fail("\"\(key)\" must be a non-negative integer") }
        return u
    }

    func int(_ key: String) throws(MessageDecodingError) -> Int {
        guard let i = try required(key).intValue, let int = Int(exactly: i) else { throw fail("\"\(key)\" must be an integer") }
        return int
    }

    func bool(_ key: String) throws(MessageDecodingError) -> Bool {
        guard let b = try required(key).boolValue else { throw fail("\"\(key)\" must be true or false") }
        return b
    }

    func object(_ key: String) throws(MessageDecodingError) -> Fields {
        guard let o = try required(key).objectValue else { throw fail("\"\(key)\" must be an object") }
        return Fields(o, context: "\(context).\(key)")
    }

    func array(_ key: String) throws(MessageDecodingError) -> [Fields] {
        guard let a = try required(key).arrayValue else { throw fail("\"\(key)\" must be an array") }
        var result: [Fields] = []
        for (i, element) in a.enumerated() {
            guard let o = element.objectValue else { throw fail("\"\(key)\"[\(i)] must be an object") }
            result.append(Fields(o, context: "\(context).\(key)[\(i)]"))
        }
        return result
    }

    func strings(_ key: String) throws(MessageDecodingError) -> [String] {
        guard let a = try required(key).arrayValue else { throw fail("\"\(key)\" must be an array") }
        var result: [String] = []
        for (i, element) in a.enumerated() {
            guard let s = element.stringValue else { throw fail("\"\(key)\"[\(i)] must be a string") }
            result.append(s)
        }
        return result
    }

    func enumeration<E: RawRepresentable>(_ key: String, _: E.Type) throws(MessageDecodingError) -> E where E.RawValue == String {
        let raw = try string(key)
        guard let e = E(rawValue: raw) else { throw fail("unknown \"\(key)\" value \"\(raw)\"") }
        return e
    }

    // MARK: Messages

    func hello() throws(MessageDecodingError) -> Hello {
        var limits: ServerLimits?
        if present("limits") != nil {
            let l = try object("limits")
            limits = ServerLimits(maxLineBytes: try l.int("max_line_bytes"), maxQueuedMessages: try l.int("max_queued_messages"),
                                  maxQueuedBytes: try l.int("max_queued_bytes"), requestTimeoutMs: try l.int("request_timeout_ms"),
                                  maxFrameRate: try l.int("max_frame_rate"))
        }
        let pid = try optionalUInt("pid").flatMap { Int32(exactly: $0) }
        return Hello(protocolVersion: try int("protocol"), server: try string("server"), pid: pid,
                     timeUs: try optionalUInt("time_us") ?? 0,
                     transitions: try array("transitions").map { f throws(MessageDecodingError) in try f.info() }, limits: limits)
    }

    func info() throws(MessageDecodingError) -> TransitionInfo {
        // A binding whose source or direction this client does not know, or that has none, is
        // left out: it is in `gestures`, whose members are open-ended strings.
        var bindings: [BindingInfo] = []
        if present("bindings") != nil {
            for b in try array("bindings") {
                let fingers = try b.int("fingers")
                guard case .string(let s)? = b.present("source"), let source = GestureSource(rawValue: s),
                      case .string(let d)? = b.present("direction"), let direction = Direction(rawValue: d) else { continue }
                bindings.append(BindingInfo(source: source, fingers: fingers, direction: direction))
            }
        }
        var gestures: [GestureInfo]?
        if present("gestures") != nil {
            gestures = try array("gestures").map { g throws(MessageDecodingError) in
                GestureInfo(name: try g.string("name"), source: try g.string("source"), fingers: try g.int("fingers"),
                            direction: try g.optionalString("direction"))
            }
        }
        var info = TransitionInfo(name: try string("name"), bindings: bindings, gestures: gestures,
                                  triggerDuration: try optionalDouble("trigger_duration") ?? 0,
                                  frameRate: present("frame_rate") == nil ? 0 : try int("frame_rate"))
        if present("declared") != nil {
            let d = try object("declared")
            info.declared = DeclaredInfo(client: try d.uint("client"), pid: Int32(truncatingIfNeeded: try d.int("pid")),
                                         pages: d.present("pages") == nil ? nil : try d.int("pages"),
                                         page: d.present("page") == nil ? nil : try d.int("page"))
        }
        if present("taken") != nil {
            info.taken = try array("taken").map { t throws(MessageDecodingError) in
                TakenInfo(gesture: try t.string("gesture"), by: try t.string("by"), client: try t.uint("client"),
                          pid: Int32(truncatingIfNeeded: try t.int("pid")))
            }
        }
        return info
    }

    /// The event, or `nil` for a `began` from a source this client does not know.
    func transitionEvent(_ name: String) throws(MessageDecodingError) -> TransitionEvent? {
        let payload: TransitionEvent.Payload
        switch name {
        case "began":
            let source = try string("source")
            let origin: TransitionOrigin
            if source == "trigger" {
                origin = .trigger(reverse: present("reverse") == nil ? false : try bool("reverse"))
            } else {
                guard let gestureSource = GestureSource(rawValue: source) else { return nil }
                let device = try optionalUInt("device").flatMap { UInt32(exactly: $0) } ?? 0
                origin = .gesture(source: gestureSource, fingers: try int("fingers"), device: DeviceID(device))
            }
            // A direction this client does not know (or `null`: a trigger, a tap, a hold) is none.
            let direction = (try optionalString("direction")).flatMap(Direction.init(rawValue:))
            payload = .began(BeganEvent(origin: origin, direction: direction, from: try double("from"),
                                        interactive: try bool("interactive")))
        case "updated":
            let progress = try double("progress")
            payload = .updated(UpdatedEvent(progress: progress, rawProgress: try optionalDouble("raw_progress") ?? progress,
                                            velocity: try double("velocity")))
        case "ended":
            payload = .ended(try ended())
        case "paused":
            payload = .paused(PausedEvent(progress: try double("progress")))
        default:
            payload = .completed(CompletedEvent(finished: try bool("finished"), progress: try double("progress")))
        }
        return TransitionEvent(transition: try string("transition"), gesture: try uint("gesture"),
                               timeUs: try uint("time_us"), payload: payload)
    }

    func ended() throws(MessageDecodingError) -> EndedEvent {
        let from = try double("from"), to = try double("to"), velocity = try double("velocity")
        let a = try object("animation")
        let animation: AnimationDescription
        switch try a.string("type") {
        case "spring":
            let parameters = SpringParameters(mass: try a.double("mass"), stiffness: try a.double("stiffness"),
                                              dampingRatio: try a.double("damping_ratio"), epsilon: try a.double("epsilon"))
            animation = .spring(SpringAnimation(from: from, to: to, initialVelocity: try a.optionalDouble("initial_velocity") ?? velocity,
                                                parameters: parameters))
        case "curve":
            animation = .curve(CurveAnimation(from: from, to: to, curve: try a.enumeration("curve", Curve.self),
                                              duration: try a.double("duration")))
        case "none":
            animation = .none(to: to)
        case let other:
            throw a.fail("unknown animation type \"\(other)\"")
        }
        let reason = try string("reason")
        var pages: EndedPages?
        if present("pages") != nil { pages = EndedPages(page: try int("page"), count: try int("pages")) }
        return EndedEvent(outcome: try enumeration("outcome", Outcome.self),
                          reason: EndReason(rawValue: reason) ?? .superseded,
                          from: from, to: to, velocity: velocity, animation: animation, pages: pages)
    }

    func state() throws(MessageDecodingError) -> TransitionState {
        var ended: EndedEvent?
        var endedAt: UInt64?
        if present("ended") != nil {
            let e = try object("ended")
            ended = try e.ended()
            endedAt = try e.optionalUInt("time_us")
        }
        return TransitionState(name: try string("name"), phase: try enumeration("phase", TransitionState.Phase.self),
                               gesture: try optionalUInt("gesture"), progress: try double("progress"),
                               velocity: try optionalDouble("velocity") ?? 0, ended: ended, endedAtUs: endedAt)
    }

    func reply() throws(MessageDecodingError) -> Reply {
        let id: RequestID?
        switch present("id") {
        case nil: id = nil
        case .string(let s)?: id = .string(s)
        case .int(let i)?: id = .int(i)
        default: throw fail("\"id\" must be an integer or a string")
        }
        let request = try optionalString("request")
        guard try bool("ok") else {
            let e = try object("error")
            let code = ProtocolError.Code(rawValue: try e.string("code")) ?? .failed
            var diagnostics: [SettingsDiagnostic] = []
            if e.present("diagnostics") != nil {
                diagnostics = try e.array("diagnostics").map { d throws(MessageDecodingError) in
                    SettingsDiagnostic(line: try d.optionalUInt("line").map { Int(clamping: $0) },
                                       column: try d.optionalUInt("column").map { Int(clamping: $0) },
                                       message: try d.string("message"))
                }
            }
            return Reply(id: id, request: request, result: .failure(ProtocolError(code, try e.optionalString("message") ?? "",
                                                                                  id: id, diagnostics: diagnostics)))
        }
        let resultValue = present("result") ?? .object([:])
        guard let resultObject = resultValue.objectValue else { throw fail("\"result\" must be an object") }
        let r = Fields(resultObject, context: "reply.result")
        let result: ReplyResult
        switch request {
        case "subscribe": result = .subscribed
        case "sync": result = .synced
        case "list":
            result = .list(try r.array("transitions").map { t throws(MessageDecodingError) in
                TransitionListing(info: try t.info(), state: try t.state())
            })
        case "status": result = .status(try r.status())
        case "trigger": result = .triggered(gesture: try r.optionalUInt("gesture"))
        case "cancel": result = .cancelled(count: try r.int("cancelled"))
        case "settings":
            result = .settings(SettingsResult(state: try r.enumeration("settings", SettingsResult.State.self),
                                              transitions: try r.int("transitions")))
        case "declare":
            result = .declared(transition: try r.string("transition"),
                               gestures: try r.strings("gestures"))
        case "update", "withdraw": result = .done
        default: result = .other(resultValue)
        }
        return Reply(id: id, request: request, result: .success(result))
    }

    func status() throws(MessageDecodingError) -> StatusInfo {
        let devices = try array("devices").map { d throws(MessageDecodingError) in
            DeviceInfo(id: UInt32(truncatingIfNeeded: try d.uint("id")), name: try d.string("name"),
                       deviceClass: DeviceClass(rawValue: try d.string("class")), node: try d.optionalString("node"),
                       widthMm: try d.optionalDouble("width_mm"), heightMm: try d.optionalDouble("height_mm"),
                       rotation: try d.optionalUInt("rotation").map { Int(truncatingIfNeeded: $0) },
                       edgeZoneMm: try d.optionalDouble("edge_zone_mm"), edgeZoneShare: try d.optionalDouble("edge_zone_share"))
        }
        let clients = try array("clients").map { c throws(MessageDecodingError) in
            var subscription: Subscription?
            if try c.bool("subscribed") {
                var s = Subscription()
                if c.present("transitions") != nil {
                    s.transitions = Set(try c.required("transitions").arrayValue?.compactMap(\.stringValue) ?? [])
                }
                s.events = Set(try c.required("events").arrayValue?.compactMap { $0.stringValue.flatMap(EventKind.init(rawValue:)) } ?? [])
                s.frameRate = try c.int("frame_rate")
                subscription = s
            }
            return ClientInfo(id: try c.uint("id"), pid: Int32(truncatingIfNeeded: try c.int("pid")),
                              uid: UInt32(truncatingIfNeeded: try c.uint("uid")), gid: UInt32(truncatingIfNeeded: try c.uint("gid")),
                              subscription: subscription, queuedMessages: try c.int("queued_messages"),
                              queuedBytes: try c.int("queued_bytes"), delivery: try c.delivery())
        }
        var counters: [String: UInt64] = [:]
        for (key, value) in try object("counters").members { counters[key] = value.uint64Value ?? 0 }
        return StatusInfo(server: try string("server"), protocolVersion: try int("protocol"),
                          pid: Int32(truncatingIfNeeded: try int("pid")), uptimeUs: try uint("uptime_us"),
                          devices: devices, clients: clients,
                          otherClients: Int(truncatingIfNeeded: try optionalUInt("other_clients") ?? 0), counters: counters,
                          transitions: try array("transitions").map { f throws(MessageDecodingError) in try f.state() },
                          access: present("access") == nil ? nil : try object("access").access())
    }

    // MARK: Access (logind-aware delivery)

    func delivery() throws(MessageDecodingError) -> ClientDelivery? {
        switch try optionalString("delivery") {
        case nil: return nil
        case "paused": return .paused(PauseReason(rawValue: try optionalString("paused_reason") ?? ""))
        default: return .active
        }
    }

    func access() throws(MessageDecodingError) -> AccessInfo {
        let raw = try string("mode")
        guard let mode = AccessMode(rawValue: raw) else { throw fail("unknown \"mode\" value \"\(raw)\"") }
        var session: SessionInfo?
        if present("session") != nil {
            let s = try object("session")
            session = SessionInfo(id: try s.string("id"), uid: UInt32(truncatingIfNeeded: try s.uint("uid")),
                                  user: try s.optionalString("user"), locked: try s.bool("locked"),
                                  sessionClass: try s.optionalString("class"), state: try s.optionalString("state"))
        }
        let always = present("always")?.arrayValue?.compactMap { $0.uint64Value.map { UInt32(truncatingIfNeeded: $0) } } ?? []
        return AccessInfo(mode: mode, modeReason: try optionalString("mode_reason") ?? "", seat: try optionalString("seat"),
                          always: always, session: session)
    }
}
