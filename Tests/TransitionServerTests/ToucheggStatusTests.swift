// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionProtocol
import TransitionServer

/// `status` counts the Touchégg clients past the handshake (`touchegg_clients`), which
/// `transitionctl doctor` names as clients acting on gestures; without `@touchegg` the counter is absent.
@Suite struct ToucheggStatusTests {
    func counters(_ harness: ServerHarness) throws -> [String: UInt64]? {
        let client = try TestClient(path: harness.path)
        try client.hello()
        guard case .success(.status(let info)) = try client.request(#"{"id":"s","request":"status"}"#).reply.result else { return nil }
        return info.counters
    }

    @Test func countsAuthenticatedToucheggClientsOnlyWhileServingThem() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        #expect(try counters(harness)?["touchegg_clients"] == nil)
        let name = ToucheggEndpointTests.serve(harness, access: PeerAccessRule(ownerUID: getuid(), groupID: nil))
        #expect(try counters(harness)?["touchegg_clients"] == 0)
        let a = try ToucheggEndpointTests.Peer(abstract: name), b = try ToucheggEndpointTests.Peer(abstract: name)
        try a.authenticate()
        try ToucheggEndpointTests.ping(a)
        // b connected but has not authenticated: it is no client of the protocol yet.
        #expect(try counters(harness)?["touchegg_clients"] == 1)
        try b.authenticate()
        try ToucheggEndpointTests.ping(b)
        #expect(try counters(harness)?["touchegg_clients"] == 2)
    }
}
