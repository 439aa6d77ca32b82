// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionProtocol
import TransitionServer

/// The connection limits over real sockets. Every test client shares this process's uid, so the
/// per-user limit is exercised with a small cap.
@Suite struct ServerAdmissionTests {
    func subscribe(_ client: TestClient, readingHello: Bool = true) throws {
        if readingHello { try client.hello() }
        #expect(try client.request(#"{"id":1,"request":"subscribe"}"#).reply.result == .success(.subscribed))
        #expect(try client.next().snapshot != nil)
    }

    /// Sends `sync`: `nil` when it is answered, else the `goodbye` the server sent before closing.
    func goodbyeBeforeSync(_ client: TestClient) throws -> Goodbye? {
        client.send(#"{"request":"sync"}"# + "\n")
        var goodbye: Goodbye?
        while let line = try client.readLine() {
            let message = try decodeServerMessage(line)
            if message.reply != nil { return nil }
            goodbye = message.goodbye ?? goodbye
        }
        return goodbye
    }

    func status(_ client: TestClient) throws -> StatusInfo? {
        guard case .success(.status(let info)) = try client.request(#"{"id":"s","request":"status"}"#).reply.result else { return nil }
        return info
    }

    @Test func aUserAtItsLimitIsRefusedWithAMessageNamingIt() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 128, maxClientsPerUser: 2))
        defer { harness.stop() }
        let a = try TestClient(path: harness.path), b = try TestClient(path: harness.path)
        try subscribe(a); try b.hello()
        let c = try TestClient(path: harness.path)
        let goodbye = try c.readToEnd().last?.goodbye
        #expect(goodbye?.reason == .tooManyClients)
        #expect(goodbye?.message == "uid \(getuid()) already has 2 connections, the limit per user")
        // The admitted ones are untouched; one leaving makes room again.
        #expect(try status(b)?.counters["clients_refused"] == 1)
        b.shutdownWrite()
        _ = try b.readToEnd()
        let d = try TestClient(path: harness.path)
        try d.hello()
        #expect(try status(a)?.clients.count == 2)
    }

    @Test func theGlobalLimitStillRefusesWhenNothingIsEvictable() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 2, maxClientsPerUser: 10, evictionGraceMs: 0))
        defer { harness.stop() }
        let a = try TestClient(path: harness.path), b = try TestClient(path: harness.path)
        try subscribe(a); try subscribe(b)
        let c = try TestClient(path: harness.path)
        let goodbye = try c.readToEnd().last?.goodbye
        #expect(goodbye?.reason == .tooManyClients)
        #expect(goodbye?.message == "the server already has 2 clients")
        #expect(try status(a)?.counters["clients_evicted"] == 0)
    }

    @Test func aFullUserMakesRoomByEvictingItsIdleUnsubscribedConnection() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 128, maxClientsPerUser: 2, evictionGraceMs: 0))
        defer { harness.stop() }
        let subscriber = try TestClient(path: harness.path), idle = try TestClient(path: harness.path)
        try subscribe(subscriber); try idle.hello()
        let newcomer = try TestClient(path: harness.path)
        try newcomer.hello()
        let goodbye = try idle.readToEnd().last?.goodbye
        #expect(goodbye?.reason == .evicted)
        #expect(goodbye?.message.hasPrefix("uid \(getuid()) reached its limit of 2 connections, and this connection had been idle") == true)
        let info = try status(newcomer)
        #expect(info?.clients.count == 2)
        #expect(info?.counters["clients_evicted"] == 1)
        #expect(info?.counters["clients_refused"] == 0)
        // The subscriber is never the one evicted: the newcomer (active, just asked for status)
        // and the subscriber fill the cap, and with both subscribed the next one is refused.
        try subscribe(newcomer, readingHello: false)
        let late = try TestClient(path: harness.path)
        #expect(try late.readToEnd().last?.goodbye?.reason == .tooManyClients)
        #expect(try subscriber.request(#"{"request":"sync"}"#).reply.result == .success(.synced))
    }

    @Test func aFullServerEvictsTheConnectionIdleLongest() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 3, maxClientsPerUser: 10, evictionGraceMs: 0))
        defer { harness.stop() }
        let first = try TestClient(path: harness.path), second = try TestClient(path: harness.path)
        try first.hello(); try second.hello()
        let subscriber = try TestClient(path: harness.path)
        try subscribe(subscriber)
        // `first` becomes the most recently active of the two idle ones.
        #expect(try first.request(#"{"request":"sync"}"#).reply.result == .success(.synced))
        let newcomer = try TestClient(path: harness.path)
        try newcomer.hello()
        let goodbye = try second.readToEnd().last?.goodbye
        #expect(goodbye?.reason == .evicted)
        #expect(goodbye?.message.hasPrefix("the server reached its limit of 3 clients") == true)
        #expect(try first.request(#"{"request":"sync"}"#).reply.result == .success(.synced))
    }

    /// Issue 32: four users holding 40 subscribed connections each (32 get in, the limit per
    /// user, and fill all 128 slots) lock out neither root nor a fifth user. Each newcomer
    /// takes the place of the oldest-idle connection of a user holding the most.
    @Test func fourUsersFillingTheServerLockOutNeitherRootNorAFifthUser() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 128, maxClientsPerUser: 32))
        defer { harness.stop() }
        let users: [UInt32] = [1001, 1002, 1003, 1004]
        harness.connectAs(users.flatMap { Array(repeating: $0, count: 40) } + [0, 1005])
        var admitted: [UInt32: [TestClient]] = [:]
        for uid in users {
            for _ in 0..<40 {
                let client = try TestClient(path: harness.path)
                if case .hello = try client.next().message {
                    try subscribe(client, readingHello: false)
                    admitted[uid, default: []].append(client)
                }
            }
        }
        #expect(users.map { admitted[$0]?.count ?? 0 } == [32, 32, 32, 32])
        #expect(harness.onLoop { $0.server.clientCount } == 128)
        for newcomer: UInt32 in [0, 1005] {
            let client = try TestClient(path: harness.path)
            let first = try client.next()
            #expect(first.goodbye == nil, "uid \(newcomer) was locked out: \(first)")
            guard first.goodbye == nil else { continue }
            try subscribe(client, readingHello: false)
            admitted[newcomer, default: []].append(client)
        }
        // Two of the four gave up their connection idle longest, with a goodbye saying why.
        var evicted: [Goodbye] = []
        for uid in users {
            for client in admitted[uid] ?? [] {
                if let goodbye = try goodbyeBeforeSync(client) { evicted.append(goodbye) }
            }
        }
        #expect(evicted.count == 2)
        #expect(evicted.allSatisfy { $0.reason == .evicted && $0.message.contains("holds the most connections") })
        #expect(harness.onLoop { $0.server.clientCount } == 128)
    }

    @Test func newLimitsGovernNewConnectionsOnlyAndDisconnectNobody() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 128, maxClientsPerUser: 3))
        defer { harness.stop() }
        let a = try TestClient(path: harness.path), b = try TestClient(path: harness.path), c = try TestClient(path: harness.path)
        try subscribe(a); try b.hello(); try c.hello()
        // Lowered below what this user already has: all three stay, the next one is refused.
        let changed = harness.onLoop { $0.server.setConnectionLimits(maxClients: 128, maxClientsPerUser: 1, evictionGraceMs: 10_000) }
        #expect(changed)
        #expect(harness.onLoop { $0.server.configuration.maxClientsPerUser } == 1)
        let refused = try TestClient(path: harness.path)
        #expect(try refused.readToEnd().last?.goodbye?.message == "uid \(getuid()) already has 1 connections, the limit per user")
        #expect(try status(b)?.clients.count == 3)
        #expect(try c.request(#"{"request":"sync"}"#).reply.result == .success(.synced))
        // The same limits again change nothing; raised ones let the next one in.
        #expect(!harness.onLoop { $0.server.setConnectionLimits(maxClients: 128, maxClientsPerUser: 1, evictionGraceMs: 10_000) })
        harness.onLoop { $0.server.setConnectionLimits(maxClients: 128, maxClientsPerUser: 8, evictionGraceMs: 10_000) }
        let d = try TestClient(path: harness.path)
        try d.hello()
        #expect(try status(a)?.clients.count == 4)
    }
}
