// SPDX-License-Identifier: MIT
import TransitionCore

/// One evdev event of a touchpad (`struct input_event`), decoded into plain values so that
/// ``PadTapRecognizer`` is pure. `timeUs` is the event's CLOCK_MONOTONIC time (libinput sets
/// every device it opens to that clock; the second descriptor is set to it too).
struct EvdevEvent: Equatable {
    var type: UInt16
    var code: UInt16
    var value: Int32
    var timeUs: UInt64

    init(_ type: UInt16, _ code: UInt16, _ value: Int32, timeUs: UInt64) {
        self.type = type; self.code = code; self.value = value; self.timeUs = timeUs
    }

    // The codes of linux/input-event-codes.h this recogniser reads (stable kernel ABI).
    static let synType: UInt16 = 0x00, keyType: UInt16 = 0x01, absType: UInt16 = 0x03
    static let synReport: UInt16 = 0, synDropped: UInt16 = 3
    static let btnLeft: UInt16 = 0x110
    static let btnToolFinger: UInt16 = 0x145, btnToolQuintTap: UInt16 = 0x148
    static let btnToolDoubleTap: UInt16 = 0x14d, btnToolTripleTap: UInt16 = 0x14e, btnToolQuadTap: UInt16 = 0x14f
    static let absMTSlot: UInt16 = 0x2f, absMTPositionX: UInt16 = 0x35, absMTPositionY: UInt16 = 0x36
    static let absMTToolType: UInt16 = 0x37, absMTTrackingID: UInt16 = 0x39
    /// `MT_TOOL_PALM`.
    static let mtToolPalm: Int32 = 2
}

/// Touchpad taps of three or more fingers (bindings `padtap<fingers>`), from the touchpad's
/// own multitouch evdev frames.
///
/// libinput reports no touch events for touchpads, and its own tapping gives up at a fourth
/// finger and is off by default (measured with libinput 1.22), so this is the one recogniser
/// that reads evdev: frames end at `SYN_REPORT`; contacts come from `ABS_MT_SLOT`,
/// `ABS_MT_TRACKING_ID` and `ABS_MT_POSITION_X/Y`; the finger count is the larger of the
/// active slots and the `BTN_TOOL_*TAP` key held (a touchpad with fewer slots than fingers
/// reports the rest that way).
///
/// A sequence starts when the first finger lands and ends when the last lifts. It is a tap,
/// emitted as ``TapInput`` with `touchpad: true` and the most fingers down at once, when:
/// - at least ``Parameters/minFingers`` were down at once;
/// - the last finger lifted within ``Parameters/tapMaxUs`` of the first landing (libinput's
///   `DEFAULT_TAP_TIMEOUT_PERIOD`, 180 ms), so a resting palm or thumb, which stays down for
///   longer, spoils every tap made around it;
/// - no contact moved farther than ``Parameters/moveThresholdMm`` from where it landed
///   (libinput's `DEFAULT_TAP_MOVE_THRESHOLD`, 1.3 mm), so a swipe or a pinch is never a tap;
/// - no contact was a palm (`ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM`), no physical button was
///   pressed, and no event was dropped (`SYN_DROPPED`).
struct PadTapRecognizer {
    /// Tuning; every default is libinput's (src/evdev-mt-touchpad-tap.c).
    struct Parameters: Equatable {
        /// The longest a tap lasts, first finger down to last finger up: 180 ms.
        var tapMaxUs: UInt64 = 180_000
        /// The farthest a contact of a tap may move from where it landed: 1.3 mm.
        var moveThresholdMm: Double = 1.3
        /// The fewest fingers of a touchpad tap: one and two are the desktop's clicks.
        var minFingers: Int = 3
    }

    /// Device units per millimetre along x and y (`ABS_MT_POSITION_X/Y` resolution). A
    /// touchpad that reports none is given 1 % of its shorter range per 1.3 mm instead.
    struct Scale: Equatable {
        var unitsPerMmX: Double
        var unitsPerMmY: Double
    }

    private struct Slot {
        var active = false
        var landing = false
        var x: Int32 = 0
        var y: Int32 = 0
        var downX: Int32 = 0
        var downY: Int32 = 0
    }

    let device: DeviceID
    let parameters: Parameters
    let scale: Scale
    private var slots: [Slot]
    private var current = 0
    /// Fingers the `BTN_TOOL_*` key held says are down (0 when none).
    private var toolFingers = 0
    /// The sequence in progress: since the first finger landed.
    private var firstDownUs: UInt64?
    private var mostFingers = 0
    private var spoiled = false

    init(device: DeviceID, scale: Scale, slotCount: Int, parameters: Parameters = Parameters()) {
        self.device = device
        self.scale = scale
        self.parameters = parameters
        slots = Array(repeating: Slot(), count: max(1, min(slotCount, 64)))
    }

