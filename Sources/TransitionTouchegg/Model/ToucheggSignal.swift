// SPDX-License-Identifier: MIT
/// One of Touchégg's three D-Bus signals, with its `(uudiut)` arguments: what the Touchégg
/// endpoint sends for a gesture (Touchégg 2.0's `src/daemon/dbus.h`).
public struct ToucheggSignal: Sendable, Hashable {
    /// Which signal.
    public enum Member: Int, Sendable, Hashable, CaseIterable {
        /// `OnGestureBegin`.
        case begin
        /// `OnGestureUpdate`.
        case update
        /// `OnGestureEnd`.
        case end

        /// The signal's name on the wire.
        public var name: String {
            switch self {
            case .begin: "OnGestureBegin"
            case .update: "OnGestureUpdate"
            case .end: "OnGestureEnd"
            }
        }
    }

    /// Which signal.
    public var member: Member
    /// `gesture_type`: 0 not supported, 1 swipe, 2 pinch, 3 tap.
    public var type: UInt32
    /// `gesture_direction`: 0 unknown, 1 up, 2 down, 3 left, 4 right, 5 in, 6 out.
    public var direction: UInt32
    /// `percentage`, 0 to 100.
    public var percentage: Double
    /// `fingers`.
    public var fingers: Int32
    /// `performed_on_device_type`: 0 unknown, 1 touchpad, 2 touchscreen.
    public var deviceType: UInt32
    /// `elapsed_time`: milliseconds since the gesture began.
    public var elapsedMs: UInt64
    /// The tracker's number of the gesture it belongs to (not sent): a client that must not see
    /// a gesture's end twice takes none below its first (``ToucheggTracker/nextGesture``).
    public var gesture: UInt64 = 0
    /// Whether it is the `OnGestureUpdate` that sets Gala's velocity before `OnGestureEnd`
    /// (``GalaFollower/settlingPercentage(from:)``): queued in order, never coalesced away.
    public var settles = false

    /// Whether a newer `OnGestureUpdate` may replace it in a busy client's queue.
    public var isCoalescable: Bool { member == .update && !settles }

    /// A signal with these arguments.
    public init(member: Member, type: UInt32, direction: UInt32, percentage: Double, fingers: Int32,
                deviceType: UInt32, elapsedMs: UInt64) {
        self.member = member; self.type = type; self.direction = direction; self.percentage = percentage
        self.fingers = fingers; self.deviceType = deviceType; self.elapsedMs = elapsedMs
    }
}
