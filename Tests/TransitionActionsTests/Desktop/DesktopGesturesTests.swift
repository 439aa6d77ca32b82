// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions

/// The desktops' own gestures: which desktop a session runs, and what each takes, as read from
/// its source (docs/actions.md cites each).
@Suite struct DesktopGesturesTests {
    func desktop(_ current: String, session: String? = nil) -> String? {
        DesktopGestureSet.running(desktops: current.split(separator: ":").map(String.init), session: session)?.desktop
    }

    @Test func tellsTheDesktopFromXDGCurrentDesktop() {
        #expect(desktop("GNOME") == "GNOME Shell")
        #expect(desktop("ubuntu:GNOME") == "GNOME Shell")
        #expect(desktop("GNOME-Classic:GNOME") == "GNOME Shell")
        #expect(desktop("KDE") == "KDE Plasma")
        #expect(desktop("Hyprland") == "Hyprland")
        #expect(desktop("niri") == "niri")
        #expect(desktop("COSMIC") == "COSMIC")
        #expect(desktop("X-Cinnamon") == "Cinnamon")
        #expect(desktop("kde") == "KDE Plasma")
    }

    @Test func anotherShellOnGNOMEIsNotGNOMEShell() {
        #expect(desktop("Budgie:GNOME") == nil)
        #expect(desktop("GNOME-Flashback:GNOME") == nil)
        #expect(desktop("Unity:Unity7:ubuntu") == nil)
        #expect(desktop("Pantheon") == nil)
        #expect(desktop("sway") == nil)
        #expect(desktop("XFCE") == nil)
    }

    @Test func fallsBackToDesktopSessionOnlyWithoutXDGCurrentDesktop() {
        #expect(desktop("", session: "plasma") == "KDE Plasma")
        #expect(desktop("", session: "cinnamon") == "Cinnamon")
        #expect(desktop("", session: nil) == nil)
        #expect(desktop("sway", session: "plasma") == nil)
    }

    func takes(_ set: DesktopGestureSet, _ source: String, _ fingers: Int, _ direction: String?) -> DesktopGesture? {
        set.gestures.first { $0.takes(source: source, fingers: fingers, direction: direction) }
    }

    @Test func gnomeTakesThreeFingerSwipesAndMoreFrom47() throws {
        let g = DesktopGestureSet.gnome
        #expect(try #require(takes(g, "swipe", 3, "left")).action == "switches workspaces")
        #expect(try #require(takes(g, "swipe", 3, "up")).action.contains("overview"))
        #expect(try #require(takes(g, "swipe", 4, "right")).when.contains("GNOME 47"))
        #expect(takes(g, "swipe", 5, "down") != nil)
        #expect(takes(g, "touch", 3, "left") != nil)
        #expect(takes(g, "touch", 4, "left") == nil)
        #expect(takes(g, "pinch", 3, "in") == nil)
        #expect(takes(g, "hold", 3, nil) == nil)
        #expect(takes(g, "scroll", 2, "up") == nil)
    }

    @Test func eachGNOMEVersionTakesItsOwnFingers() throws {
        func gnome(_ version: String) -> DesktopGestureSet { .gnome(version: GnomeShellVersion(version)) }
        let g46 = gnome("46.2"), g47 = gnome("47.alpha"), g3 = gnome("3.38.4")
        #expect(g46.desktop == "GNOME Shell 46.2" && g47.desktop == "GNOME Shell 47.alpha")
        // 40 to 46: exactly 3 fingers; 4 are free.
        #expect(try #require(takes(g46, "swipe", 3, "left")).when == "GNOME 40 to 46, with 3 fingers only")
        #expect(try #require(takes(g46, "swipe", 3, "down")).wayOut.hasSuffix("or 4 fingers or more"))
        #expect(takes(g46, "swipe", 4, "left") == nil && takes(g46, "swipe", 5, "up") == nil)
        // 47 and later: 3 fingers or more, and no word of 4 fingers as a way out.
        for fingers in 3...5 {
            #expect(try #require(takes(g47, "swipe", fingers, "right")).action == "switches workspaces")
            #expect(try #require(takes(g47, "swipe", fingers, "up")).action.contains("overview"))
        }
        #expect(g47.gestures.allSatisfy { !$0.wayOut.contains("4 fingers") })
        // Both: a 3-finger touchscreen pan, no pinch.
        for set in [g46, g47] {
            #expect(takes(set, "touch", 3, "left") != nil && takes(set, "touch", 4, "left") == nil)
            #expect(takes(set, "pinch", 3, "in") == nil)
        }
        // Before 40: 4 fingers in any direction, and a 3-finger pinch for the overview.
        #expect(takes(g3, "swipe", 3, "left") == nil)
        #expect(try #require(takes(g3, "swipe", 4, "left")).when.hasPrefix("before GNOME 40"))
        #expect(try #require(takes(g3, "pinch", 3, "out")).action == "opens the overview")
        #expect(takes(g3, "touch", 4, "up") != nil && takes(g3, "touch", 3, "up") == nil)
        #expect(gnome("40.alpha").gestures == g3.gestures && gnome("40.beta").gestures == g46.gestures)
    }

    /// Whatever the version, a touchpad swipe is taken by its rules' finger counts, in every
    /// direction, and named with the version.
    @Test func everyGNOMEVersionTakesTheSwipesOfItsRules() async {
        let directions = ["left", "right", "up", "down"]
        await propertyCheck(input: Gen.int(in: 3...60), Gen.int(in: -3...12).array(of: 0...3), Gen.int(in: 1...8), Gen.int(in: 0...3)) {
            major, parts, fingers, direction in
            let version = GnomeShellVersion(major: major, rest: parts.map { $0 == -3 ? .alpha : $0 == -2 ? .beta : $0 == -1 ? .rc : .number($0) })
            let set = DesktopGestureSet.gnome(version: version)
            let expected = switch version.gestures {
            case .threeOrMoreFingers: fingers >= 3
            case .threeFingers: fingers == 3
            case .fourFingers: fingers == 4
            }
            #expect((takes(set, "swipe", fingers, directions[direction]) != nil) == expected, "\(version), \(fingers) fingers")
            #expect(set.desktop == "GNOME Shell \(version)")
        }
    }

