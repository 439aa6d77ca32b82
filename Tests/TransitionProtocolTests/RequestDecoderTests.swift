// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionProtocol

@Suite struct RequestDecoderTests {
    func decode(_ text: String) throws(ProtocolError) -> Request { try decodeRequest(Array(text.utf8)) }

    func error(_ text: String) -> ProtocolError? {
        do { _ = try decode(text); return nil } catch { return error }
    }

    @Test func decodesEveryRequest() throws {
        #expect(try decode(#"{"request":"list"}"#) == Request(.list))
        #expect(try decode(#"{"id":7,"request":"status"}"#) == Request(id: .int(7), .status))
        #expect(try decode(#"{"id":"a","request":"sync"}"#) == Request(id: .string("a"), .sync))
        #expect(try decode(#"{"request":"cancel"}"#) == Request(.cancel(transition: nil)))
        #expect(try decode(#"{"request":"cancel","transition":"ws"}"#) == Request(.cancel(transition: "ws")))
        #expect(try decode(#"{"request":"subscribe"}"#) == Request(.subscribe(Subscription())))
        #expect(try decode(#"{"request":"subscribe","transitions":["a","b"],"events":["began","ended"]}"#)
            == Request(.subscribe(Subscription(transitions: ["a", "b"], events: [.began, .ended]))))
        #expect(try decode(#"{"request":"trigger","transition":"ov","reverse":true,"duration":0.5,"animation":{"type":"curve","curve":"ease_in_out"}}"#)
            == Request(.trigger(TriggerRequest(transition: "ov", reverse: true, duration: 0.5, animation: .curve(.easeInOut)))))
        #expect(try decode(#"{"request":"trigger","transition":"ov","animation":{"type":"spring","stiffness":400,"damping_ratio":0.8}}"#)
            == Request(.trigger(TriggerRequest(transition: "ov", animation: .spring(.bouncy)))))
    }

    @Test func frameRateImpliesFrameEventsAndFrameEventsImplyADefaultRate() throws {
        #expect(try decode(#"{"request":"subscribe","frame_rate":120}"#)
            == Request(.subscribe(Subscription(events: EventKind.defaultSet.union([.frame]), frameRate: 120))))
        #expect(try decode(#"{"request":"subscribe","events":["frame"]}"#)
            == Request(.subscribe(Subscription(events: [.frame], frameRate: 60))))
        #expect(error(#"{"request":"subscribe","events":["began"],"frame_rate":30}"#)?.message
            == #""frame_rate" asks for frames but "events" does not name "frame""#)
        #expect(error(#"{"request":"subscribe","frame_rate":5000}"#)?.message
            == #""frame_rate" must be at least 0.0 and at most 1000.0, got 5000.0"#)
    }

    @Test func errorsNameTheProblemAndKeepTheID() {
        let cases: [(String, ProtocolError)] = [
            ("garbage", ProtocolError(.invalidJSON, "not JSON: unexpected character 'g', expected a value at byte 0")),
            ("[1]", ProtocolError(.invalidJSON, "a request must be a JSON object, found an array")),
            (#"{"id":1}"#, ProtocolError(.invalidRequest, #"missing member "request" (one of subscribe, list, status, trigger, cancel, sync, settings, declare, update, withdraw)"#, id: .int(1))),
            (#"{"id":2,"request":"explode"}"#, ProtocolError(.unknownRequest, #"unknown request "explode" (known: subscribe, list, status, trigger, cancel, sync, settings, declare, update, withdraw)"#, id: .int(2))),
            (#"{"id":3,"request":"cancel","transtion":"x"}"#, ProtocolError(.invalidRequest, #"unknown member "transtion" in cancel"#, id: .int(3))),
            (#"{"id":4,"request":"trigger"}"#, ProtocolError(.invalidRequest, #"missing member "transition" (the transition's name)"#, id: .int(4))),
            (#"{"id":5,"request":"trigger","transition":"a","duration":-1}"#, ProtocolError(.invalidRequest, #""duration" must be greater than 0.0 and at most 60.0, got -1.0"#, id: .int(5))),
            (#"{"id":6,"request":"trigger","transition":"a","animation":{"type":"curve","curve":"wobble"}}"#, ProtocolError(.invalidRequest, #"unknown curve "wobble" (known: linear, ease_in, ease_out, ease_in_out, ease_out_cubic)"#, id: .int(6))),
            (#"{"id":7,"request":"subscribe","events":["bogus"]}"#, ProtocolError(.invalidRequest, #"unknown event kind "bogus" in "events" (known: began, updated, ended, frame, paused, completed)"#, id: .int(7))),
            (#"{"id":1.5,"request":"list"}"#, ProtocolError(.invalidRequest, #""id" must be an integer or a string, found a number"#)),
            (#"{"id":8,"request":5}"#, ProtocolError(.invalidRequest, #""request" must be a string, found a number"#, id: .int(8))),
            (#"{"id":9,"request":"trigger","transition":"a","animation":{"type":"spring","bounce":1}}"#, ProtocolError(.invalidRequest, #"unknown member "bounce" in animation"#, id: .int(9))),
        ]
        for (text, expected) in cases {
            #expect(error(text) == expected, "\(text)")
        }
    }

    @Test func decodesSettingsAndBoundsThem() throws {
        #expect(try decode(#"{"id":"s","request":"settings","text":"slop = 20\n","path":"/h/config.toml"}"#)
            == Request(id: .string("s"), .settings(SettingsRequest(text: "slop = 20\n", path: "/h/config.toml"))))
        #expect(try decode(#"{"request":"settings","text":""}"#) == Request(.settings(SettingsRequest(text: ""))))
        #expect(error(#"{"id":1,"request":"settings"}"#)
            == ProtocolError(.invalidRequest, #"missing member "text" (the settings file's text; "" for the system's settings)"#, id: .int(1)))
        #expect(error(#"{"id":1,"request":"settings","text":3}"#)?.message == #""text" must be a string, found a number"#)
        #expect(error(#"{"id":1,"request":"settings","text":"","path":"a\nb"}"#)?.message
            == #""path" must be 1 to 1024 bytes without control characters"#)
        #expect(error(#"{"id":1,"request":"settings","text":"","bogus":1}"#)?.message == #"unknown member "bogus" in settings"#)
        // The bound: 32 KiB of text, which still fits in one request line.
        let most = String(repeating: "#", count: SettingsRequest.maxTextBytes)
        #expect(try decode(#"{"request":"settings","text":""# + most + #""}"#) == Request(.settings(SettingsRequest(text: most))))
        #expect(error(#"{"id":2,"request":"settings","text":""# + most + #"#"}"#)
            == ProtocolError(.invalidRequest, #""text" is 32769 bytes, more than the 32 KiB settings may have"#, id: .int(2)))
        // A file of that size, in lines of 40 bytes, fits in one request line with its escapes.
        let file = String(repeating: String(repeating: "x", count: 39) + "\n", count: SettingsRequest.maxTextBytes / 40)
        #expect(encodeRequest(Request(.settings(SettingsRequest(text: file, path: "/home/alice/.config/transitiond/config.toml"))))
            .count <= ServerLimits().maxLineBytes)
    }

    @Test func roundTripsThroughTheEncoder() throws {
        let requests: [Request] = [
            Request(id: .int(1), .list), Request(id: .string("x"), .status), Request(.sync),
            Request(id: .int(2), .cancel(transition: nil)), Request(id: .int(3), .cancel(transition: "ws")),
            Request(id: .int(4), .subscribe(Subscription())),
            Request(id: .int(5), .subscribe(Subscription(transitions: ["a"], events: [.updated, .frame], frameRate: 30))),
            Request(id: .int(6), .trigger(TriggerRequest(transition: "a", reverse: true, duration: 1.25, animation: .curve(.linear)))),
            Request(id: .int(7), .trigger(TriggerRequest(transition: "a", animation: .spring(SpringParameters(mass: 2, stiffness: 300, dampingRatio: 0.5, epsilon: 0.001))))),
            Request(id: .string("settings"), .settings(SettingsRequest(text: "slop = 20\n[[transition]]\nname = \"é\"\t\"\\\"\n", path: "/home/a/.config/transitiond/config.toml"))),
            Request(.settings(SettingsRequest(text: ""))),
        ]
        for request in requests {
            let line = encodeRequest(request)
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(try decodeRequest(line.dropLast()) == request)
        }
    }
}
