// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionConfig
import TransitionCore
import TransitionImport

/// Import round trips: each fixture (of our own) is imported; the actions file is read back by
/// the runner's decoder (`transitionctl run --check`) and the settings by ``UserSettings`` over
/// the built-in configuration (`transitionctl run --check --settings`), and what they hold is
/// what the import said. ImportCommandTests writes the same files and runs the checks.
@Suite struct ImporterTests {
    /// The import of `name`, its actions decoded and its settings laid over the built-in
    /// configuration (nil when no setting translates).
    func roundTrip(_ name: String, format: ImportFormat) throws -> (output: Importer.Output, settings: DaemonConfiguration?) {
        let output = try Importer.run(Fixtures.text(name), source: name, format: nil)
        #expect(output.result.format == format)
        // The decoder reads back exactly the imported actions, in order: none is commented out.
        let decoded = try ActionsDecoder.decode(output.actionsText, source: "actions.toml")
        #expect(decoded == output.actions)
        #expect(decoded.actions.count == output.result.actions.count)
        for (action, imported) in zip(decoded.actions, output.result.actions) {
            #expect(action.transitions == .named(imported.transitions))
            #expect(action.event == imported.event)
            #expect(action.command == imported.command)
            #expect(action.step == imported.step)
            #expect(action.threshold == imported.threshold)
            #expect(action.apps == imported.apps)
        }
        #expect(!output.actionsText.contains("# [[action]]"))
        // Every action names its line above it, and every line with an action has a note.
        for action in output.result.actions {
            #expect(output.actionsText.contains("# \(name):\(action.line)\n"))
            #expect(output.result.notes.contains { $0.line == action.line && $0.kind == .translated })
        }
        // The settings are a file of their own, never a block in the actions file.
        #expect(!output.actionsText.contains("# Settings translated"))
        guard let text = output.settingsText else {
            #expect(output.result.settings.isEmpty)
            return (output, nil)
        }
        let merged = try UserSettings.parse(text, source: "config.toml").applied(to: .builtIn)
        for setting in output.result.settings {
            let names = setting.transitions.isEmpty ? ["swipe3-up"] : setting.transitions
            for name in names {
                let spec = try #require(merged.engine.transitions.first { $0.name == name }, "\(name)")
                switch setting.key {
                case "distance": #expect(spec.distance == Distance(setting.value, .units), "\(name)")
                case "distance_scale": #expect(spec.distance == Distance(setting.value, .scale), "\(name)")
                case "finish_threshold": #expect(spec.decision.finishThreshold == setting.value, "\(name)")
                default: Issue.record("unexpected setting \(setting.key)")
                }
            }
        }
        return (output, merged)
    }

    static func keys(_ text: String) throws -> ActionCommand { .keys(try KeySequence(parsing: text)) }

    @Test func libinputGestures() throws {
        let (output, settings) = try roundTrip("libinput-gestures.conf", format: .libinputGestures)
        let lines = output.result.actions.map(\.line)
        #expect(lines == [2, 3, 4, 5, 6, 8, 9, 10, 11])
        let skipped = output.result.notes.filter { $0.kind == .skipped }.compactMap(\.line)
        #expect(skipped == [7, 12, 13, 14, 18])
        // Keys: `xdotool key` becomes keys on every desktop.
        #expect(output.actions.actions.first?.command == (try Self.keys("alt+Right")))
        // libinput-gestures has no per-application gestures, and swipe_threshold (line 15) is
        // explained, not translated: the settings file only binds the gestures the standard
        // configuration leaves unbound.
        #expect(output.actions.actions.allSatisfy { $0.apps == nil })
        #expect(output.result.settings.isEmpty)
        #expect(output.result.bindings.map(\.name) == ["pinch2-in", "pinch2-out", "rotate2-cw", "hold4"])
        #expect(settings?.engine.holds.map(\.transition) == ["hold4"])
        #expect(output.result.notes.contains { $0.line == 15 && $0.kind == .setting })
    }

