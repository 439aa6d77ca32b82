// SPDX-License-Identifier: MIT
import Testing
import TransitionClient
import TransitionCore
import TransitionProtocol

@Suite struct TransitionTrackerTests {
    let spring = EndedEvent(outcome: .finish, reason: .velocity, from: 0.6, to: 1, velocity: 2,
                            animation: .spring(SpringAnimation(from: 0.6, to: 1, initialVelocity: 2, parameters: .bouncy)))

    func event(_ payload: TransitionEvent.Payload, at t: UInt64) -> TransitionEvent {
        TransitionEvent(transition: "ws", gesture: 4, timeUs: t, payload: payload)
    }

    @Test func followsAGestureThroughItsLife() {
        var tracker = TransitionTracker(transition: "ws")
        tracker.apply(event(.began(BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(1)),
                                              direction: .left, from: 0, interactive: true)), at: 1_000))
        #expect(tracker.phase == .interactive && tracker.interactive)
        tracker.apply(event(.updated(UpdatedEvent(progress: 0.6, rawProgress: 0.6, velocity: 2)), at: 2_000))
        #expect(tracker.progress(atUs: 99_999) == 0.6)
        #expect(tracker.velocity(atUs: 99_999) == 2)
        tracker.apply(event(.ended(spring), at: 3_000))
        #expect(tracker.phase == .animating)
        let animation = AnimationDescription.spring(SpringAnimation(from: 0.6, to: 1, initialVelocity: 2, parameters: .bouncy))
        for dt in stride(from: 0.0, through: 1.0, by: 0.01) {
            let t = 3_000 + UInt64(dt * 1e6)
            #expect(tracker.progress(atUs: t) == animation.value(at: Double(t - 3_000) / 1e6))
        }
        tracker.apply(event(.paused(PausedEvent(progress: 0.9)), at: 50_000))
        #expect(tracker.phase == .paused && tracker.progress(atUs: 1_000_000) == 0.9)
        tracker.apply(event(.completed(CompletedEvent(finished: true, progress: 1)), at: 60_000))
        #expect(tracker.phase == .idle && tracker.finished == true && tracker.progress(atUs: 0) == 1)
        // Other transitions are ignored.
        let concerned = tracker.apply(.transition(TransitionEvent(transition: "other", gesture: 1, timeUs: 1,
                                                                  payload: .paused(PausedEvent(progress: 0.1)))))
        #expect(!concerned)
    }

    @Test func aSnapshotMidAnimationPutsALateClientInSync() {
        var tracker = TransitionTracker(transition: "ws")
        let state = TransitionState(name: "ws", phase: .animating, gesture: 9, progress: 0.8, velocity: 1, ended: spring, endedAtUs: 10_000)
        let concerned = tracker.apply(.snapshot(Snapshot(timeUs: 20_000, transitions: [state])))
        #expect(concerned)
        #expect(tracker.phase == .animating && tracker.gesture == 9)
        let local = LocalAnimation(ended: spring, startUs: 10_000)
        #expect(tracker.progress(atUs: 30_000) == local.progress(atUs: 30_000))
        #expect(local.fractionComplete(atUs: local.endUs) == 1)
        #expect(local.isFinished(atUs: local.endUs))
        #expect(!local.isFinished(atUs: 10_000))
    }
}
