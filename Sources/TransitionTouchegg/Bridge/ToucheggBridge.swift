// SPDX-License-Identifier: MIT
public import TransitionCore

/// Feeds every input sample to an engine of its own that binds every gesture Touchégg's clients
/// expect (the daemon's configuration plus defaults for what it leaves unbound, see
/// ``TransitionCore/EngineConfiguration/coveringTouchegg()``), and turns that engine's events into
/// Touchégg's signals for `publish`. A gesture bound in the configuration is decided exactly as
/// the daemon's own engine decides it: same configuration, same samples.
///
/// While a client's declared transition owns a gesture (``stepAside(for:nowUs:)``, from the main
/// engine's ``TransitionCore/TransitionEngine/ownedGestureNames``), this engine binds nothing to
/// it, so Touchégg's clients get no signal of it: one gesture, one owner. It gets them back when
/// the declaration goes.
///
/// Its completion animations are settled lazily, at the next sample (no timer): nothing
/// Touchégg's clients see depends on them, only whether a new touch catches one.
///
/// Pure (no file descriptors, no clock of its own): the daemon's engine owner feeds it and
/// routes sleep, reload and shutdown through it; the server carries what it publishes.
public final class ToucheggBridge {
    @exclusivity(unchecked) private var engine: TransitionEngine
    @exclusivity(unchecked) private var tracker: ToucheggTracker
    /// The daemon's configuration, before covering and stepping aside.
    private var configured: EngineConfiguration
    /// The gestures declared transitions own: left unbound here.
    public private(set) var steppedAside: Set<String>
    private let publish: (ToucheggSignal) -> Void
    /// A touchscreen's `[touchscreen] rotation`, asked at a gesture's begin.
    private let rotation: (DeviceID) -> PanelRotation

    /// A bridge over `configuration` (covered, not catching, without the gestures of
    /// `steppingAsideFor`) that sends its signals to `publish`.
    public init(configuration: EngineConfiguration, steppingAsideFor owned: Set<String> = [],
                endEncoding: ToucheggTracker.EndEncoding,
                rotation: @escaping (DeviceID) -> PanelRotation,
                publish: @escaping (ToucheggSignal) -> Void) throws(ConfigurationError) {
        engine = try TransitionEngine(configuration: Self.served(configuration, steppingAsideFor: owned))
        configured = configuration
        steppedAside = owned
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
        try engine.reconfigure(Self.served(configuration, steppingAsideFor: steppedAside), nowUs: nowUs, emit: emit)
        configured = configuration
        tracker.endEncoding = endEncoding
    }

    /// The gestures declared transitions own now (the main engine's
    /// ``TransitionCore/TransitionEngine/ownedGestureNames``, after a declare or a withdrawal):
    /// from the next such gesture on, Touchégg's clients get none of them, and get back those no
    /// longer owned. A gesture already in flight ends as usual.
    public func stepAside(for owned: Set<String>, nowUs: UInt64) {
        guard owned != steppedAside else { return }
        // The configuration was valid with every gesture bound; with fewer bindings it still is.
        try? engine.reconfigure(Self.served(configured, steppingAsideFor: owned), nowUs: nowUs, emit: emit)
        steppedAside = owned
    }

    /// What this engine runs: `configuration` covering every gesture Touchégg's clients expect,
    /// but for those a declared transition owns.
    private static func served(_ configuration: EngineConfiguration, steppingAsideFor owned: Set<String>) -> EngineConfiguration {
        configuration.coveringTouchegg().steppingAside(for: owned)
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
