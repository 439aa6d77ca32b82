// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionCore
import TransitionProtocol
import TransitionTestSupport

/// Declared transitions on the wire: the requests both ways, `declared` and `taken` in the
/// listings, a paged `ended`, and what the first release's clients read of them.
@Suite struct DeclaredListingTests {
    /// A configured `swipe3-left` whose gesture a client's paged `workspaces` took.
    static var engine: TransitionEngine {
        var engine = try! TransitionEngine(configuration: EngineConfiguration(
            transitions: [TransitionSpec(name: "swipe3-left"), TransitionSpec(name: "overview")],
            bindings: [Binding(source: .swipe, fingers: 3, direction: .left, transition: "swipe3-left"),
                       Binding(source: .swipe, fingers: 4, direction: .up, transition: "overview")]))
        let request = DeclareRequest(transition: "workspaces", gestures: ["swipe3-left"], pages: 4, page: 1)
        try! engine.declare(try! request.declaration(owner: DeclarationOwner(client: 3, pid: 4242)), nowUs: 0) { _ in }
        try! engine.declare(try! DeclareRequest(transition: "drawer", gestures: ["edge1-right"])
            .declaration(owner: DeclarationOwner(client: 3, pid: 4242)), nowUs: 0) { _ in }
        return engine
    }

