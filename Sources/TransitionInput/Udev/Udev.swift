// SPDX-License-Identifier: MIT
import CUdev

/// A libudev context. Not thread-safe: used on the event loop's thread only.
final class Udev {
    let handle: OpaquePointer

    init() throws(InputError) {
        guard let handle = udev_new() else { throw .system("cannot create a udev context") }
        self.handle = handle
    }

    deinit { udev_unref(handle) }

    /// Every device of the `input` subsystem that has a `/dev/input/event*` node, sorted by node.
    func inputEventDevices() -> [UdevDevice] {
        guard let enumerate = udev_enumerate_new(handle) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_scan_devices(enumerate)
        var devices: [UdevDevice] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let e = entry {
            if let syspath = udev_list_entry_get_name(e),
               let raw = udev_device_new_from_syspath(handle, syspath) {
                let device = UdevDevice(taking: raw)
                if device.isEventNode { devices.append(device) }
            }
            entry = udev_list_entry_get_next(e)
        }
        return devices.sorted { $0.eventNumber < $1.eventNumber }
    }

    /// The device behind a character device number (from `stat` of a node given by path).
    func device(devnum: UInt) -> UdevDevice? {
        guard let raw = udev_device_new_from_devnum(handle, CChar(UInt8(ascii: "c")), dev_t(devnum)) else { return nil }
        return UdevDevice(taking: raw)
    }
}

/// One udev device (`struct udev_device`), owned.
final class UdevDevice {
    let handle: OpaquePointer

    /// Takes ownership of a reference returned by libudev.
    init(taking handle: OpaquePointer) { self.handle = handle }

    deinit { udev_device_unref(handle) }

    var syspath: String { udev_device_get_syspath(handle).map { String(cString: $0) } ?? "" }
    var sysname: String { udev_device_get_sysname(handle).map { String(cString: $0) } ?? "" }
    var devnode: String? { udev_device_get_devnode(handle).map { String(cString: $0) } }
    /// `add`, `remove`, `change`, … for devices from the monitor; `nil` for enumerated ones.
    var action: String? { udev_device_get_action(handle).map { String(cString: $0) } }
    var devnum: UInt { UInt(udev_device_get_devnum(handle)) }

    func property(_ name: String) -> String? {
        udev_device_get_property_value(handle, name).map { String(cString: $0) }
    }

    /// The human-readable name from sysfs (`device/name`, i.e. the parent input device's `name`),
    /// read without opening the node.
    var name: String? {
        if let parent = udev_device_get_parent(handle),
           let value = udev_device_get_sysattr_value(parent, "name") {
            return String(cString: value)
        }
        return property("NAME").map { $0.trimmingQuotes() }
    }

    /// The udev properties transitiond classifies devices by.
    var tags: UdevTags {
        UdevTags(lookup: { property($0) })
    }

    /// `/dev/input/eventN` nodes only (not `mouseN`, `jsN` or the parent `inputN`).
    var isEventNode: Bool {
        sysname.hasPrefix("event") && devnode != nil
    }

    /// N of `eventN`, for sorting.
    var eventNumber: Int { Int(sysname.dropFirst(5)) ?? Int.max }
}

/// A udev monitor on the netlink socket (hotplug of `input` devices).
final class UdevMonitor {
    let handle: OpaquePointer

    init(udev: Udev) throws(InputError) {
        guard let monitor = udev_monitor_new_from_netlink(udev.handle, "udev") else {
            throw .system("cannot create a udev monitor (netlink)")
        }
        handle = monitor
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil) >= 0,
              udev_monitor_enable_receiving(monitor) >= 0 else {
            // `handle` is set, so deinit runs after this throw and drops the monitor.
            throw .system("cannot start the udev monitor")
        }
    }

    deinit { udev_monitor_unref(handle) }

    /// The monitor's non-blocking socket; readable when devices come or go.
    var fileDescriptor: Int32 { udev_monitor_get_fd(handle) }

    /// The next queued device event, or `nil` when none is left.
    func receive() -> UdevDevice? {
        udev_monitor_receive_device(handle).map { UdevDevice(taking: $0) }
    }
}

extension String {
    func trimmingQuotes() -> String {
        var s = Substring(self)
        if s.hasPrefix("\"") { s = s.dropFirst() }
        if s.hasSuffix("\"") { s = s.dropLast() }
        return String(s)
    }
}
