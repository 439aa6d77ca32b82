// SPDX-License-Identifier: MIT
import TransitionCore

/// Every recogniser of one device, and the routing of its decoded events to them.
///
/// libinput never runs two touchpad gestures at once (a hold ends before a swipe or scroll
/// begins), so each recogniser sees its own events and the others ignore them.
struct DeviceRecognizer {
    let device: DeviceID
    private var swipe: SwipeRecognizer
    private var pinch: PinchRecognizer
    private var hold: HoldRecognizer
    private var scroll: ScrollRecognizer
    private var touch: TouchPanRecognizer

    /// `touchLayout`: a touchscreen's size, rotation and edge zones in the units of its
    /// positions; its size is carried by its pans' begins (the engine's default travel is the
    /// extent along the pan's axis). `touchpadSizeMm`: a touchpad's size, carried by its
    /// swipes' begins.
    init(device: DeviceID, touchLayout: TouchLayout = TouchLayout(), touchpadSizeMm: DeviceExtent? = nil,
         touchParameters: TouchPanRecognizer.Parameters = .init()) {
        self.device = device
        swipe = SwipeRecognizer(device: device, sizeMm: touchpadSizeMm)
        pinch = PinchRecognizer(device: device)
        hold = HoldRecognizer(device: device)
        scroll = ScrollRecognizer(device: device)
        touch = TouchPanRecognizer(device: device, layout: touchLayout, parameters: touchParameters)
    }

    /// A recogniser whose touchscreen is `touchExtent` large, unrotated, without edge zones.
    init(device: DeviceID, touchExtent: DeviceExtent?) {
        self.init(device: device, touchLayout: TouchLayout(extent: touchExtent))
    }

    /// The touchscreen layout in force.
    var touchLayout: TouchLayout { touch.layout }

    /// Uses a new touchscreen layout (a reload's rotation) from the next touch on.
    mutating func setTouchLayout(_ layout: TouchLayout) { touch.setLayout(layout) }

    /// Routes one decoded event to the recogniser it belongs to.
    mutating func handle(_ event: InputEvent, emit: (GestureInput) -> Void) {
        switch event {
        case .gesture(let g):
            switch g {
            case .swipeBegin, .swipeUpdate, .swipeEnd: swipe.handle(g, emit: emit)
            case .pinchBegin, .pinchUpdate, .pinchEnd: pinch.handle(g, emit: emit)
            case .holdBegin, .holdEnd: hold.handle(g, emit: emit)
            }
        case .scroll(let s): scroll.handle(s, emit: emit)
        case .touch(let t): touch.handle(t, emit: emit)
        }
    }

    /// The device went away: forget every gesture in flight (the caller reports
    /// `GestureInput.deviceRemoved`, which cancels whatever the device drove).
    mutating func reset() {
        swipe.reset(); pinch.reset(); hold.reset(); scroll.reset(); touch.reset()
    }
}
