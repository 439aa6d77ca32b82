// SPDX-License-Identifier: MIT
import CEvdev
#if canImport(Glibc)
import Glibc
#endif

/// Opens an event node briefly, read-only, to read its capabilities with libevdev.
///
/// Only ever called for nodes udev already tagged as a touchpad or touchscreen
/// (see ``DeviceClassifier``): keyboards and mice are never opened.
enum DeviceProbe {
    struct Result {
        var name: String
        var capabilities: EvdevCapabilities
    }

    static func probe(_ node: String) -> Swift.Result<Result, ProbeError> {
        let fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ProbeError("cannot open it: \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var device: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &device)
        guard rc == 0, let device else {
            return .failure(ProbeError("libevdev cannot read it: \(String(cString: strerror(-rc)))"))
        }
        defer { libevdev_free(device) }
        func has(_ type: Int32, _ code: Int32) -> Bool {
            libevdev_has_event_code(device, UInt32(type), UInt32(code)) != 0
        }
        func prop(_ p: Int32) -> Bool { libevdev_has_property(device, UInt32(p)) != 0 }
        var caps = EvdevCapabilities()
        caps.mtPositionX = has(EV_ABS, ABS_MT_POSITION_X)
        caps.mtPositionY = has(EV_ABS, ABS_MT_POSITION_Y)
        caps.btnTouch = has(EV_KEY, BTN_TOUCH)
        caps.btnToolFinger = has(EV_KEY, BTN_TOOL_FINGER)
        caps.propDirect = prop(INPUT_PROP_DIRECT)
        caps.propPointer = prop(INPUT_PROP_POINTER)
        if caps.mtPositionX {
            caps.resolutionX = libevdev_get_abs_resolution(device, UInt32(ABS_MT_POSITION_X))
            caps.rangeX = libevdev_get_abs_maximum(device, UInt32(ABS_MT_POSITION_X))
                - libevdev_get_abs_minimum(device, UInt32(ABS_MT_POSITION_X))
        }
        if caps.mtPositionY {
            caps.rangeY = libevdev_get_abs_maximum(device, UInt32(ABS_MT_POSITION_Y))
                - libevdev_get_abs_minimum(device, UInt32(ABS_MT_POSITION_Y))
        }
        let name = libevdev_get_name(device).map { String(cString: $0) } ?? "unnamed"
        return .success(Result(name: name, capabilities: caps))
    }

    struct ProbeError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
