// SPDX-License-Identifier: MIT
/// Marshals D-Bus values in little-endian byte order (the D-Bus specification's wire format),
/// each aligned to its natural boundary counted from the start of the message.
///
/// Enough for what the Touchégg endpoint sends: header fields, strings, object paths,
/// signatures, and the fixed-size numbers of `(uudiut)`.
public struct DBusWriter {
    /// The bytes written so far (the message starts at index 0).
    public private(set) var bytes: [UInt8]

    /// An empty writer.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Pads with zeros to a multiple of `boundary`.
    public mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    /// `y`.
    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// `u`.
    public mutating func uint32(_ value: UInt32) {
        align(4)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// `i`.
    public mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }

    /// `t`.
    public mutating func uint64(_ value: UInt64) {
        align(8)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// `d`.
    public mutating func double(_ value: Double) { uint64(value.bitPattern) }

    /// `s` and `o`: length, UTF-8 bytes, a NUL.
    public mutating func string(_ value: String) {
        uint32(UInt32(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
        bytes.append(0)
    }

    /// `g`: one length byte, the signature, a NUL.
    public mutating func signature(_ value: String) {
        bytes.append(UInt8(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
        bytes.append(0)
    }

    /// Overwrites a little-endian `u` at `offset` (a header's body length or serial).
    public mutating func patch(uint32 value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for i in 0..<4 { bytes[offset + i] = raw[i] }
        }
    }
}
