// SPDX-License-Identifier: MIT
/// What `transitiond --list-devices` prints: every input event node, whether transitiond would
/// use it, and if not, why ("keyboard: not a touch device", "on seat1, not seat0", …).
///
/// Scanning reads udev's database and sysfs; it opens (read-only, briefly) only the nodes udev
/// tagged as touchpads or touchscreens, exactly like the daemon.
public struct DeviceListing: Sendable, Hashable {
    /// One event node.
    public struct Entry: Sendable, Hashable {
        /// The event node (or the path given with `--device`).
        public var node: String
        /// The kernel's name for the device (empty when it could not be read).
        public var name: String
        /// The kind transitiond would use it as, or `nil` when it ignores it.
        public var kind: DeviceKind?
        /// Why it is ignored (`nil` when used).
        public var reason: String?

        /// An entry; `kind` for a device that is used, `reason` for one that is ignored.
        public init(node: String, name: String, kind: DeviceKind?, reason: String?) {
            self.node = node; self.name = name; self.kind = kind; self.reason = reason
        }
    }

    /// The seat that was scanned (ignored for explicit devices).
    public var seat: String
    /// Whether explicit `--device` paths were listed instead of the seat's devices.
    public var explicit: Bool
    /// Every event node, in node order (explicit paths: in the order given).
    public var entries: [Entry]

    /// A listing of `entries` (``scan(seat:explicitDevices:)`` makes the real one).
    public init(seat: String, explicit: Bool, entries: [Entry]) {
        self.seat = seat; self.explicit = explicit; self.entries = entries
    }

    /// Scans the seat's input devices, or only `explicitDevices` when any are given.
    public static func scan(seat: String = "seat0", explicitDevices: [String] = []) throws(InputError) -> DeviceListing {
        let udev = try Udev()
        if explicitDevices.isEmpty {
            let entries = udev.inputEventDevices().map { Entry(DeviceEvaluation($0, seat: seat)) }
            return DeviceListing(seat: seat, explicit: false, entries: entries)
        }
        let entries = explicitDevices.map { path -> Entry in
            switch DeviceEvaluation.explicitDevice(path, udev: udev) {
            case .success(let device):
                var entry = Entry(DeviceEvaluation(device, seat: nil))
                entry.node = path
                return entry
            case .failure(.missing):
                return Entry(node: path, name: "", kind: nil, reason: "no such device (transitiond waits for it)")
            case .failure(.refused(let reason)):
                return Entry(node: path, name: "", kind: nil, reason: reason)
            }
        }
        return DeviceListing(seat: seat, explicit: true, entries: entries)
    }

    /// The report, one line per node and a closing summary, ending with a newline.
    public var report: String {
        var lines: [String] = []
        let scope = explicit ? "the devices given with --device" : "seat \(seat)"
        if entries.isEmpty {
            lines.append("No input devices found on \(scope).")
        } else {
            lines.append("Input devices on \(scope):")
            let width = entries.map(\.node.count).max() ?? 0
            for e in entries {
                let node = e.node.padding(toLength: width)
                let name = e.name.isEmpty ? "" : " \"\(e.name)\""
                if let kind = e.kind {
                    lines.append("  use     \(node)  \(kind.rawValue)\(name)")
                } else {
                    lines.append("  ignore  \(node) \(name)\(name.isEmpty ? "" : ":") \(e.reason ?? "")")
                }
            }
        }
        let used = entries.filter { $0.kind != nil }.count
        if used == 0 {
            lines.append("No touchpad or touchscreen to use: transitiond waits for one to be plugged in.")
        } else {
            lines.append("\(used) touch device\(used == 1 ? "" : "s") would be used.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension DeviceListing.Entry {
    init(_ e: DeviceEvaluation) {
        switch e.verdict {
        case .use(let kind): self.init(node: e.node, name: e.name, kind: kind, reason: nil)
        case .ignore(let reason): self.init(node: e.node, name: e.name, kind: nil, reason: reason)
        }
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
