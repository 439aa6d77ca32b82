// SPDX-License-Identifier: MIT
/// The evdev capabilities that confirm what udev says a touch device is (read with libevdev).
struct EvdevCapabilities: Equatable {
    var mtPositionX = false
    var mtPositionY = false
    var btnTouch = false
    var btnToolFinger = false
    var propDirect = false
    var propPointer = false
    /// `ABS_MT_POSITION_X`'s resolution in units per mm (0: none reported).
    var resolutionX: Int32 = 0
    /// `ABS_MT_POSITION_X/Y` ranges (maximum − minimum) in device units.
    var rangeX: Int32 = 0
    var rangeY: Int32 = 0

    init() {}
}
