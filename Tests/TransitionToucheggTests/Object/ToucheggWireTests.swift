// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionTouchegg

/// Touchégg's signals and replies on the wire, byte for byte where the layout is fixed.
@Suite struct ToucheggWireTests {
    let signal = ToucheggSignal(member: .update, type: 1, direction: 4, percentage: 42.5, fingers: 3,
                                deviceType: 1, elapsedMs: 120)

    @Test func aSignalDecodesWithItsHeaderAndBody() throws {
        var encoder = ToucheggSignalEncoder()
        encoder.encode(signal, serial: 7)
        let message = try DBusIncomingMessage(decoding: encoder.bytes[...])
        #expect(message.type == DBusMessageType.signal.rawValue)
        #expect(message.serial == 7)
        #expect(message.fields.path == "/io/github/joseexposito/Touchegg")
        #expect(message.fields.interface == "io.github.joseexposito.Touchegg")
        #expect(message.fields.member == "OnGestureUpdate")
        #expect(message.fields.signature == "uudiut")
        // u u d i u t: 1, 4, 42.5, 3, 1, 120, little-endian and naturally aligned.
        var expected: [UInt8] = [1, 0, 0, 0, 4, 0, 0, 0]
        withUnsafeBytes(of: 42.5.bitPattern.littleEndian) { expected += $0 }
        expected += [3, 0, 0, 0, 1, 0, 0, 0, 120, 0, 0, 0, 0, 0, 0, 0]
        #expect(message.body == expected)
        #expect(encoder.bytes.count % 8 == 0)
    }

    @Test func encodingAgainReusesTheTemplateWithANewSerialAndBody() throws {
        var encoder = ToucheggSignalEncoder()
        encoder.encode(signal, serial: 1)
        var end = signal
        end.member = .end
        end.percentage = 100
        encoder.encode(end, serial: 0xABCD_0102)
        let message = try DBusIncomingMessage(decoding: encoder.bytes[...])
        #expect(message.serial == 0xABCD_0102)
        #expect(message.fields.member == "OnGestureEnd")
        #expect(Array(message.body[8..<16]) == withUnsafeBytes(of: 100.0.bitPattern.littleEndian) { Array($0) })
    }

    @Test func frameLengthWaitsForTheWholeHeader() throws {
        var encoder = ToucheggSignalEncoder()
        encoder.encode(signal, serial: 1)
        #expect(try DBusIncomingMessage.frameLength(encoder.bytes[0..<15]) == nil)
        #expect(try DBusIncomingMessage.frameLength(encoder.bytes[...]) == encoder.bytes.count)
        #expect(throws: DBusWireError.self) { try DBusIncomingMessage.frameLength([UInt8](repeating: 0x41, count: 16)[...]) }
    }

    func call(_ interface: String?, _ member: String, path: String = ToucheggSignalEncoder.objectPath,
              argument: String? = nil) throws -> DBusIncomingMessage {
        var body = DBusWriter()
        if let argument { body.string(argument) }
        let bytes = DBusMessage.encode(type: .methodCall, serial: 5,
                                       fields: DBusHeaderFields(path: path, interface: interface, member: member,
                                                                signature: argument == nil ? nil : "s"),
                                       body: body.bytes)
        return try DBusIncomingMessage(decoding: bytes[...])
    }

    func reply(to call: DBusIncomingMessage) throws -> DBusIncomingMessage {
        let bytes = try #require(ToucheggObject.reply(to: call, serial: 9, machineID: "m"))
        return try DBusIncomingMessage(decoding: bytes[...])
    }

    @Test func introspectionNamesTheSignalsAndTheNodesOnTheWay() throws {
        let answer = try reply(to: call("org.freedesktop.DBus.Introspectable", "Introspect"))
        #expect(answer.type == DBusMessageType.methodReturn.rawValue)
        #expect(answer.fields.replySerial == 5)
        let xml = try #require(answer.firstStringArgument)
        for name in ["OnGestureBegin", "OnGestureUpdate", "OnGestureEnd", "performed_on_device_type", "org.freedesktop.DBus.Peer"] {
            #expect(xml.contains(name))
        }
        #expect(ToucheggObject.introspection(of: "/").contains("<node name=\"io\"/>"))
        #expect(ToucheggObject.introspection(of: "/io/github/joseexposito").contains("<node name=\"Touchegg\"/>"))
        #expect(!ToucheggObject.introspection(of: "/nope").contains("<node name"))
    }

    @Test func pingGetAllAndUnknownMethods() throws {
        #expect(try reply(to: call("org.freedesktop.DBus.Peer", "Ping")).type == DBusMessageType.methodReturn.rawValue)
        let all = try reply(to: call("org.freedesktop.DBus.Properties", "GetAll", argument: ToucheggSignalEncoder.interface))
        #expect(all.fields.signature == "a{sv}")
        #expect(all.body == [0, 0, 0, 0, 0, 0, 0, 0])
        let unknown = try reply(to: call(ToucheggSignalEncoder.interface, "Foo"))
        #expect(unknown.type == DBusMessageType.error.rawValue)
        #expect(unknown.fields.errorName == "org.freedesktop.DBus.Error.UnknownMethod")
    }

    @Test func noReplyWhenNoneIsExpected() throws {
        let bytes = DBusMessage.encode(type: .methodCall, flags: DBusMessage.noReplyExpected, serial: 3,
                                       fields: DBusHeaderFields(path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping"))
        #expect(ToucheggObject.reply(to: try DBusIncomingMessage(decoding: bytes[...]), serial: 4, machineID: "") == nil)
    }
}
