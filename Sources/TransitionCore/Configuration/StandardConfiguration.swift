// SPDX-License-Identifier: MIT
extension EngineConfiguration {
    /// The built-in configuration, used when no configuration file exists. Pure data; the
    /// configuration module renders exactly this as the default TOML.
    ///
    /// Transitions are named `<source><fingers>-<direction>`, each with one binding of the same
    /// name and every setting at its default (niri's spring, GNOME's thresholds, the sources'
    /// default distances):
    ///
    /// - `swipe3-left/right/up/down`, `swipe4-left/right/up/down`: touchpad swipes, the
    ///   gestures desktops use for workspaces and overviews.
    /// - `pinch3-in/out`, `pinch4-in/out`: touchpad pinches with three and four fingers.
    /// - `touch3-left/right/up/down`, `touch4-left/right/up/down`: touchscreen pans.
    /// - `edge1-left/right/top/bottom`: one finger swiping in from a touchscreen edge (the
    ///   transition of the same name; each moves away from its edge).
    /// - `touchpinch3-in/out`, `touchpinch4-in/out`: touchscreen pinches.
    ///
    /// What is left out, and why: transitiond only observes input; it never grabs a device, so
    /// every gesture also reaches the compositor and the focused application. One- and
    /// two-finger touchscreen pans scroll and drag in applications, two-finger touchpad pinches
    /// zoom, and two-finger touchpad scrolls scroll: binding them by default would run a
    /// transition on every ordinary scroll or zoom. So `touch1-*`, `touch2-*`, `pinch2-*` and
    /// `scroll2-up/down/left/right` follow the same naming but are not in the standard set;
    /// add them in the configuration file where they make sense (a kiosk, a dedicated pad).
    /// Three and four fingers are what applications leave alone.
    ///
    /// Edge swipes with one finger are bound although applications see that touch too: a pan
    /// only counts when it starts within the outer 5 mm of the panel, where there is rarely
    /// anything to drag, and moves inward (dragging a scroll bar along the edge stays an
    /// ordinary pan), so an application rarely reacts to the same touch. Taps are not bound:
    /// a tap runs its transition to the end with no chance to take it back, and a stray
    /// three-finger touch (a palm, a grip on a tablet's bezel) would fire it; `tap1`, `tap2` and
    /// two-finger pinches (`touchpinch2-*`) belong to applications (clicks, zoom) in any case.
    public static let standard: EngineConfiguration = {
        var transitions: [TransitionSpec] = []
        var bindings: [Binding] = []
        func add(_ source: GestureSource, _ fingers: Int, _ directions: [Direction]) {
            for direction in directions {
                let binding = Binding(source: source, fingers: fingers, direction: direction, transition: "")
                let name = binding.gestureName
                transitions.append(TransitionSpec(name: name))
                bindings.append(Binding(source: source, fingers: fingers, direction: direction, transition: name))
            }
        }
        let pan: [Direction] = [.left, .right, .up, .down]
        add(.swipe, 3, pan)
        add(.swipe, 4, pan)
        add(.pinch, 3, [.in, .out])
        add(.pinch, 4, [.in, .out])
        add(.touch, 3, pan)
        add(.touch, 4, pan)
        add(.edge, 1, [.right, .left, .down, .up])     // edge1-left, -right, -top, -bottom
        add(.touchPinch, 3, [.in, .out])
        add(.touchPinch, 4, [.in, .out])
        return EngineConfiguration(transitions: transitions, bindings: bindings)
    }()
}
