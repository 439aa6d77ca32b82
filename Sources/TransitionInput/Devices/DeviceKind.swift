// SPDX-License-Identifier: MIT
public import TransitionCore

/// The kinds of input device transitiond reads. Nothing else is ever opened.
public enum DeviceKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A touchpad: swipes, pinches, holds and two-finger scrolls through libinput's gestures.
    case touchpad
    /// A touchscreen: pans of one to five fingers, recognised from libinput's touch events.
    case touchscreen
}

/// A touch device in use, for `status` and logs.
public struct InputDeviceInfo: Sendable, Hashable, Codable {
    /// The number the device's samples carry, unique for the daemon's lifetime (a device that is
    /// unplugged and plugged in again gets a new one).
    public var id: DeviceID
    /// The event node, e.g. `/dev/input/event5`.
    public var node: String
    /// The kernel's name for the device.
    public var name: String
    /// Touchpad or touchscreen.
    public var kind: DeviceKind
    /// Physical width in mm (`libinput_device_get_size`), `nil` when the device reports no
    /// resolution (then touch positions are in device units instead of mm).
    public var widthMm: Double?
    /// Physical height in mm, `nil` when unknown.
    public var heightMm: Double?
    /// A touchscreen's rotation (`[touchscreen]`), `nil` for a touchpad.
    public var rotation: PanelRotation?
    /// A touchscreen's edge zone in mm, when it reports its size.
    public var edgeZoneMm: Double?
    /// A touchscreen's edge zone as a share of its range, when it reports no size.
    public var edgeZoneShare: Double?

    /// A description of a device in use.
    public init(id: DeviceID, node: String, name: String, kind: DeviceKind, widthMm: Double?, heightMm: Double?,
                rotation: PanelRotation? = nil, edgeZoneMm: Double? = nil, edgeZoneShare: Double? = nil) {
        self.id = id; self.node = node; self.name = name; self.kind = kind
        self.widthMm = widthMm; self.heightMm = heightMm
        self.rotation = rotation; self.edgeZoneMm = edgeZoneMm; self.edgeZoneShare = edgeZoneShare
    }
}
