// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionProtocol

/// The gesture trace format: JSON lines, one ``GestureInput`` per line, stable field names.
///
/// ```
/// {"type":"begin","device":1,"source":"swipe","fingers":3,"time_us":1000}
/// {"type":"begin","device":1,"source":"swipe","fingers":3,"width_mm":100.0,"height_mm":66.7,"time_us":1000}
/// {"type":"begin","device":2,"source":"touch","fingers":1,"width":300.0,"height":200.0,"time_us":1100}
/// {"type":"begin","device":2,"source":"touch","fingers":1,"width":300.0,"height":200.0,"edges":"left top","time_us":1100}
/// {"type":"begin","device":2,"source":"touchpinch","fingers":2,"time_us":1100}
/// {"type":"update","device":1,"dx":1.5,"dy":0.0,"time_us":1012}
/// {"type":"end","device":1,"cancel":null,"time_us":1200}
/// {"type":"end","device":1,"cancel":"libinput_cancel","time_us":1200}
/// {"type":"hold_begin","device":1,"fingers":3,"time_us":900}
/// {"type":"hold_begin","device":2,"source":"touchhold","fingers":1,"time_us":900}
/// {"type":"hold_end","device":1,"cancelled":true,"time_us":990}
/// {"type":"device_removed","device":1,"time_us":2000}
/// {"type":"tap","device":2,"fingers":3,"duration_us":120000,"time_us":2100}
/// {"type":"tap","device":1,"fingers":4,"touchpad":true,"duration_us":60000,"time_us":2100}
/// ```
/// `source` is one of `swipe`, `scroll`, `touch`, `pinch`, `edge`, `touchpinch` (the input layer
/// writes `touch` for edge swipes too: `edges` names the edge zones, space-separated, that a
/// touchscreen pan started in, and is written only when there are some); `cancel` is `null` (a release),
/// `libinput_cancel` or `touch_cancel`, and an `end` without it is a release too; times are CLOCK_MONOTONIC µs and never go backwards;
/// deltas are in the source's units (see ``GestureSource``; a pinch's `dy` is its angle change,
/// degrees clockwise); a tap's `touchpad` is written (`true`) only for a touchpad tap; a begin's `width` and `height` (its
/// ``DeviceExtent``) are written when known and read when present (both or neither), and so
/// are its `width_mm` and `height_mm` (``GestureBegin/sizeMm``, the device's physical size). A
/// `hold_begin`'s `source` is written only for a touchscreen's (`touchhold`); without it the
/// hold is a touchpad's (`hold`), as in traces written before holds were transitions. Blank
/// lines are allowed.
enum TraceFormat {
    /// The field names each sample type has, in the order they are written.
    static let fields: [String: [String]] = [
        "begin": ["type", "device", "source", "fingers", "width", "height", "width_mm", "height_mm", "edges", "time_us"],
        "update": ["type", "device", "dx", "dy", "time_us"],
        "end": ["type", "device", "cancel", "time_us"],
        "hold_begin": ["type", "device", "source", "fingers", "time_us"],
        "hold_end": ["type", "device", "cancelled", "time_us"],
        "device_removed": ["type", "device", "time_us"],
        "tap": ["type", "device", "fingers", "touchpad", "duration_us", "time_us"],
    ]
    /// Sample types, in the order error messages list them.
    static let types = ["begin", "update", "end", "hold_begin", "hold_end", "device_removed", "tap"]
    /// The sources a begin may name: what the input layer reports. A rotation is a pinch
    /// whose updates turn (the engine names it `rotate` or `touchrotate` when it locks), a
    /// touchpad tap is a `tap` sample and a hold a `hold_begin`, never a begin.
    static let beginSources = GestureSource.allCases.filter { !$0.isRotation && !$0.isHold && $0 != .padtap }
    /// The largest finger count a trace may carry.
    static let maxFingers = 10

