import Testing
@testable import TransitionDaemon

@Test func moduleLinks() { _ = TransitionDaemonModule.self }
