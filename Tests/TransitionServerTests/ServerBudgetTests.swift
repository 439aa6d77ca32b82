// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionProtocol
import TransitionServer
import TransitionTestSupport

/// The total output budget across clients (issue 32): past it, the client with the largest
/// backlog is dropped first (`backlog_overflow`), and the others keep theirs.
@Suite struct ServerBudgetTests {
    func status(_ client: TestClient) throws -> StatusInfo? {
        guard case .success(.status(let info)) = try client.request(#"{"id":"s","request":"status"}"#).reply.result else { return nil }
        return info
    }

    @Test func theLargestBacklogGoesFirstWhenAllClientsTogetherHoldTooMuch() throws {
        let budget = 16 << 10
        let configuration = ServerConfiguration(maxTotalQueuedBytes: budget, socketSendBufferBytes: 4096)
        let harness = try ServerHarness(configuration: configuration)
        defer { harness.stop() }
        let reader = try TestClient(path: harness.path)
        try reader.hello()
        #expect(try reader.request(#"{"id":1,"request":"subscribe"}"#).reply.result == .success(.subscribed))
        _ = try reader.next()
        // Two clients that ask and do not read: a small backlog, then a large one.
        let small = try TestClient(path: harness.path, receiveBuffer: 4096)
        let large = try TestClient(path: harness.path, receiveBuffer: 4096)
        small.send(String(repeating: #"{"request":"status"}"# + "\n", count: 3))
        large.send(String(repeating: #"{"request":"status"}"# + "\n", count: 60))

        // The large one is closed; whatever reached its socket ends with the end of the stream.
        let tail = try large.readToEnd()
        #expect(tail.compactMap(\.goodbye).allSatisfy { $0.reason == .backlogOverflow })
        // The small one and the reader are untouched, and the total is back within the budget.
        harness.publish(Script.swipe("workspace", gesture: 1))
        let events = try reader.request(#"{"id":2,"request":"sync"}"#).before.compactMap(\.transitionEvent)
        #expect(events == Script.swipe("workspace", gesture: 1))
        let replies = try small.read { $0.reply?.request == "status" && $0.seq == 4 }
        #expect(replies.compactMap(\.goodbye).isEmpty)
        #expect(try small.request(#"{"request":"sync"}"#).reply.result == .success(.synced))
        let info = try status(reader)
        #expect(info?.counters["clients_dropped_output_budget"] == 1)
        #expect(info?.counters["clients_dropped_backlog"] == 1)
        #expect(info?.clients.count == 2)
        #expect(harness.onLoop { $0.server.queuedBytes } <= budget)
    }
}
