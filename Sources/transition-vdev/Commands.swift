// SPDX-License-Identifier: MIT
import ArgumentParser
import CEvdev

struct TransitionVdev: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transition-vdev",
        abstract: "Virtual touchpads, touchscreens and keyboards on /dev/uinput, for testing transitiond.",
        discussion: """
            Each command creates a device, prints "created /dev/input/eventN", performs its input and \
            removes the device when it exits. Needs write access to /dev/uinput (modprobe uinput).
            """,
        subcommands: [Touchpad.self, Touchscreen.self, Keyboard.self, Listen.self])
}

struct Touchpad: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A multitouch touchpad (100 × 66 mm, 12 units/mm) that performs swipes.",
        discussion: "Steps are in device units (12 per mm); the default is 60x8,0 (40 mm to the right).")

    @OptionGroup var gesture: GestureOptions

    func run() throws {
        let device = try VirtualDevice(name: gesture.name ?? "transition-vdev touchpad",
                                       bustype: 0x18, vendor: 0x1234, product: 0x5678) { b in
            b.abs(ABS_X, max: 1200, resolution: 12)
            b.abs(ABS_Y, max: 800, resolution: 12)
            b.abs(ABS_MT_SLOT, max: 4)
            b.abs(ABS_MT_POSITION_X, max: 1200, resolution: 12)
            b.abs(ABS_MT_POSITION_Y, max: 800, resolution: 12)
            b.abs(ABS_MT_TRACKING_ID, max: 65535)
            for key in [BTN_LEFT, BTN_TOUCH] + MultiTouchWriter.toolKeyCodes { b.key(key) }
            b.property(INPUT_PROP_POINTER)
            b.property(INPUT_PROP_BUTTONPAD)
        }
        say("created \(device.devnode)")
        let writer = MultiTouchWriter(device: device, toolKeys: true, maxX: 1200, maxY: 800)
        try gesture.perform(on: writer, spacing: 100, scale: 1)
    }
}

struct Touchscreen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A multitouch touchscreen (300 × 200 mm unless --size, 10 units/mm) that performs drags, pinches and taps.",
        discussion: """
            Steps are in millimetres; the default is 60x8,0 (480 mm, clamped to the screen). COUNTsD \
            steps spread the fingers (a pinch), %X,Y places the first finger. With --no-resolution \
            the device reports no resolution, like many real panels: libinput then knows no size.
            """)

    @OptionGroup var gesture: GestureOptions

    @Option(help: "WIDTHxHEIGHT in mm.")
    var size: String = "300x200"

    @Flag(name: .customLong("no-resolution"), help: "Report no resolution (libinput_device_get_size fails).")
    var noResolution = false

    func validate() throws {
        guard dimensions != nil else { throw ValidationError("--size must be WIDTHxHEIGHT in mm, e.g. 300x200") }
    }

    var dimensions: (Int32, Int32)? {
        let parts = size.split(separator: "x")
        guard parts.count == 2, let w = Int32(parts[0]), let h = Int32(parts[1]), w > 0, h > 0, w <= 2000, h <= 2000 else { return nil }
        return (w, h)
    }

    func run() throws {
        let (w, h) = dimensions!
        let resolution: Int32 = noResolution ? 0 : 10
        let device = try VirtualDevice(name: gesture.name ?? "transition-vdev touchscreen",
                                       bustype: 0x18, vendor: 0x1234, product: 0x5679) { b in
            b.abs(ABS_X, max: w * 10, resolution: resolution)
            b.abs(ABS_Y, max: h * 10, resolution: resolution)
            b.abs(ABS_MT_SLOT, max: 9)
            b.abs(ABS_MT_POSITION_X, max: w * 10, resolution: resolution)
            b.abs(ABS_MT_POSITION_Y, max: h * 10, resolution: resolution)
            b.abs(ABS_MT_TRACKING_ID, max: 65535)
            b.key(BTN_TOUCH)
            b.property(INPUT_PROP_DIRECT)
        }
        say("created \(device.devnode)")
        let writer = MultiTouchWriter(device: device, toolKeys: false, maxX: w * 10, maxY: h * 10)
        try gesture.perform(on: writer, spacing: 150, scale: 10)
    }
}

struct Keyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A keyboard that types a few keys (F13-F15) and stays until killed or --duration ends.",
        discussion: "transitiond must never open it: the e2e suite checks /proc/PID/fd.")

    @Option(help: "Key presses to type (F13, F14, F15, …).")
    var presses: Int = 3

    @Option(help: "Seconds to wait after creating the device before typing.")
    var wait: Double = 1

    @Option(help: "Seconds to keep the device after typing; 0 keeps it until the process is killed.")
    var duration: Double = 0

    @Option(help: "The device's name.")
    var name: String = "transition-vdev keyboard"

    func run() throws {
        let keys: [Int32] = [KEY_F13, KEY_F14, KEY_F15]
        let device = try VirtualDevice(name: name, bustype: 0x03, vendor: 0x1234, product: 0x567a) { b in
            // udev tags ID_INPUT_KEYBOARD when KEY_ESC … KEY_D are all present.
            for code in Int32(1)...Int32(88) { b.key(code) }
            for code in keys { b.key(code) }
        }
        say("created \(device.devnode)")
        sleep(seconds: wait)
        for i in 0..<presses {
            let key = keys[i % keys.count]
            try device.write(EV_KEY, key, 1); try device.sync()
            sleep(seconds: 0.02)
            try device.write(EV_KEY, key, 0); try device.sync()
            sleep(seconds: 0.05)
        }
        say("typed \(presses)")
        if duration > 0 {
            sleep(seconds: duration)
        } else {
            while true { sleep(seconds: 3600) }
        }
    }
}
