// SPDX-License-Identifier: MIT
import TransitionCore

/// Decodes one request line (without its newline) into a ``Request``.
///
/// Pure and total: every input gives a request or a ``ProtocolError`` whose message names the
/// problem (and which carries the request's `id` when the line got that far). Requests are
/// checked strictly: a member this version does not know is an error, so a typo such as
/// `"transtion"` in a `cancel` is reported instead of cancelling everything.
public func decodeRequest(_ line: some Collection<UInt8>) throws(ProtocolError) -> Request {
    let value: JSONValue
    do {
        value = try JSONParser.parse(line)
    } catch {
        throw ProtocolError(.invalidJSON, "not JSON: \(error)")
    }
    guard case .object(let object) = value else {
        throw ProtocolError(.invalidJSON, "a request must be a JSON object, found \(value.kindName)")
    }
    var members = MemberReader(object)
    let id = try members.requestID()
    do throws(ProtocolError) {
        guard let name = try members.string("request") else {
            throw ProtocolError(.invalidRequest, "missing member \"request\" (one of \(knownRequests))")
        }
        let command: Request.Command
        switch name {
        case "subscribe": command = .subscribe(try members.subscription())
        case "list": command = .list
        case "status": command = .status
        case "trigger": command = .trigger(try members.trigger())
        case "cancel": command = .cancel(transition: try members.transitionName(required: false))
        case "sync": command = .sync
        case "settings": command = .settings(try members.settings())
        case "declare": command = .declare(try members.declare())
        case "update": command = .update(try members.update())
        case "withdraw": command = .withdraw(transition: try members.transitionName(required: true)!)
        default:
            throw ProtocolError(.unknownRequest, "unknown request \"\(name)\" (known: \(knownRequests))")
        }
        try members.rejectUnknown(in: name)
        return Request(id: id, command)
    } catch {
        var error = error
        error.id = id
        throw error
    }
}

private let knownRequests = "subscribe, list, status, trigger, cancel, sync, settings, declare, update, withdraw"

/// Reads members of a request object and remembers which were used, so the rest can be
/// reported as unknown.
private struct MemberReader {
    let object: [String: JSONValue]
    var used: Set<String> = []

    init(_ object: [String: JSONValue]) { self.object = object }

