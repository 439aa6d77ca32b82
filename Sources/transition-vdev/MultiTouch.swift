// SPDX-License-Identifier: MIT
import CEvdev

/// Writes multitouch (protocol B) frames to a virtual touchpad or touchscreen.
final class MultiTouchWriter {
    let device: VirtualDevice
    /// Touchpads announce the finger count with BTN_TOOL_FINGER … BTN_TOOL_QUINTTAP.
    let toolKeys: Bool
    let maxX: Int32
    let maxY: Int32
    private var trackingID: Int32 = 100

    init(device: VirtualDevice, toolKeys: Bool, maxX: Int32, maxY: Int32) {
        self.device = device; self.toolKeys = toolKeys; self.maxX = maxX; self.maxY = maxY
    }

    static let toolKeyCodes: [Int32] = [BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
                                        BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP]

    private func clamp(_ p: (Double, Double)) -> (Int32, Int32) {
        (Swift.max(0, Swift.min(maxX, Int32(p.0.rounded()))), Swift.max(0, Swift.min(maxY, Int32(p.1.rounded()))))
    }

    /// Every finger touches down at `points` (device units).
    func down(_ points: [(Double, Double)]) throws(VdevError) {
        for (slot, p) in points.enumerated() {
            let (x, y) = clamp(p)
            try device.write(EV_ABS, ABS_MT_SLOT, Int32(slot))
            try device.write(EV_ABS, ABS_MT_TRACKING_ID, trackingID)
            try device.write(EV_ABS, ABS_MT_POSITION_X, x)
            try device.write(EV_ABS, ABS_MT_POSITION_Y, y)
            trackingID += 1
        }
        try device.write(EV_KEY, BTN_TOUCH, 1)
        if toolKeys { try device.write(EV_KEY, Self.toolKeyCodes[points.count - 1], 1) }
        try single(points[0])
        try device.sync()
    }

    /// Every finger moves to `points`.
    func move(_ points: [(Double, Double)]) throws(VdevError) {
        for (slot, p) in points.enumerated() {
            let (x, y) = clamp(p)
            try device.write(EV_ABS, ABS_MT_SLOT, Int32(slot))
            try device.write(EV_ABS, ABS_MT_POSITION_X, x)
            try device.write(EV_ABS, ABS_MT_POSITION_Y, y)
        }
        try single(points[0])
        try device.sync()
    }

    /// One more finger touches down at `point` beside the `fingers` already down.
    func add(_ point: (Double, Double), to fingers: Int) throws(VdevError) {
        let (x, y) = clamp(point)
        try device.write(EV_ABS, ABS_MT_SLOT, Int32(fingers))
        try device.write(EV_ABS, ABS_MT_TRACKING_ID, trackingID)
        try device.write(EV_ABS, ABS_MT_POSITION_X, x)
        try device.write(EV_ABS, ABS_MT_POSITION_Y, y)
        trackingID += 1
        if toolKeys {
            try device.write(EV_KEY, Self.toolKeyCodes[fingers - 1], 0)
            try device.write(EV_KEY, Self.toolKeyCodes[fingers], 1)
        }
        try device.sync()
    }

    /// Every finger lifts.
    func up(fingers: Int) throws(VdevError) {
        for slot in 0..<fingers {
            try device.write(EV_ABS, ABS_MT_SLOT, Int32(slot))
            try device.write(EV_ABS, ABS_MT_TRACKING_ID, -1)
        }
        try device.write(EV_KEY, BTN_TOUCH, 0)
        if toolKeys { try device.write(EV_KEY, Self.toolKeyCodes[fingers - 1], 0) }
        try device.sync()
    }

    private func single(_ p: (Double, Double)) throws(VdevError) {
        let (x, y) = clamp(p)
        try device.write(EV_ABS, ABS_X, x)
        try device.write(EV_ABS, ABS_Y, y)
    }
}

/// Places a row of fingers so that the whole path stays on the surface, centred.
/// Returns each finger's start point; `spacing` is the distance between neighbouring fingers.
func startPoints(fingers: Int, spacing: Double, steps: [Step], width: Double, height: Double) -> [(Double, Double)] {
    var x = 0.0, y = 0.0, minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0
    for s in steps {
        x += s.dx; y += s.dy
        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }
    let rowWidth = spacing * Double(fingers - 1)
    let startX = (width - (rowWidth + maxX - minX)) / 2 - minX
    let startY = (height - (maxY - minY)) / 2 - minY
    return (0..<fingers).map { (startX + spacing * Double($0), startY) }
}
