// SPDX-License-Identifier: MIT
public import TransitionCore

/// Keeps the samples the input layer hands on in time order: a sample stamped earlier than the
/// one before it is restamped with that one's time.
///
/// libinput's times are mostly the kernel's stamps of the evdev frames, but a gesture its timer
/// starts (a hold, after its timeout) is stamped when the timer is dispatched, a device removal
/// when udev reports it, and a touchpad tap comes from a second descriptor read on its own. A
/// daemon that reads late (a loaded machine) then sees a later-stamped sample before earlier
/// frames still queued: a loaded e2e run recorded `hold_begin` at 305 793 427 µs followed by
/// `hold_end` and the swipe's `begin` at 305 792 788 µs, a trace `--replay` refuses ("time_us …
/// is earlier than the previous sample's") and an engine that takes time as never going back.
/// Pure: the input manager keeps one and passes every sample through it.
public struct SampleOrder: Sendable {
    /// The latest time handed on so far, µs.
    public private(set) var lastUs: UInt64 = 0

    /// An order starting before any sample.
    public init() {}

    /// `sample`, restamped with the latest time handed on so far if it is earlier.
    public mutating func ordered(_ sample: GestureInput) -> GestureInput {
        guard sample.timeUs >= lastUs else { return sample.shifted(toUs: lastUs) }
        lastUs = sample.timeUs
        return sample
    }
}
