// SPDX-License-Identifier: MIT
/// Writes JSON into a reusable byte buffer, by hand, with no intermediate `String`s: the hot
/// path of the server (`updated` events at input rate to many clients) must not allocate.
///
/// Doubles are written either in their shortest round-trip form (``double(_:)``: Swift's own
/// algorithm, streamed straight into the buffer) or rounded to a fixed number of decimals
/// (``fixed(_:fractionDigits:)``, ``FixedPointFormat``: shorter and cheaper, for values whose
/// precision is known); non-finite doubles, which JSON cannot carry, become `null`.
/// Commas between members are managed by the writer: call ``beginObject()``, then members,
/// then ``endObject()``.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    private var needsComma = false

    /// Creates a writer whose buffer starts with room for `capacity` bytes.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage for the next message.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    // MARK: Structure

    /// Writes `{`.
    public mutating func beginObject() { punctuation(UInt8(ascii: "{")); needsComma = false }
    /// Writes `}`.
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    /// Writes `[`.
    public mutating func beginArray() { punctuation(UInt8(ascii: "[")); needsComma = false }
    /// Writes `]`.
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// Writes a member name and its colon; the value follows with one of the value methods.
    public mutating func key(_ name: StaticString) {
        let comma = needsComma
        needsComma = false
        name.withUTF8Buffer { name in
            appendRaw(maxCount: name.count + 4) { start in Self.writeKey(name, comma: comma, at: start) - start }
        }
    }

    /// Writes a member name that is not known at compile time (escaped like any string).
    public mutating func key(_ name: String) {
        separate()
        appendEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Appends bytes that are already valid JSON (a member list or a value), managing no commas.
    public mutating func raw(_ fragment: StaticString) {
        fragment.withUTF8Buffer { fragment in
            appendRaw(maxCount: fragment.count) { start in
                start.update(from: fragment.baseAddress!, count: fragment.count)
                return fragment.count
            }
        }
    }

    /// Appends already-encoded bytes verbatim.
    public mutating func raw(_ fragment: some Sequence<UInt8>) {
        bytes.append(contentsOf: fragment)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// `byte` after a comma when one is due.
    private mutating func punctuation(_ byte: UInt8) {
        let comma = needsComma
        needsComma = true
        appendRaw(maxCount: 2) { p in
            guard comma else { p.pointee = byte; return 1 }
            p[0] = UInt8(ascii: ",")
            p[1] = byte
            return 2
        }
    }

    /// Writes `,"name":` at `p` (the comma only when `comma`); returns the byte after the colon.
    /// The caller has reserved `name.count + 4` bytes there.
    @inline(__always)
    private static func writeKey(_ name: UnsafeBufferPointer<UInt8>, comma: Bool,
                                 at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = p
        if comma { p.pointee = UInt8(ascii: ","); p += 1 }
        p.pointee = UInt8(ascii: "\"")
        p += 1
        p.update(from: name.baseAddress!, count: name.count)
        p += name.count
        p[0] = UInt8(ascii: "\"")
        p[1] = UInt8(ascii: ":")
        return p + 2
    }

    /// Writes `"name":` (after a comma when one is due) and the value `value` writes at the
    /// pointer it gets (at most `maxValueCount` bytes, returning how many) in one piece.
    @inline(__always)
    private mutating func writeMember(_ name: StaticString, maxValueCount: Int,
                                      _ value: (UnsafeMutablePointer<UInt8>) -> Int) {
        let comma = needsComma
        needsComma = true
        name.withUTF8Buffer { name in
            appendRaw(maxCount: name.count + 4 + maxValueCount) { start in
                var p = Self.writeKey(name, comma: comma, at: start)
                p += value(p)
                return p - start
            }
        }
    }

    /// Whether a string's bytes go into JSON as they are (no quote, backslash or control byte).
    private static func needsNoEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
        return true
    }

    /// Appends up to `maxCount` bytes that `body` writes from the pointer it gets, returning how
    /// many it wrote: straight into the buffer's spare capacity, one capacity check for the whole
    /// piece (where `append(contentsOf:)` costs a hundred instructions per call).
    @inline(__always)
    private mutating func appendRaw(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        bytes.append(addingCapacity: maxCount) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in count = body(buffer.baseAddress!) }
        }
    }

    // MARK: Values

    /// Writes a string value, escaped.
    public mutating func string(_ value: String) { separate(); appendEscaped(value) }
    /// Writes a string value known at compile time; it must need no escaping.
    public mutating func string(_ value: StaticString) {
        separate()
        value.withUTF8Buffer { value in
            appendRaw(maxCount: value.count + 2) { p in
                p.pointee = UInt8(ascii: "\"")
                (p + 1).update(from: value.baseAddress!, count: value.count)
                p[value.count + 1] = UInt8(ascii: "\"")
                return value.count + 2
            }
        }
    }
    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) { separate(); raw(value ? "true" : "false") }
    /// Writes `null`.
    public mutating func null() { separate(); raw("null") }
    /// Writes an unsigned integer.
    public mutating func uint(_ value: UInt64) { separate(); appendDigits(value, negative: false) }
    /// Writes a signed integer.
    public mutating func int(_ value: Int64) {
        separate()
        appendDigits(value.magnitude, negative: value < 0)
    }
    /// Writes a double in its shortest round-trip form, or `null` when it is not finite.
    public mutating func double(_ value: Double) {
        separate()
        appendShortest(value)
    }

    /// Writes a double rounded to `fractionDigits` decimals (1 to 9; trailing zeros trimmed, see
    /// ``FixedPointFormat``), `null` when it is not finite. A magnitude too large for that
    /// format (10^18 / 10^fractionDigits or more) is written in its shortest round-trip form.
    public mutating func fixed(_ value: Double, fractionDigits: Int) {
        separate()
        if FixedPointFormat.append(value, fractionDigits: fractionDigits, to: &bytes) { return }
        appendShortest(value)
    }

    // MARK: Members (key + value)
    //
    // The members an `updated` body is made of (a plain string, integers, fixed-point numbers)
    // are written name and value in one piece (``writeMember(_:maxValueCount:_:)``).

    /// Writes `"name":"value"`.
    public mutating func member(_ name: StaticString, _ value: String) {
        var value = value
        let written: Bool = value.withUTF8 { utf8 in
            guard Self.needsNoEscaping(utf8) else { return false }
            writeMember(name, maxValueCount: utf8.count + 2) { p in
                p.pointee = UInt8(ascii: "\"")
                if utf8.count > 0 { (p + 1).update(from: utf8.baseAddress!, count: utf8.count) }
                p[utf8.count + 1] = UInt8(ascii: "\"")
                return utf8.count + 2
            }
            return true
        }
        if !written { key(name); string(value) }
    }
    /// Writes `"name":"value"` for a value known at compile time.
    public mutating func member(_ name: StaticString, _ value: StaticString) { key(name); string(value) }
    /// Writes `"name":value`.
    public mutating func member(_ name: StaticString, _ value: Double) { key(name); double(value) }
    /// Writes `"name":value` with `value` rounded to `fractionDigits` decimals (``fixed(_:fractionDigits:)``).
    public mutating func member(_ name: StaticString, _ value: Double, fractionDigits: Int) {
        let scale = FixedPointFormat.scale(fractionDigits: fractionDigits)
        guard let scaled = FixedPointFormat.roundedScaledMagnitude(value, scale: scale) else {
            key(name); fixed(value, fractionDigits: fractionDigits); return
        }
        writeMember(name, maxValueCount: FixedPointFormat.maxLength) { p in
            FixedPointFormat.write(negative: value < 0, scaled: scaled, scale: scale, fractionDigits: fractionDigits, to: p)
        }
    }
    /// Writes `"name":value`.
    public mutating func member(_ name: StaticString, _ value: UInt64) {
        writeMember(name, maxValueCount: 20) { p in Self.writeDigits(value, to: p) }
    }
    /// Writes `"name":value`.
    public mutating func member(_ name: StaticString, _ value: Int) {
        writeMember(name, maxValueCount: 21) { start in
            var p = start
            if value < 0 { p.pointee = UInt8(ascii: "-"); p += 1 }
            return p - start + Self.writeDigits(UInt64(value.magnitude), to: p)
        }
    }
    /// Writes `"name":true|false`.
    public mutating func member(_ name: StaticString, _ value: Bool) { key(name); bool(value) }

    // MARK: Helpers

    private mutating func appendShortest(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        // Lend the buffer to the sink and take it back: no copy, no allocation.
        var sink = ASCIISink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
    }

    private mutating func appendDigits(_ value: UInt64, negative: Bool) {
        appendRaw(maxCount: 21) { start in
            var p = start
            if negative { p.pointee = UInt8(ascii: "-"); p += 1 }
            p += Self.writeDigits(value, to: p)
            return p - start
        }
    }

    /// Writes `value` in decimal at `start`; returns how many digits.
    static func writeDigits(_ value: UInt64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 {
            start.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        // Backwards into 24 bytes on the stack (room for 20 digits), then one copy.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var v = value
            var i = buffer.count
            while v > 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            }
            let count = buffer.count - i
            UnsafeMutableRawPointer(start).copyMemory(from: buffer.baseAddress! + i, byteCount: count)
            return count
        }
    }

    private mutating func appendEscaped(_ value: String) {
        var value = value
        // Names and most strings need no escaping: quote and copy them in one piece.
        let plain: Bool = value.withUTF8 { utf8 in
            guard Self.needsNoEscaping(utf8) else { return false }
            appendRaw(maxCount: utf8.count + 2) { p in
                p.pointee = UInt8(ascii: "\"")
                if utf8.count > 0 { (p + 1).update(from: utf8.baseAddress!, count: utf8.count) }
                p[utf8.count + 1] = UInt8(ascii: "\"")
                return utf8.count + 2
            }
            return true
        }
        if plain { return }
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            var start = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                start = i + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    raw("u00")
                    hex.withUTF8Buffer { h in
                        bytes.append(h[Int(byte >> 4)])
                        bytes.append(h[Int(byte & 0xF)])
                    }
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Receives the digits of `Double.write(to:)` without building a `String`: the standard library
/// formats into a stack buffer and hands it to `_writeASCII`, which we append directly.
private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []
    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
