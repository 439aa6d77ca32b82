import Testing
@testable import TransitionServer

@Test func moduleLinks() { _ = TransitionServerModule.self }
