// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionIO

@Suite struct SignalDescriptorTests {
    /// A raised signal is read from the descriptor, once however often it was raised, and signals
    /// added later come through the same descriptor.
    @Test func signalsAreReadNotDelivered() throws {
        let signals = try SignalDescriptor([SIGUSR1])
        let fd = signals.fd
        try signals.add(SIGUSR2)
        #expect(signals.fd == fd)
        let thread = pthread_self()
        pthread_kill(thread, SIGUSR1)
        pthread_kill(thread, SIGUSR1)
        pthread_kill(thread, SIGUSR2)
        var received: [Int32] = []
        signals.drain { received.append($0) }
        #expect(received.sorted() == [SIGUSR1, SIGUSR2].sorted())
        received = []
        signals.drain { received.append($0) }
        #expect(received.isEmpty)
    }
}
