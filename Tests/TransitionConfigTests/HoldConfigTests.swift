// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig
import TransitionCore

/// Hold bindings (`hold<N>`, `touchhold<N>`), `hold_duration` and `hold_delay`.
@Suite struct HoldConfigTests {
    @Test func holdBindingsAndTimesParse() throws {
        let c = try ConfigLoader.parse("""
            hold_delay = 0.25

            [defaults]
            hold_duration = 0.6

            [[transition]]
            name = "menu"
            binding = ["hold3", { gesture = "touchhold", fingers = 1 }]
            hold_duration = 0.8

            [[transition]]
            name = "other"
            binding = "swipe3-left"
            """)
        #expect(c.engine.holds == [HoldBinding(source: .hold, fingers: 3, transition: "menu"),
                                   HoldBinding(source: .touchHold, fingers: 1, transition: "menu")])
        #expect(c.engine.holdDelay == 0.25)
        #expect(c.engine.transitions.map(\.holdDuration) == [0.8, 0.6])
        #expect(try ConfigLoader.parse(ConfigLoader.render(c)) == c)
    }

    @Test func theDefaultsAreGTKsAndUIKitsLongPress() {
        #expect(DaemonConfiguration.builtIn.engine.holdDelay == 0.2)
        #expect(DaemonConfiguration.builtIn.engine.transitions.allSatisfy { $0.holdDuration == 0.5 })
        #expect(DaemonConfiguration.builtIn.engine.holds.isEmpty)      // nothing bound by default
    }

    @Test(arguments: [
        ("binding = \"hold0\"", "config.toml:3:11: binding of [[transition]] 'a': a hold has 1 to 10 fingers, not 0"),
        ("binding = \"hold3-left\"",
         "config.toml:3:11: binding of [[transition]] 'a' must look like \"<gesture><fingers>-<direction>\", such as \"swipe3-left\", \"edge1-left\", \"rotate2-cw\", \"tap3\", \"padtap4\" or \"hold3\", not \"hold3-left\""),
        ("binding = { gesture = \"touchhold\", fingers = 2, direction = \"up\" }",
         "config.toml:3:49: unknown key 'direction' in binding of [[transition]] 'a'"),
        ("binding = [\"hold3\", \"hold3\"]", "config.toml:3:21: gesture hold3 is already bound to 'a' on line 3"),
        ("hold_duration = 0", "config.toml:3:17: 'hold_duration' in [[transition]] 'a' must be greater than 0, not 0"),
    ])
    func badHoldsAreNamed(_ line: String, _ expected: String) {
        #expect(configError("[[transition]]\nname = \"a\"\n\(line)") == expected)
    }
}
