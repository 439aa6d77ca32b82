// SPDX-License-Identifier: MIT
import Logging
import Testing
import TransitionConfig
@testable import TransitionDaemon

/// The watchdog's timer must not keep the daemon alive: with a ping pending in its loop, a
/// daemon nobody holds any more is freed (a strong capture made a cycle, daemon → loop → timer →
/// daemon, that LeakSanitizer reported at the end of every run under WatchdogSec=).
@Suite struct WatchdogTimerTests {
    @Test func aDaemonWithAPendingWatchdogPingIsFreed() throws {
        weak var released: Daemon?
        do {
            let daemon = try Daemon(options: DaemonOptions(noInput: true),
                                    configuration: try ConfigLoader.parse(""), configPath: nil,
                                    logLevel: nil, logger: Logger(label: "test.watchdog"))
            daemon.pingWatchdog(every: 60_000_000)
            released = daemon
            #expect(released != nil)
        }
        #expect(released == nil, "the watchdog timer keeps the daemon alive")
    }
}
