// SPDX-License-Identifier: MIT
public import TransitionCore

/// Drives a `TransitionEngine` with readable steps (times in ms) and records what it emits.
public struct EngineHarness {
    public var engine: TransitionEngine
    public var events: [TransitionEvent] = []
    /// The inputs fed since the last ``take()``, each with the number of events recorded before it.
    public var inputs: [(at: Int, input: GestureInput)] = []
    public var nowMs: Double = 0

    /// An input fed or an event emitted.
    public enum Happening {
        case input(GestureInput)
        case event(TransitionEvent)
    }

    public init(_ configuration: EngineConfiguration = .standard) {
        engine = try! TransitionEngine(configuration: configuration)
    }

    public static func us(_ ms: Double) -> UInt64 { UInt64((ms * 1000).rounded()) }

    public mutating func feed(_ input: GestureInput) {
        inputs.append((events.count, input))
        engine.handle(input) { events.append($0) }
    }

    public mutating func begin(_ device: UInt32 = 1, _ source: GestureSource = .swipe, fingers: Int = 3, at ms: Double? = nil,
                               after stepMs: Double = 0, extent: DeviceExtent? = nil, sizeMm: DeviceExtent? = nil) {
        if let ms { nowMs = ms }
        nowMs += stepMs
        feed(.begin(GestureBegin(device: DeviceID(device), source: source, fingers: fingers,
                                 timeUs: Self.us(nowMs), extent: extent, sizeMm: sizeMm)))
    }

    /// One update `stepMs` after the previous input.
    public mutating func move(_ device: UInt32 = 1, dx: Double = 0, dy: Double = 0, after stepMs: Double = 10) {
        nowMs += stepMs
        feed(.update(GestureUpdate(device: DeviceID(device), dx: dx, dy: dy, timeUs: Self.us(nowMs))))
    }

    /// `count` equal updates.
    public mutating func pan(_ device: UInt32 = 1, dx: Double = 0, dy: Double = 0, count: Int, every stepMs: Double = 10) {
        for _ in 0..<count { move(device, dx: dx, dy: dy, after: stepMs) }
    }

    public mutating func end(_ device: UInt32 = 1, cancel: InputCancelCause? = nil, after stepMs: Double = 0) {
        nowMs += stepMs
        feed(.end(GestureEnd(device: DeviceID(device), cancel: cancel, timeUs: Self.us(nowMs))))
    }

    public mutating func hold(_ device: UInt32 = 1, fingers: Int = 3, source: GestureSource = .hold, at ms: Double? = nil,
                       after stepMs: Double = 0) {
        if let ms { nowMs = ms }
        nowMs += stepMs
        feed(.holdBegin(HoldBegin(device: DeviceID(device), fingers: fingers, timeUs: Self.us(nowMs), source: source)))
    }

    public mutating func holdEnd(_ device: UInt32 = 1, cancelled: Bool = false, after stepMs: Double = 0) {
        nowMs += stepMs
        feed(.holdEnd(HoldEnd(device: DeviceID(device), cancelled: cancelled, timeUs: Self.us(nowMs))))
    }

    public mutating func remove(_ device: UInt32 = 1, after stepMs: Double = 0) {
        nowMs += stepMs
        feed(.deviceRemoved(device: DeviceID(device), timeUs: Self.us(nowMs)))
    }

    public mutating func advance(to ms: Double) {
        nowMs = ms
        engine.advance(toUs: Self.us(ms)) { events.append($0) }
    }

    /// Advances to the engine's next deadline, if any.
    public mutating func advanceToDeadline() {
        guard let d = engine.nextDeadlineUs else { return }
        nowMs = max(nowMs, Double(d) / 1000)
        engine.advance(toUs: d) { events.append($0) }
    }

    public mutating func trigger(_ name: String, reverse: Bool = false, duration: Double? = nil,
                          completion: CompletionStyle? = nil, after stepMs: Double = 0) throws(EngineError) {
        nowMs += stepMs
        try engine.trigger(name, reverse: reverse, duration: duration, completion: completion,
                           nowUs: Self.us(nowMs)) { events.append($0) }
    }

    @discardableResult
    public mutating func cancel(_ name: String?, reason: EndReason = .client, after stepMs: Double = 0) throws(EngineError) -> Int {
        nowMs += stepMs
        return try engine.cancel(name, reason: reason, nowUs: Self.us(nowMs)) { events.append($0) }
    }

    public mutating func take() -> [TransitionEvent] {
        defer { events = []; inputs = [] }
        return events
    }

    /// The inputs and events since the last ``take()``, in the order they happened (what a
    /// Touchégg tracker, which observes each input before the engine's events, needs).
    public mutating func takeInOrder() -> [Happening] {
        var out: [Happening] = []
        var next = inputs.startIndex
        for (j, event) in events.enumerated() {
            while next < inputs.endIndex, inputs[next].at <= j { out.append(.input(inputs[next].input)); next += 1 }
            out.append(.event(event))
        }
        out += inputs[next...].map { .input($0.input) }
        events = []; inputs = []
        return out
    }

    public func state(_ name: String, atMs ms: Double? = nil) -> TransitionState {
        engine.states(atUs: Self.us(ms ?? nowMs)).first { $0.name == name }!
    }
}

extension TransitionEvent {
    public var kind: String {
        switch payload {
        case .began: "began"
        case .updated: "updated"
        case .ended: "ended"
        case .paused: "paused"
        case .completed: "completed"
        }
    }
    public var began: BeganEvent? { if case .began(let e) = payload { e } else { nil } }
    public var updated: UpdatedEvent? { if case .updated(let e) = payload { e } else { nil } }
    public var ended: EndedEvent? { if case .ended(let e) = payload { e } else { nil } }
    public var paused: PausedEvent? { if case .paused(let e) = payload { e } else { nil } }
    public var completed: CompletedEvent? { if case .completed(let e) = payload { e } else { nil } }
}

extension Array where Element == TransitionEvent {
    public var kinds: [String] { map(\.kind) }
    /// Kinds with runs of `updated` collapsed to one `updated*`.
    public var shape: [String] {
        var out: [String] = []
        for k in kinds {
            if k == "updated" && out.last == "updated*" { continue }
            out.append(k == "updated" ? "updated*" : k)
        }
        return out
    }
    public var lastEnded: EndedEvent? { reversed().lazy.compactMap(\.ended).first }
    public var lastUpdated: UpdatedEvent? { reversed().lazy.compactMap(\.updated).first }
}

/// A configuration with one transition bound to one gesture.
public func single(_ name: String = "t", source: GestureSource = .swipe, fingers: Int = 3, direction: Direction = .right,
            distance: Distance? = Distance(100, .units), spec: (inout TransitionSpec) -> Void = { _ in }) -> EngineConfiguration {
    var s = TransitionSpec(name: name, distance: distance)
    spec(&s)
    return EngineConfiguration(transitions: [s], bindings: [
        Binding(source: source, fingers: fingers, direction: direction, transition: name),
    ])
}
