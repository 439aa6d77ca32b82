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
        text += "socket \(connection.path)\n\n"
        text += "devices: \(status.devices.count)\n" + Devices.table(status.devices)
        text += "\nclients: \(status.clients.count)\n"
        var rows = [["ID", "PID", "UID", "GID", "SUBSCRIPTION", "QUEUED"]]
        for client in status.clients {
            var subscription = "-"
            if let s = client.subscription {
                subscription = (s.transitions.map { $0.sorted().joined(separator: ",") } ?? "all")
                    + " [" + EventKind.allCases.filter { s.events.contains($0) }.map(\.rawValue).joined(separator: ",") + "]"
                if s.frameRate > 0 { subscription += " \(s.frameRate) fps" }
            }
            rows.append(["\(client.id)", "\(client.pid)", "\(client.uid)", "\(client.gid)", subscription,
                         "\(client.queuedMessages) (\(client.queuedBytes) B)"])
        }
        text += Table.render(rows, indent: "  ")
        text += "\ntransitions:\n"
        rows = [["NAME", "PHASE", "GESTURE", "PROGRESS", "VELOCITY"]]
        for state in status.transitions {
            rows.append([state.name, state.phase.rawValue, state.gesture.map(String.init) ?? "-",
                         Format.fixed(state.progress), Format.signed(state.velocity)])
        }
        text += Table.render(rows, indent: "  ")
        text += "\ncounters:\n" + Table.render(status.counters.keys.sorted().map { [$0, "\(status.counters[$0]!)"] }, indent: "  ")
        Terminal.out(text)
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the touchpads and touchscreens the daemon uses.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let (connection, _) = try connection.connect()
        let (result, _) = try perform(.status, on: connection)
        guard case .status(let status) = result else { return }
        if status.devices.isEmpty {
            Terminal.out("no touchpad or touchscreen in use\n")
        } else {
            Terminal.out(Devices.table(status.devices))
        }
    }

    static func table(_ devices: [DeviceInfo]) -> String {
        guard !devices.isEmpty else { return "" }
        var rows = [["ID", "CLASS", "NODE", "SIZE", "NAME"]]
        for device in devices {
            let size = device.widthMm.flatMap { w in device.heightMm.map { h in "\(Format.fixed(w, 1))x\(Format.fixed(h, 1)) mm" } } ?? "-"
            rows.append(["\(device.id)", device.deviceClass.rawValue, device.node ?? "-", size, device.name])
        }
        return Table.render(rows, indent: "  ")
    }
}
