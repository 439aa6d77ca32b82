// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig

/// The `[access]` table: mode and always.
@Suite struct AccessSettingsTests {
    /// A made-up user database.
    static let users: UserLookup = { ["alice": 1000, "gdm": 115][$0] }

    static func parse(_ text: String) throws -> DaemonConfiguration {
        try ConfigLoader.parse(text, users: users)
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try ConfigLoader.parse(text, users: users)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func withoutTheTableTheModeIsAutomaticAndNobodyIsExempt() throws {
        let c = try Self.parse("log_level = \"info\"\n")
        #expect(c.access == AccessSettings(mode: nil, always: []))
        #expect(c.access == DaemonConfiguration.builtIn.access)
    }

    @Test func everyKey() throws {
        let c = try Self.parse("[access]\nmode = \"active-session\"\nalways = [\"gdm\", 0, 4242]\n")
        #expect(c.access.mode == .activeSession)
        #expect(c.access.always == [.init(uid: 115, name: "gdm"), .init(uid: 0), .init(uid: 4242)])
        #expect(c.access.alwaysUIDs == [0, 115, 4242])
        #expect(try Self.parse("[access]\nmode = \"group\"\n").access.mode == .group)
        #expect(try Self.parse("[access]\nmode = \"auto\"\n").access.mode == nil)
        #expect(try Self.parse("access = { always = [\"alice\"] }\n").access.alwaysUIDs == [1000])
    }

    @Test func badValuesNameTheirLine() {
        let cases: [(String, String)] = [
            ("[access]\nmode = \"active\"\n",
             #"config.toml:2:8: 'mode' in [access] must be one of "auto", "active-session", "group", not "active""#),
            ("[access]\nmode = 1\n", "config.toml:2:8: 'mode' in [access] must be a string, not an integer"),
            ("[access]\nalways = [\"alise\"]\n", #"config.toml:2:11: 'always' in [access]: no user named "alise" on this system"#),
            ("[access]\nalways = [-1]\n", "config.toml:2:11: 'always' in [access]: uid -1 is out of range (0 to 4294967294)"),
            ("[access]\nalways = [4294967295]\n",
             "config.toml:2:11: 'always' in [access]: uid 4294967295 is out of range (0 to 4294967294)"),
            ("[access]\nalways = [1.5]\n", "config.toml:2:11: 'always' in [access] must hold uids or user names, not a float"),
            ("[access]\nalways = \"gdm\"\n",
             "config.toml:2:10: 'always' in [access] must be an array of uids or user names, not a string"),
            ("[access]\nalways = [\"alice\",\n  1000]\n", "config.toml:3:3: 'always' in [access]: uid 1000 is already listed on line 2"),
            ("[access]\nmod = \"group\"\n", "config.toml:2:1: unknown key 'mod' in [access] (did you mean 'mode'?)"),
            ("access = \"group\"\n", "config.toml:1:10: 'access' must be a table ([access]), not a string"),
        ]
        for (text, expected) in cases {
            let error = Self.error(text)
            #expect(error?.contains(expected) == true, "\(text.debugDescription): got \(error ?? "no error")")
        }
    }

    @Test func renderedAccessParsesBack() throws {
        var config = DaemonConfiguration.builtIn
        config.access = AccessSettings(mode: .group, always: [.init(uid: 115, name: "gdm"), .init(uid: 7)])
        let text = ConfigLoader.render(config)
        #expect(text.contains("[access]"))
        #expect(text.contains("mode = \"group\""))
        #expect(text.contains("always = [\"gdm\", 7]"))
        #expect(try Self.parse(text) == config)
    }

    @Test func theDefaultFileShowsTheAccessTable() throws {
        let text = ConfigLoader.renderDefault()
        #expect(text.contains("mode = \"auto\"  # "))
        #expect(text.contains("always = []  # "))
        #expect(try ConfigLoader.parse(text) == DaemonConfiguration.builtIn)
    }

    @Test func theSystemResolvesRoot() {
        #expect(SystemUsers.uid(named: "root") == 0)
        #expect(SystemUsers.uid(named: "no-such-user-here") == nil)
    }

    @Test func aReloadSeesAChangedTable() {
        var reloader = ConfigReloader(current: .builtIn, explicitPath: nil)
        guard case .applied(let new, _) = reloader.reload(text: "[access]\nmode = \"group\"\nalways = [0]\n", source: "x") else {
            Issue.record("not applied"); return
        }
        #expect(new.access.mode == .group)
    }
}
