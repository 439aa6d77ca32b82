// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionCore
import TransitionProtocol
import TransitionTestSupport

/// `gestures` in `hello`/`list`/`transitions_changed`, and what clients older than it read.
@Suite struct GestureListingTests {
    /// A pan, a touchpad rotation, a tap, a touchpad tap, a touchpad hold and a touchscreen long
    /// press.
    static let configuration = EngineConfiguration(
        transitions: [TransitionSpec(name: "menu"), TransitionSpec(name: "overview")],
        bindings: [Binding(source: .swipe, fingers: 4, direction: .up, transition: "overview"),
                   Binding(source: .rotate, fingers: 2, direction: .cw, transition: "overview")],
        taps: [TapBinding(fingers: 3, transition: "menu"), TapBinding(fingers: 4, transition: "menu", touchpad: true)],
        holds: [HoldBinding(source: .hold, fingers: 3, transition: "menu"),
                HoldBinding(source: .touchHold, fingers: 1, transition: "menu")])

    /// The lines tests/python/new-gestures.jsonl holds: a hello listing the configuration above,
    /// a long press from `began` to `completed`, and a rotation's `began`.
    static var lines: [String] {
        var encoder = MessageEncoder()
        let hello = Hello(server: "transitiond 0.1.0", pid: 7, timeUs: 1_000,
                          transitions: TransitionInfo.list(from: configuration))
        let origin = TransitionOrigin.gesture(source: .touchHold, fingers: 1, device: DeviceID(3))
        let events: [TransitionEvent.Payload] = [
            .began(BeganEvent(origin: origin, direction: nil, from: 0, interactive: true)),
            .updated(UpdatedEvent(progress: 0.4, rawProgress: 0.4, velocity: 2)),
            .updated(UpdatedEvent(progress: 1, rawProgress: 1, velocity: 0)),
            .ended(EndedEvent(outcome: .finish, reason: .held, from: 1, to: 1, velocity: 0, animation: .none(to: 1))),
            .completed(CompletedEvent(finished: true, progress: 1)),
        ]
        var out = [String(decoding: encoder.line(for: .hello(hello), seq: 1), as: UTF8.self)]
        for (i, payload) in events.enumerated() {
            let event = TransitionEvent(transition: "menu", gesture: 1, timeUs: 1_200_000 + UInt64(i) * 100_000, payload: payload)
            out.append(String(decoding: encoder.line(for: .transition(event), seq: UInt64(i) + 2), as: UTF8.self))
        }
        let turn = TransitionEvent(
            transition: "overview", gesture: 2, timeUs: 2_000_000,
            payload: .began(BeganEvent(origin: .gesture(source: .rotate, fingers: 2, device: DeviceID(1)),
                                       direction: .cw, from: 0, interactive: true)))
        out.append(String(decoding: encoder.line(for: .transition(turn), seq: UInt64(events.count) + 2), as: UTF8.self))
        return out.map { String($0.dropLast()) }      // without the newline
    }

    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../tests/python/new-gestures.jsonl").standardized
    }

    /// Rewrite it with `TRANSITIOND_WRITE_VECTORS=1 swift test --filter GestureListingTests`.
    @Test func theFixtureIsWhatTheServerWrites() throws {
        if ProcessInfo.processInfo.environment["TRANSITIOND_WRITE_VECTORS"] == "1" {
            try (Self.lines.joined(separator: "\n") + "\n").replaceFile(Self.fixture)
        }
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        #expect(text.split(separator: "\n").map(String.init) == Self.lines,
                "tests/python/new-gestures.jsonl is stale: TRANSITIOND_WRITE_VECTORS=1 swift test --filter GestureListingTests")
    }

    @Test func helloListsEveryGestureAndKeepsBindingsToTheFirstReleasesVocabulary() throws {
        let infos = TransitionInfo.list(from: Self.configuration)
        #expect(infos[0].bindings.isEmpty)
        #expect(infos[0].gestures == [GestureInfo(name: "tap3", source: "tap", fingers: 3),
                                      GestureInfo(name: "padtap4", source: "padtap", fingers: 4),
                                      GestureInfo(name: "hold3", source: "hold", fingers: 3),
                                      GestureInfo(name: "touchhold1", source: "touchhold", fingers: 1)])
        #expect(infos[1].bindings == [BindingInfo(source: .swipe, fingers: 4, direction: .up)])
        #expect(infos[1].gestures == [GestureInfo(name: "swipe4-up", source: "swipe", fingers: 4, direction: "up"),
                                      GestureInfo(name: "rotate2-cw", source: "rotate", fingers: 2, direction: "cw")])
        // What the first release's decoder demanded of every `bindings` entry: a source and a
        // direction among those it knew (`enumeration("source", GestureSource.self)` and
        // `enumeration("direction", Direction.self)` over its six sources and six directions).
        let hello = try JSONParser.parse(Array(Self.lines[0].utf8))
        guard case .array(let transitions)? = hello["transitions"] else { Issue.record("no transitions"); return }
        for t in transitions {
            guard case .array(let bindings)? = t["bindings"] else { Issue.record("no bindings"); continue }
            for b in bindings {
                #expect(b["source"]?.stringValue.map(BindingInfo.firstReleaseSources.contains) == true)
                #expect(b["direction"]?.stringValue.map(BindingInfo.firstReleaseDirections.contains) == true)
                #expect(b["fingers"]?.doubleValue != nil)
            }
        }
    }

    @Test func thisDecoderReadsTheFixtureBack() throws {
        let messages = try Self.lines.map { line throws(MessageDecodingError) in try decodeServerMessage(Array(line.utf8)) }
        guard case .hello(let hello) = messages[0].message else { Issue.record("not a hello"); return }
        #expect(hello.transitions == TransitionInfo.list(from: Self.configuration))
        guard case .transition(let began) = messages[1].message, case .began(let b) = began.payload else {
            Issue.record("not a began"); return
        }
        #expect(b.origin == .gesture(source: .touchHold, fingers: 1, device: DeviceID(3)) && b.direction == nil)
        guard case .transition(let turned) = messages.last?.message, case .began(let r) = turned.payload else {
            Issue.record("not a began"); return
        }
        #expect(r.origin == .gesture(source: .rotate, fingers: 2, device: DeviceID(1)) && r.direction == .cw)
    }

    @Test func unknownSourcesAndDirectionsAreOpaque() throws {
        // A `began` from a gesture this client does not know is an unknown message, not an error.
        let began = #"{"event":"began","transition":"t","gesture":1,"time_us":1,"source":"warp","device_class":"touchpad","device":2,"fingers":3,"direction":null,"from":0.0,"interactive":true}"#
        guard case .unknown(let name, _) = try decodeServerMessage(Array(began.utf8)).message else {
            Issue.record("an unknown source should make an unknown message"); return
        }
        #expect(name == "began")
        // An unknown direction is none.
        let turned = #"{"event":"began","transition":"t","gesture":1,"time_us":1,"source":"pinch","device":2,"fingers":2,"direction":"sideways","from":0.0,"interactive":true}"#
        guard case .transition(let e) = try decodeServerMessage(Array(turned.utf8)).message, case .began(let b) = e.payload else {
            Issue.record("not a began"); return
        }
        #expect(b.direction == nil)
        // A binding it cannot read is left out of `bindings`; `gestures` keeps everything.
        let hello = #"{"event":"hello","protocol":1,"server":"transitiond 9","transitions":[{"name":"t","bindings":[{"source":"warp","fingers":3,"direction":"left"},{"source":"swipe","fingers":3,"direction":"sideways"},{"source":"swipe","fingers":3}],"gestures":[{"name":"warp3","source":"warp","fingers":3}]}]}"#
        guard case .hello(let h) = try decodeServerMessage(Array(hello.utf8)).message else { Issue.record("not a hello"); return }
        #expect(h.transitions[0].bindings.isEmpty)
        #expect(h.transitions[0].gestures == [GestureInfo(name: "warp3", source: "warp", fingers: 3)])
    }
}