    /// One sample as a JSON line, without the newline.
    static func encode(_ input: GestureInput) throws(TraceError) -> String {
        switch input {
        case .begin(let b):
            var extent = ""
            if let e = b.extent {
                guard e.width.isFinite, e.height.isFinite else {
                    throw .unencodable("begin of \(b.device) has a non-finite extent (\(e.width), \(e.height))")
                }
                extent = #""width":\#(e.width),"height":\#(e.height),"#
            }
            if let e = b.sizeMm {
                guard e.width.isFinite, e.height.isFinite else {
                    throw .unencodable("begin of \(b.device) has a non-finite size (\(e.width), \(e.height))")
                }
                extent += #""width_mm":\#(e.width),"height_mm":\#(e.height),"#
            }
            if !b.edges.isEmpty { extent += #""edges":"\#(b.edges.names.joined(separator: " "))","# }
            return #"{"type":"begin","device":\#(b.device.rawValue),"source":"\#(b.source.rawValue)","#
                + #""fingers":\#(b.fingers),\#(extent)"time_us":\#(b.timeUs)}"#
        case .update(let u):
            guard u.dx.isFinite, u.dy.isFinite else {
                throw .unencodable("update of \(u.device) has a non-finite delta (\(u.dx), \(u.dy))")
            }
            return #"{"type":"update","device":\#(u.device.rawValue),"dx":\#(u.dx),"dy":\#(u.dy),"#
                + #""time_us":\#(u.timeUs)}"#
        case .end(let e):
            let cancel = e.cancel.map { "\"\($0.rawValue)\"" } ?? "null"
            return #"{"type":"end","device":\#(e.device.rawValue),"cancel":\#(cancel),"time_us":\#(e.timeUs)}"#
        case .holdBegin(let h):
            let source = h.source == .hold ? "" : #""source":"\#(h.source.rawValue)","#
            return #"{"type":"hold_begin","device":\#(h.device.rawValue),\#(source)"fingers":\#(h.fingers),"#
                + #""time_us":\#(h.timeUs)}"#
        case .holdEnd(let h):
            return #"{"type":"hold_end","device":\#(h.device.rawValue),"cancelled":\#(h.cancelled),"#
                + #""time_us":\#(h.timeUs)}"#
        case .deviceRemoved(let device, let t):
            return #"{"type":"device_removed","device":\#(device.rawValue),"time_us":\#(t)}"#
        case .tap(let tap):
            return #"{"type":"tap","device":\#(tap.device.rawValue),"fingers":\#(tap.fingers),"#
                + (tap.touchpad ? #""touchpad":true,"# : "") + #""duration_us":\#(tap.durationUs),"time_us":\#(tap.timeUs)}"#
        }
    }

    /// Decodes one line (without its newline) into a sample, or says what is wrong with it.
    static func decode(_ line: some Collection<UInt8>) throws(LineError) -> GestureInput {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(line)
        } catch {
            // The protocol's parser, with its byte offset as the column a person counts from.
            throw LineError("\(error.message) at column \(error.offset + 1)")
        }
        guard let object = value.objectValue else { throw LineError("not a JSON object: found \(value.kindName)") }
        let fields = Fields(object)
        let type = try fields.string("type")
        guard let allowed = Self.fields[type] else {
            throw LineError("unknown type \"\(type)\" (expected \(types.joined(separator: ", ")))")
        }
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw LineError("unknown field \"\(key)\" in a \(type) sample")
        }
        let device = DeviceID(try fields.uint32("device"))
        let time = try fields.uint64("time_us")
        switch type {
        case "begin":
            let name = try fields.string("source")
            guard let source = GestureSource(rawValue: name), Self.beginSources.contains(source) else {
                let all = Self.beginSources.map(\.rawValue).joined(separator: ", ")
                throw LineError("unknown source \"\(name)\" (expected \(all))")
            }
            let extent = try fields.extent("width", "height")
            let sizeMm = try fields.extent("width_mm", "height_mm")
            var edges: ScreenEdges = []
            if fields.has("edges") {
                for name in try fields.string("edges").split(separator: " ") {
                    guard let edge = ScreenEdges(name: String(name)) else {
                        throw LineError("unknown edge \"\(name)\" in field \"edges\" (expected left, right, top, bottom)")
                    }
                    edges.insert(edge)
                }
            }
            return .begin(GestureBegin(device: device, source: source, fingers: try fields.fingers(), timeUs: time,
                                       extent: extent, edges: edges, sizeMm: sizeMm))
        case "update":
            return .update(GestureUpdate(device: device, dx: try fields.double("dx"), dy: try fields.double("dy"),
                                         timeUs: time))
        case "end":
            // A missing `cancel` is a release, like `null`: what a hand-written trace means.
            let cancel: InputCancelCause?
            switch fields.has("cancel") ? try fields.value("cancel") : .null {
            case .null: cancel = nil
            case .string(let s):
                guard let c = InputCancelCause(rawValue: s) else {
                    throw LineError("unknown cancel cause \"\(s)\" (expected null, libinput_cancel or touch_cancel)")
                }
                cancel = c
            default:
                throw LineError("field \"cancel\" must be null or a string")
            }
            return .end(GestureEnd(device: device, cancel: cancel, timeUs: time))
        case "hold_begin":
            var source = GestureSource.hold
            if fields.has("source") {
                let name = try fields.string("source")
                guard let s = GestureSource(rawValue: name), s.isHold else {
                    throw LineError("unknown hold source \"\(name)\" (expected hold or touchhold)")
                }
                source = s
            }
            return .holdBegin(HoldBegin(device: device, fingers: try fields.fingers(), timeUs: time, source: source))
        case "hold_end":
            return .holdEnd(HoldEnd(device: device, cancelled: try fields.bool("cancelled"), timeUs: time))
        case "tap":
            return .tap(TapInput(device: device, fingers: try fields.fingers(), durationUs: try fields.uint64("duration_us"),
                                 timeUs: time, touchpad: fields.has("touchpad") ? try fields.bool("touchpad") : false))
        default:
            return .deviceRemoved(device: device, timeUs: time)
        }
    }

