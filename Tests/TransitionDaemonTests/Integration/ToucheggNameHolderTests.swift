// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
@testable import TransitionDaemon
import TransitionServer

/// `@touchegg` taken (issue 32): the daemon names the holder and says what it means. On the host
/// with a private abstract name (never `@touchegg`, which other runs may use).
@Suite struct ToucheggNameHolderTests {
    @Test func theHolderOfAnAbstractNameIsIdentified() throws {
        let name = "transitiond-test-holder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let listener = try UnixListener.bindAbstract(name: name)
        defer { listener.close() }
        let holder = try #require(ToucheggNameHolder.identify(name: name))
        #expect(holder.pid == getpid())
        #expect(holder.uid == getuid())
        #expect(holder.command?.isEmpty == false)
        // Nobody holds a fresh name.
        #expect(ToucheggNameHolder.identify(name: name + "-free") == nil)
    }

    @Test func theMessageSaysWhoAndWhatItMeans() {
        let holder = ToucheggNameHolder(pid: 4242, uid: 1002, user: "mallory", command: "python3")
        let message = ToucheggNameHolder.takenMessage(name: "touchegg", holder: holder)
        #expect(message.hasPrefix("another process holds @touchegg: pid 4242, python3, uid 1002 (mallory). "))
        #expect(message.contains("authenticate to it, and it may feed them any gestures it likes"))
        #expect(message.contains("transitiond-touchegg.socket"))
        #expect(!message.contains("\n"))
        let unknown = ToucheggNameHolder.takenMessage(name: "touchegg", holder: nil)
        #expect(unknown.hasPrefix("another process holds @touchegg (which one could not be learned)."))
    }
}
