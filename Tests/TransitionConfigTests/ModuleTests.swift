import Testing
@testable import TransitionConfig

@Test func moduleLinks() { _ = TransitionConfigModule.self }
