// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig
import TransitionCore

/// Rotation (`rotate`, `touchrotate`) and touchpad tap (`padtap`) bindings, `distance_degrees`
/// and `rotation_slop`.
@Suite struct RotationConfigTests {
    @Test func rotationAndPadtapBindingsParse() throws {
        let c = try ConfigLoader.parse("""
            rotation_slop = 12

            [[transition]]
            name = "turn"
            binding = ["rotate2-cw", { gesture = "touchrotate", fingers = 2, direction = "ccw", distance_degrees = 45 }]
            distance_degrees = 120

            [[transition]]
            name = "menu"
            binding = ["padtap4", { gesture = "padtap", fingers = 3 }, "tap3"]
            """)
        #expect(c.engine.rotationSlop == 12)
        #expect(c.engine.bindings == [
            Binding(source: .rotate, fingers: 2, direction: .cw, transition: "turn"),
            Binding(source: .touchRotate, fingers: 2, direction: .ccw, transition: "turn", distance: Distance(45, .degrees)),
        ])
        #expect(c.engine.transitions.first?.distance == Distance(120, .degrees))
        #expect(c.engine.taps == [TapBinding(fingers: 4, transition: "menu", touchpad: true),
                                  TapBinding(fingers: 3, transition: "menu", touchpad: true),
                                  TapBinding(fingers: 3, transition: "menu")])
        #expect(try ConfigLoader.parse(ConfigLoader.render(c)) == c)
    }

    @Test(arguments: [
        ("binding = \"padtap2\"",
         "config.toml:3:11: binding of [[transition]] 'a': a padtap has 3 to 5 fingers (one and two are the desktop's clicks), not 2"),
        ("binding = \"rotate2-in\"", "config.toml:3:11: binding of [[transition]] 'a': a rotate goes \"cw\", \"ccw\", not \"in\""),
        ("binding = \"pinch2-cw\"", "config.toml:3:11: binding of [[transition]] 'a': a pinch goes \"in\", \"out\", not \"cw\""),
        ("binding = \"touchrotate1-cw\"", "config.toml:3:11: binding of [[transition]] 'a': a touchrotate has 2 to 10 fingers, not 1"),
        ("binding = [\"padtap4\", \"padtap4\"]", "config.toml:3:23: gesture padtap4 is already bound to 'a' on line 3"),
        ("binding = \"rotate2-cw\"\ndistance_scale = 0.5",
         "config.toml:4:18: rotate2-cw in [[transition]] 'a' cannot use the transition's distance in scale: a rotate needs 'distance_degrees'"),
    ])
    func badBindingsAreNamed(_ line: String, _ expected: String) {
        #expect(configError("[[transition]]\nname = \"a\"\n\(line)") == expected)
    }

    @Test func aNegativeRotationSlopIsRefused() {
        #expect(configError("rotation_slop = -1") == "config.toml:1:17: 'rotation_slop' at the top level must be 0 or more, not -1")
    }
}
