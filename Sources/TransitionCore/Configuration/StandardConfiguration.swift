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
    ///
    /// What is left out, and why: transitiond only observes input; it never grabs a device, so
    /// every gesture also reaches the compositor and the focused application. One- and
    /// two-finger touchscreen pans scroll and drag in applications, two-finger touchpad pinches
    /// zoom, and two-finger touchpad scrolls scroll: binding them by default would run a
    /// transition on every ordinary scroll or zoom. So `touch1-*`, `touch2-*`, `pinch2-*` and
    /// `scroll2-up/down/left/right` follow the same naming but are not in the standard set;
    /// add them in the configuration file where they make sense (a kiosk, a dedicated pad).
    /// Three and four fingers are what applications leave alone.
    public static let standard: EngineConfiguration = {
        var transitions: [TransitionSpec] = []
        var bindings: [Binding] = []
        func add(_ source: GestureSource, _ fingers: Int, _ directions: [Direction]) {
            for direction in directions {
                let name = "\(source.rawValue)\(fingers)-\(direction.rawValue)"
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
        return EngineConfiguration(transitions: transitions, bindings: bindings)
    }()
}
