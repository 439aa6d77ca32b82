// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif

/// The whole decision for one event node: udev properties first, then (only for nodes udev
/// tagged as touch devices) a brief libevdev probe. Shared by ``InputManager`` and
/// ``DeviceListing`` so that what `--list-devices` says is what the daemon does.
struct DeviceEvaluation {
    var node: String
    var name: String
    var tags: UdevTags
    var verdict: DeviceClassifier.Verdict
    var capabilities: EvdevCapabilities?

    /// `seat`: the seat to use, or `nil` to accept any (explicit `--device` paths).
    init(_ device: UdevDevice, seat: String?) {
        node = device.devnode ?? "/dev/input/\(device.sysname)"
        name = device.name ?? "unnamed"
        tags = device.tags
        verdict = DeviceClassifier.preclassify(tags, seat: seat)
        guard case .use(let kind) = verdict else { return }
        switch DeviceProbe.probe(node) {
        case .failure(let error):
            verdict = .ignore(error.message)
        case .success(let probe):
            name = probe.name
            capabilities = probe.capabilities
            verdict = DeviceClassifier.confirm(kind, probe.capabilities)
        }
    }

    /// Resolves a path given with `--device` to its udev device, or says why it cannot be used.
    static func explicitDevice(_ path: String, udev: Udev) -> Result<UdevDevice, ExplicitDeviceError> {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return .failure(errno == ENOENT ? .missing : .refused(String(cString: strerror(errno))))
        }
        guard (st.st_mode & S_IFMT) == S_IFCHR else { return .failure(.refused("not a character device")) }
        guard let device = udev.device(devnum: UInt(st.st_rdev)) else {
            return .failure(.refused("udev does not know this device"))
        }
        guard device.isEventNode else {
            return .failure(.refused("not an evdev event node (/dev/input/event*)"))
        }
        return .success(device)
    }

    enum ExplicitDeviceError: Error, Equatable {
        case missing
        case refused(String)
    }

    /// Whether a udev device is the one a `--device` path names (the node itself or one of its
    /// udev symlinks, e.g. `/dev/input/by-path/…`).
    static func matches(_ device: UdevDevice, path: String) -> Bool {
        guard let node = device.devnode else { return false }
        if node == path { return true }
        if let links = device.property("DEVLINKS"), links.split(separator: " ").contains(Substring(path)) { return true }
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &resolved) != nil else { return false }
        return String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == node
    }
}
