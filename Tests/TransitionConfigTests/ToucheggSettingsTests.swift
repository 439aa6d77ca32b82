// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig

/// The `[touchegg]` table.
@Suite struct ToucheggSettingsTests {
    @Test func offByDefault() throws {
        #expect(try ConfigLoader.parse("log_level = \"info\"\n").touchegg == ToucheggSettings(enabled: false, endPercentage: .decision))
        #expect(DaemonConfiguration.builtIn.touchegg == .builtIn)
    }

    @Test func everyKey() throws {
        let c = try ConfigLoader.parse("[touchegg]\nenabled = true\nend_percentage = \"last\"\n")
        #expect(c.touchegg == ToucheggSettings(enabled: true, endPercentage: .last))
        #expect(try ConfigLoader.parse("touchegg.enabled = true\n").touchegg.enabled)
    }

    @Test func badValuesNameTheirLine() {
        #expect(configError("[touchegg]\nenabled = 1\n") == "config.toml:2:11: 'enabled' in [touchegg] must be true or false, not an integer")
        #expect(configError("[touchegg]\nend_percentage = \"final\"\n")?.hasPrefix(
            "config.toml:2:18: 'end_percentage' in [touchegg] must be one of \"decision\", \"last\", not \"final\"") == true)
        #expect(configError("[touchegg]\nenable = true\n") == "config.toml:2:1: unknown key 'enable' in [touchegg] (did you mean 'enabled'?)")
        #expect(configError("touchegg = true\n") == "config.toml:1:12: 'touchegg' must be a table ([touchegg]), not a boolean")
    }

    @Test func theDefaultConfigurationShowsTheTable() throws {
        let text = ConfigRenderer.render(DaemonConfiguration.builtIn, header: ConfigRenderer.defaultHeader)
        #expect(text.contains("\n[touchegg]"))
        #expect(text.contains("enabled = false"))
        #expect(try ConfigLoader.parse(text) == DaemonConfiguration.builtIn)
    }
}
