import Testing
@testable import TransitionDaemon

@Test func moduleLinks() { _ = Daemon.self }
