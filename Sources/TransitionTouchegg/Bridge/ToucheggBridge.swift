// SPDX-License-Identifier: MIT
public import TransitionCore

/// Feeds every input sample to an engine of its own that binds every gesture Touchégg's clients
/// expect (the daemon's configuration plus defaults for what it leaves unbound, see
/// ``TransitionCore/EngineConfiguration/coveringTouchegg()``), and turns that engine's events into
/// Touchégg's signals for `publish`. A gesture bound in the configuration is decided exactly as
/// the daemon's own engine decides it: same configuration, same samples.
///
/// Its completion animations are settled lazily, at the next sample (no timer): nothing
/// Touchégg's clients see depends on them, only whether a new touch catches one.
///
/// Pure (no file descriptors, no clock of its own): the daemon's engine owner feeds it and
/// routes sleep, reload and shutdown through it; the server carries what it publishes.
public final class ToucheggBridge {
    @exclusivity(unchecked) private var engine: TransitionEngine
    @exclusivity(unchecked) private var tracker: ToucheggTracker
    private let publish: (ToucheggSignal) -> Void
    /// A touchscreen's `[touchscreen] rotation`, asked at a gesture's begin.
    private let rotation: (DeviceID) -> PanelRotation

    /// A bridge over `configuration` (covered, not catching) that sends its signals to `publish`.
    public init(configuration: EngineConfiguration, endEncoding: ToucheggTracker.EndEncoding,
                rotation: @escaping (DeviceID) -> PanelRotation,
                publish: @escaping (ToucheggSignal) -> Void) throws(ConfigurationError) {
        engine = try TransitionEngine(configuration: configuration.coveringTouchegg())
        engine.catchesAnimations = false
        tracker = ToucheggTracker(endEncoding: endEncoding)
        self.rotation = rotation
        self.publish = publish
    }

    /// The number the next gesture will have (``ToucheggTracker/nextGesture``).
    public var nextGesture: UInt64 { tracker.nextGesture }

    /// `OnGestureEnd` (a cancel) for every gesture begun and not ended, at `nowUs`
    /// (``ToucheggTracker/cancellations(atUs:)``).
    public func openGestures(atUs nowUs: UInt64) -> [ToucheggSignal] {
        tracker.cancellations(atUs: nowUs)
    }

    /// One recognised sample.
    public func handle(_ input: GestureInput) {
        engine.advance(toUs: input.timeUs, emit: emit)
        if case .tap(let tap) = input, let (begin, end) = tracker.signals(for: tap) {
            publish(begin)
            publish(end)
        }
        tracker.observe(input)          // Touchégg's percentages follow the samples themselves
        engine.handle(input, emit: emit)
    }

    /// A reload's configuration and `end_percentage`; on error the old ones stay.
    public func reconfigure(_ configuration: EngineConfiguration, endEncoding: ToucheggTracker.EndEncoding,
                            nowUs: UInt64) throws(ConfigurationError) {
        try engine.reconfigure(configuration.coveringTouchegg(), nowUs: nowUs, emit: emit)
        tracker.endEncoding = endEncoding
    }

    /// Every gesture in flight ends at once as a cancel (`reason`): before a sleep, as the
    /// daemon's own engine does.
    public func endAtOnce(reason: EndReason, nowUs: UInt64) {
        engine.endAtOnce(reason: reason, nowUs: nowUs, emit: emit)
    }

    /// Every gesture in flight is cancelled (the daemon stops).
    public func cancelAll(reason: EndReason, nowUs: UInt64) {
        _ = try? engine.cancel(nil, reason: reason, nowUs: nowUs, emit: emit)
    }

    private func emit(_ event: TransitionEvent) {
        var turned = PanelRotation.none
        if case .began(let began) = event.payload, case .gesture(let source, _, let device) = began.origin, source.isTouchscreen {
            turned = rotation(device)
        }
        tracker.signals(for: event, rotation: turned, emit: publish)
    }
}
