// SPDX-License-Identifier: MIT

/// GNOME Shell's gestures by version (docs/actions.md, "The desktop's own gestures", cites the
/// same commits): read from GNOME/gnome-shell `js/ui/swipeTracker.js` at the tags 3.34.0,
/// 3.36.0, 3.38.4, 40.alpha, 40.beta, 46.0, 47.0 and 51.beta.
extension DesktopGestureSet {
    /// GNOME Shell's gestures as `version` acts on them, the version in the desktop's name
    /// ("GNOME Shell 46.2"); with no version, ``gnome``'s rows, which hold for every version, each
    /// saying the running version is unknown.
    public static func gnome(version: GnomeShellVersion?) -> DesktopGestureSet {
        guard let version else {
            var set = gnome
            for i in set.gestures.indices { set.gestures[i].when += "; the running version is unknown" }
            return set
        }
        let gestures = switch version.gestures {
        case .threeOrMoreFingers: gnome47
        case .threeFingers: gnome40
        case .fourFingers: gnome3
        }
        return DesktopGestureSet(desktop: "\(gnome.desktop) \(version)", names: gnome.names, gestures: gestures)
    }

    /// Every version's rows, for the tests that check each row's citation and way out.
    public static let gnomeByVersion: [DesktopGestureSet] = [
        gnome(version: GnomeShellVersion(major: 3, .number(38), .number(4))),
        gnome(version: GnomeShellVersion(major: 46, .number(2))),
        gnome(version: GnomeShellVersion(major: 47, .number(0))),
    ]

    private static let horizontalSwipes: Set<String> = ["left", "right"]
    private static let verticalSwipes: Set<String> = ["up", "down"]
    private static let noSetting = "GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead"

    /// 47.alpha and later: every touchpad swipe of 3 fingers or more.
    private static let gnome47 = [
        DesktopGesture(
            sources: ["swipe"], fingers: 3...10, directions: horizontalSwipes, action: "switches workspaces",
            when: "GNOME 47 and later, with 3 fingers or more", wayOut: noSetting,
            citation: "GNOME/gnome-shell js/ui/workspaceAnimation.js and js/ui/swipeTracker.js (finger count < GESTURE_FINGER_COUNT propagates, commit 6a4cb2ce, 47.alpha)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 3...10, directions: verticalSwipes, action: "opens and closes the overview and the app grid",
            when: "GNOME 47 and later, with 3 fingers or more", wayOut: noSetting,
            citation: "GNOME/gnome-shell js/ui/overview.js and js/ui/swipeTracker.js (finger count < GESTURE_FINGER_COUNT propagates, commit 6a4cb2ce, 47.alpha)"),
        touch3,
    ]

    /// 40.beta to 46: touchpad swipes of exactly 3 fingers.
    private static let gnome40 = [
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: horizontalSwipes, action: "switches workspaces",
            when: "GNOME 40 to 46, with 3 fingers only", wayOut: noSetting + ", or 4 fingers or more",
            citation: "GNOME/gnome-shell js/ui/workspaceAnimation.js and js/ui/swipeTracker.js (finger count !== GESTURE_FINGER_COUNT = 3, commit 35d80416, 40.beta)"),
        DesktopGesture(
            sources: ["swipe"], fingers: 3...3, directions: verticalSwipes, action: "opens and closes the overview and the app grid",
            when: "GNOME 40 to 46, with 3 fingers only", wayOut: noSetting + ", or 4 fingers or more",
            citation: "GNOME/gnome-shell js/ui/overview.js and js/ui/swipeTracker.js (finger count !== GESTURE_FINGER_COUNT = 3, commit 35d80416, 40.beta)"),
        touch3,
    ]

    /// 40.beta and later: touchscreen pans of 3 fingers.
    private static let touch3 = DesktopGesture(
        sources: ["touch"], fingers: 3...3, directions: nil,
        action: "switches workspaces (left, right) and opens the overview (up, down)",
        when: "GNOME 40 and later",
        wayOut: "GNOME Shell has no setting that turns it off: bind other fingers on the touchscreen",
        citation: "GNOME/gnome-shell js/ui/swipeTracker.js (touch pan of GESTURE_FINGER_COUNT points, commit 35d80416, 40.beta)")

    /// Before 40.beta: workspaces stacked vertically, switched by 4-finger swipes in any
    /// direction (the direction checks came in 40.beta), and a 3-finger pinch for the overview.
    private static let gnome3 = [
        DesktopGesture(
            sources: ["swipe"], fingers: 4...4, directions: nil, action: "switches workspaces",
            when: "before GNOME 40, with 4 fingers in any direction",
            wayOut: "GNOME Shell has no setting that turns it off: bind 3 or 5 fingers, holds or taps instead",
            citation: "GNOME/gnome-shell js/ui/swipeTracker.js (finger count !== 4, 3.36.0 to 40.alpha) and js/ui/windowManager.js (3.34.0)"),
        DesktopGesture(
            sources: ["pinch"], fingers: 3...3, directions: ["in", "out"], action: "opens the overview",
            when: "before GNOME 40",
            wayOut: "GNOME Shell has no setting that turns it off: pinch with 2 or 4 fingers",
            citation: "GNOME/gnome-shell js/ui/viewSelector.js (TouchpadShowOverviewAction, 3 fingers, 3.34.0 to 40.alpha)"),
        DesktopGesture(
            sources: ["touch"], fingers: 4...4, directions: nil, action: "switches workspaces",
            when: "before GNOME 40",
            wayOut: "GNOME Shell has no setting that turns it off: bind other fingers on the touchscreen",
            citation: "GNOME/gnome-shell js/ui/swipeTracker.js (TouchSwipeGesture of 4 points, 3.36.0 to 40.alpha)"),
    ]
}
