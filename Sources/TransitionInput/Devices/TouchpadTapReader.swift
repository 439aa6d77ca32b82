// SPDX-License-Identifier: MIT
import CEvdev
import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

/// The second descriptor of one touchpad: its evdev node, opened read-only beside libinput's,
/// read with libevdev and fed to a ``PadTapRecognizer``.
///
/// This is the one place the daemon reads evdev frames itself. libinput reports no touch
/// events for touchpads, its tapping is off by default and stops at three fingers, so a
/// three- or four-finger touchpad tap can only be seen in the touchpad's own multitouch frames.
/// It opens only nodes the input manager already uses as touchpads (never a touchscreen,
/// keyboard or mouse), never grabs them (libinput and the compositor keep every event), and is
/// closed whenever the touchpad's libinput device is (removal, suspend).
final class TouchpadTapReader {
    let fileDescriptor: Int32
    private let evdev: OpaquePointer
    private(set) var recognizer: PadTapRecognizer

    /// Opens `node` (a touchpad) for `device`; `nil` when it cannot be opened or read.
    init?(node: String, device: DeviceID) {
        let fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var handle: OpaquePointer?
        guard libevdev_new_from_fd(fd, &handle) == 0, let handle else {
            close(fd)
            return nil
        }
        // The same clock as libinput's event times (libinput sets its own descriptors to it).
        _ = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        func axis(_ code: Int32) -> (resolution: Int32, range: Int32) {
            (libevdev_get_abs_resolution(handle, UInt32(code)),
             libevdev_get_abs_maximum(handle, UInt32(code)) - libevdev_get_abs_minimum(handle, UInt32(code)))
        }
        let x = axis(ABS_MT_POSITION_X), y = axis(ABS_MT_POSITION_Y)
        let slots = libevdev_get_num_slots(handle)
        fileDescriptor = fd
        evdev = handle
        recognizer = PadTapRecognizer(
            device: device,
            scale: .touchpad(resolutionX: x.resolution, resolutionY: y.resolution, rangeX: x.range, rangeY: y.range),
            slotCount: slots > 0 ? Int(slots) : 1)
    }

    deinit {
        libevdev_free(evdev)
        close(fileDescriptor)
    }

    /// Reads every pending event (call when ``fileDescriptor`` is readable) and hands a tap, if
    /// one ends, to `sink`. After a `SYN_DROPPED` libevdev replays the device's state; the
    /// sequence in progress is then no tap. Returns `false` when the node failed (the device
    /// is going away): the caller stops watching it.
    func read(_ sink: (GestureInput) -> Void) -> Bool {
        var event = input_event()
        var flags = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
        let normal = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue), sync = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)
        while true {
            let rc = libevdev_next_event(evdev, flags, &event)
            if rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                // SYN_DROPPED (spoils the sequence), then the device's state, replayed.
                recognizer.dropped()
                flags = sync
            } else if rc == -EAGAIN, flags == sync {
                flags = normal                  // resynchronised: read on
                continue
            } else if rc == -EAGAIN {
                return true
            } else if rc != Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue) {
                recognizer.reset()
                return false
            }
            let us = UInt64(event.time.tv_sec) * 1_000_000 + UInt64(event.time.tv_usec)
            recognizer.handle(EvdevEvent(event.type, event.code, event.value, timeUs: us), emit: sink)
        }
    }
}
