// SPDX-License-Identifier: MIT
/// Decides which input devices transitiond uses, in two steps, so that nothing but a touch device
/// is ever opened: ``preclassify(_:seat:)`` looks only at udev's properties (no open), and only a
/// device udev tagged as a touchpad or touchscreen is then opened briefly with libevdev and
/// ``confirm(_:_:)``ed by its capabilities.
enum DeviceClassifier {
    enum Verdict: Equatable {
        case use(DeviceKind)
        case ignore(String)
    }

    /// Step one, from udev properties alone. `seat` is the seat to use, or `nil` to accept any
    /// (explicit `--device` paths).
    static func preclassify(_ tags: UdevTags, seat: String?) -> Verdict {
        guard tags.touchpad || tags.touchscreen else {
            return .ignore("\(tags.kindDescription): not a touch device")
        }
        if let seat, tags.effectiveSeat != seat {
            return .ignore("on \(tags.effectiveSeat), not \(seat)")
        }
        return .use(tags.touchscreen && !tags.touchpad ? .touchscreen : .touchpad)
    }

    /// Step two, from the capabilities of a device udev tagged as `kind`.
    static func confirm(_ kind: DeviceKind, _ caps: EvdevCapabilities) -> Verdict {
        guard caps.mtPositionX && caps.mtPositionY else {
            return .ignore("tagged as a \(kind) by udev, but has no ABS_MT_POSITION_X/Y (not multitouch)")
        }
        // A device udev tagged as both goes by INPUT_PROP_DIRECT.
        let actual: DeviceKind = caps.propDirect ? .touchscreen : kind
        switch actual {
        case .touchscreen:
            guard caps.btnTouch || caps.propDirect else {
                return .ignore("tagged as a touchscreen by udev, but has neither BTN_TOUCH nor INPUT_PROP_DIRECT")
            }
        case .touchpad:
            guard caps.btnToolFinger || caps.propPointer else {
                return .ignore("tagged as a touchpad by udev, but has neither BTN_TOOL_FINGER nor INPUT_PROP_POINTER")
            }
        }
        return .use(actual)
    }
}
