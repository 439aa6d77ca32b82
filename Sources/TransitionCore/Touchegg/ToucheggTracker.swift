// SPDX-License-Identifier: MIT
/// Turns the transition events of the Touchégg endpoint's engine into Touchégg's signals:
/// `began` → `OnGestureBegin`, `updated` → `OnGestureUpdate`, `ended` → `OnGestureEnd`; a catch
/// (`paused`) begins the gesture again for Touchégg's clients. `completed` and triggers send
/// nothing.
///
/// `OnGestureEnd` carries the engine's decision (100 finish, 0 cancel) or, with
/// ``EndEncoding/last``, the last percentage. Pure, and allocates nothing per event once the
/// few gesture slots exist.
public struct ToucheggTracker: Sendable {
    /// What `OnGestureEnd` carries.
    public enum EndEncoding: Sendable, Hashable {
        /// 100 for a finish, 0 for a cancel.
        case decision
        /// The last percentage sent.
        case last
    }

    private struct Gesture: Sendable {
        var id: UInt64
        var type: UInt32
        var direction: UInt32
        var fingers: Int32
        var deviceType: UInt32
        var beganUs: UInt64
        var percentage: Double
        /// Begun for Touchégg's clients and not yet ended.
        var open: Bool
    }

    /// How `OnGestureEnd` is encoded.
    public var endEncoding: EndEncoding
    private var gestures: [Gesture] = []

    /// A tracker with no gesture in flight.
    public init(endEncoding: EndEncoding = .decision) {
        self.endEncoding = endEncoding
        gestures.reserveCapacity(4)
    }

    /// Whether a gesture has begun for Touchégg's clients and not ended.
    public var hasOpenGesture: Bool { gestures.contains { $0.open } }

    /// Calls `emit` with the signals for `event`: ``signal(for:)``'s, preceded for a cancel (with
    /// ``EndEncoding/decision``) by an `OnGestureUpdate` that stays at the last percentage, at
    /// the end's time. Gala cancels only when the velocity it works out from the last two
    /// updates is low; this one brings that velocity to zero, so a swipe libinput cancels while
    /// the fingers still move does nothing there either.
    public mutating func signals(for event: TransitionEvent, emit: (ToucheggSignal) -> Void) {
        if case .ended(let ended) = event.payload, ended.outcome == .cancel, endEncoding == .decision,
           let i = index(of: event.gesture), gestures[i].open {
            emit(make(.update, gestures[i], percentage: gestures[i].percentage, atUs: event.timeUs))
        }
        if let signal = signal(for: event) { emit(signal) }
    }

    /// The signal for `event`, if Touchégg's clients get one.
    public mutating func signal(for event: TransitionEvent) -> ToucheggSignal? {
        switch event.payload {
        case .began(let began):
            guard case .gesture(let source, let fingers, _) = began.origin, let row = ToucheggMapping.row(for: source),
                  let direction = began.direction
            else { return nil }
            let gesture = Gesture(id: event.gesture, type: row.type, direction: ToucheggMapping.code(for: direction),
                                  fingers: Int32(clamping: fingers), deviceType: row.deviceType, beganUs: event.timeUs,
                                  percentage: Self.percentage(began.from), open: true)
            if let i = index(of: event.gesture) { gestures[i] = gesture } else { gestures.append(gesture) }
            return make(.begin, gesture, percentage: gesture.percentage, atUs: event.timeUs)
        case .updated(let updated):
            guard let i = index(of: event.gesture), gestures[i].open else { return nil }
            gestures[i].percentage = Self.percentage(updated.progress)
            return make(.update, gestures[i], percentage: gestures[i].percentage, atUs: event.timeUs)
        case .ended(let ended):
            guard let i = index(of: event.gesture), gestures[i].open else { return nil }
            gestures[i].open = false
            let percentage = switch endEncoding {
            case .decision: ended.outcome == .finish ? 100.0 : 0.0
            case .last: gestures[i].percentage
            }
            return make(.end, gestures[i], percentage: percentage, atUs: event.timeUs)
        case .paused(let paused):
            // A new touch caught the animation: for Touchégg's clients, a new gesture.
            guard let i = index(of: event.gesture) else { return nil }
            gestures[i].open = true
            gestures[i].beganUs = event.timeUs
            gestures[i].percentage = Self.percentage(paused.progress)
            return make(.begin, gestures[i], percentage: gestures[i].percentage, atUs: event.timeUs)
        case .completed:
            if let i = index(of: event.gesture) { gestures.remove(at: i) }
            return nil
        }
    }

    /// A touchscreen tap as Touchégg's clients see one: `OnGestureBegin` (0 %) and
    /// `OnGestureEnd` (100 %, its duration elapsed), gesture type 3, no direction. Taps are
    /// sent whether or not a transition is bound to them.
    public func signals(for tap: TapInput) -> (begin: ToucheggSignal, end: ToucheggSignal) {
        let fingers = Int32(clamping: tap.fingers)
        let type = ToucheggMapping.tap.type, device = ToucheggMapping.tap.deviceType
        return (ToucheggSignal(member: .begin, type: type, direction: 0, percentage: 0, fingers: fingers,
                               deviceType: device, elapsedMs: 0),
                ToucheggSignal(member: .end, type: type, direction: 0, percentage: 100, fingers: fingers,
                               deviceType: device, elapsedMs: tap.durationUs / 1000))
    }

    /// `OnGestureEnd` (0 %, a cancel) for every gesture begun and not ended, which are then
    /// forgotten: for a client that stops receiving (its session locked) mid-gesture.
    public func cancellations(atUs nowUs: UInt64) -> [ToucheggSignal] {
        gestures.filter(\.open).map { make(.end, $0, percentage: 0, atUs: nowUs) }
    }

    private func index(of id: UInt64) -> Int? {
        gestures.firstIndex { $0.id == id }
    }

    private func make(_ member: ToucheggSignal.Member, _ g: Gesture, percentage: Double, atUs nowUs: UInt64) -> ToucheggSignal {
        ToucheggSignal(member: member, type: g.type, direction: g.direction, percentage: percentage, fingers: g.fingers,
                       deviceType: g.deviceType, elapsedMs: nowUs >= g.beganUs ? (nowUs - g.beganUs) / 1000 : 0)
    }

    /// Progress as Touchégg's percentage: 0 to 100 (the rubber band outside is clipped).
    static func percentage(_ progress: Double) -> Double {
        guard progress.isFinite else { return 0 }
        return min(max(progress, 0), 1) * 100
    }
}
