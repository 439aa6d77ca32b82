// SPDX-License-Identifier: MIT
import TransitionCore

/// Encodes Touchégg's signals as whole D-Bus messages, once for every client.
///
/// Each signal's header never changes but for its serial, and its `(uudiut)` body is 32 bytes
/// of fixed layout: the three messages are built once, and encoding one copies its template into
/// a reused buffer and writes the serial and the body in place. Allocates nothing once the
/// buffer has grown.
public struct ToucheggSignalEncoder: Sendable {
    /// Touchégg's object path.
    public static let objectPath = "/io/github/joseexposito/Touchegg"
    /// Touchégg's interface.
    public static let interface = "io.github.joseexposito.Touchegg"
    /// The arguments' signature.
    public static let signature = "uudiut"
    /// The body's size: u u d i u t, naturally aligned.
    static let bodyBytes = 32

    private let templates: [[UInt8]]
    /// The last message encoded.
    public private(set) var bytes: [UInt8] = []

    /// Builds the three templates.
    public init() {
        templates = ToucheggSignal.Member.allCases.map { member in
            DBusMessage.encode(type: .signal, flags: DBusMessage.noReplyExpected, serial: 1,
                               fields: DBusHeaderFields(path: Self.objectPath, interface: Self.interface, member: member.name,
                                                        signature: Self.signature),
                               body: [UInt8](repeating: 0, count: Self.bodyBytes))
        }
        bytes.reserveCapacity(templates.map(\.count).max() ?? 0)
    }

    /// Encodes `signal` with `serial` into ``bytes``.
    public mutating func encode(_ signal: ToucheggSignal, serial: UInt32) {
        let template = templates[signal.member.rawValue]
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: template)
        let body = bytes.count - Self.bodyBytes
        bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: serial.littleEndian, toByteOffset: DBusMessage.serialOffset, as: UInt32.self)
            raw.storeBytes(of: signal.type.littleEndian, toByteOffset: body, as: UInt32.self)
            raw.storeBytes(of: signal.direction.littleEndian, toByteOffset: body + 4, as: UInt32.self)
            raw.storeBytes(of: signal.percentage.bitPattern.littleEndian, toByteOffset: body + 8, as: UInt64.self)
            raw.storeBytes(of: signal.fingers.littleEndian, toByteOffset: body + 16, as: Int32.self)
            raw.storeBytes(of: signal.deviceType.littleEndian, toByteOffset: body + 20, as: UInt32.self)
            raw.storeBytes(of: signal.elapsedMs.littleEndian, toByteOffset: body + 24, as: UInt64.self)
        }
    }
}
