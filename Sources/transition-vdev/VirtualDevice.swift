// SPDX-License-Identifier: MIT
import CEvdev
#if canImport(Glibc)
import Glibc
#endif

/// A virtual input device on `/dev/uinput`, built with libevdev's uinput API.
final class VirtualDevice {
    private let evdev: OpaquePointer
    private var uinput: OpaquePointer?
    /// The device's event node, e.g. `/dev/input/event7`.
    let devnode: String

    /// Describes the device with `configure` (enable codes and properties on the libevdev handle),
    /// then creates it on /dev/uinput (libevdev opens and closes /dev/uinput itself).
    init(name: String, bustype: Int32, vendor: Int32, product: Int32,
         configure: (DeviceBuilder) -> Void) throws(VdevError) {
        guard let evdev = libevdev_new() else { throw VdevError("libevdev_new failed") }
        self.evdev = evdev
        libevdev_set_name(evdev, name)
        libevdev_set_id_bustype(evdev, bustype)
        libevdev_set_id_vendor(evdev, vendor)
        libevdev_set_id_product(evdev, product)
        libevdev_set_id_version(evdev, 1)
        configure(DeviceBuilder(evdev: evdev))
        var uinput: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(evdev, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard rc == 0, let uinput else {
            libevdev_free(evdev)
            throw VdevError("cannot create the device on /dev/uinput: \(String(cString: strerror(-rc)))"
                            + " (is the uinput module loaded, and may this user write /dev/uinput?)")
        }
        self.uinput = uinput
        devnode = libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        destroy()
        libevdev_free(evdev)
    }

    /// Writes one event. Events become visible to readers at the next `SYN_REPORT`.
    func write(_ type: Int32, _ code: Int32, _ value: Int32) throws(VdevError) {
        guard let uinput else { throw VdevError("the device was destroyed") }
        let rc = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
        guard rc == 0 else { throw VdevError("writing an event failed: \(String(cString: strerror(-rc)))") }
    }

    /// Ends a hardware frame.
    func sync() throws(VdevError) { try write(EV_SYN, SYN_REPORT, 0) }

    /// Removes the device from the system now (as if unplugged).
    func destroy() {
        if let uinput { libevdev_uinput_destroy(uinput) }
        uinput = nil
    }
}

/// Enables event codes and properties while a ``VirtualDevice`` is described.
struct DeviceBuilder {
    let evdev: OpaquePointer

    func key(_ code: Int32) {
        libevdev_enable_event_code(evdev, UInt32(EV_KEY), UInt32(code), nil)
    }

    func abs(_ code: Int32, min: Int32 = 0, max: Int32, resolution: Int32 = 0) {
        var info = input_absinfo(value: 0, minimum: min, maximum: max, fuzz: 0, flat: 0, resolution: resolution)
        libevdev_enable_event_code(evdev, UInt32(EV_ABS), UInt32(code), &info)
    }

    func property(_ prop: Int32) {
        libevdev_enable_property(evdev, UInt32(prop))
    }
}

struct VdevError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