    @Test func fusuma() throws {
        let (output, settings) = try roundTrip("fusuma.yml", format: .fusuma)
        let actions = output.actions.actions
        #expect(actions.contains { $0.transitions == .named(["swipe3-left"]) && $0.event == .finish })
        #expect(actions.contains { $0.transitions == .named(["swipe3-up"]) && $0.command == (try? Self.keys("super+Up")) })
        // The Google-chrome context: its own swipe3-up there, the file's everywhere else.
        let chrome = AppCondition(names: ["Google-chrome"], excluded: false)
        #expect(actions.contains { $0.transitions == .named(["swipe3-up"]) && $0.apps == chrome })
        #expect(actions.contains { $0.transitions == .named(["swipe3-up"]) && $0.apps == AppCondition(names: ["Google-chrome"], excluded: true) })
        // The thresholds became distances (swipe3-left's own 0.5 over the file's 0.3).
        let merged = try #require(settings)
        let standard = DaemonConfiguration.builtIn.engine.transitions
        let left = try #require(merged.engine.transitions.first { $0.name == "swipe3-left" })
        let right = try #require(merged.engine.transitions.first { $0.name == "swipe3-right" })
        #expect(left.distance != nil && left.distance != standard.first { $0.name == "swipe3-left" }?.distance)
        #expect(right.distance != nil && left.distance != right.distance)
        #expect(output.settingsText?.contains("fusuma.yml:6:") == true)
        // A pinch's distance is a scale change (found importing fusuma's own config.yml: its
        // `threshold: pinch:` was written as `distance`, which the settings check refuses).
        #expect(merged.engine.transitions.first { $0.name == "pinch3-in" }?.distance == Distance(0.05, .scale))
        #expect(output.result.settings.contains { $0.key == "distance_scale" && $0.transitions.contains("pinch4-out") })
    }

    @Test func touchegg() throws {
        let (output, settings) = try roundTrip("touchegg.conf", format: .touchegg)
        let actions = output.actions.actions
        #expect(actions.contains { $0.command == .shell("notify-send \"A & B\"") })
        #expect(actions.contains { $0.command == (try? Self.keys("Super_L+A")) && $0.event == .began })
        #expect(actions.contains { $0.command == (try? Self.keys("Control_L+KP_Add"))
                && $0.apps == AppCondition(names: ["Firefox", "Google-chrome"], excluded: false) })
        #expect(output.result.notes.contains { $0.kind == .skipped && $0.message.hasPrefix("TILE_WINDOW") })
        // action_execute_threshold 30 → finish_threshold 0.3 in [defaults].
        #expect(output.result.settings.map(\.key) == ["finish_threshold"])
        #expect(output.settingsText?.contains("[defaults]") == true)
        let merged = try #require(settings)
        #expect(merged.engine.transitions.first { $0.name == "swipe3-up" }?.decision.finishThreshold == 0.3)
        // Touchégg's client would run every action a second time: said, with what to stop.
        let note = try #require(output.result.notes.first { $0.line == nil && $0.message.contains("twice") })
        #expect(note.message.contains("~/.config/autostart/touchegg.desktop"))
    }

    @Test func theSettingsFileIsTheUsersSettings() throws {
        let output = try Importer.run(Fixtures.text("touchegg.conf"), source: "t", format: nil)
        let settings = try #require(output.settingsText)
        #expect(settings.contains("Your own gesture settings"))
        #expect(!output.actionsText.contains("finish_threshold"))
        // The settings file is TOML the configuration parser reads.
        _ = try TOMLParser.parse(settings)
    }

    @Test func namesMissingFromTheStandardConfigurationAreBoundInTheUsersSettings() throws {
        let output = try Importer.run("gesture pinch in 2 a\ngesture pinch out 2 b\ngesture swipe up 3 c\ngesture pinch in 2 d\n",
                                      source: "l", format: nil)
        let notes = output.result.notes.filter { $0.message.hasPrefix("transitiond's standard configuration has no transition") }
        #expect(notes.map(\.line) == [1, 2])
        #expect(output.result.bindings.map(\.name) == ["pinch2-in", "pinch2-out"])
        // Valid TOML, one table per transition, that the daemon's check of user settings takes.
        let text = try #require(output.settingsText)
        #expect(text.contains("\n[[transition]]\nname = \"pinch2-in\"\n# l:1: two-finger pinches are the applications' zoom: bound here for the imported actions\nbinding = \"pinch2-in\"\n"))
        let merged = try UserSettings.parse(text, source: "config.toml").applied(to: .builtIn)
        #expect(merged.engine.bindings.contains { $0.transition == "pinch2-out" && $0.fingers == 2 })
    }

    @Test func formatIsForcedOrRefused() throws {
        #expect(throws: Importer.Failure.self) { try Importer.run("hello", source: "x", format: nil) }
        let forced = try Importer.run("", source: "x", format: .libinputGestures)
        #expect(forced.actions.actions.isEmpty)
        #expect(forced.settingsText == nil)
        #expect(forced.actionsText.contains("Nothing in x translated"))
        do {
            _ = try Importer.run("swipe:\n  3: [", source: "c.yml", format: .fusuma)
            Issue.record("a broken YAML file was imported")
        } catch {
            #expect("\(error)".hasPrefix("c.yml:2:"))
        }
    }
}
