// SPDX-License-Identifier: MIT
import TransitionCore

/// Answers the method calls a client of the Touchégg endpoint may make, as Touchégg's daemon
/// (a GDBus server with one registered object) answers them: introspection of the object and of
/// the nodes above it, `org.freedesktop.DBus.Peer`, `Properties.GetAll` of the object's interface
/// (no properties), and `UnknownMethod` for everything else.
public enum ToucheggObject {
    /// The reply to `call` (with `serial`), or `nil` when none is due (not a method call, or no
    /// reply expected).
    public static func reply(to call: DBusIncomingMessage, serial: UInt32, machineID: String) -> [UInt8]? {
        guard call.expectsReply else { return nil }
        let path = call.fields.path ?? "/"
        let member = call.fields.member ?? ""
        switch (call.fields.interface, member) {
        case ("org.freedesktop.DBus.Introspectable", "Introspect"), (nil, "Introspect"):
            return methodReturn(call, serial: serial, signature: "s") { $0.string(introspection(of: path)) }
        case ("org.freedesktop.DBus.Peer", "Ping"), (nil, "Ping"):
            return methodReturn(call, serial: serial, signature: "") { _ in }
        case ("org.freedesktop.DBus.Peer", "GetMachineId"), (nil, "GetMachineId"):
            return methodReturn(call, serial: serial, signature: "s") { $0.string(machineID) }
        case ("org.freedesktop.DBus.Properties", "GetAll") where path == ToucheggSignalEncoder.objectPath:
            guard call.firstStringArgument == ToucheggSignalEncoder.interface else { break }
            // a{sv}, empty: the array length, then padding to the 8-byte dict-entry boundary.
            return methodReturn(call, serial: serial, signature: "a{sv}") { w in
                w.uint32(0)
                w.align(8)
            }
        default:
            break
        }
        let message = path == ToucheggSignalEncoder.objectPath
            ? "No such interface “\(call.fields.interface ?? "")” on object at path \(path)"
            : "Object does not exist at path “\(path)”"
        return error(call, serial: serial, name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }

    /// The introspection XML of `path`: the object's interfaces, or the child node on the way
    /// to it, or an empty node.
    public static func introspection(of path: String) -> String {
        var xml = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
                                  "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
            <node>

            """
        let object = ToucheggSignalEncoder.objectPath
        if path == object {
            xml += standardInterfaces
            xml += "  <interface name=\"\(ToucheggSignalEncoder.interface)\">\n"
            for member in ToucheggSignal.Member.allCases {
                xml += "    <signal name=\"\(member.name)\">\n"
                for (name, type) in arguments {
                    xml += "      <arg type=\"\(type)\" name=\"\(name)\">\n      </arg>\n"
                }
                xml += "    </signal>\n"
            }
            xml += "  </interface>\n"
        } else {
            let prefix = path == "/" ? "/" : path + "/"
            if object.hasPrefix(prefix), let child = object.dropFirst(prefix.count).split(separator: "/").first {
                xml += "  <node name=\"\(child)\"/>\n"
            }
        }
        xml += "</node>\n"
        return xml
    }

    /// The signals' arguments, by name and type (`(uudiut)`).
    static let arguments: [(String, String)] = [
        ("gesture_type", "u"), ("gesture_direction", "u"), ("percentage", "d"), ("fingers", "i"),
        ("performed_on_device_type", "u"), ("elapsed_time", "t"),
    ]

    private static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="s" name="property_name" direction="in"/>
              <arg type="v" name="value" direction="out"/>
            </method>
            <method name="GetAll">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="a{sv}" name="properties" direction="out"/>
            </method>
            <method name="Set">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="s" name="property_name" direction="in"/>
              <arg type="v" name="value" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg type="s" name="interface_name"/>
              <arg type="a{sv}" name="changed_properties"/>
              <arg type="as" name="invalidated_properties"/>
            </signal>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg type="s" name="xml_data" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg type="s" name="machine_uuid" direction="out"/>
            </method>
          </interface>

        """

    private static func methodReturn(_ call: DBusIncomingMessage, serial: UInt32, signature: String,
                                     body: (inout DBusWriter) -> Void) -> [UInt8] {
        var w = DBusWriter()
        body(&w)
        return DBusMessage.encode(type: .methodReturn, flags: DBusMessage.noReplyExpected, serial: serial,
                                  fields: DBusHeaderFields(replySerial: call.serial, signature: signature), body: w.bytes)
    }

    private static func error(_ call: DBusIncomingMessage, serial: UInt32, name: String, message: String) -> [UInt8] {
        var w = DBusWriter()
        w.string(message)
        return DBusMessage.encode(type: .error, flags: DBusMessage.noReplyExpected, serial: serial,
                                  fields: DBusHeaderFields(errorName: name, replySerial: call.serial, signature: "s"),
                                  body: w.bytes)
    }
}
