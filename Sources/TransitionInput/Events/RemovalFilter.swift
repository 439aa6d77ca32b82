// SPDX-License-Identifier: MIT
import TransitionCore

/// One item of a drained libinput batch: a decoded event of a known device, or the notice that
/// libinput removed a device on its own (its node vanished: `ENODEV` on read).
enum BatchItem: Equatable {
    case event(DeviceID, InputEvent)
    case removed(DeviceID)
    /// The kernel is disconnecting the device (its keys were released while contacts are still
    /// active, or its node hung up), but libinput has not removed it yet.
    case vanishing(DeviceID)
    /// An event ``RemovalFilter`` dropped.
    case dropped
}

/// Tells a device that vanished apart from fingers that lifted.
///
/// When a device's node goes away mid-gesture, libinput tears the device down inside the same
/// `libinput_dispatch`: it lifts every touch and ends every gesture (a swipe ends *not*
/// cancelled, a scroll gets its 0-valued stop) and only then queues `DEVICE_REMOVED`. Passed on
/// as they are, those events would look like a release and the transition could finish. So the
/// manager drains a whole dispatch first, and this filter drops, for every device removed in the
/// batch, the run of teardown events (``InputEvent/isTeardown``) right before its removal; the
/// removal then reaches the engine as `GestureInput.deviceRemoved`, which cancels.
///
/// The kernel itself also releases every key of a device it disconnects, before libinput can see
/// the node go away; the manager detects that (``BatchItem/vanishing(_:)``) and the same filter
/// applies.
enum RemovalFilter {
    /// Replaces the teardown events before each removal with ``BatchItem/dropped``.
    static func dropTeardown(_ batch: inout [BatchItem]) {
        var removedAhead: [DeviceID] = []
        var i = batch.count
        while i > 0 {
            i -= 1
            switch batch[i] {
            case .removed(let device), .vanishing(let device):
                if !removedAhead.contains(device) { removedAhead.append(device) }
            case .event(let device, let event):
                guard let k = removedAhead.firstIndex(of: device) else { continue }
                if event.isTeardown {
                    batch[i] = .dropped
                } else {
                    removedAhead.remove(at: k)
                }
            case .dropped:
                break
            }
        }
    }
}