    /// The lines tests/python/declared.jsonl holds: a hello listing the engine above, a paged
    /// gesture from `began` to `completed` (positions beyond 1, an `ended` with `page` and
    /// `pages`), and a `transitions_changed` after the page moved.
    static var lines: [String] {
        var encoder = MessageEncoder()
        let infos = TransitionInfo.list(from: engine)
        let hello = Hello(server: "transitiond 0.1.0", pid: 7, timeUs: 1_000, transitions: infos)
        let origin = TransitionOrigin.gesture(source: .swipe, fingers: 3, device: DeviceID(2))
        let spring = CompletionStyle.default.animation(from: 1.62, to: 2, velocity: 2.5)
        let events: [TransitionEvent.Payload] = [
            .began(BeganEvent(origin: origin, direction: .left, from: 1, interactive: true)),
            .updated(UpdatedEvent(progress: 1.62, rawProgress: 1.62, velocity: 2.5)),
            .ended(EndedEvent(outcome: .finish, reason: .velocity, from: 1.62, to: 2, velocity: 2.5, animation: spring,
                              pages: EndedPages(page: 2, count: 4))),
            .completed(CompletedEvent(finished: true, progress: 2)),
        ]
        var out = [String(decoding: encoder.line(for: .hello(hello), seq: 1), as: UTF8.self)]
        for (i, payload) in events.enumerated() {
            let event = TransitionEvent(transition: "workspaces", gesture: 1, timeUs: 1_200_000 + UInt64(i) * 100_000, payload: payload)
            out.append(String(decoding: encoder.line(for: .transition(event), seq: UInt64(i) + 2), as: UTF8.self))
        }
        var moved = infos
        moved[moved.firstIndex { $0.name == "workspaces" }!].declared?.page = 2
        out.append(String(decoding: encoder.line(for: .transitionsChanged(TransitionsChanged(timeUs: 2_000_000, transitions: moved)),
                                                 seq: UInt64(events.count) + 2), as: UTF8.self))
        return out.map { String($0.dropLast()) }
    }

    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../tests/python/declared.jsonl").standardized
    }

    /// Rewrite it with `TRANSITIOND_WRITE_VECTORS=1 swift test --filter DeclaredListingTests`.
    @Test func theFixtureIsWhatTheServerWrites() throws {
        if ProcessInfo.processInfo.environment["TRANSITIOND_WRITE_VECTORS"] == "1" {
            try (Self.lines.joined(separator: "\n") + "\n").replaceFile(Self.fixture)
        }
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        #expect(text.split(separator: "\n").map(String.init) == Self.lines,
                "tests/python/declared.jsonl is stale: TRANSITIOND_WRITE_VECTORS=1 swift test --filter DeclaredListingTests")
    }

    @Test func theListingNamesOwnersPagesAndTakenGestures() throws {
        let infos = TransitionInfo.list(from: Self.engine)
        #expect(infos.map(\.name) == ["swipe3-left", "overview", "workspaces", "drawer"])
        #expect(infos[0].taken == [TakenInfo(gesture: "swipe3-left", by: "workspaces", client: 3, pid: 4242)])
        #expect(infos[0].gestures.map(\.name) == ["swipe3-left"])         // still its own, listed
        #expect(infos[1].taken.isEmpty && infos[1].declared == nil)
        #expect(infos[2].declared == DeclaredInfo(client: 3, pid: 4242, pages: 4, page: 1))
        #expect(infos[2].gestures.map(\.name) == ["swipe3-left", "swipe3-right"])
        #expect(infos[3].declared == DeclaredInfo(client: 3, pid: 4242))
        #expect(infos[3].gestures.map(\.name) == ["edge1-right"])
        let hello = try JSONParser.parse(Array(Self.lines[0].utf8))
        guard case .array(let transitions)? = hello["transitions"] else { Issue.record("no transitions"); return }
        #expect(transitions[3]["declared"]?["pages"] == nil && transitions[3]["declared"]?["pid"]?.doubleValue == 4242)
        #expect(transitions[0]["taken"]?.arrayValue?.first?["by"]?.stringValue == "workspaces")
        // What the first release's decoder demanded of every `bindings` entry.
        for t in transitions {
            guard case .array(let bindings)? = t["bindings"] else { Issue.record("no bindings"); continue }
            for b in bindings {
                #expect(b["source"]?.stringValue.map(BindingInfo.firstReleaseSources.contains) == true)
                #expect(b["direction"]?.stringValue.map(BindingInfo.firstReleaseDirections.contains) == true)
            }
        }
    }

    @Test func thisDecoderReadsTheFixtureBack() throws {
        let messages = try Self.lines.map { line throws(MessageDecodingError) in try decodeServerMessage(Array(line.utf8)) }
        guard case .hello(let hello) = messages[0].message else { Issue.record("not a hello"); return }
        #expect(hello.transitions == TransitionInfo.list(from: Self.engine))
        guard case .transition(let e) = messages[3].message, case .ended(let ended) = e.payload else { Issue.record("not an ended"); return }
        #expect(ended.pages == EndedPages(page: 2, count: 4) && ended.to == 2)
        guard case .transitionsChanged(let changed) = messages.last!.message else { Issue.record("not a transitions_changed"); return }
        #expect(changed.transitions.first { $0.name == "workspaces" }?.declared?.page == 2)
    }

    @Test func requestsGoBothWays() throws {
        let requests: [Request] = [
            Request(id: .int(1), .declare(DeclareRequest(transition: "workspaces", gestures: ["swipe3-left", "swipe4-left"], pages: 4, page: 1,
                                                         distance: Distance(300, .units), rubberBand: RubberBand(stiffness: 0.4, limit: 0.1),
                                                         animation: .spring(SpringParameters(mass: 1, stiffness: 600, dampingRatio: 0.9, epsilon: 0.001))))),
            Request(id: .int(2), .declare(DeclareRequest(transition: "drawer", gestures: ["edge1-right"], distance: Distance(40, .percent),
                                                         animation: .curve(.easeOut)))),
            Request(id: .string("u"), .update(UpdateRequest(transition: "workspaces", pages: 5))),
            Request(id: .int(3), .update(UpdateRequest(transition: "workspaces", page: 0))),
            Request(.withdraw(transition: "workspaces")),
        ]
        for request in requests {
            #expect(try decodeRequest(encodeRequest(request).dropLast()) == request)
        }
        // The contract's own lines.
        let contract = #"{"id":1,"request":"declare","transition":"workspaces","gestures":["swipe3-left"],"pages":4,"page":1,"distance":"auto","rubber_band":{"stiffness":0.5,"limit":0.05}}"#
        #expect(try decodeRequest(Array(contract.utf8)).command
                == .declare(DeclareRequest(transition: "workspaces", gestures: ["swipe3-left"], pages: 4, page: 1, rubberBand: RubberBand())))
    }

    /// The fuzzer's seeds for these requests (Fuzz/Corpus/RequestDecoder/seed-15…18) decode and
    /// survive the round trip its target checks.
    @Test func theFuzzSeedsDecodeAndGoRoundTrip() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/RequestDecoder").standardized
        for seed in 15...18 {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent("seed-\(seed)")))
            let request = try decodeRequest(bytes)
            #expect(try decodeRequest(encodeRequest(request).dropLast()) == request, "seed-\(seed)")
        }
    }

    @Test func repliesGoBothWays() throws {
        var encoder = MessageEncoder()
        for result in [ReplyResult.declared(transition: "w", gestures: ["swipe3-left", "swipe3-right"]), .done] {
            let name = if case .done = result { "withdraw" } else { "declare" }
            let line = encoder.line(for: .reply(Reply(id: .int(1), request: name, result: .success(result))), seq: 2)
            guard case .reply(let reply) = try decodeServerMessage(line.dropLast()).message else { Issue.record("no reply"); continue }
            #expect(reply.result == .success(result))
        }
        let taken = encoder.line(for: .reply(Reply(id: .int(1), request: "declare",
                                                   result: .failure(ProtocolError(.gestureTaken, "swipe3-left is taken")))), seq: 3)
        guard case .reply(let reply) = try decodeServerMessage(taken.dropLast()).message,
              case .failure(let error) = reply.result else { Issue.record("no error"); return }
        #expect(error.code == .gestureTaken)
    }
}
