// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import TransitionActions
import TransitionProtocol

/// Hyprland's gestures, read from its configuration as Hyprland reads them.
@Suite struct HyprlandGesturesTests {
    static let config = """
        # See https://wiki.hypr.land/Configuring/Gestures
        gesture = 3, horizontal, workspace
        gesture = 4, pinchin, close   # a comment
        gesture = 3, up, mod: SUPER, scale: 1.5, fullscreen
        gesture=2,swipe,move
        gesture = 1, left, workspace
        gesture = 4, sideways, workspace
        gesture = 4, down
        input {
            touchpad {
                natural_scroll = true
            }
        }
        """

    @Test func readsEveryGestureLineAsHyprlandWould() throws {
        let gestures = HyprlandGestures.declared(in: Self.config, path: "hyprland.conf")
        #expect(gestures.count == 4)
        #expect(gestures[0].sources == ["swipe"] && gestures[0].fingers == 3...3 && gestures[0].directions == ["left", "right"])
        #expect(gestures[0].action == "switches workspaces" && gestures[0].byDefault)
        #expect(gestures[0].when == "hyprland.conf:2: gesture = 3, horizontal, workspace")
        #expect(gestures[0].wayOut == "remove or change line 2 of hyprland.conf")
        #expect(gestures[1].sources == ["pinch"] && gestures[1].directions == ["in"] && gestures[1].action == "runs its `close` gesture")
        // With a modifier it acts only while the keys are held.
        #expect(gestures[2].directions == ["up"] && !gestures[2].byDefault && gestures[2].when.hasSuffix("while SUPER is held"))
        #expect(gestures[3].fingers == 2...2 && gestures[3].directions == ["left", "right", "up", "down"])
    }

    @Test func readsTheSettingsBefore051() {
        let old = "gestures {\n    workspace_swipe = true\n    workspace_swipe_fingers = 4\n}\n"
        let gestures = HyprlandGestures.declared(in: old, path: "h.conf")
        #expect(gestures.count == 1)
        #expect(gestures[0].fingers == 4...4 && gestures[0].directions == ["left", "right"])
        #expect(gestures[0].when == "h.conf:2: workspace_swipe = true (before 0.51)")
        #expect(HyprlandGestures.declared(in: "gestures:workspace_swipe = yes\n", path: "h.conf").first?.fingers == 3...3)
        #expect(HyprlandGestures.declared(in: "gestures {\n workspace_swipe = false\n}\n", path: "h.conf").isEmpty)
    }

    @Test func conflictsFollowTheConfiguration() {
        let transitions = [
            TransitionInfo(name: "swipe3-left", gestures: [GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left")]),
            TransitionInfo(name: "swipe4-up", gestures: [GestureInfo(name: "swipe4-up", source: "swipe", fingers: 4, direction: "up")]),
        ]
        let set = DesktopGestureSet.hyprland(config: "gesture = 4, vertical, workspace\n", path: "hyprland.conf")
        #expect(GestureConflicts.find(transitions: transitions, desktop: set).map(\.gesture.name) == ["swipe4-up"])
        #expect(GestureConflicts.find(transitions: transitions, desktop: .hyprland(config: "", path: "h")).isEmpty)
    }

    /// A file system of `files` (path → text), globbed with fnmatch(3) as glob(3) would, sorted
    /// (`..` in a pattern resolved by name first, as the directories would resolve it).
    static func files(_ files: [String: String], home: String? = "/home/u",
                      environment: [String: String] = [:]) -> HyprlandGestures.Files {
        HyprlandGestures.Files(
            read: { files[$0] },
            glob: { pattern in
                let pattern = HyprlandGestures.normalized(pattern)
                return files.keys.filter { fnmatch(pattern, $0, FNM_PATHNAME | FNM_PERIOD) == 0 }.sorted()
            },
            home: home, environment: { environment[$0] })
    }

    static let root = "/home/u/.config/hypr/hyprland.conf"

    @Test func followsSourceLinesWhereTheyAre() throws {
        let fs = Self.files([
            Self.root: "gesture = 3, left, workspace\nsource = ~/.config/hypr/gestures.conf\nsource = conf.d/*.conf\n",
            "/home/u/.config/hypr/gestures.conf": "# mine\ngesture = 4, up, fullscreen\n",
            "/home/u/.config/hypr/conf.d/b.conf": "gesture = 4, pinchin, close\n",
            "/home/u/.config/hypr/conf.d/a.conf": "source = ../more/c.conf\ngesture = 2, swipe, move\n",
            "/home/u/.config/hypr/more/c.conf": "gesture = 5, down, workspace\n",
            "/home/u/.config/hypr/conf.d/.hidden.conf": "gesture = 3, right, workspace\n",
            "/home/u/.config/hypr/conf.d/x.txt": "gesture = 3, right, workspace\n",
        ])
        let reading = HyprlandGestures.declared(path: Self.root, files: fs)
        #expect(reading.files == [Self.root, "/home/u/.config/hypr/gestures.conf", "/home/u/.config/hypr/conf.d/a.conf",
                                  "/home/u/.config/hypr/more/c.conf", "/home/u/.config/hypr/conf.d/b.conf"])
        #expect(reading.gestures.map(\.fingers.lowerBound) == [3, 4, 5, 2, 4])
        // Each names its own file and line.
        #expect(reading.gestures[1].when == "/home/u/.config/hypr/gestures.conf:2: gesture = 4, up, fullscreen")
        #expect(reading.gestures[2].wayOut == "remove or change line 1 of /home/u/.config/hypr/more/c.conf")
        let set = DesktopGestureSet.hyprland(reading)
        #expect(set.desktop == "Hyprland" && set.gestures.count == 5)
    }

