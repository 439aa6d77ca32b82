// SPDX-License-Identifier: MIT
import ArgumentParser
import TransitionClient
import TransitionCore
import TransitionProtocol

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the daemon: version, uptime, devices, clients, counters, transitions.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print the reply as one JSON line.")
    var json = false

    func run() throws {
        let (connection, _) = try connection.connect()
        let (result, raw) = try perform(.status, on: connection)
        if json { Terminal.out(bytes: raw + [UInt8(ascii: "\n")]); return }
        guard case .status(let status) = result else { return }
        var text = "\(status.server) (protocol \(status.protocolVersion)), pid \(status.pid), up \(Format.duration(us: status.uptimeUs))\n"
        text += "socket \(connection.path)\n"
        if let access = status.access { text += Self.accessLine(access) + "\n" }
        text += "\n"
        text += "devices: \(status.devices.count)\n" + Devices.table(status.devices)
        text += "\nclients: \(status.clients.count)"
            + (status.otherClients > 0 ? " of yours, and \(status.otherClients) of other users (only root sees them)\n" : "\n")
        var rows = [["ID", "PID", "UID", "GID", "SUBSCRIPTION", "QUEUED", "DELIVERY"]]
        for client in status.clients {
            var subscription = "-"
            if let s = client.subscription {
                subscription = (s.transitions.map { $0.sorted().joined(separator: ",") } ?? "all")
                    + " [" + EventKind.allCases.filter { s.events.contains($0) }.map(\.rawValue).joined(separator: ",") + "]"
                if s.frameRate > 0 { subscription += " \(s.frameRate) fps" }
            }
            rows.append(["\(client.id)", "\(client.pid)", "\(client.uid)", "\(client.gid)", subscription,
                         "\(client.queuedMessages) (\(client.queuedBytes) B)", Self.delivery(client.delivery)])
        }
        text += Table.render(rows, indent: "  ")
        text += "\ntransitions:\n"
        rows = [["NAME", "PHASE", "GESTURE", "PROGRESS", "VELOCITY"]]
        for state in status.transitions {
            rows.append([state.name, state.phase.rawValue, state.gesture.map(String.init) ?? "-",
                         Format.fixed(state.progress), Format.signed(state.velocity)])
        }
        text += Table.render(rows, indent: "  ")
        if case .list(let listings)? = try? perform(.list, on: connection).0 {
            let owners = Ownership.lines(listings.map(\.info))
            if !owners.isEmpty { text += "\ndeclared by clients:\n" + owners.map { "  \($0)\n" }.joined() }
        }
        text += "\ncounters:\n" + Table.render(status.counters.keys.sorted().map { [$0, "\(status.counters[$0]!)"] }, indent: "  ")
        Terminal.out(text)
    }
}

extension Status {
    /// `access: active-session (default: logind runs); seat0: session c2 of uid 1000 (alice)`.
    static func accessLine(_ access: AccessInfo) -> String {
        var line = "access: \(access.mode.rawValue) (\(access.modeReason))"
        if access.mode == .activeSession {
            let seat = access.seat ?? "seat0"
            if let s = access.session {
                line += "; \(seat): session \(s.id) of uid \(s.uid)\(s.user.map { " (\($0))" } ?? "")"
                if s.locked { line += ", locked" }
            } else {
                line += "; \(seat): no active session"
            }
            if !access.always.isEmpty { line += "; always: " + access.always.map(String.init).joined(separator: ", ") }
        }
        return line
    }

    static func delivery(_ delivery: ClientDelivery?) -> String {
        switch delivery {
        case nil: "-"
        case .active?: "active"
        case .paused(let reason)?: "paused (\(reason))"
        }
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the touchpads and touchscreens the daemon uses.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: #"Print them as one JSON line: {"devices":[…]}, as in the status reply."#)
    var json = false

    func run() throws {
        let (connection, _) = try connection.connect()
        let (result, _) = try perform(.status, on: connection)
        guard case .status(let status) = result else { return }
        if json {
            Terminal.out(bytes: encodeDeviceList(status.devices) + [UInt8(ascii: "\n")])
        } else if status.devices.isEmpty {
            Terminal.out("no touchpad or touchscreen in use\n")
        } else {
            Terminal.out(Devices.table(status.devices))
        }
    }

    static func table(_ devices: [DeviceInfo]) -> String {
        guard !devices.isEmpty else { return "" }
        var rows = [["ID", "CLASS", "NODE", "SIZE", "EDGE ZONE", "ROTATION", "NAME"]]
        for device in devices {
            let size = device.widthMm.flatMap { w in device.heightMm.map { h in "\(Format.fixed(w, 1))x\(Format.fixed(h, 1)) mm" } } ?? "-"
            let zone: String = if let mm = device.edgeZoneMm {
                "\(Format.fixed(mm, 1)) mm"
            } else if let share = device.edgeZoneShare {
                "\(Format.fixed(share * 100, 1)) % of range (no size)"
            } else { "-" }
            rows.append(["\(device.id)", device.deviceClass.rawValue, device.node ?? "-", size, zone,
                         device.rotation.map { "\($0)°" } ?? "-", device.name])
        }
        return Table.render(rows, indent: "  ")
    }
}
