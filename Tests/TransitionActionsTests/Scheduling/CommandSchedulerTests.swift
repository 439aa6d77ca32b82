// SPDX-License-Identifier: MIT
import Testing
import TransitionActions

@Suite struct CommandSchedulerTests {
    static func invocation(_ name: String, lane: String = "a", timeout: Double = 2) -> Invocation {
        Invocation(command: .argv([name]), environment: [], timeout: timeout, lane: lane, label: name)
    }

    static func spawned(_ effects: [CommandScheduler.Effect]) -> [(JobID, String)] {
        effects.compactMap { if case .spawn(let id, let i, _) = $0 { (id, i.label) } else { nil } }
    }

    @Test func commandsOfOneTransitionRunInOrderOneAtATime() {
        var s = CommandScheduler()
        let first = Self.spawned(s.run(Self.invocation("1"), nowUs: 0))
        #expect(first.map(\.1) == ["1"])
        #expect(s.run(Self.invocation("2"), nowUs: 10).isEmpty)
        #expect(s.run(Self.invocation("3"), nowUs: 20).isEmpty)
        #expect(s.queuedCount == 2 && s.runningCount == 1)
        let second = Self.spawned(s.exited(first[0].0, nowUs: 30))
        #expect(second.map(\.1) == ["2"])
        let third = Self.spawned(s.exited(second[0].0, nowUs: 40))
        #expect(third.map(\.1) == ["3"])
        #expect(s.exited(third[0].0, nowUs: 50).isEmpty)
        #expect(s.queuedCount == 0 && s.runningCount == 0)
    }

    @Test func transitionsDoNotWaitForEachOther() {
        var s = CommandScheduler()
        let a = Self.spawned(s.run(Self.invocation("a1", lane: "a"), nowUs: 0))
        let b = Self.spawned(s.run(Self.invocation("b1", lane: "b"), nowUs: 0))
        #expect(a.count == 1 && b.count == 1)
        #expect(s.runningCount == 2)
    }

    /// A hanging command gets SIGTERM at its timeout and SIGKILL after the grace; then the next
    /// command of its lane runs.
    @Test func aHangingCommandIsTerminatedThenKilled() {
        var s = CommandScheduler(killGrace: 1)
        let hang = Self.spawned(s.run(Self.invocation("hang", timeout: 2), nowUs: 1_000_000))[0].0
        _ = s.run(Self.invocation("next"), nowUs: 1_000_000)
        #expect(s.nextDeadlineUs == 3_000_000)
        #expect(s.tick(nowUs: 2_999_999).isEmpty)
        #expect(s.tick(nowUs: 3_000_000) == [.terminate(hang, Self.invocation("hang", timeout: 2))])
        #expect(s.nextDeadlineUs == 4_000_000)
        #expect(s.tick(nowUs: 3_500_000).isEmpty)
        #expect(s.tick(nowUs: 4_000_000) == [.kill(hang, Self.invocation("hang", timeout: 2))])
        #expect(s.nextDeadlineUs == nil)
        #expect(s.tick(nowUs: 9_000_000).isEmpty)
        #expect(Self.spawned(s.exited(hang, nowUs: 4_000_100)).map(\.1) == ["next"])
        #expect(s.nextDeadlineUs == 4_000_100 + 2_000_000)
    }

    @Test func aCommandThatExitsInTimeIsNeverSignalled() {
        var s = CommandScheduler()
        let id = Self.spawned(s.run(Self.invocation("quick"), nowUs: 0))[0].0
        _ = s.exited(id, nowUs: 100)
        #expect(s.tick(nowUs: 100_000_000).isEmpty)
        #expect(s.nextDeadlineUs == nil)
    }

    @Test func aProgressCommandsTimeoutStartsWhenItsInputCloses() {
        var s = CommandScheduler(killGrace: 0.5)
        let stream = StreamID(generation: 1, gesture: 1, action: 0)
        let effects = s.open(stream, Self.invocation("consumer", timeout: 1))
        guard case .spawn(let id, _, let fed) = effects.first else { Issue.record("no spawn"); return }
        #expect(fed == stream)
        #expect(s.job(for: stream) == id)
        #expect(s.nextDeadlineUs == nil)
        #expect(s.tick(nowUs: 1_000_000_000).isEmpty) // a long gesture is not a hang
        s.inputClosed(stream, nowUs: 5_000_000)
        #expect(s.nextDeadlineUs == 6_000_000)
        #expect(s.tick(nowUs: 6_000_000).count == 1)
        #expect(s.tick(nowUs: 6_500_000).count == 1)
        _ = s.exited(id, nowUs: 6_600_000)
        #expect(s.job(for: stream) == nil)
    }

    @Test func progressCommandsStayOutOfTheLanes() {
        var s = CommandScheduler()
        _ = s.open(StreamID(generation: 1, gesture: 1, action: 0), Self.invocation("consumer"))
        #expect(Self.spawned(s.run(Self.invocation("finish"), nowUs: 0)).count == 1)
    }

    @Test func aFullLaneDropsNewCommands() {
        var s = CommandScheduler(maxQueued: 2)
        _ = s.run(Self.invocation("running"), nowUs: 0)
        #expect(s.run(Self.invocation("w1"), nowUs: 0).isEmpty)
        #expect(s.run(Self.invocation("w2"), nowUs: 0).isEmpty)
        #expect(s.run(Self.invocation("w3"), nowUs: 0) == [.dropped(Self.invocation("w3"))])
        #expect(s.queuedCount == 2)
    }

    /// A command that cannot start is reported exited at once, and the lane goes on.
    @Test func aCommandThatCannotStartDoesNotStopItsLane() {
        var s = CommandScheduler()
        let missing = Self.spawned(s.run(Self.invocation("does-not-exist"), nowUs: 0))[0].0
        _ = s.run(Self.invocation("next"), nowUs: 0)
        #expect(Self.spawned(s.exited(missing, nowUs: 0)).map(\.1) == ["next"])
    }
}
