import Testing
@testable import TransitionProtocol

@Test func moduleLinks() { _ = TransitionProtocolModule.self }
