// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionDaemon
import TransitionTouchegg

/// A gesture a client's declared transition owns reaches that client alone: the `@touchegg`
/// engine (Cinnamon, Gala, the X11 extension) steps aside while the declaration lives, and gets
/// the gesture back once it is withdrawn or its connection closes.
@Suite struct DeclaredOwnershipToucheggTests {
    final class Sent {
        var signals: [ToucheggSignal] = []
        var events: [TransitionEvent] = []
    }

    static let applet = DeclarationOwner(client: 7, pid: 4242)

    static func engines(_ sent: Sent) throws -> DaemonEngines {
        let bridge = try ToucheggBridge(configuration: .standard, endEncoding: .decision, rotation: { _ in .none },
                                        publish: { sent.signals.append($0) })
        return DaemonEngines(main: try TransitionEngine(configuration: .standard), touchegg: bridge)
    }

    static let drawer = DeclaredTransition(spec: TransitionSpec(name: "drawer", distance: Distance(100, .units)),
                                           gestures: [DeclaredGesture(name: "swipe4-up")!], owner: applet)

    /// A four-finger swipe up (`dy` < 0) or right, 12 updates 10 ms apart from `startMs`, lifted.
    static func swipe(_ engines: inout DaemonEngines, _ sent: Sent, startMs: UInt64, up: Bool = true) {
        let device = DeviceID(1)
        let emit: (TransitionEvent) -> Void = { sent.events.append($0) }
        engines.handle(.begin(GestureBegin(device: device, source: .swipe, fingers: 4, timeUs: startMs * 1000)), emit: emit)
        for i in 1...12 {
            engines.handle(.update(GestureUpdate(device: device, dx: up ? 0 : 20, dy: up ? -20 : 0,
                                                 timeUs: (startMs + UInt64(i) * 10) * 1000)), emit: emit)
        }
        engines.handle(.end(GestureEnd(device: device, cancel: nil, timeUs: (startMs + 140) * 1000)), emit: emit)
    }

    static func drawerBegan(_ sent: Sent) -> Bool {
        sent.events.contains { if case .began = $0.payload { $0.transition == "drawer" } else { false } }
    }

    @Test func toucheggClientsGetNothingOfADeclaredGestureAndGetItBackAfterWithdrawal() throws {
        let sent = Sent()
        var engines = try Self.engines(sent)
        Self.swipe(&engines, sent, startMs: 1000)
        #expect(sent.signals.contains { $0.member == .begin }, "before any declaration swipe4-up reaches @touchegg")

        _ = try engines.declare(Self.drawer, nowUs: 2_000_000) { sent.events.append($0) }
        sent.signals = []; sent.events = []
        Self.swipe(&engines, sent, startMs: 3000)
        #expect(Self.drawerBegan(sent), "the declared transition is driven")
        #expect(sent.signals.isEmpty, "while declared, @touchegg gets no signal of swipe4-up: \(sent.signals.map(\.member))")

        Self.swipe(&engines, sent, startMs: 5000, up: false)
        #expect(sent.signals.contains { $0.member == .begin }, "a gesture the declaration does not own still reaches @touchegg")

        try engines.withdraw("drawer", owner: Self.applet.client, nowUs: 6_000_000) { sent.events.append($0) }
        sent.signals = []; sent.events = []
        Self.swipe(&engines, sent, startMs: 7000)
        #expect(!Self.drawerBegan(sent))
        #expect(sent.signals.first?.member == .begin, "after the withdrawal swipe4-up reaches @touchegg again")
        #expect(sent.signals.last?.member == .end)
    }

    @Test func aClosedConnectionGivesTheGestureBack() throws {
        let sent = Sent()
        var engines = try Self.engines(sent)
        _ = try engines.declare(Self.drawer, nowUs: 500_000) { sent.events.append($0) }
        Self.swipe(&engines, sent, startMs: 1000)
        #expect(sent.signals.isEmpty)
        engines.withdrawAll(of: Self.applet.client, nowUs: 2_000_000) { sent.events.append($0) }
        Self.swipe(&engines, sent, startMs: 3000)
        #expect(sent.signals.first?.member == .begin)
        #expect(engines.touchegg?.steppedAside == [])
    }

    @Test func aBridgeServedAfterTheDeclarationStepsAsideFromTheStart() throws {
        let sent = Sent()
        var main = try TransitionEngine(configuration: .standard)
        try main.declare(Self.drawer, nowUs: 0) { _ in }
        let bridge = try ToucheggBridge(configuration: main.configured, steppingAsideFor: main.ownedGestureNames,
                                        endEncoding: .decision, rotation: { _ in .none }, publish: { sent.signals.append($0) })
        var engines = DaemonEngines(main: main, touchegg: bridge)
        Self.swipe(&engines, sent, startMs: 1000)
        #expect(sent.signals.isEmpty)
        #expect(Self.drawerBegan(sent))
    }

    @Test func aReloadKeepsTheGestureSteppedAside() throws {
        let sent = Sent()
        var engines = try Self.engines(sent)
        _ = try engines.declare(Self.drawer, nowUs: 500_000) { _ in }
        try engines.reconfigure(.standard, nowUs: 600_000) { _ in }
        try engines.reconfigureTouchegg(.standard, endEncoding: .decision, nowUs: 600_000)
        Self.swipe(&engines, sent, startMs: 1000)
        #expect(sent.signals.isEmpty)
    }
}
