// SPDX-License-Identifier: MIT
import Testing
import Logging
@testable import TransitionInput

/// Runs against the real udev and libinput of the machine running the tests; real devices are
/// exercised by the end-to-end suite (e2e/) in a VM.
@Suite struct InputManagerTests {
    let logger = Logger(label: "test")

    @Test func startsWithoutDevicesAndExposesItsDescriptors() throws {
        let manager = try InputManager(explicitDevices: ["/nonexistent/event99"], logger: logger)
        #expect(manager.devices.isEmpty)
        #expect(manager.libinputFileDescriptor >= 0)
        var samples = 0
        manager.dispatch { _ in samples += 1 }
        manager.handleUdev { _ in samples += 1 }
        #expect(samples == 0)
    }

    @Test func refusesAnExplicitDeviceThatIsNotATouchDevice() {
        #expect(throws: InputError.refused(path: "/dev/null", reason: "not an evdev event node (/dev/input/event*)")) {
            try InputManager(explicitDevices: ["/dev/null"], logger: logger)
        }
        #expect(InputError.refused(path: "/dev/input/event3", reason: "keyboard: not a touch device").description
                == "refusing /dev/input/event3: keyboard: not a touch device; transitiond opens only touchpads and touchscreens")
    }
}
