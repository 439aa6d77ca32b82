import Testing
@testable import TransitionInput

@Test func moduleLinks() { _ = TransitionInputModule.self }
