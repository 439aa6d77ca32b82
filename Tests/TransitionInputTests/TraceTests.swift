// SPDX-License-Identifier: MIT
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TransitionInput
import TransitionCore

private let samples: [GestureInput] = [
    .holdBegin(HoldBegin(device: DeviceID(1), fingers: 3, timeUs: 900)),
    .holdEnd(HoldEnd(device: DeviceID(1), cancelled: true, timeUs: 990)),
    .begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1000)),
    .update(GestureUpdate(device: DeviceID(1), dx: 1.5, dy: -0.1, timeUs: 1012)),
    .update(GestureUpdate(device: DeviceID(1), dx: 1e-7, dy: 123456.789, timeUs: 1013)),
    .end(GestureEnd(device: DeviceID(1), timeUs: 1200)),
    .begin(GestureBegin(device: DeviceID(2), source: .touch, fingers: 5, timeUs: 1300,
                        extent: DeviceExtent(width: 300, height: 187.5))),
    .end(GestureEnd(device: DeviceID(2), cancel: .touch, timeUs: 1400)),
    .begin(GestureBegin(device: DeviceID(3), source: .scroll, fingers: 2, timeUs: 1500)),
    .end(GestureEnd(device: DeviceID(3), cancel: .libinput, timeUs: 1600)),
    .begin(GestureBegin(device: DeviceID(4), source: .pinch, fingers: 2, timeUs: 1700)),
    .begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1800,
                        sizeMm: DeviceExtent(width: 100, height: 66.5))),
    .deviceRemoved(device: DeviceID(4), timeUs: UInt64.max),
]

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

private func temporaryPath(_ name: String) -> String {
    "/tmp/transitiond-trace-test-\(getpid())-\(name)"
}

@Suite struct TraceFormatTests {
    @Test func encodesStableFieldNames() throws {
        #expect(try TraceFormat.encode(samples[3]) == #"{"type":"update","device":1,"dx":1.5,"dy":-0.1,"time_us":1012}"#)
        #expect(try TraceFormat.encode(samples[2])
                == #"{"type":"begin","device":1,"source":"swipe","fingers":3,"time_us":1000}"#)
        #expect(try TraceFormat.encode(samples[5]) == #"{"type":"end","device":1,"cancel":null,"time_us":1200}"#)
        #expect(try TraceFormat.encode(samples[6]) == #"{"type":"begin","device":2,"source":"touch","fingers":5,"#
                + #""width":300.0,"height":187.5,"time_us":1300}"#)
        #expect(try TraceFormat.encode(samples[7])
                == #"{"type":"end","device":2,"cancel":"touch_cancel","time_us":1400}"#)
        #expect(try TraceFormat.encode(samples[0]) == #"{"type":"hold_begin","device":1,"fingers":3,"time_us":900}"#)
        #expect(try TraceFormat.encode(samples[1])
                == #"{"type":"hold_end","device":1,"cancelled":true,"time_us":990}"#)
        #expect(try TraceFormat.encode(samples[11]) == #"{"type":"begin","device":1,"source":"swipe","fingers":3,"#
                + #""width_mm":100.0,"height_mm":66.5,"time_us":1800}"#)
        #expect(try TraceFormat.encode(samples[12])
                == #"{"type":"device_removed","device":4,"time_us":18446744073709551615}"#)
    }