    @Test func readsEachFileOnceThoughItSourcesItself() {
        let fs = Self.files([
            Self.root: "source = ./hyprland.conf\nsource = a.conf\ngesture = 3, left, workspace\nsource = a.conf\n",
            "/home/u/.config/hypr/a.conf": "source = hyprland.conf\nsource = ../hypr/a.conf\ngesture = 4, up, workspace\n",
        ])
        let reading = HyprlandGestures.declared(path: Self.root, files: fs)
        #expect(reading.files == [Self.root, "/home/u/.config/hypr/a.conf"])
        #expect(reading.gestures.map(\.fingers.lowerBound) == [4, 3])
    }

    @Test func aChainOfDistinctFilesStopsAtTheDepthLimit() {
        var files: [String: String] = [:]
        for i in 0..<40 { files["/c/\(i).conf"] = "gesture = 3, left, workspace\nsource = \(i + 1).conf\n" }
        let reading = HyprlandGestures.declared(path: "/c/0.conf", files: Self.files(files))
        #expect(reading.files.count == HyprlandGestures.depthLimit + 1)
    }

    @Test func replacesVariablesAsHyprlangDoes() {
        let fs = Self.files([
            Self.root: "$configs = $XDG_CONFIG_HOME/hypr/configs\n$c = nothing\nsource = $configs/g.conf\nsource = $HOME/h.conf\nsource = $NOPE/x.conf\nsource = ~/j.conf\n",
            "/cfg/hypr/configs/g.conf": "$mainMod = SUPER\ngesture = 3, left, workspace\n",
            "/home/u/j.conf": "gesture = 4, up, mod: $mainMod, fullscreen\n",
            "/home/u/h.conf": "gestures {\n  source = inner.conf\n}\n",
            "/home/u/inner.conf": "workspace_swipe = true\n",
        ], environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"])
        let reading = HyprlandGestures.declared(path: Self.root, files: fs)
        #expect(reading.files == [Self.root, "/cfg/hypr/configs/g.conf", "/home/u/h.conf", "/home/u/inner.conf", "/home/u/j.conf"])
        // A sourced file is read in the block of its `source` line; variables hold in it too.
        #expect(reading.gestures.map(\.when) == ["/cfg/hypr/configs/g.conf:2: gesture = 3, left, workspace",
                                                 "/home/u/j.conf:1: gesture = 4, up, mod: SUPER, fullscreen while SUPER is held",
                                                 "/home/u/inner.conf:1: workspace_swipe = true (before 0.51)"])
    }

    @Test func variablesDoublingEachOtherStopAtTheLimit() {
        var text = "$v0 = 0123456789\n"
        for i in 1...40 { text += "$v\(i) = $v\(i - 1)$v\(i - 1)\n" }
        text += "source = /x/$v40\nsource = /x/$v6.conf\n"
        let fs = Self.files(["/r.conf": text, "/x/" + String(repeating: "0123456789", count: 64) + ".conf": "gesture = 3, up, workspace\n"])
        let reading = HyprlandGestures.declared(path: "/r.conf", files: fs)
        #expect(reading.files.count == 2 && reading.gestures.count == 1)
    }

    @Test func skipsWhatHyprlandSkips() {
        let fs = Self.files([Self.root: "source = ~/gone.conf\nsource = x\nsource =\nsource = ~/a.conf\n", "/home/u/a.conf": "gesture = 3, up, workspace\n"],
                            home: nil)
        let reading = HyprlandGestures.declared(path: Self.root, files: fs)
        #expect(reading.files == [Self.root] && reading.gestures.isEmpty)
        #expect(HyprlandGestures.declared(path: "/none.conf", files: fs).files.isEmpty)
    }

    @Test func normalizesPathsByName() {
        #expect(HyprlandGestures.normalized("/a/./b/../c//d.conf") == "/a/c/d.conf")
        #expect(HyprlandGestures.normalized("/../x") == "/x")
        #expect(HyprlandGestures.normalized("a/../../b") == "../b")
    }

    @Test func neverTrapsOnOddLines() {
        for text in ["gesture", "gesture =", "gesture = ,,,", "gesture = 99999999999999999999, left, x", "}\n}\n{", "=\n=\n", "gesture = 3, left, mod:"] {
            _ = HyprlandGestures.declared(in: text, path: "h")
        }
    }
}
