// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import TransitionCtl
import TransitionTestSupport

/// `transitionctl trigger` and `cancel` against a real daemon: what they say, whole.
@Suite struct TriggerCommandTests {
    @Test func aTypoGetsDidYouMeanNotEveryName() throws {
        let daemon = try TestDaemon()
        let count = try Binaries.run("transitionctl", ["list", "--socket", daemon.socket]).output.split(separator: "\n").count - 1
        #expect(count > 20)
        let run = try Binaries.run("transitionctl", ["trigger", "swipe3-lft", "--socket", daemon.socket])
        #expect(run.status == 1)
        #expect(run.output == "transitionctl: no transition named \"swipe3-lft\"; did you mean \"swipe3-left\"? "
                + "`transitionctl list` shows the \(count) configured (unknown_transition)\n")
        let far = try Binaries.run("transitionctl", ["cancel", "nothing-like-it", "--socket", daemon.socket])
        #expect(far.status == 1)
        #expect(far.output == "transitionctl: no transition named \"nothing-like-it\"; `transitionctl list` shows the \(count) configured (unknown_transition)\n")
        let watch = try Binaries.run("transitionctl", ["watch", "--transition", "swipe3-lft", "--no-reconnect", "--socket", daemon.socket])
        #expect(watch.status == 1)
        #expect(watch.output == "transitionctl: no transition named \"swipe3-lft\"; did you mean \"swipe3-left\"? "
                + "`transitionctl list` shows the \(count) configured (unknown_transition)\n")
    }

    @Test func itReportsTheRunAndWithWaitItsOutcomeAndTime() throws {
        let daemon = try TestDaemon()
        let started = try Binaries.run("transitionctl", ["trigger", "swipe3-up", "--socket", daemon.socket])
        #expect(started.status == 0)
        #expect(started.output == "swipe3-up: run 1 started\n")
        let waited = try Binaries.run("transitionctl", ["trigger", "swipe3-left", "--duration", "0.2", "--wait", "--socket", daemon.socket])
        #expect(waited.status == 0)
        let pattern = /swipe3-left: run 2 started\nswipe3-left: run 2 finished after (\d+\.\d{3}) s\n/
        let match = try #require(waited.output.wholeMatch(of: pattern), "\(waited.output)")
        // The spring settles in the duration asked for (the daemon's own times: no clock here).
        #expect(abs(Double(match.1)! - 0.2) < 0.002, "\(waited.output)")
    }

    @Test func aCancelledRunSaysSoAndExitsTwo() throws {
        let daemon = try TestDaemon()
        let log = daemon.directory + "/trigger.out"
        let waiting = try Binaries.start("transitionctl", ["trigger", "swipe3-left", "--duration", "30", "--wait", "--socket", daemon.socket], log: log)
        defer { if waiting.isRunning { waiting.terminate() } }
        #expect(eventually { Binaries.read(log) == "swipe3-left: run 1 started\n" }, "\(Binaries.read(log))")
        let cancel = try Binaries.run("transitionctl", ["cancel", "swipe3-left", "--socket", daemon.socket])
        #expect(cancel.output == "cancelled 1 transition\n")
        waiting.waitUntilExit()
        #expect(waiting.terminationStatus == 2)
        let pattern = /swipe3-left: run 1 started\nswipe3-left: run 1 cancelled after \d+\.\d{3} s \(ended at 0\.00\)\n/
        #expect(Binaries.read(log).wholeMatch(of: pattern) != nil, "\(Binaries.read(log))")
    }

    @Test func aDurationWithAStiffnessIsRefused() throws {
        let run = try Binaries.run("transitionctl", ["trigger", "swipe3-up", "--stiffness", "300", "--duration", "2"])
        #expect(run.status == 64)
        #expect(run.output.hasPrefix("Error: --stiffness and --duration exclude each other: a spring's duration follows from its stiffness\n"),
                "\(run.output)")
    }

    @Test func theLinesArePure() {
        #expect(Trigger.started("swipe3-up", gesture: 35) == "swipe3-up: run 35 started\n")
        #expect(Trigger.outcome("swipe3-up", gesture: 35, reached: true, progress: 1, seconds: 0.3721) == "swipe3-up: run 35 finished after 0.372 s\n")
        #expect(Trigger.outcome("swipe3-up", gesture: 35, reached: false, progress: 0.4321, seconds: 0.12)
                == "swipe3-up: run 35 cancelled after 0.120 s (ended at 0.43)\n")
        #expect(Trigger.outcome("t", gesture: 1, reached: true, progress: 1, seconds: nil) == "t: run 1 finished\n")
        #expect(KnownTransitions.refusal("x", known: []) == nil)   // transitiond decides
        #expect(KnownTransitions.refusal("a", known: ["a", "b"]) == nil)
        #expect(KnownTransitions.message("bb", known: ["a", "b"]) == "no transition named \"bb\"; did you mean \"b\"? `transitionctl list` shows the 2 configured")
    }
}
