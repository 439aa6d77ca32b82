// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionConfig
import TransitionImport

/// Import round trips: each fixture is imported, the actions file written is read back by the
/// runner's decoder (`transitionctl run --check`), and what it holds is what the import said.
@Suite struct ImporterTests {
    /// The actions the decoder reads back must be exactly the active imported ones, in order.
    func roundTrip(_ name: String, format: ImportFormat) throws -> Importer.Output {
        let output = try Importer.run(Fixtures.text(name), source: name, format: nil, settingsSeparate: false)
        #expect(output.result.format == format)
        let active = output.result.actions.filter(\.isActive)
        #expect(output.actions.actions.count == active.count)
        for (decoded, imported) in zip(output.actions.actions, active) {
            #expect(decoded.transitions == .named(imported.transitions))
            #expect(decoded.event == imported.event)
            #expect(decoded.command == imported.command)
            #expect(decoded.step == imported.step)
            #expect(decoded.threshold == imported.threshold)
        }
        // Every action names its line above it, and every line with an action has a note.
        for action in output.result.actions {
            #expect(output.actionsText.contains("# \(name):\(action.line)\n"))
            #expect(output.result.notes.contains { $0.line == action.line })
        }
        // Commented-out actions become live ones, and still check, once their features exist.
        let enabled = output.actionsText.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            for key in ["# [[action]]", "# transition = ", "# on = ", "# step = ", "# threshold = ", "# command = "]
                where line.hasPrefix(key) { return String(line.dropFirst(2)) }
            return String(line)
        }.joined(separator: "\n")
        let all = try ActionsDecoder.decode(enabled, source: "enabled.toml")
        #expect(all.actions.count == output.result.actions.count)
        return output
    }

    @Test func libinputGestures() throws {
        let output = try roundTrip("libinput-gestures.conf", format: .libinputGestures)
        let lines = output.result.actions.map(\.line)
        #expect(lines == [2, 3, 4, 5, 6, 8, 9, 10, 11])
        let skipped = output.result.notes.filter { $0.kind == .skipped }.compactMap(\.line)
        #expect(skipped == [7, 12, 13, 14, 18])
    }

    @Test func fusuma() throws {
        let output = try roundTrip("fusuma.yml", format: .fusuma)
        #expect(output.result.actions.contains { $0.transitions == ["swipe3-left"] && $0.event == .finish })
        #expect(output.result.actions.contains { $0.isActive && $0.apps != nil })
        #expect(output.actionsText.contains("# Settings translated by `transitionctl import`"))
        #expect(!output.result.settings.isEmpty)
    }

    @Test func touchegg() throws {
        let output = try roundTrip("touchegg.conf", format: .touchegg)
        #expect(output.result.actions.contains { $0.command == .shell("notify-send \"A & B\"") })
        #expect(output.result.settings.first?.key == "finish_threshold")
        #expect(output.result.notes.contains { $0.kind == .skipped && $0.message.hasPrefix("TILE_WINDOW") })
    }

    @Test func settingsApartGoToTheirOwnText() throws {
        let output = try Importer.run(Fixtures.text("touchegg.conf"), source: "t", format: nil, settingsSeparate: true)
        let settings = try #require(output.settingsText)
        #expect(settings.contains("Your own gesture settings"))
        // They pass the daemon's check of user settings.
        _ = try UserSettings.parse(settings, source: "settings").applied(to: .builtIn)
        #expect(!output.actionsText.contains("finish_threshold"))
        // The settings file is TOML the configuration parser reads.
        _ = try TOMLParser.parse(settings)
    }

    @Test func namesMissingFromTheStandardConfigurationAreNoted() throws {
        let output = try Importer.run("gesture pinch in 2 a\ngesture pinch out 2 b\ngesture swipe up 3 c\ngesture pinch in 2 d\n",
                                      source: "l", format: nil, settingsSeparate: false)
        let notes = output.result.notes.filter { $0.message.hasPrefix("transitiond's standard configuration has no transition") }
        #expect(notes.map(\.line) == [1, 2])
        #expect(notes[0].message.contains("name = \"pinch2-in\" binding = \"pinch2-in\""))
    }

    @Test func formatIsForcedOrRefused() throws {
        #expect(throws: Importer.Failure.self) { try Importer.run("hello", source: "x", format: nil, settingsSeparate: false) }
        let forced = try Importer.run("", source: "x", format: .libinputGestures, settingsSeparate: false)
        #expect(forced.actions.actions.isEmpty)
        #expect(forced.actionsText.contains("Nothing in x translated"))
        do {
            _ = try Importer.run("swipe:\n  3: [", source: "c.yml", format: .fusuma, settingsSeparate: false)
            Issue.record("a broken YAML file was imported")
        } catch {
            #expect("\(error)".hasPrefix("c.yml:2:"))
        }
    }
}
