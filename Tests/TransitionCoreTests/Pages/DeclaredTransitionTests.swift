// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore
import TransitionTestSupport

/// Transitions declared at run time: ownership of gestures, pages in the engine.
@Suite struct DeclaredTransitionTests {
    static let alice = DeclarationOwner(client: 1, pid: 100)
    static let bob = DeclarationOwner(client: 2, pid: 200)

    /// A configured `c` on swipe3-left and swipe4-up, 100 units a page.
    static func configured() -> EngineConfiguration {
        EngineConfiguration(
            transitions: [TransitionSpec(name: "c", distance: Distance(100, .units))],
            bindings: [Binding(source: .swipe, fingers: 3, direction: .left, transition: "c"),
                       Binding(source: .swipe, fingers: 4, direction: .up, transition: "c")])
    }

    static func paged(_ name: String = "ws", pages: Int = 4, page: Int = 1, on gesture: String = "swipe3-left",
                      owner: DeclarationOwner = alice) -> DeclaredTransition {
        DeclaredTransition(spec: TransitionSpec(name: name, distance: Distance(100, .units), pages: Pages(count: pages, current: page)),
                           gestures: [DeclaredGesture(name: gesture)!], owner: owner)
    }

    func harness(_ declared: DeclaredTransition...) -> EngineHarness {
        var h = EngineHarness(Self.configured())
        for d in declared { try! h.engine.declare(d, nowUs: 0) { h.events.append($0) } }
        return h
    }

    /// A slow pan of `units` (negative: left), released after a pause: the position decides.
    /// Its first sample moves the whole slop (16 units), so it locks there and every unit counts.
    func slowPan(_ h: inout EngineHarness, units: Double, fingers: Int = 3) {
        h.begin(fingers: fingers, after: 1000)
        let slop = units < 0 ? -16.0 : 16
        h.move(dx: slop, after: 100)
        h.pan(dx: (units - slop) / 19, count: 19, every: 100)
        h.end(after: 300)
    }

    @Test func gestureNamesReadAsTheConfigurationWritesThem() {
        #expect(DeclaredGesture(name: "swipe3-left") == DeclaredGesture(source: .swipe, fingers: 3, direction: .left))
        #expect(DeclaredGesture(name: "edge1-right") == DeclaredGesture(source: .edge, fingers: 1, direction: .left))
        #expect(DeclaredGesture(name: "edge1-right")?.name == "edge1-right")
        #expect(DeclaredGesture(name: "pinch2-in")?.reversed.name == "pinch2-out")
        #expect(DeclaredGesture(name: "touchrotate2-ccw")?.direction == .ccw)
        for bad in ["tap3", "hold3", "swipe1-left", "swipe3-in", "swipe3", "swipe-left", "warp3-left", "swipe3-", "swipe３-left", ""] {
            #expect(DeclaredGesture(name: bad) == nil, "\(bad)")
        }
    }