    /// What is wrong with one line.
    struct LineError: Error, Equatable {
        var problem: String
        init(_ problem: String) { self.problem = problem }
    }

    /// Typed access to an object's fields, with errors that name the field.
    private struct Fields {
        let object: [String: JSONValue]
        init(_ object: [String: JSONValue]) { self.object = object }

        func has(_ key: String) -> Bool { object[key] != nil }

        /// A ``DeviceExtent`` from the fields `width` and `height`: both positive, or neither
        /// (`nil`).
        func extent(_ width: String, _ height: String) throws(LineError) -> DeviceExtent? {
            switch (has(width), has(height)) {
            case (true, true):
                let w = try double(width), h = try double(height)
                guard w > 0, h > 0 else { throw LineError("fields \"\(width)\" and \"\(height)\" must be positive") }
                return DeviceExtent(width: w, height: h)
            case (false, false):
                return nil
            default:
                throw LineError("fields \"\(width)\" and \"\(height)\" come together")
            }
        }

        func value(_ key: String) throws(LineError) -> JSONValue {
            guard let v = object[key] else { throw LineError("missing field \"\(key)\"") }
            return v
        }

        func string(_ key: String) throws(LineError) -> String {
            guard case .string(let s) = try value(key) else { throw LineError("field \"\(key)\" must be a string") }
            return s
        }

        func bool(_ key: String) throws(LineError) -> Bool {
            guard case .bool(let b) = try value(key) else { throw LineError("field \"\(key)\" must be true or false") }
            return b
        }

        func double(_ key: String) throws(LineError) -> Double {
            // The parser refuses numbers out of Double's range, so every number here is finite.
            guard let d = try value(key).doubleValue else { throw LineError("field \"\(key)\" must be a number") }
            return d
        }

        /// An integer written as one (no fraction, no exponent), exact up to 2⁶⁴ − 1.
        private func integer(_ key: String) throws(LineError) -> UInt64? {
            switch try value(key) {
            case .int(let i) where i >= 0: UInt64(i)
            case .uint(let u): u
            default: nil
            }
        }

        func uint64(_ key: String) throws(LineError) -> UInt64 {
            guard let n = try integer(key) else {
                throw LineError("field \"\(key)\" must be an integer from 0 to \(UInt64.max)")
            }
            return n
        }

        func uint32(_ key: String) throws(LineError) -> UInt32 {
            guard let n = try integer(key), let m = UInt32(exactly: n) else {
                throw LineError("field \"\(key)\" must be an integer from 0 to \(UInt32.max)")
            }
            return m
        }

        func fingers() throws(LineError) -> Int {
            guard let n = try integer("fingers"), (1...UInt64(maxFingers)).contains(n) else {
                throw LineError("field \"fingers\" must be an integer from 1 to \(maxFingers)")
            }
            return Int(n)
        }
    }
}