    @Test func anUnknownGNOMEVersionKeepsEveryRuleAndSaysSo() {
        let unknown = DesktopGestureSet.gnome(version: nil)
        #expect(unknown.desktop == "GNOME Shell")
        #expect(unknown.gestures.map(\.fingers) == DesktopGestureSet.gnome.gestures.map(\.fingers))
        #expect(unknown.gestures.allSatisfy { $0.when.hasSuffix("; the running version is unknown") })
        #expect(takes(unknown, "swipe", 3, "left")?.wayOut.hasSuffix("or 4 fingers before GNOME 47") == true)
    }

    @Test func kdeTakesThreeAndFourFingerDesktopSwitchesAndTheOverview() throws {
        let k = DesktopGestureSet.kde
        #expect(try #require(takes(k, "swipe", 3, "left")).byDefault)
        #expect(try #require(takes(k, "swipe", 4, "right")).action == "switches virtual desktops")
        #expect(try #require(takes(k, "swipe", 4, "up")).action == "opens the Overview")
        #expect(try #require(takes(k, "swipe", 4, "down")).action == "opens the Grid View")
        // Up and down with 3 fingers only with more than one row of desktops.
        #expect(try #require(takes(k, "swipe", 3, "up")).byDefault == false)
        #expect(takes(k, "touch", 3, "down") != nil)
        #expect(takes(k, "swipe", 5, "left") == nil)
        #expect(try #require(takes(k, "pinch", 3, "in")).action == "zooms the whole desktop")
        #expect(takes(k, "pinch", 2, "out") == nil)
    }

    @Test func hyprlandActsOnlyOnWhatItsConfigSays() throws {
        let h = DesktopGestureSet.hyprland
        #expect(try #require(takes(h, "swipe", 3, "left")).byDefault == false)
        #expect(takes(h, "swipe", 3, "up") == nil)
        #expect(takes(h, "swipe", 4, "left") == nil)
    }

    @Test func niriTakesEveryThreeAndFourFingerSwipe() {
        for direction in ["left", "right", "up", "down"] {
            #expect(takes(.niri, "swipe", 3, direction)?.byDefault == true)
            #expect(takes(.niri, "swipe", 4, direction)?.byDefault == true)
        }
        #expect(takes(.niri, "swipe", 5, "left") == nil)
        #expect(takes(.niri, "pinch", 2, "in") == nil)
    }

    @Test func cosmicSwitchesWorkspacesWithFourFingersAlongTheirAxis() throws {
        #expect(try #require(takes(.cosmic, "swipe", 4, "up")).byDefault)
        #expect(try #require(takes(.cosmic, "swipe", 4, "left")).byDefault == false)
        #expect(takes(.cosmic, "swipe", 3, "up") == nil)
    }

    @Test func cinnamonsGesturesAreOffUntilTurnedOn() throws {
        let c = DesktopGestureSet.cinnamon
        #expect(c.gestures.allSatisfy { !$0.byDefault })
        #expect(try #require(takes(c, "swipe", 3, "left")).settingKey == "swipe-{direction}-{fingers}")
        #expect(try #require(takes(c, "tap", 3, nil)).settingKey == "tap-{fingers}")
        #expect(takes(c, "touch", 2, "left") != nil)
        #expect(takes(c, "swipe", 2, "left") == nil)
    }

    /// docs/actions.md's table cites the same files as the table here (each GNOME version's rows
    /// too), repository and file.
    @Test func theDocsCiteEverySourceFile() throws {
        let docs = try ActionsDecoder.read(path: ActionsDocsTests.root + "/docs/actions.md")
        for set in DesktopGestureSet.all {
            #expect(docs.contains("| \(set.desktop) |"), "docs/actions.md has no row for \(set.desktop)")
        }
        for set in DesktopGestureSet.all + DesktopGestureSet.gnomeByVersion {
            for gesture in set.gestures {
                let words = gesture.citation.split(separator: " ")
                #expect(docs.contains(String(words[0])), "docs/actions.md does not cite \(words[0])")
                for file in words.dropFirst() where file.contains("/") && file.contains(".") {
                    #expect(docs.contains(String(file.filter { !"(),".contains($0) })), "docs/actions.md does not cite \(file)")
                }
            }
        }
    }

    @Test func everyGestureSaysWhereItComesFromAndTheWayOut() {
        #expect(DesktopGestureSet.all.map(\.desktop) == ["GNOME Shell", "KDE Plasma", "Hyprland", "niri", "COSMIC", "Cinnamon"])
        for set in DesktopGestureSet.all + DesktopGestureSet.gnomeByVersion {
            #expect(!set.gestures.isEmpty)
            for gesture in set.gestures {
                #expect(gesture.citation.contains("/") && gesture.citation.contains("."), "\(set.desktop): \(gesture.action)")
                #expect(!gesture.wayOut.isEmpty && !gesture.when.isEmpty)
                #expect(gesture.wayOut.contains("{keys}") == (gesture.settingKey != nil), "\(set.desktop): \(gesture.action)")
                #expect(gesture.fingers.lowerBound >= 1)
                #expect(gesture.directions.map { $0.isSubset(of: ["left", "right", "up", "down", "in", "out"]) } ?? true)
            }
        }
    }
}
