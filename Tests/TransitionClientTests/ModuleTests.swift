import Testing
@testable import TransitionClient

@Test func moduleLinks() { _ = TransitionClientModule.self }
