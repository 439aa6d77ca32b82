// SPDX-License-Identifier: MIT
/// A D-Bus message's type (the second byte of its header).
public enum DBusMessageType: UInt8, Sendable, Hashable {
    /// A call that may expect a reply.
    case methodCall = 1
    /// A reply with the call's results.
    case methodReturn = 2
    /// A reply saying the call failed.
    case error = 3
    /// A broadcast; never replied to.
    case signal = 4
}

/// The header fields a message may carry (D-Bus specification, "Header Fields").
public struct DBusHeaderFields: Sendable, Hashable {
    /// `PATH` (1): the object.
    public var path: String?
    /// `INTERFACE` (2).
    public var interface: String?
    /// `MEMBER` (3): the method or signal.
    public var member: String?
    /// `ERROR_NAME` (4), of an error.
    public var errorName: String?
    /// `REPLY_SERIAL` (5): the call a reply answers.
    public var replySerial: UInt32?
    /// `DESTINATION` (6); unused peer to peer.
    public var destination: String?
    /// `SENDER` (7); unused peer to peer.
    public var sender: String?
    /// `SIGNATURE` (8): the body's; absent for an empty body.
    public var signature: String?

    /// Fields with these values; absent ones are not written.
    public init(path: String? = nil, interface: String? = nil, member: String? = nil, errorName: String? = nil,
                replySerial: UInt32? = nil, destination: String? = nil, sender: String? = nil, signature: String? = nil) {
        self.path = path; self.interface = interface; self.member = member; self.errorName = errorName
        self.replySerial = replySerial; self.destination = destination; self.sender = sender; self.signature = signature
    }
}

/// Builds whole D-Bus messages (little-endian, protocol version 1).
public enum DBusMessage {
    /// Header flag: the sender expects no reply.
    public static let noReplyExpected: UInt8 = 0x1
    /// The offset of the serial in a message header.
    public static let serialOffset = 8
    /// The most a message may take, header and body (the specification's limit is 128 MiB; a
    /// Touchégg client sends only small introspection and ping calls).
    public static let maxIncomingBytes = 64 * 1024

    /// A message of `type` with `fields` and an already marshalled `body` (which must start
    /// 8-aligned, as every body does).
    public static func encode(type: DBusMessageType, flags: UInt8 = 0, serial: UInt32, fields: DBusHeaderFields,
                              body: [UInt8] = []) -> [UInt8] {
        var w = DBusWriter(capacity: 128 + body.count)
        w.byte(UInt8(ascii: "l"))
        w.byte(type.rawValue)
        w.byte(flags)
        w.byte(1)
        w.uint32(UInt32(body.count))
        w.uint32(serial)
        let arrayLengthOffset = w.bytes.count
        w.uint32(0)
        w.align(8)
        let arrayStart = w.bytes.count
        func field(_ code: UInt8, _ signature: String, _ write: (inout DBusWriter) -> Void) {
            w.align(8)
            w.byte(code)
            w.signature(signature)
            write(&w)
        }
        if let path = fields.path { field(1, "o") { $0.string(path) } }
        if let interface = fields.interface { field(2, "s") { $0.string(interface) } }
        if let member = fields.member { field(3, "s") { $0.string(member) } }
        if let errorName = fields.errorName { field(4, "s") { $0.string(errorName) } }
        if let replySerial = fields.replySerial { field(5, "u") { $0.uint32(replySerial) } }
        if let destination = fields.destination { field(6, "s") { $0.string(destination) } }
        if let sender = fields.sender { field(7, "s") { $0.string(sender) } }
        if let signature = fields.signature, !signature.isEmpty { field(8, "g") { $0.signature(signature) } }
        w.patch(uint32: UInt32(w.bytes.count - arrayStart), at: arrayLengthOffset)
        w.align(8)
        var bytes = w.bytes
        bytes.append(contentsOf: body)
        return bytes
    }
}

/// A message received from a peer: its header, and its body undecoded.
public struct DBusIncomingMessage: Sendable, Hashable {
    /// ``DBusMessageType``'s raw value (others are possible and ignored).
    public var type: UInt8
    /// Header flags (``DBusMessage/noReplyExpected``).
    public var flags: UInt8
    /// The sender's serial, which a reply names.
    public var serial: UInt32
    /// The header fields read.
    public var fields: DBusHeaderFields
    /// The body's bytes (its alignment counts from the message start, which is 8-aligned).
    public var body: [UInt8]
    /// Whether it was sent big-endian.
    public var bigEndian: Bool

    /// Whether the sender wants a reply.
    public var expectsReply: Bool { type == DBusMessageType.methodCall.rawValue && flags & DBusMessage.noReplyExpected == 0 }

    /// The body's first argument, when the body's signature starts with a string (`s`).
    public var firstStringArgument: String? {
        guard let signature = fields.signature, signature.first == "s" else { return nil }
        var r = DBusReader(bytes: body[...], bigEndian: bigEndian)
        return try? r.string()
    }
}

