// SPDX-License-Identifier: MIT

/// Each desktop's own gestures, as its source defines them (docs/actions.md, "The desktop's own
/// gestures", has the same table with its citations). Touchpad swipes are `swipe`, touchscreen
/// pans `touch`.
extension DesktopGestureSet {
    /// Every desktop transitiond knows the gestures of.
    public static let all: [DesktopGestureSet] = [gnome, kde, hyprland, niri, cosmic, cinnamon]

    private static let horizontal: Set<String> = ["left", "right"]
    private static let vertical: Set<String> = ["up", "down"]

    /// GNOME Shell of an unknown version: a `SwipeTracker` on the stage for workspaces
    /// (horizontal) and one for the overview and app grid (vertical), by the rules of every version
    /// from 3.36 on. ``gnome(version:)`` has each version's own.
    public static let gnome = DesktopGestureSet(desktop: "GNOME Shell", names: ["GNOME", "ubuntu", "gnome", "gnome-xorg"], gestures: [
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: horizontal, action: "switches workspaces",
            when: "GNOME 40 and later",
            wayOut: "GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead, or 4 fingers before GNOME 47",
            citation: "GNOME/gnome-shell js/ui/workspaceAnimation.js and js/ui/swipeTracker.js (GESTURE_FINGER_COUNT = 3 since commit 35d80416, 40.beta)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: vertical, action: "opens and closes the overview and the app grid",
            when: "GNOME 40 and later",
            wayOut: "GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead, or 4 fingers before GNOME 47",
            citation: "GNOME/gnome-shell js/ui/overview.js and js/ui/swipeTracker.js (GESTURE_FINGER_COUNT = 3 since commit 35d80416, 40.beta)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 4...10, directions: nil,
            action: "switches workspaces (left, right) and opens the overview (up, down)",
            when: "GNOME 47 and later (3 fingers or more), and 3.36 to 3.38 (4 fingers)",
            wayOut: "GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead",
            citation: "GNOME/gnome-shell js/ui/swipeTracker.js (finger count < GESTURE_FINGER_COUNT propagates since commit 6a4cb2ce, 47.alpha; 4 fingers in 3.36.0 to 40.alpha)"),
        DesktopGesture(
            sources: ["touch"], fingers: 3...3, directions: nil,
            action: "switches workspaces (left, right) and opens the overview (up, down)",
            when: "GNOME 40 and later",
            wayOut: "GNOME Shell has no setting that turns it off: bind other fingers on the touchscreen",
            citation: "GNOME/gnome-shell js/ui/swipeTracker.js (touch pan of GESTURE_FINGER_COUNT points)"),
    ])

    /// KDE Plasma: KWin's virtual desktop switcher and its Overview effect.
    public static let kde = DesktopGestureSet(desktop: "KDE Plasma", names: ["KDE", "plasma", "plasmawayland", "plasmax11"], gestures: [
        DesktopGesture(
            sources: ["swipe"], fingers: 3...4, directions: horizontal, action: "switches virtual desktops",
            when: "Plasma 6 (and late Plasma 5), with more than one virtual desktop in a row",
            wayOut: "KWin has no setting that turns it off; with one column of virtual desktops (System Settings → Virtual Desktops) it does nothing",
            citation: "KDE/kwin src/virtualdesktops.cpp (registerRealtimeTouchpadSwipeShortcut Left/Right, 3 and 4 fingers)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 4...4, directions: ["up"], action: "opens the Overview",
            when: "Plasma 6, while the Overview effect is on (it is by default)",
            wayOut: "turn the Overview effect off (System Settings → Window Management → Desktop Effects → Overview, or `kwriteconfig6 --file kwinrc --group Plugins --key overviewEnabled false`)",
            citation: "KDE/kwin src/plugins/overview/overvieweffect.cpp (addTouchpadSwipeGesture Up, 4)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 4...4, directions: ["down"], action: "opens the Grid View",
            when: "Plasma 6, while the Overview effect is on (it is by default)",
            wayOut: "turn the Overview effect off (System Settings → Window Management → Desktop Effects → Overview, or `kwriteconfig6 --file kwinrc --group Plugins --key overviewEnabled false`)",
            citation: "KDE/kwin src/plugins/overview/overvieweffect.cpp (addTouchpadSwipeGesture Down, 4)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: vertical, action: "switches virtual desktops up and down",
            when: "with more than one row of virtual desktops", byDefault: false,
            wayOut: "keep one row of virtual desktops (System Settings → Virtual Desktops)",
            citation: "KDE/kwin src/virtualdesktops.cpp (registerRealtimeTouchpadSwipeShortcut Up/Down, 3 fingers)"),
        DesktopGesture(
            sources: ["pinch"], fingers: 3...3, directions: ["in", "out"], action: "zooms the whole desktop",
            when: "recent Plasma 6, while the Zoom effect is on (it is by default)",
            wayOut: "turn the Zoom effect off (System Settings → Window Management → Desktop Effects → Zoom, or `kwriteconfig6 --file kwinrc --group Plugins --key zoomEnabled false`), or pinch with 2 or 4 fingers",
            citation: "KDE/kwin src/plugins/zoom/zoom.cpp (registerTouchpadPinchShortcut Expanding/Contracting, 3; commit 54a05e23) and metadata.json (EnabledByDefault)"),
        DesktopGesture(
            sources: ["touch"], fingers: 3...3, directions: nil,
            action: "switches virtual desktops (left, right), opens the Overview (up) and the Grid View (down)",
            when: "Plasma 6",
            wayOut: "bind other fingers on the touchscreen; the Overview effect's switch (Desktop Effects) frees up and down",
            citation: "KDE/kwin src/virtualdesktops.cpp and src/plugins/overview/overvieweffect.cpp (registerTouchscreenSwipeShortcut, 3 fingers)"),
    ])

    /// Hyprland: only the gestures its configuration declares.
    public static let hyprland = DesktopGestureSet(desktop: "Hyprland", names: ["Hyprland"], gestures: [
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: horizontal, action: "switches workspaces",
            when: "when hyprland.conf says `gesture = 3, horizontal, workspace` (0.51 and later; the config Hyprland writes on first start has it) or `gestures { workspace_swipe = true }` (before 0.51)",
            byDefault: false,
            wayOut: "remove that line from ~/.config/hypr/hyprland.conf, or give it other fingers",
            citation: "hyprwm/Hyprland example/hyprland.conf (v0.51.0, #11490) and src/config/ConfigManager.cpp before it (gestures:workspace_swipe 0, workspace_swipe_fingers 3)"),
    ])

    /// niri: its own touchpad gestures, with no setting.
    public static let niri = DesktopGestureSet(desktop: "niri", names: ["niri"], gestures: [
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: horizontal, action: "moves the view across columns",
            when: "every version",
            wayOut: "niri has no setting that turns it off: bind pinches, holds, taps or 5 fingers instead",
            citation: "YaLTeR/niri src/input/mod.rs on_gesture_swipe_begin (fingers() == 3), v25.11"),
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: vertical, action: "switches workspaces",
            when: "every version",
            wayOut: "niri has no setting that turns it off: bind pinches, holds, taps or 5 fingers instead",
            citation: "YaLTeR/niri src/input/mod.rs on_gesture_swipe_begin (fingers() == 3), v25.11"),
        DesktopGesture(
            sources: ["swipe"], fingers: 4...4, directions: nil, action: "opens and closes the overview (it takes every 4-finger swipe)",
            when: "25.05 and later",
            wayOut: "niri has no setting that turns it off: bind pinches, holds, taps or 5 fingers instead",
            citation: "YaLTeR/niri src/input/mod.rs on_gesture_swipe_begin (fingers() == 4, overview_gesture_begin), v25.05"),
    ])

    /// COSMIC: cosmic-comp's workspace swipe.
    public static let cosmic = DesktopGestureSet(desktop: "COSMIC", names: ["COSMIC", "cosmic"], gestures: [
        DesktopGesture(
            sources: ["swipe"], fingers: 4...4, directions: vertical, action: "switches workspaces",
            when: "with vertical workspaces (the default)",
            wayOut: "cosmic-comp has no setting that turns it off: bind 3 or 5 fingers (horizontal workspaces in COSMIC Settings → Desktop → Workspaces move it to left and right)",
            citation: "pop-os/cosmic-comp src/input/mod.rs (GestureSwipeUpdate, 4 fingers) and cosmic-comp-config/src/workspace.rs (WorkspaceLayout::Vertical by default), epoch-1.4.0"),
        DesktopGesture(
            sources: ["swipe"], fingers: 4...4, directions: horizontal, action: "switches workspaces",
            when: "with horizontal workspaces", byDefault: false,
            wayOut: "cosmic-comp has no setting that turns it off: bind 3 or 5 fingers (vertical workspaces move it to up and down)",
            citation: "pop-os/cosmic-comp src/input/mod.rs (GestureSwipeUpdate, 4 fingers), epoch-1.4.0"),
    ])

    /// Cinnamon: Touchégg's gestures, through Touchégg's protocol (transitiond's `@touchegg`
    /// when it serves it), off until the user turns them on.
    public static let cinnamon = DesktopGestureSet(desktop: "Cinnamon", names: ["X-Cinnamon", "Cinnamon", "cinnamon", "cinnamon2d"], gestures: [
        DesktopGesture(
            sources: ["swipe", "touch"], fingers: 3...3, directions: nil,
            action: "switches workspaces (left, right), shows the workspaces (up) and the windows (down)",
            when: "Cinnamon 5.8 and later, when its gestures are on (org.cinnamon.gestures enabled, off by default)",
            byDefault: false,
            wayOut: "turn Cinnamon's gestures off (System Settings → Gestures, or `gsettings set org.cinnamon.gestures enabled false`), or only these: `gsettings set org.cinnamon.gestures KEY ''` for {keys}",
            settingKey: "swipe-{direction}-{fingers}",
            citation: "linuxmint/cinnamon data/org.cinnamon.gestures.gschema.xml (swipe-*-3), 6.4.0 to 6.7"),
        DesktopGesture(
            sources: ["swipe", "touch"], fingers: 4...4, directions: nil,
            action: "moves the window to the next workspace (left, right) and changes the volume (up, down)",
            when: "Cinnamon 5.8 and later, when its gestures are on (org.cinnamon.gestures enabled, off by default)",
            byDefault: false,
            wayOut: "turn Cinnamon's gestures off (System Settings → Gestures, or `gsettings set org.cinnamon.gestures enabled false`), or only these: `gsettings set org.cinnamon.gestures KEY ''` for {keys}",
            settingKey: "swipe-{direction}-{fingers}",
            citation: "linuxmint/cinnamon data/org.cinnamon.gestures.gschema.xml (swipe-*-4), 6.4.0 to 6.7"),
        DesktopGesture(
            sources: ["touch"], fingers: 2...2, directions: nil, action: "tiles the window",
            when: "Cinnamon 5.8 and later, when its gestures are on (org.cinnamon.gestures enabled, off by default)",
            byDefault: false,
            wayOut: "turn Cinnamon's gestures off (System Settings → Gestures, or `gsettings set org.cinnamon.gestures enabled false`), or only these: `gsettings set org.cinnamon.gestures KEY ''` for {keys}",
            settingKey: "swipe-{direction}-{fingers}",
            citation: "linuxmint/cinnamon data/org.cinnamon.gestures.gschema.xml (swipe-*-2), 6.4.0 to 6.7"),
        DesktopGesture(
            sources: ["tap", "padtap"], fingers: 3...3, directions: nil, action: "plays or pauses media",
            when: "Cinnamon 5.8 and later, when its gestures are on (org.cinnamon.gestures enabled, off by default)",
            byDefault: false,
            wayOut: "turn Cinnamon's gestures off (System Settings → Gestures, or `gsettings set org.cinnamon.gestures enabled false`), or only this one: `gsettings set org.cinnamon.gestures {keys} ''`",
            settingKey: "tap-{fingers}",
            citation: "linuxmint/cinnamon data/org.cinnamon.gestures.gschema.xml (tap-3), 6.4.0 to 6.7"),
    ])
}
