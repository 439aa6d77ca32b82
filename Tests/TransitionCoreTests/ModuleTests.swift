import Testing
@testable import TransitionCore

@Test func moduleLinks() { _ = TransitionEngine.self }