/// Why an incoming message cannot be read; the connection is closed.
public struct DBusWireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for the log.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Reads D-Bus values from a received message.
struct DBusReader {
    let bytes: ArraySlice<UInt8>
    let bigEndian: Bool
    var offset: Int

    init(bytes: ArraySlice<UInt8>, bigEndian: Bool) {
        self.bytes = bytes; self.bigEndian = bigEndian; self.offset = bytes.startIndex
    }

    mutating func align(_ boundary: Int) throws(DBusWireError) {
        let relative = offset - bytes.startIndex
        let padded = (relative + boundary - 1) / boundary * boundary
        guard bytes.startIndex + padded <= bytes.endIndex else { throw DBusWireError("message truncated") }
        offset = bytes.startIndex + padded
    }

    mutating func byte() throws(DBusWireError) -> UInt8 {
        guard offset < bytes.endIndex else { throw DBusWireError("message truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint32() throws(DBusWireError) -> UInt32 {
        try align(4)
        guard offset + 4 <= bytes.endIndex else { throw DBusWireError("message truncated") }
        var value: UInt32 = 0
        for i in 0..<4 {
            let b = UInt32(bytes[offset + i])
            value |= bigEndian ? b << (8 * (3 - i)) : b << (8 * i)
        }
        offset += 4
        return value
    }

    /// `s` or `o`.
    mutating func string() throws(DBusWireError) -> String {
        let length = Int(try uint32())
        guard length <= bytes.endIndex - offset - 1 else { throw DBusWireError("string longer than the message") }
        let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        offset += length + 1
        return text
    }

    /// `g`.
    mutating func signature() throws(DBusWireError) -> String {
        let length = Int(try byte())
        guard length <= bytes.endIndex - offset - 1 else { throw DBusWireError("signature longer than the message") }
        let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        offset += length + 1
        return text
    }
}

extension DBusIncomingMessage {
    /// The length of the message at the start of `buffer` once its fixed header has arrived
    /// (`nil`: fewer than 16 bytes so far). Throws for a header no peer may send.
    public static func frameLength(_ buffer: ArraySlice<UInt8>) throws(DBusWireError) -> Int? {
        guard buffer.count >= 16 else { return nil }
        let start = buffer.startIndex
        let order = buffer[start]
        guard order == UInt8(ascii: "l") || order == UInt8(ascii: "B") else {
            throw DBusWireError("unknown byte order \(order)")
        }
        guard buffer[start + 3] == 1 else { throw DBusWireError("unsupported protocol version \(buffer[start + 3])") }
        var r = DBusReader(bytes: buffer, bigEndian: order == UInt8(ascii: "B"))
        r.offset = start + 4
        let bodyLength = Int(try r.uint32())
        _ = try r.uint32()
        let fieldsLength = Int(try r.uint32())
        guard bodyLength <= DBusMessage.maxIncomingBytes, fieldsLength <= DBusMessage.maxIncomingBytes else {
            throw DBusWireError("message larger than \(DBusMessage.maxIncomingBytes) bytes")
        }
        let header = (16 + fieldsLength + 7) / 8 * 8
        let total = header + bodyLength
        guard total <= DBusMessage.maxIncomingBytes else {
            throw DBusWireError("message larger than \(DBusMessage.maxIncomingBytes) bytes")
        }
        return total
    }

    /// Decodes one whole message (``frameLength(_:)`` bytes).
    public init(decoding message: ArraySlice<UInt8>) throws(DBusWireError) {
        guard let length = try Self.frameLength(message), length == message.count else {
            throw DBusWireError("incomplete message")
        }
        let start = message.startIndex
        let big = message[start] == UInt8(ascii: "B")
        var r = DBusReader(bytes: message, bigEndian: big)
        r.offset = start + 1
        let type = try r.byte()
        let flags = try r.byte()
        r.offset = start + 4
        let bodyLength = Int(try r.uint32())
        let serial = try r.uint32()
        guard serial != 0 else { throw DBusWireError("serial 0") }
        let fieldsLength = Int(try r.uint32())
        let fieldsEnd = r.offset + fieldsLength
        var fields = DBusHeaderFields()
        while r.offset < fieldsEnd {
            try r.align(8)
            guard r.offset < fieldsEnd else { break }
            let code = try r.byte()
            let signature = try r.signature()
            switch signature {
            case "o", "s":
                let value = try r.string()
                switch code {
                case 1: fields.path = value
                case 2: fields.interface = value
                case 3: fields.member = value
                case 4: fields.errorName = value
                case 6: fields.destination = value
                case 7: fields.sender = value
                default: break
                }
            case "g":
                let value = try r.signature()
                if code == 8 { fields.signature = value }
            case "u":
                let value = try r.uint32()
                if code == 5 { fields.replySerial = value }
            default:
                throw DBusWireError("header field \(code) of type \(signature)")
            }
        }
        let bodyStart = message.endIndex - bodyLength
        self.init(type: type, flags: flags, serial: serial, fields: fields, body: Array(message[bodyStart...]),
                  bigEndian: big)
    }
}