    mutating func take(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func invalid(_ message: String) -> ProtocolError { ProtocolError(.invalidRequest, message) }

    mutating func requestID() throws(ProtocolError) -> RequestID? {
        switch take("id") {
        case nil: return nil
        case .string(let s): return .string(s)
        case let value?:
            if case .int(let i) = value { return .int(i) }
            throw invalid("\"id\" must be an integer or a string, found \(value.kindName)")
        }
    }

    mutating func string(_ key: String) throws(ProtocolError) -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let s) = value else { throw invalid("\"\(key)\" must be a string, found \(value.kindName)") }
        return s
    }

    mutating func bool(_ key: String) throws(ProtocolError) -> Bool? {
        guard let value = take(key) else { return nil }
        guard case .bool(let b) = value else { throw invalid("\"\(key)\" must be true or false, found \(value.kindName)") }
        return b
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>, exclusiveLower: Bool = false) throws(ProtocolError) -> Double? {
        guard let value = take(key) else { return nil }
        guard let d = value.doubleValue else { throw invalid("\"\(key)\" must be a number, found \(value.kindName)") }
        guard range.contains(d), !(exclusiveLower && d == range.lowerBound) else {
            let lower = exclusiveLower ? "greater than \(range.lowerBound)" : "at least \(range.lowerBound)"
            throw invalid("\"\(key)\" must be \(lower) and at most \(range.upperBound), got \(d)")
        }
        return d
    }

    mutating func transitionName(required: Bool) throws(ProtocolError) -> String? {
        let name = try string("transition")
        if required && name == nil { throw invalid("missing member \"transition\" (the transition's name)") }
        if let name, name.isEmpty { throw invalid("\"transition\" must not be empty") }
        return name
    }

    mutating func subscription() throws(ProtocolError) -> Subscription {
        var subscription = Subscription()
        if let value = take("transitions") {
            guard case .array(let names) = value else {
                throw invalid("\"transitions\" must be an array of transition names, found \(value.kindName)")
            }
            var set = Set<String>()
            for name in names {
                guard case .string(let s) = name else {
                    throw invalid("\"transitions\" must hold strings, found \(name.kindName)")
                }
                set.insert(s)
            }
            subscription.transitions = set
        }
        var namesFrame = false
        if let value = take("events") {
            guard case .array(let kinds) = value else {
                throw invalid("\"events\" must be an array of event kinds, found \(value.kindName)")
            }
            var set = Set<EventKind>()
            for kind in kinds {
                guard case .string(let s) = kind else { throw invalid("\"events\" must hold strings, found \(kind.kindName)") }
                guard let k = EventKind(rawValue: s) else {
                    throw invalid("unknown event kind \"\(s)\" in \"events\" (known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                set.insert(k)
            }
            subscription.events = set
            namesFrame = set.contains(.frame)
        }
        let eventsGiven = object["events"].map { $0 != .null } ?? false
        if let rate = try number("frame_rate", in: 0...Double(Subscription.maxFrameRate)) {
            guard rate.rounded() == rate else {
                throw invalid("\"frame_rate\" must be a whole number of frames per second, got \(rate)")
            }
            subscription.frameRate = Int(rate)
            if subscription.frameRate > 0 && !eventsGiven {
                subscription.events.insert(.frame)
            } else if subscription.frameRate > 0 && !namesFrame {
                throw invalid("\"frame_rate\" asks for frames but \"events\" does not name \"frame\"")
            } else if subscription.frameRate == 0 && namesFrame {
                throw invalid("\"events\" names \"frame\" but \"frame_rate\" is 0")
            }
        } else if namesFrame {
            subscription.frameRate = Subscription.defaultFrameRate
        }
        return subscription
    }

    mutating func trigger() throws(ProtocolError) -> TriggerRequest {
        let name = try transitionName(required: true)!
        var request = TriggerRequest(transition: name)
        request.reverse = try bool("reverse") ?? false
        request.duration = try number("duration", in: 0...TriggerRequest.maxDuration, exclusiveLower: true)
        request.animation = try animation()
        return request
    }

    mutating func settings() throws(ProtocolError) -> SettingsRequest {
        guard let text = try string("text") else {
            throw invalid("missing member \"text\" (the settings file's text; \"\" for the system's settings)")
        }
        guard text.utf8.count <= SettingsRequest.maxTextBytes else {
            throw invalid("\"text\" is \(text.utf8.count) bytes, more than the \(SettingsRequest.maxTextBytes / 1024) KiB settings may have")
        }
        let path = try string("path")
        if let path {
            guard !path.isEmpty, path.utf8.count <= SettingsRequest.maxPathBytes,
                  !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw invalid("\"path\" must be 1 to \(SettingsRequest.maxPathBytes) bytes without control characters")
            }
        }
        return SettingsRequest(text: text, path: path)
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        guard let value = take(key) else { return nil }
        guard let d = value.doubleValue, d.rounded() == d, d.magnitude < 1e15 else {
            throw invalid("\"\(key)\" must be a whole number, found \(value.kindName == "number" ? "\(value.doubleValue ?? 0)" : value.kindName)")
        }
        guard range.contains(Int(d)) else {
            throw invalid("\"\(key)\" must be \(range.lowerBound) to \(range.upperBound), got \(Int(d))")
        }
        return Int(d)
    }

    mutating func declare() throws(ProtocolError) -> DeclareRequest {
        let name = try transitionName(required: true)!
        guard name.utf8.count <= TransitionEngine.maxDeclaredNameBytes,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw invalid("\"transition\" must be 1 to \(TransitionEngine.maxDeclaredNameBytes) bytes without control characters")
        }
        guard let value = take("gestures") else {
            throw invalid("missing member \"gestures\" (the gestures that drive it, e.g. [\"swipe3-left\"])")
        }
        guard case .array(let items) = value, !items.isEmpty, items.count <= DeclareRequest.maxGestures else {
            throw invalid("\"gestures\" must be an array of 1 to \(DeclareRequest.maxGestures) gesture names")
        }
        var gestures: [String] = []
        for item in items {
            guard case .string(let g) = item else { throw invalid("\"gestures\" must hold strings, found \(item.kindName)") }
            gestures.append(g)
        }
        var request = DeclareRequest(transition: name, gestures: gestures)
        request.pages = try integer("pages", in: 2...Pages.maxCount)
        request.page = try integer("page", in: 0...(Pages.maxCount - 1))
        if let page = request.page {
            guard let pages = request.pages else { throw invalid("\"page\" needs \"pages\"") }
            guard page < pages else { throw invalid("\"page\" must be below \"pages\" (\(pages)), got \(page)") }
        }
        request.distance = try declaredDistance()
        if let value = take("rubber_band") {
            guard case .object(let object) = value else {
                throw invalid("\"rubber_band\" must be an object such as {\"stiffness\":0.5,\"limit\":0.05}, found \(value.kindName)")
            }
            var band = MemberReader(object)
            var rubberBand = RubberBand()
            rubberBand.stiffness = try band.number("stiffness", in: 0...1e6) ?? rubberBand.stiffness
            rubberBand.limit = try band.number("limit", in: 0...1e3) ?? rubberBand.limit
            try band.rejectUnknown(in: "rubber_band")
            request.rubberBand = rubberBand
        }
        request.animation = try animation()
        return request
    }

    /// `distance` (the source's native units, or `"auto"`), or one of `distance_mm`,
    /// `distance_scale`, `distance_degrees`, `distance_percent`, as the configuration writes them.
    mutating func declaredDistance() throws(ProtocolError) -> Distance? {
        var found: Distance?
        for (key, unit) in [("distance", DistanceUnit.units), ("distance_mm", .mm), ("distance_scale", .scale),
                            ("distance_degrees", .degrees), ("distance_percent", .percent)] {
            guard let value = take(key) else { continue }
            if case .string("auto") = value, key == "distance" { continue }
            guard let d = value.doubleValue, d.isFinite, d > 0, d <= 1e6 else {
                throw invalid("\"\(key)\" must be a number greater than 0 and at most 1000000\(key == "distance" ? " or \"auto\"" : "")")
            }
            guard found == nil else { throw invalid("give one distance (\"\(key)\" and another)") }
            found = Distance(d, unit)
        }
        return found
    }

    mutating func update() throws(ProtocolError) -> UpdateRequest {
        let name = try transitionName(required: true)!
        let request = UpdateRequest(transition: name, pages: try integer("pages", in: 2...Pages.maxCount),
                                    page: try integer("page", in: 0...(Pages.maxCount - 1)))
        guard request.pages != nil || request.page != nil else { throw invalid("\"update\" needs \"pages\" or \"page\"") }
        return request
    }

    /// `animation`, when present: an object such as `{"type":"spring"}` (`trigger`, `declare`).
    mutating func animation() throws(ProtocolError) -> TriggerAnimation? {
        guard let value = take("animation") else { return nil }
        guard case .object(let object) = value else {
            throw invalid("\"animation\" must be an object such as {\"type\":\"spring\"}, found \(value.kindName)")
        }
        var animation = MemberReader(object)
        let decoded = try animation.triggerAnimation()
        try animation.rejectUnknown(in: "animation")
        return decoded
    }

    mutating func triggerAnimation() throws(ProtocolError) -> TriggerAnimation {
        guard let type = try string("type") else {
            throw invalid("\"animation\" needs \"type\": \"spring\" or \"curve\"")
        }
        switch type {
        case "curve":
            guard let name = try string("curve") else {
                throw invalid("a curve animation needs \"curve\" (one of \(Curve.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let curve = Curve(rawValue: name) else {
                throw invalid("unknown curve \"\(name)\" (known: \(Curve.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .curve(curve)
        case "spring":
            var p = SpringParameters.default
            p.mass = try number("mass", in: 0...1e6, exclusiveLower: true) ?? p.mass
            p.stiffness = try number("stiffness", in: 0...1e9, exclusiveLower: true) ?? p.stiffness
            p.dampingRatio = try number("damping_ratio", in: 0...1e3, exclusiveLower: true) ?? p.dampingRatio
            p.epsilon = try number("epsilon", in: 0...0.5, exclusiveLower: true) ?? p.epsilon
            return .spring(p)
        default:
            throw invalid("unknown animation type \"\(type)\" (known: spring, curve)")
        }
    }

    func rejectUnknown(in context: String) throws(ProtocolError) {
        let unknown = object.keys.filter { !used.contains($0) }.sorted()
        guard unknown.isEmpty else {
            let list = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
            throw invalid("unknown member\(unknown.count > 1 ? "s" : "") \(list) in \(context)")
        }
    }
}