    @Test func aDeclaredTransitionShadowsTheConfiguredBindingOfItsGestureAndGivesItBack() throws {
        var h = harness(Self.paged(pages: 3, page: 0))
        #expect(h.engine.takenGestures.map(\.gesture) == ["swipe3-left"])
        slowPan(&h, units: -70)
        #expect(Set(h.events.map(\.transition)) == ["ws"])
        h.advanceToDeadline()
        try h.engine.withdraw("ws", owner: 1, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        _ = h.take()
        slowPan(&h, units: -70)
        #expect(Set(h.events.map(\.transition)) == ["c"])
        #expect(h.engine.takenGestures.isEmpty)
        // The configured transition's other gesture was never taken.
        #expect(h.engine.configuration.bindings.contains { $0.gestureName == "swipe4-up" && $0.transition == "c" })
    }

    @Test func ownershipIsFirstComeAndNamesTheOwner() {
        var h = harness(Self.paged())
        let noEvents: (TransitionEvent) -> Void = { _ in Issue.record("no event expected") }
        #expect(throws: DeclarationError(.gestureTaken, "swipe3-right is taken by transition \"ws\" (client 1, pid 100)")) {
            try h.engine.declare(Self.paged("other", on: "swipe3-right", owner: Self.bob), nowUs: 0, emit: noEvents)
        }
        #expect(throws: DeclarationError(.transitionExists, "transition \"ws\" is already declared by another client (client 1, pid 100)")) {
            try h.engine.declare(Self.paged(on: "swipe4-down", owner: Self.bob), nowUs: 0, emit: noEvents)
        }
        #expect(throws: DeclarationError.self) { try h.engine.declare(Self.paged("c", on: "swipe4-down", owner: Self.bob), nowUs: 0, emit: noEvents) }
        #expect(throws: DeclarationError(.unknownTransition, "this connection declared no transition named \"ws\"")) {
            try h.engine.withdraw("ws", owner: 2, nowUs: 0, emit: noEvents)
        }
        #expect(throws: DeclarationError.self) { try h.engine.updateDeclared("ws", owner: 1, pages: 3, page: 3, nowUs: 0, emit: noEvents) }
        // A paged transition names one direction of each gesture: the other moves it back.
        var both = Self.paged("both", on: "swipe4-left", owner: Self.bob)
        both.gestures.append(DeclaredGesture(name: "swipe4-right")!)
        #expect(throws: DeclarationError.self) { try h.engine.declare(both, nowUs: 0, emit: noEvents) }
        // The same owner may redeclare (replace) it.
        #expect((try? h.engine.declare(Self.paged(pages: 6, page: 5), nowUs: 0, emit: noEvents))?.map(\.name) == ["swipe3-left", "swipe3-right"])
        #expect(h.engine.declared.map(\.spec.pages) == [Pages(count: 6, current: 5)])
        #expect(h.engine.withdrawAll(of: 1, nowUs: 0, emit: noEvents) == ["ws"])
        #expect(h.engine.declared.isEmpty && h.engine.configuration == Self.configured())
    }

    @Test func aReloadKeepsTheDeclaredTransitionsAndTheirGestures() throws {
        var h = harness(Self.paged())
        var reloaded = Self.configured()
        reloaded.transitions.append(TransitionSpec(name: "new"))
        reloaded.bindings.append(Binding(source: .swipe, fingers: 3, direction: .right, transition: "new"))
        try h.engine.reconfigure(reloaded, nowUs: 0) { h.events.append($0) }
        #expect(h.engine.configured == reloaded)
        #expect(h.engine.configuration.transitions.map(\.name) == ["c", "new", "ws"])
        #expect(h.engine.takenGestures.map(\.gesture) == ["swipe3-left", "swipe3-right"])
        slowPan(&h, units: 70)                               // swipe3-right: still the declared transition's
        #expect(Set(h.events.map(\.transition)) == ["ws"])
        // A reload that names a transition like a declared one: the configured one wins, the
        // declared one rests until its client withdraws it.
        h.advanceToDeadline()
        reloaded.transitions.append(TransitionSpec(name: "ws"))
        try h.engine.reconfigure(reloaded, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        #expect(h.engine.configuration.transitions.map(\.name) == ["c", "new", "ws"])
        #expect(h.engine.configuration.transitions[2].pages == nil && h.engine.takenGestures.isEmpty)
    }

    @Test func aSlowReleasePicksTheNearestPageWhichBecomesTheCurrentOne() {
        var h = harness(Self.paged())
        slowPan(&h, units: -60)                              // forward: 1 → 1.6
        #expect(h.events.first!.began!.from == 1)
        #expect(h.events.first!.began!.direction == .left)
        let ended = h.events.lastEnded!
        #expect(abs(ended.from - 1.6) < 1e-9 && ended.to == 2 && ended.outcome == .finish && ended.reason == .release)
        #expect(ended.pages == EndedPages(page: 2, count: 4))
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: true, progress: 2))
        #expect(h.state("ws").progress == 2 && h.engine.declared[0].spec.pages?.current == 2)
        _ = h.take()
        slowPan(&h, units: 40)                               // back: 2 → 1.6, nearest is 2
        #expect(h.events.first!.began!.from == 2)
        #expect(h.events.lastEnded!.to == 2 && h.events.lastEnded!.outcome == .cancel)
        h.advanceToDeadline()
        _ = h.take()
        slowPan(&h, units: 70)                               // the reverse gesture: 2 → 1.3
        #expect(h.events.lastEnded!.to == 1 && h.events.lastEnded!.outcome == .finish)
    }

    @Test func theRubberBandHoldsAtTheFirstAndTheLastPage() {
        var h = harness(Self.paged(page: 3))
        slowPan(&h, units: -300)                             // forward from the last page
        let shown = h.events.compactMap(\.updated).map(\.progress)
        #expect(shown.max()! <= 3 + RubberBand().limit && shown.max()! > 3)
        #expect(h.events.compactMap(\.updated).last!.rawProgress > 5)
        #expect(h.events.lastEnded!.to == 3 && h.events.lastEnded!.outcome == .cancel)
        h.advanceToDeadline()
        var g = harness(Self.paged(page: 0))
        slowPan(&g, units: 300)                              // back from the first page
        let back = g.events.compactMap(\.updated).map(\.progress)
        #expect(back.min()! >= -RubberBand().limit && back.min()! < 0)
        #expect(g.events.lastEnded!.to == 0)
    }

    @Test func aFlingMovesOnePage() {
        var h = harness(Self.paged())
        h.begin(after: 1000)
        h.pan(dx: -10, count: 5, every: 10)                  // 1000 units/s = 10 pages/s
        h.end()
        let ended = h.events.lastEnded!
        #expect(ended.reason == .velocity && ended.to == 2 && ended.pages?.page == 2)
        #expect(ended.animation.value(at: 0) == ended.from)
    }

    @Test func aCatchBetweenPagesDrivesOnFromTheCaughtPosition() {
        var h = harness(Self.paged())
        h.begin(after: 1000)
        h.pan(dx: -10, count: 5, every: 10)
        h.end()                                              // flung towards page 2
        h.begin(after: 60)                                   // caught
        let caught = h.events.last!.paused!.progress
        #expect(caught > 1.5 && caught < 2.05)
        h.pan(dx: -10, count: 5, every: 10)                  // on towards page 3 (locks on the second sample)
        #expect(abs(h.events.lastUpdated!.rawProgress - (caught + 0.4)) < 1e-9)
        h.end()
        #expect(h.events.lastEnded!.to == 3)
        #expect(Set(h.events.map(\.gesture)).count == 1)
        h.advanceToDeadline()
        #expect(h.state("ws").progress == 3)
        // A catch released without moving settles on the nearest page.
        _ = h.take()
        h.begin(after: 1000)
        h.pan(dx: 10, count: 4, every: 10)
        h.end()                                              // flung back towards 2
        h.begin(after: 40)
        let frozen = h.events.last!.paused!.progress
        h.end(after: 10)
        #expect(h.events.lastEnded!.to == Double(Pages(count: 4).nearest(to: frozen)))
    }

    @Test func withdrawingMidGestureEndsItAtOnce() throws {
        var h = harness(Self.paged())
        h.begin(after: 1000)
        h.pan(dx: -10, count: 3, every: 10)
        try h.engine.withdraw("ws", owner: 1, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        let ended = h.events.lastEnded!
        #expect(ended.reason == .withdrawn && ended.outcome == .cancel && ended.to == 1 && ended.animation == .none(to: 1))
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 1))
        h.pan(dx: -10, count: 3, every: 10)                  // the fingers drive nothing now
        h.end()
        #expect(h.events.last!.completed != nil)
    }

    @Test func aTriggerMovesOnePageAndUpdateMovesTheCurrentPage() throws {
        var h = harness(Self.paged())
        try h.trigger("ws")
        #expect(h.events.first!.began!.from == 1 && h.events.lastEnded!.to == 2 && h.events.lastEnded!.outcome == .finish)
        h.advanceToDeadline()
        try h.trigger("ws", reverse: true)
        #expect(h.events.lastEnded!.to == 1)
        h.advanceToDeadline()
        try h.engine.updateDeclared("ws", owner: 1, pages: 6, page: 5, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        _ = h.take()
        try h.trigger("ws")                                  // at the last page: stays
        #expect(h.events.lastEnded!.to == 5 && h.events.lastEnded!.outcome == .cancel)
        h.advanceToDeadline()
        #expect(h.state("ws").progress == 5)
    }

    @Test func anUnpagedDeclaredTransitionBehavesExactlyAsAConfiguredOne() async {
        await propertyCheck(input: Gen.double(in: -15...15).array(of: 1...40), Gen.int(in: 1...40)) { deltas, gapMs in
            var configured = EngineHarness(single("x", direction: .left))
            var declared = EngineHarness(EngineConfiguration(transitions: [], bindings: []))
            try! declared.engine.declare(DeclaredTransition(spec: TransitionSpec(name: "x", distance: Distance(100, .units)),
                                                            gestures: [DeclaredGesture(name: "swipe3-left")!], owner: Self.alice),
                                         nowUs: 0) { _ in }
            func drive(_ h: inout EngineHarness) {
                h.begin(after: 1000)
                for d in deltas { h.move(dx: d, after: 10) }
                h.end(after: Double(gapMs))
                h.advanceToDeadline()
            }
            drive(&configured)
            drive(&declared)
            #expect(configured.events == declared.events)
        }
    }

    @Test func thePagesAreAlwaysWithinBoundsAndTheCurrentPageFollows() async {
        await propertyCheck(input: Gen.double(in: -40...40).array(of: 1...60), Gen.int(in: 2...6), Gen.int(in: 0...5)) { deltas, count, page in
            var h = harness(Self.paged(pages: count, page: min(page, count - 1)))
            h.begin(after: 1000)
            for d in deltas { h.move(dx: d, after: 8) }
            h.end()
            h.advanceToDeadline()
            for e in h.events.compactMap(\.ended) {
                #expect(e.pages.map { (0..<count).contains($0.page) && Double($0.page) == e.to } == true)
            }
            for u in h.events.compactMap(\.updated) {
                #expect(u.progress >= -RubberBand().limit - 1e-12 && u.progress <= Double(count - 1) + RubberBand().limit + 1e-12)
            }
            if let done = h.events.last?.completed { #expect(h.state("ws").progress == done.progress) }
        }
    }
}