    /// Whether a sequence is in progress (a finger is down, as far as the frames say).
    var isTouching: Bool { firstDownUs != nil }

    /// The transition function: one evdev event in, at most one tap out (at a `SYN_REPORT`).
    mutating func handle(_ e: EvdevEvent, emit: (GestureInput) -> Void) {
        switch e.type {
        case EvdevEvent.absType:
            switch e.code {
            case EvdevEvent.absMTSlot:
                current = Int(e.value)
            case EvdevEvent.absMTTrackingID:
                guard slots.indices.contains(current) else { spoiled = true; return }
                if e.value >= 0 {
                    slots[current].active = true
                    slots[current].landing = true
                } else {
                    slots[current].active = false
                }
            case EvdevEvent.absMTPositionX:
                if slots.indices.contains(current) { slots[current].x = e.value }
            case EvdevEvent.absMTPositionY:
                if slots.indices.contains(current) { slots[current].y = e.value }
            case EvdevEvent.absMTToolType:
                if e.value == EvdevEvent.mtToolPalm { spoiled = true }
            default:
                break
            }
        case EvdevEvent.keyType:
            let fingers: Int? = switch e.code {
            case EvdevEvent.btnToolFinger: 1
            case EvdevEvent.btnToolDoubleTap: 2
            case EvdevEvent.btnToolTripleTap: 3
            case EvdevEvent.btnToolQuadTap: 4
            case EvdevEvent.btnToolQuintTap: 5
            default: nil
            }
            if let fingers {
                if e.value != 0 { toolFingers = fingers } else if toolFingers == fingers { toolFingers = 0 }
            } else if e.code == EvdevEvent.btnLeft, e.value != 0 {
                spoiled = true
            }
        case EvdevEvent.synType:
            if e.code == EvdevEvent.synReport {
                frame(timeUs: e.timeUs, emit: emit)
            } else if e.code == EvdevEvent.synDropped {
                spoiled = true
            }
        default:
            break
        }
    }

    /// Events were lost (libevdev resynchronised the device): whatever is in progress is no tap.
    mutating func dropped() { spoiled = true }

    /// Forgets everything without emitting anything (the device was closed).
    mutating func reset() {
        for i in slots.indices { slots[i] = Slot() }
        current = 0
        toolFingers = 0
        firstDownUs = nil
        mostFingers = 0
        spoiled = false
    }

    private mutating func frame(timeUs t: UInt64, emit: (GestureInput) -> Void) {
        var active = 0
        for i in slots.indices where slots[i].active {
            active += 1
            if slots[i].landing {
                slots[i].landing = false
                slots[i].downX = slots[i].x
                slots[i].downY = slots[i].y
            } else if moved(slots[i]) {
                spoiled = true
            }
        }
        let fingers = max(active, toolFingers)
        if fingers > 0 {
            if firstDownUs == nil {
                firstDownUs = t             // `spoiled` may already hold: a palm in this frame
                mostFingers = 0
            }
            mostFingers = max(mostFingers, fingers)
            if let first = firstDownUs, t - min(t, first) > parameters.tapMaxUs { spoiled = true }
            return
        }
        guard let first = firstDownUs else {
            spoiled = false                 // nothing down: a drop or click between taps is over
            return
        }
        let duration = t - min(t, first)
        if !spoiled, mostFingers >= parameters.minFingers, duration <= parameters.tapMaxUs {
            emit(.tap(TapInput(device: device, fingers: mostFingers, durationUs: duration, timeUs: t, touchpad: true)))
        }
        firstDownUs = nil
        mostFingers = 0
        spoiled = false
    }

    private func moved(_ s: Slot) -> Bool {
        let dx = (Double(s.x) - Double(s.downX)) / scale.unitsPerMmX
        let dy = (Double(s.y) - Double(s.downY)) / scale.unitsPerMmY
        return (dx * dx + dy * dy).squareRoot() > parameters.moveThresholdMm
    }
}

extension PadTapRecognizer.Scale {
    /// The scale of a touchpad whose axes have `resolutionX`/`resolutionY` units per mm, and
    /// ranges `rangeX`/`rangeY` units (used when a resolution is 0: 1.3 mm is then 1 % of the
    /// shorter range).
    static func touchpad(resolutionX: Int32, resolutionY: Int32, rangeX: Int32, rangeY: Int32) -> Self {
        let fallback = max(1, 0.01 * Double(max(1, min(rangeX, rangeY)))) / 1.3
        return Self(unitsPerMmX: resolutionX > 0 ? Double(resolutionX) : fallback,
                    unitsPerMmY: resolutionY > 0 ? Double(resolutionY) : fallback)
    }
}
