// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig
import TransitionCore

/// Edge, touchscreen pinch and tap bindings, and the `[touchscreen]` table.
@Suite struct TouchscreenConfigTests {
    @Test func edgePinchAndTapBindingsParse() throws {
        let c = try ConfigLoader.parse("""
            [[transition]]
            name = "back"
            binding = ["edge1-left", { gesture = "edge", fingers = 2, edge = "bottom", distance_mm = 80 }]

            [[transition]]
            name = "zoom"
            binding = "touchpinch2-out"

            [[transition]]
            name = "menu"
            binding = ["tap3", { gesture = "tap", fingers = 4 }]
            """)
        #expect(c.engine.bindings == [
            Binding(source: .edge, fingers: 1, direction: .right, transition: "back"),
            Binding(source: .edge, fingers: 2, direction: .up, transition: "back", distance: Distance(80, .mm)),
            Binding(source: .touchPinch, fingers: 2, direction: .out, transition: "zoom"),
        ])
        #expect(c.engine.taps == [TapBinding(fingers: 3, transition: "menu"), TapBinding(fingers: 4, transition: "menu")])
        // What it renders reads back the same.
        #expect(try ConfigLoader.parse(ConfigLoader.render(c)) == c)
    }

    @Test func distancesInPercentOfTheScreen() throws {
        let c = try ConfigLoader.parse("""
            [[transition]]
            name = "back"
            distance_percent = 20
            binding = ["touch3-left", { gesture = "edge", fingers = 1, edge = "left", distance_percent = 35 },
                       { gesture = "touch", fingers = 4, direction = "left", distance_mm = 80 }]
            """)
        #expect(c.engine.transitions.first?.distance == Distance(20, .percent))
        #expect(c.engine.bindings == [
            Binding(source: .touch, fingers: 3, direction: .left, transition: "back"),
            Binding(source: .edge, fingers: 1, direction: .right, transition: "back", distance: Distance(35, .percent)),
            Binding(source: .touch, fingers: 4, direction: .left, transition: "back", distance: Distance(80, .mm)),
        ])
        let text = ConfigLoader.render(c)
        #expect(text.contains("distance_percent = 20") && text.contains("distance_percent = 35"))
        #expect(try ConfigLoader.parse(text) == c)
    }

    @Test(arguments: [
        ("distance_percent = 20\nbinding = \"swipe3-left\"",
         "config.toml:3:20: swipe3-left in [[transition]] 'a' cannot use the transition's distance in percent: a swipe needs 'distance' (touchpad units) or 'distance_mm'"),
        ("binding = [\"touch3-left\", { gesture = \"touchpinch\", fingers = 3, direction = \"in\", distance_percent = 20 }]",
         "config.toml:3:103: touchpinch3-in in [[transition]] 'a' cannot use its distance in percent: a touchpinch needs 'distance_scale'"),
        ("distance_scale = 0.5\nbinding = \"touch3-left\"",
         "config.toml:3:18: touch3-left in [[transition]] 'a' cannot use the transition's distance in scale: a touch needs 'distance' (touchpad units), 'distance_mm' or 'distance_percent'"),
        ("distance_mm = 30\ndistance_percent = 20",
         "config.toml:4:1: 'distance_percent' in [[transition]] 'a' conflicts with 'distance_mm' on line 3: give one distance"),
        ("distance_percent = 0", "config.toml:3:20: 'distance_percent' in [[transition]] 'a' must be greater than 0, not 0"),
    ])
    func badPercentDistancesAreNamed(_ line: String, _ expected: String) {
        #expect(configError("[[transition]]\nname = \"a\"\n\(line)") == expected)
    }

    @Test(arguments: [
        ("binding = \"edge1-up\"",
         "config.toml:3:11: binding of [[transition]] 'a' must look like \"<gesture><fingers>-<direction>\", such as \"swipe3-left\", \"edge1-left\", \"rotate2-cw\", \"tap3\", \"padtap4\" or \"hold3\", not \"edge1-up\""),
        ("binding = \"tap0\"", "config.toml:3:11: binding of [[transition]] 'a': a tap has 1 to 10 fingers, not 0"),
        ("binding = \"touchpinch1-in\"", "config.toml:3:11: binding of [[transition]] 'a': a touchpinch has 2 to 10 fingers, not 1"),
        ("binding = \"touchpinch2-left\"", "config.toml:3:11: binding of [[transition]] 'a': a touchpinch goes \"in\", \"out\", not \"left\""),
        ("binding = { gesture = \"edge\", fingers = 1 }",
         "config.toml:3:11: missing key 'edge' in binding of [[transition]] 'a' (an edge swipe names the edge it comes in from)"),
        ("binding = [\"tap3\", \"tap3\"]", "config.toml:3:20: gesture tap3 is already bound to 'a' on line 3"),
    ])
    func badBindingsAreNamed(_ line: String, _ expected: String) {
        #expect(configError("[[transition]]\nname = \"a\"\n\(line)") == expected)
    }

    @Test func theTouchscreenTable() throws {
        let c = try ConfigLoader.parse("""
            [touchscreen]
            edge_zone_mm = 8
            edge_zone_share = 0.05
            rotation = 180

            [[touchscreen.device]]
            name = "N-Trig MultiTouch"
            rotation = 90
            """)
        #expect(c.touchscreen == TouchscreenSettings(edgeZoneMm: 8, edgeZoneShare: 0.05, rotation: .half,
                                                     devices: [.init(name: "N-Trig MultiTouch", rotation: .quarter)]))
        #expect(c.touchscreen.rotation(forDeviceNamed: "N-Trig MultiTouch") == .quarter)
        #expect(c.touchscreen.rotation(forDeviceNamed: "Atmel maXTouch Touchscreen") == .half)
        #expect(try ConfigLoader.parse(ConfigLoader.render(c)) == c)
        #expect(try ConfigLoader.parse("").touchscreen == .builtIn)
    }

    @Test(arguments: [
        ("[touchscreen]\nrotation = 45", "config.toml:2:12: 'rotation' in [touchscreen] must be 0, 90, 180 or 270 (degrees), not 45"),
        ("[touchscreen]\nedge_zone_mm = 80", "config.toml:2:16: 'edge_zone_mm' in [touchscreen] must be between 0 and 50 mm, not 80"),
        ("[touchscreen]\nedge_zone_share = 0.5", "config.toml:2:19: 'edge_zone_share' in [touchscreen] must be between 0 and 0.25, not 0.5"),
        ("[[touchscreen.device]]\nrotation = 90", "config.toml:1:1: missing key 'name' in [[touchscreen.device]] #1 (the device's name, as `transitionctl devices` shows it)"),
        ("touchscreen = 3", "config.toml:1:15: 'touchscreen' must be a table ([touchscreen]), not an integer"),
    ])
    func badTouchscreenSettingsAreNamed(_ text: String, _ expected: String) {
        #expect(configError(text) == expected)
    }
}
