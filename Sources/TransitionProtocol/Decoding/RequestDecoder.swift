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

private let knownRequests = "subscribe, list, status, trigger, cancel, sync, settings"

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
        if let value = take("animation") {
            guard case .object(let object) = value else {
                throw invalid("\"animation\" must be an object such as {\"type\":\"spring\"}, found \(value.kindName)")
            }
            var animation = MemberReader(object)
            request.animation = try animation.triggerAnimation()
            try animation.rejectUnknown(in: "animation")
        }
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
