// SPDX-License-Identifier: MIT
import TransitionCore

/// How far one device's gesture has moved since its begin sample, as Touchégg's percentages
/// need it (``ToucheggScale``): the sum of its deltas, a pinch's scale, and the device's
/// physical size from the begin (``GestureBegin/sizeMm``). Gathered from the same samples the
/// endpoint's engine gets, before it gets them.
struct ToucheggMotion: Sendable, Hashable {
    /// The device the samples come from.
    var device: DeviceID
    /// The begin's source: a pinch sums its `dx` as a scale.
    var source: GestureSource
    /// The device's physical size, `nil` when libinput knows none.
    var sizeMm: DeviceExtent?
    /// Σ dx and Σ dy since the begin, in the source's units (a pinch's dy is an angle: unused).
    var dx = 0.0
    var dy = 0.0
    /// A pinch's scale: 1 at the begin, plus the sum of its `dx`.
    var scale = 1.0

    /// The motion of the gesture `begin` starts.
    init(_ begin: GestureBegin) {
        device = begin.device
        source = begin.source
        sizeMm = begin.sizeMm
    }

    /// No motion on `device` (a gesture whose begin was not seen).
    init(device: DeviceID) {
        self.device = device
        source = .swipe
    }

    /// One update of the gesture.
    mutating func add(_ update: GestureUpdate) {
        dx += update.dx
        dy += update.dy
        if source.isPinch { scale += update.dx }
    }
}