    @Test func carriesEdgesTouchscreenPinchesAndTaps() throws {
        let edge = GestureInput.begin(GestureBegin(device: DeviceID(2), source: .touch, fingers: 1, timeUs: 5,
                                                   extent: DeviceExtent(width: 300, height: 200), edges: [.left, .top]))
        let pinch = GestureInput.begin(GestureBegin(device: DeviceID(2), source: .touchPinch, fingers: 2, timeUs: 6))
        let tap = GestureInput.tap(TapInput(device: DeviceID(2), fingers: 3, durationUs: 120_000, timeUs: 7))
        #expect(try TraceFormat.encode(edge) == #"{"type":"begin","device":2,"source":"touch","fingers":1,"#
                + #""width":300.0,"height":200.0,"edges":"left top","time_us":5}"#)
        #expect(try TraceFormat.encode(pinch) == #"{"type":"begin","device":2,"source":"touchpinch","fingers":2,"time_us":6}"#)
        #expect(try TraceFormat.encode(tap) == #"{"type":"tap","device":2,"fingers":3,"duration_us":120000,"time_us":7}"#)
        let padtap = GestureInput.tap(TapInput(device: DeviceID(1), fingers: 4, durationUs: 60_000, timeUs: 8, touchpad: true))
        #expect(try TraceFormat.encode(padtap)
                == #"{"type":"tap","device":1,"fingers":4,"touchpad":true,"duration_us":60000,"time_us":8}"#)
        let turn = GestureInput.update(GestureUpdate(device: DeviceID(1), dx: 0.01, dy: -2.5, timeUs: 9))
        let text = try [edge, pinch, tap, padtap, turn].map { try TraceFormat.encode($0) }.joined(separator: "\n") + "\n"
        #expect(try TraceReader.parse(bytes(text)) == [edge, pinch, tap, padtap, turn])
        // A rotation or a padtap is never a begin the input layer writes.
        #expect(throws: TraceError.self) {
            try TraceReader.parse(bytes(#"{"type":"begin","device":1,"source":"rotate","fingers":2,"time_us":5}"# + "\n"))
        }
        #expect(throws: TraceError.self) {
            try TraceReader.parse(bytes(#"{"type":"begin","device":2,"source":"touch","fingers":1,"edges":"middle","time_us":5}"# + "\n"))
        }
    }

    @Test func roundTripsInMemory() throws {
        let text = try samples.map { try TraceFormat.encode($0) }.joined(separator: "\n") + "\n"
        #expect(try TraceReader.parse(bytes(text)) == samples)
    }

    @Test func roundTripsThroughAFile() throws {
        let path = temporaryPath("roundtrip")
        defer { unlink(path) }
        let writer = try TraceWriter(path: path)
        for s in samples { try writer.write(s) }
        try writer.close()
        #expect(try TraceReader.read(contentsOf: path) == samples)
    }

    @Test func acceptsBlankLinesSpacesAndAnyFieldOrder() throws {
        let text = "\n  { \"time_us\" : 5 , \"device\":1,\"type\":\"device_removed\" }\r\n\n"
        #expect(try TraceReader.parse(bytes(text)) == [.deviceRemoved(device: DeviceID(1), timeUs: 5)])
        #expect(try TraceReader.parse(bytes("")) == [])
    }

    @Test func anEndWithoutCancelIsARelease() throws {
        let trace = #"""
            {"type":"begin","device":1,"source":"swipe","fingers":3,"time_us":1000}
            {"type":"end","device":1,"time_us":1200}
            """#
        let samples = try TraceReader.parse(Array(trace.utf8))
        #expect(samples.last == .end(GestureEnd(device: DeviceID(1), cancel: nil, timeUs: 1200)))
        // Written back, it says so explicitly.
        #expect(try TraceFormat.encode(samples[1]) == #"{"type":"end","device":1,"cancel":null,"time_us":1200}"#)
    }

    @Test func nonFiniteDeltasCannotBeRecorded() {
        let bad = GestureInput.update(GestureUpdate(device: DeviceID(1), dx: .nan, dy: 0, timeUs: 1))
        #expect(throws: TraceError.self) { try TraceFormat.encode(bad) }
    }

    static let malformed: [(String, String)] = [
        ("[1]", "not a JSON object: found an array"),
        ("{\"type\":\"update\"", "unexpected end of input, expected ',' or '}' at column 17"),
        ("{\"type\" \"update\"}", "expected ':' after a member name at column 9"),
        ("{type:1}", "expected a member name in double quotes at column 2"),
        ("{\"type\":\"end\",}", "expected a member name in double quotes at column 15"),
        ("{\"type\":\"end\"} x", "unexpected text after the JSON value at column 16"),
        ("{\"type\":\"end\",\"type\":\"end\"}", "duplicate member \"type\" at column 15"),
        ("{\"type\":\"swoosh\",\"device\":1,\"time_us\":1}",
         "unknown type \"swoosh\" (expected begin, update, end, hold_begin, hold_end, device_removed, tap)"),
        ("{\"device\":1,\"time_us\":1}", "missing field \"type\""),
        ("{\"type\":3}", "field \"type\" must be a string"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":1,\"time_us\":1}", "missing field \"dy\""),
        ("{\"type\":\"update\",\"device\":1,\"dx\":\"1\",\"dy\":0,\"time_us\":1}", "field \"dx\" must be a number"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":1e999,\"dy\":0,\"time_us\":1}",
         "number out of range at column 34"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":01,\"dy\":0,\"time_us\":1}",
         "leading zeros are not allowed at column 35"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":1.,\"dy\":0,\"time_us\":1}", "expected a digit after '.' at column 36"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":-,\"dy\":0,\"time_us\":1}", "expected a digit at column 35"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":1e,\"dy\":0,\"time_us\":1}",
         "expected a digit in the exponent at column 36"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":NaN,\"dy\":0,\"time_us\":1}", "unexpected character 'N', expected a value at column 34"),
        ("{\"type\":\"update\",\"device\":-1,\"dx\":1,\"dy\":0,\"time_us\":1}",
         "field \"device\" must be an integer from 0 to 4294967295"),
        ("{\"type\":\"update\",\"device\":4294967296,\"dx\":1,\"dy\":0,\"time_us\":1}",
         "field \"device\" must be an integer from 0 to 4294967295"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":1,\"dy\":0,\"time_us\":1.5}",
         "field \"time_us\" must be an integer from 0 to 18446744073709551615"),
        ("{\"type\":\"update\",\"device\":1,\"dx\":1,\"dy\":0,\"time_us\":1,\"extra\":2}",
         "unknown field \"extra\" in a update sample"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"wheel\",\"fingers\":3,\"time_us\":1}",
         "unknown source \"wheel\" (expected swipe, scroll, touch, pinch, edge, touchpinch)"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"swipe\",\"fingers\":0,\"time_us\":1}",
         "field \"fingers\" must be an integer from 1 to 10"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"swipe\",\"fingers\":11,\"time_us\":1}",
         "field \"fingers\" must be an integer from 1 to 10"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"touch\",\"fingers\":1,\"width\":3,\"time_us\":1}",
         "fields \"width\" and \"height\" come together"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"touch\",\"fingers\":1,\"width\":3,\"height\":0,\"time_us\":1}",
         "fields \"width\" and \"height\" must be positive"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"touch\",\"fingers\":1,\"width\":\"3\",\"height\":1,\"time_us\":1}",
         "field \"width\" must be a number"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"swipe\",\"fingers\":3,\"height_mm\":3,\"time_us\":1}",
         "fields \"width_mm\" and \"height_mm\" come together"),
        ("{\"type\":\"begin\",\"device\":1,\"source\":\"swipe\",\"fingers\":3,\"width_mm\":-1,\"height_mm\":3,\"time_us\":1}",
         "fields \"width_mm\" and \"height_mm\" must be positive"),
        ("{\"type\":\"end\",\"device\":1,\"cancel\":\"oops\",\"time_us\":1}",
         "unknown cancel cause \"oops\" (expected null, libinput_cancel or touch_cancel)"),
        ("{\"type\":\"end\",\"device\":1,\"cancel\":true,\"time_us\":1}", "field \"cancel\" must be null or a string"),
        ("{\"type\":\"hold_end\",\"device\":1,\"cancelled\":1,\"time_us\":1}", "field \"cancelled\" must be true or false"),
        ("{\"type\":\"hold_end\",\"device\":1,\"cancelled\":tru,\"time_us\":1}", "invalid literal, expected true at column 43"),
        ("{\"type\":\"end\\q\"}", "invalid escape \\ followed by 'q' at column 14"),
        ("{\"type\":\"\\u00zz\"}", "invalid hex digit in \\u escape at column 14"),
        ("{\"type\":\"a\tb\"}", "control character byte 0x9 in a string (escape it) at column 11"),
        ("{\"type\":\"abc", "unterminated string at column 13"),
    ]

    @Test(arguments: malformed)
    func malformedLinesNameTheLineAndTheProblem(line: String, problem: String) {
        let text = #"{"type":"device_removed","device":1,"time_us":0}"# + "\n\n" + line + "\n"
        #expect(throws: TraceError.malformed(path: "t.jsonl", line: 3, problem: problem)) {
            try TraceReader.parse(bytes(text), path: "t.jsonl")
        }
    }

    @Test func readsEscapesAndSurrogatePairsInStrings() throws {
        // The protocol's JSON parser reads trace lines: every RFC 8259 escape decodes, so a
        // field holding one is read as the text it stands for.
        let line = #"{"type":"b\u0065gin","device":1,"source":"sw\u0069pe","fingers":3,"time_us":1}"#
        #expect(try TraceFormat.decode(bytes(line)) == .begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1)))
        let emoji = #"{"type":"\ud83d\ude00"}"#
        #expect(throws: TraceFormat.LineError("unknown type \"😀\" (expected begin, update, end, hold_begin, hold_end, device_removed, tap)")) {
            try TraceFormat.decode(bytes(emoji))
        }
    }

    @Test func invalidUTF8IsAnError() {
        let text: [UInt8] = bytes("{\"type\":\"") + [0xff, 0xfe] + bytes("\"}")
        #expect(throws: TraceError.malformed(path: nil, line: 1, problem: "string is not valid UTF-8 at column 10")) {
            try TraceReader.parse(text)
        }
    }

    @Test func timeGoingBackwardsIsAnError() {
        let text = #"{"type":"device_removed","device":1,"time_us":10}"# + "\n"
            + #"{"type":"device_removed","device":2,"time_us":9}"#
        #expect(throws: TraceError.malformed(path: nil, line: 2,
                                             problem: "time_us 9 is earlier than the previous sample's 10")) {
            try TraceReader.parse(bytes(text))
        }
    }

    @Test func errorsReadWell() {
        #expect(TraceError.malformed(path: "a.jsonl", line: 4, problem: "missing field \"dx\"").description
                == "a.jsonl:4: missing field \"dx\"")
        #expect(TraceError.io(path: "/dev/full", operation: "write", reason: "No space left on device").description
                == "cannot write trace /dev/full: No space left on device")
    }

    @Test func aMissingFileIsAnIOError() {
        #expect(throws: TraceError.io(path: "/nonexistent/trace", operation: "open", reason: "No such file or directory")) {
            try TraceReader.read(contentsOf: "/nonexistent/trace")
        }
        #expect(throws: TraceError.io(path: "/nonexistent/trace", operation: "create", reason: "No such file or directory")) {
            try TraceWriter(path: "/nonexistent/trace")
        }
    }

    @Test func aFullDiskIsAClearError() throws {
        let writer = try TraceWriter(path: "/dev/full")
        #expect(throws: TraceError.io(path: "/dev/full", operation: "write", reason: "No space left on device")) {
            try writer.write(samples[0])
        }
    }

    @Test func writingAfterCloseIsAnError() throws {
        let path = temporaryPath("closed")
        defer { unlink(path) }
        let writer = try TraceWriter(path: path)
        try writer.close()
        try writer.close()
        #expect(throws: TraceError.io(path: path, operation: "write", reason: "the trace is closed")) {
            try writer.write(samples[0])
        }
    }
}
