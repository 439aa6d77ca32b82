// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionProtocol

@Suite struct MessageCodecTests {
    static let began = TransitionEvent(transition: "workspace", gesture: 7, timeUs: 1_000_000, payload: .began(
        BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(2)), direction: .left, from: 0, interactive: true)))
    static let updated = TransitionEvent(transition: "workspace", gesture: 7, timeUs: 1_016_000, payload: .updated(
        UpdatedEvent(progress: 0.25, rawProgress: 0.25, velocity: 1.5)))
    static let ended = TransitionEvent(transition: "workspace", gesture: 7, timeUs: 1_100_000, payload: .ended(
        EndedEvent(outcome: .finish, reason: .velocity, from: 0.6, to: 1, velocity: 2,
                   animation: .curve(CurveAnimation(from: 0.6, to: 1, curve: .easeOutCubic, duration: 0.25)))))
    static let springEnded = TransitionEvent(transition: "overview", gesture: 8, timeUs: 2_000_000, payload: .ended(
        EndedEvent(outcome: .cancel, reason: .release, from: 0.3, to: 0, velocity: -0.5,
                   animation: .spring(SpringAnimation(from: 0.3, to: 0, initialVelocity: -0.5, parameters: .default)))))
    static let trigger = TransitionEvent(transition: "overview", gesture: 9, timeUs: 3_000_000, payload: .began(
        BeganEvent(origin: .trigger(reverse: true), direction: nil, from: 1, interactive: false)))
    static let paused = TransitionEvent(transition: "overview", gesture: 9, timeUs: 3_100_000, payload: .paused(PausedEvent(progress: 0.4)))
    static let completed = TransitionEvent(transition: "overview", gesture: 9, timeUs: 3_500_000, payload: .completed(
        CompletedEvent(finished: false, progress: 0)))

    func line(_ message: ServerMessage, seq: UInt64? = nil) -> String {
        var encoder = MessageEncoder()
        return String(decoding: encoder.line(for: message, seq: seq), as: UTF8.self)
    }

    @Test func encodesTransitionEventsAsDocumented() {
        #expect(line(.transition(Self.began), seq: 3) ==
            #"{"event":"began","seq":3,"transition":"workspace","gesture":7,"time_us":1000000,"source":"swipe","device_class":"touchpad","device":2,"fingers":3,"direction":"left","from":0.0,"interactive":true}"# + "\n")
        #expect(line(.transition(Self.updated), seq: 4) ==
            #"{"event":"updated","seq":4,"transition":"workspace","gesture":7,"time_us":1016000,"progress":0.25,"raw_progress":0.25,"velocity":1.5}"# + "\n")
        #expect(line(.transition(Self.ended)) ==
            #"{"event":"ended","transition":"workspace","gesture":7,"time_us":1100000,"outcome":"finish","reason":"velocity","from":0.6,"to":1.0,"velocity":2.0,"v_rel":5.0,"animation":{"type":"curve","curve":"ease_out_cubic","duration":0.25}}"# + "\n")
        #expect(line(.transition(Self.trigger), seq: 1) ==
            #"{"event":"began","seq":1,"transition":"overview","gesture":9,"time_us":3000000,"source":"trigger","reverse":true,"direction":null,"from":1.0,"interactive":false}"# + "\n")
        #expect(line(.transition(Self.paused), seq: 2) ==
            #"{"event":"paused","seq":2,"transition":"overview","gesture":9,"time_us":3100000,"progress":0.4}"# + "\n")
        #expect(line(.transition(Self.completed), seq: 18446744073709551615) ==
            #"{"event":"completed","seq":18446744073709551615,"transition":"overview","gesture":9,"time_us":3500000,"finished":false,"progress":0.0}"# + "\n")
    }

    @Test func encodesTheSpringAnimationInFull() throws {
        let text = line(.transition(Self.springEnded), seq: 1)
        let animation = try #require(try JSONParser.parse(Array(text.utf8).dropLast())["animation"])
        #expect(animation["type"] == .string("spring"))
        #expect(animation["mass"] == .double(1))
        #expect(animation["stiffness"] == .double(1000))
        #expect(animation["damping_ratio"] == .double(1))
        #expect(animation["epsilon"] == .double(1e-4))
        #expect(animation["initial_velocity"] == .double(-0.5))
        // The settle time, to the microsecond (docs/protocol.md, "Framing").
        let duration = AnimationDescription.spring(
            SpringAnimation(from: 0.3, to: 0, initialVelocity: -0.5, parameters: .default)).duration
        #expect(animation["duration"] == .double(0.328555))
        #expect(abs(0.328555 - duration) <= 0.5e-6)
    }

    @Test func samplesAreWrittenToTheMillionthAndSpringParametersInFull() {
        let updated = TransitionEvent(transition: "workspace", gesture: 7, timeUs: 1_016_000, payload: .updated(
            UpdatedEvent(progress: 0.47262986604925095, rawProgress: -0.0000004, velocity: 1.1458333333333328)))
        #expect(line(.transition(updated), seq: 5) ==
            #"{"event":"updated","seq":5,"transition":"workspace","gesture":7,"time_us":1016000,"progress":0.47263,"raw_progress":0.0,"velocity":1.145833}"# + "\n")
        let frame = FrameEvent(transition: "overview", gesture: 1, timeUs: 2, progress: 0.9999999, velocity: -10.244056771215718)
        #expect(line(.frame(frame), seq: 6) ==
            #"{"event":"frame","seq":6,"transition":"overview","gesture":1,"time_us":2,"progress":1.0,"velocity":-10.244057}"# + "\n")
        let parameters = SpringParameters(mass: 1.25, stiffness: 333.3333333333333, dampingRatio: 0.8, epsilon: 1e-7)
        let ended = TransitionEvent(transition: "overview", gesture: 1, timeUs: 3, payload: .ended(
            EndedEvent(outcome: .finish, reason: .velocity, from: 0.123456789, to: 1, velocity: 3.3333333333,
                       animation: .spring(SpringAnimation(from: 0.123456789, to: 1, initialVelocity: 3.3333333333, parameters: parameters)))))
        let text = line(.transition(ended))
        #expect(text.contains(#""from":0.123457,"to":1.0,"velocity":3.333333,"v_rel":3.802817,"#), "\(text)")
        #expect(text.contains(#""mass":1.25,"stiffness":333.3333333333333,"damping_ratio":0.8,"epsilon":1e-07,"initial_velocity":3.333333,"#), "\(text)")
    }

    @Test func encodesTransitionsChangedAsDocumented() {
        let changed = TransitionsChanged(timeUs: 7_000_000, transitions: [
            TransitionInfo(name: "overview", bindings: [BindingInfo(source: .swipe, fingers: 4, direction: .up)],
                           triggerDuration: 0.35, frameRate: 60),
        ])
        #expect(line(.transitionsChanged(changed), seq: 12) ==
            #"{"event":"transitions_changed","seq":12,"time_us":7000000,"transitions":[{"name":"overview","bindings":[{"source":"swipe","fingers":4,"direction":"up"}],"gestures":[{"name":"swipe4-up","source":"swipe","fingers":4,"direction":"up"}],"trigger_duration":0.35,"frame_rate":60}]}"# + "\n")
    }

    static let hello = Hello(pid: 42, timeUs: 5, transitions: [
        TransitionInfo(name: "workspace", bindings: [BindingInfo(source: .swipe, fingers: 3, direction: .left)],
                       triggerDuration: 0.35, frameRate: 60),
    ], limits: ServerLimits())

    static let state = TransitionState(name: "overview", phase: .animating, gesture: 8, progress: 0.2, velocity: -0.4,
                                       ended: {
                                           if case .ended(let e) = springEnded.payload { return e }
                                           return nil
                                       }(), endedAtUs: 2_000_000)

    static let messages: [ServerMessage] = [
        .hello(hello),
        .transition(began), .transition(updated), .transition(ended), .transition(springEnded),
        .transition(trigger), .transition(paused), .transition(completed),
        .frame(FrameEvent(transition: "overview", gesture: 8, timeUs: 2_016_000, progress: 0.21, velocity: -3.25)),
        .snapshot(Snapshot(timeUs: 9, transitions: [state, TransitionState(name: "workspace", phase: .idle, gesture: nil, progress: 0, velocity: 0)])),
        .reply(Reply(id: .int(1), request: "subscribe", result: .success(.subscribed))),
        .reply(Reply(id: .string("s"), request: "sync", result: .success(.synced))),
        .reply(Reply(id: .int(2), request: "list", result: .success(.list([TransitionListing(info: hello.transitions[0],
            state: TransitionState(name: "workspace", phase: .interactive, gesture: 3, progress: 0.5, velocity: 1))])))),
        .reply(Reply(id: .int(3), request: "status", result: .success(.status(StatusInfo(
            server: "transitiond 0.1.0", protocolVersion: 1, pid: 42, uptimeUs: 99,
            devices: [DeviceInfo(id: 2, name: "Synaptics \"TM\"", deviceClass: .touchpad, node: "/dev/input/event5", widthMm: 100, heightMm: 60)],
            clients: [ClientInfo(id: 1, pid: 10, uid: 1000, gid: 1000, subscription: Subscription(transitions: ["a"], events: [.began, .frame], frameRate: 30), queuedMessages: 0, queuedBytes: 0),
                      ClientInfo(id: 2, pid: 11, uid: 0, gid: 0, subscription: nil, queuedMessages: 3, queuedBytes: 120)],
            counters: ["events": 10, "clients_accepted": 2], transitions: [state]))))),
        .reply(Reply(id: .int(4), request: "trigger", result: .success(.triggered(gesture: 12)))),
        .reply(Reply(id: .int(5), request: "cancel", result: .success(.cancelled(count: 2)))),
        .reply(Reply(id: .string("settings"), request: "settings", result: .success(.settings(SettingsResult(state: .applied, transitions: 27))))),
        .reply(Reply(id: .string("settings"), request: "settings", result: .success(.settings(SettingsResult(state: .cleared, transitions: 26))))),
        .reply(Reply(id: .string("settings"), request: "settings", result: .failure(ProtocolError(
            .invalidSettings, "u.toml:3:1: x\nu.toml: y", id: .string("settings"),
            diagnostics: [SettingsDiagnostic(line: 3, column: 1, message: "x"), SettingsDiagnostic(line: nil, column: nil, message: "y")])))),
        .reply(Reply(id: nil, request: nil, result: .failure(ProtocolError(.invalidJSON, "not JSON")))),
        .reply(Reply(id: .int(6), request: "trigger", result: .failure(ProtocolError(.unknownTransition, "no transition \"x\"", id: .int(6))))),
        .goodbye(Goodbye(reason: .backlogOverflow, message: "you did not read")),
        .transitionsChanged(TransitionsChanged(timeUs: 11, transitions: hello.transitions + [TransitionInfo(name: "new")])),
        .transitionsChanged(TransitionsChanged(timeUs: 12, transitions: [])),
        .unknown(event: "future", .object(["x": .int(1)])),
    ]

    @Test(arguments: messages)
    func everyMessageRoundTrips(message: ServerMessage) throws {
        var encoder = MessageEncoder()
        let line = encoder.line(for: message, seq: 77)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(!line.dropLast().contains(UInt8(ascii: "\n")))
        let decoded = try decodeServerMessage(line.dropLast())
        #expect(decoded.seq == 77)
        if case .unknown(let name, _) = message {
            guard case .unknown(let decodedName, let value) = decoded.message else { Issue.record("not unknown"); return }
            #expect(decodedName == name)
            #expect(value["x"] == .int(1))
        } else {
            #expect(decoded.message == message)
        }
    }

    @Test func bodiesAreSharedAndSeqIsSplicedPerConnection() {
        var encoder = MessageEncoder()
        let kind = encoder.encodeBody(Self.updated)
        var first: [UInt8] = [], second: [UInt8] = []
        MessageEncoder.appendLine(kind: kind, seq: 1, body: encoder.body, to: &first)
        MessageEncoder.appendLine(kind: kind, seq: 900, body: encoder.body, to: &second)
        #expect(String(decoding: first, as: UTF8.self).hasPrefix(#"{"event":"updated","seq":1,"transition""#))
        #expect(String(decoding: second, as: UTF8.self).hasPrefix(#"{"event":"updated","seq":900,"transition""#))
        #expect(first.count + 2 == second.count)
    }

    @Test func clientsIgnoreUnknownMembers() throws {
        let text = #"{"event":"updated","seq":5,"transition":"a","gesture":1,"time_us":2,"progress":0.5,"raw_progress":0.5,"velocity":0,"pressure":3,"new":{"x":[1]}}"#
        let decoded = try decodeServerMessage(Array(text.utf8))
        #expect(decoded == ReceivedMessage(seq: 5, message: .transition(TransitionEvent(
            transition: "a", gesture: 1, timeUs: 2, payload: .updated(UpdatedEvent(progress: 0.5, rawProgress: 0.5, velocity: 0))))))
    }

    @Test func missingMembersAreNamed() {
        #expect(throws: MessageDecodingError("message: missing \"progress\"")) {
            try decodeServerMessage(Array(#"{"event":"paused","transition":"a","gesture":1,"time_us":2}"#.utf8))
        }
    }
}
