// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionInput

@Suite struct DeviceClassifierTests {
    private func tags(_ properties: [String: String]) -> UdevTags {
        UdevTags(lookup: { properties[$0] })
    }

    private var touchpadCaps: EvdevCapabilities {
        var c = EvdevCapabilities()
        c.mtPositionX = true; c.mtPositionY = true; c.btnToolFinger = true; c.btnTouch = true; c.propPointer = true
        return c
    }

    private var touchscreenCaps: EvdevCapabilities {
        var c = EvdevCapabilities()
        c.mtPositionX = true; c.mtPositionY = true; c.btnTouch = true; c.propDirect = true
        return c
    }

    @Test(arguments: [
        (["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1", "ID_INPUT_KEY": "1"], "keyboard: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"], "mouse: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_KEY": "1"], "buttons: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_POINTINGSTICK": "1", "ID_INPUT_MOUSE": "1"], "mouse: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_TABLET": "1"], "tablet: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_JOYSTICK": "1"], "joystick: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_SWITCH": "1"], "switch: not a touch device"),
        (["ID_INPUT": "1", "ID_INPUT_ACCELEROMETER": "1"], "accelerometer: not a touch device"),
        ([:], "unclassified device: not a touch device"),
        (["ID_INPUT_TOUCHPAD": "0"], "unclassified device: not a touch device"),
    ])
    func nonTouchDevicesAreIgnoredWithoutBeingOpened(properties: [String: String], reason: String) {
        #expect(DeviceClassifier.preclassify(tags(properties), seat: "seat0") == .ignore(reason))
        #expect(DeviceClassifier.preclassify(tags(properties), seat: nil) == .ignore(reason))
    }

    @Test func touchDevicesOnTheSeatAreCandidates() {
        #expect(DeviceClassifier.preclassify(tags(["ID_INPUT_TOUCHPAD": "1"]), seat: "seat0") == .use(.touchpad))
        #expect(DeviceClassifier.preclassify(tags(["ID_INPUT_TOUCHSCREEN": "1", "ID_SEAT": "seat0"]), seat: "seat0")
                == .use(.touchscreen))
        #expect(DeviceClassifier.preclassify(tags(["ID_INPUT_TOUCHSCREEN": "1", "ID_SEAT": ""]), seat: "seat0")
                == .use(.touchscreen))
    }

    @Test func devicesOnAnotherSeatAreIgnoredUnlessExplicit() {
        let t = tags(["ID_INPUT_TOUCHPAD": "1", "ID_SEAT": "seat1"])
        #expect(DeviceClassifier.preclassify(t, seat: "seat0") == .ignore("on seat1, not seat0"))
        #expect(DeviceClassifier.preclassify(t, seat: "seat1") == .use(.touchpad))
        #expect(DeviceClassifier.preclassify(t, seat: nil) == .use(.touchpad))
    }

    @Test func capabilitiesConfirmTheKind() {
        #expect(DeviceClassifier.confirm(.touchpad, touchpadCaps) == .use(.touchpad))
        #expect(DeviceClassifier.confirm(.touchscreen, touchscreenCaps) == .use(.touchscreen))
        // Tagged as both: INPUT_PROP_DIRECT decides.
        #expect(DeviceClassifier.confirm(.touchpad, touchscreenCaps) == .use(.touchscreen))
    }

    @Test func capabilitiesThatDoNotMatchAreRefused() {
        var single = touchpadCaps
        single.mtPositionX = false
        #expect(DeviceClassifier.confirm(.touchpad, single)
                == .ignore("tagged as a touchpad by udev, but has no ABS_MT_POSITION_X/Y (not multitouch)"))
        var noFinger = touchpadCaps
        noFinger.btnToolFinger = false; noFinger.propPointer = false
        #expect(DeviceClassifier.confirm(.touchpad, noFinger)
                == .ignore("tagged as a touchpad by udev, but has neither BTN_TOOL_FINGER nor INPUT_PROP_POINTER"))
        var noTouch = touchpadCaps
        noTouch.btnTouch = false
        #expect(DeviceClassifier.confirm(.touchscreen, noTouch)
                == .ignore("tagged as a touchscreen by udev, but has neither BTN_TOUCH nor INPUT_PROP_DIRECT"))
    }
}

@Suite struct DeviceListingTests {
    @Test func anEmptyListingSaysSo() {
        let listing = DeviceListing(seat: "seat0", explicit: false, entries: [])
        #expect(listing.report == """
            No input devices found on seat seat0.
            No touchpad or touchscreen to use: transitiond waits for one to be plugged in.

            """)
    }

    @Test func theReportSaysWhatIsUsedAndWhyTheRestIsIgnored() {
        let listing = DeviceListing(seat: "seat0", explicit: false, entries: [
            .init(node: "/dev/input/event3", name: "AT keyboard", kind: nil, reason: "keyboard: not a touch device"),
            .init(node: "/dev/input/event12", name: "Pad", kind: .touchpad, reason: nil),
        ])
        #expect(listing.report == """
            Input devices on seat seat0:
              ignore  /dev/input/event3   "AT keyboard": keyboard: not a touch device
              use     /dev/input/event12  touchpad "Pad"
            1 touch device would be used.

            """)
    }

    @Test func scanningThisMachineWorks() throws {
        // Build machines have no input devices; a desktop has some. Either way: no error, and a
        // report that ends with the summary line.
        let listing = try DeviceListing.scan()
        #expect(listing.report.hasSuffix("plugged in.\n") || listing.report.hasSuffix("would be used.\n"))
        #expect(listing.entries.allSatisfy { $0.node.hasPrefix("/dev/input/event") })
    }

    @Test func explicitPathsThatAreNotEventNodesAreRefused() throws {
        let listing = try DeviceListing.scan(explicitDevices: ["/dev/null", "/nonexistent/event99", "/etc/hostname"])
        #expect(listing.entries.map(\.reason) == [
            "not an evdev event node (/dev/input/event*)",
            "no such device (transitiond waits for it)",
            "not a character device",
        ])
    }
}
