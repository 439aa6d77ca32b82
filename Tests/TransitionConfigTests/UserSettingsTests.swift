// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionCore
@testable import TransitionConfig

/// A user's settings over the system's configuration: what they may change, what stays the
/// system's, and the errors, with the system file's words, lines and columns.
@Suite struct UserSettingsTests {
    static let system = DaemonConfiguration.builtIn

    /// `text` over `system`, or the error text.
    static func overlay(_ text: String, on system: DaemonConfiguration = system) -> Result<DaemonConfiguration, ConfigError> {
        do throws(ConfigError) {
            return .success(try UserSettings.parse(text, source: "user.toml").applied(to: system))
        } catch {
            return .failure(error)
        }
    }

    static func applied(_ text: String, on system: DaemonConfiguration = system) throws -> DaemonConfiguration {
        try overlay(text, on: system).get()
    }

    static func error(_ text: String, on system: DaemonConfiguration = system) -> String? {
        if case .failure(let e) = overlay(text, on: system) { return e.description }
        return nil
    }

    static func spec(_ c: DaemonConfiguration, _ name: String) -> TransitionSpec? {
        c.engine.transitions.first { $0.name == name }
    }

    @Test func anEmptyFileChangesNothing() throws {
        #expect(try Self.applied("") == Self.system)
        #expect(try Self.applied("# only a comment\n") == Self.system)
        #expect(try UserSettings.parse("\n# x\n", source: "u").isEmpty)
    }

    @Test func aTransitionOfTheSameNameIsChangedAndKeepsItsBindings() throws {
        let c = try Self.applied("""
            [[transition]]
            name = "swipe3-left"
            finish_threshold = 0.3
            completion = { type = "spring", stiffness = 400, damping_ratio = 0.8 }
            """)
        let spec = try #require(Self.spec(c, "swipe3-left"))
        #expect(spec.decision.finishThreshold == 0.3)
        #expect(spec.completion == .spring(SpringParameters(mass: 1, stiffness: 400, dampingRatio: 0.8, epsilon: 0.0001)))
        #expect(c.engine.bindings.contains { $0.transition == "swipe3-left" && $0.gestureName == "swipe3-left" })
        #expect(c.engine.transitions.map(\.name) == Self.system.engine.transitions.map(\.name))
        // The others are untouched.
        #expect(Self.spec(c, "swipe3-right") == Self.spec(Self.system, "swipe3-right"))
    }

    @Test func aBindingReplacesTheTransitionsBindingsAndTakesTheGestureFromItsOwner() throws {
        let c = try Self.applied("""
            [[transition]]
            name = "swipe3-left"
            binding = ["swipe4-left", "tap3"]
            """)
        #expect(c.engine.bindings.filter { $0.transition == "swipe3-left" }.map(\.gestureName) == ["swipe4-left"])
        #expect(c.engine.taps == [TapBinding(fingers: 3, transition: "swipe3-left")])
        // swipe4-left lost its gesture but stays, triggerable.
        #expect(Self.spec(c, "swipe4-left") != nil)
        #expect(!c.engine.bindings.contains { $0.transition == "swipe4-left" })
        #expect(c.engine.transitions.count == Self.system.engine.transitions.count)
    }

    @Test func aNewNameAddsATransition() throws {
        let c = try Self.applied("""
            [defaults]
            frame_rate = 120

            [[transition]]
            name = "launcher"
            binding = "padtap4"
            trigger_duration = 0.2
            """)
        #expect(c.engine.transitions.last?.name == "launcher")
        #expect(c.engine.transitions.count == Self.system.engine.transitions.count + 1)
        #expect(Self.spec(c, "launcher")?.triggerDuration == 0.2)
        #expect(Self.spec(c, "launcher")?.frameRate == 120)
        #expect(c.engine.taps.contains(TapBinding(fingers: 4, transition: "launcher", touchpad: true)))
    }

    @Test func userDefaultsApplyToEveryTransitionAndTheTransitionsOwnKeysWin() throws {
        let c = try Self.applied("""
            slop = 20
            hold_delay = 0.3
            [defaults]
            finish_threshold = 0.4
            [[transition]]
            name = "pinch3-in"
            finish_threshold = 0.6
            """)
        #expect(c.engine.slop == 20)
        #expect(c.engine.holdDelay == 0.3)
        #expect(c.engine.transitions.allSatisfy { $0.decision.finishThreshold == ($0.name == "pinch3-in" ? 0.6 : 0.4) })
    }

    @Test(arguments: [
        ("log_level = \"debug\"", "user.toml:1:1: 'log_level' (the daemon's logging) is the system's"),
        ("socket_group = \"input\"", "user.toml:1:1: 'socket_group' (the socket's group) is the system's"),
        ("\n[server]\nmax_clients = 4", "user.toml:2:1: [server] (connection limits) is the system's"),
        ("[access]\nmode = \"group\"", "user.toml:1:1: [access] (who receives events) is the system's"),
        ("[touchegg]\nenabled = true", "user.toml:1:1: [touchegg] (the @touchegg endpoint) is the system's"),
        ("x = 1\n[touchscreen]\nrotation = 90", "user.toml:2:1: [touchscreen] (how touchscreens are mounted) is the system's"),
    ])
    func systemSectionsAreRefusedWithTheirLine(text: String, expected: String) throws {
        let message = try #require(Self.error(text))
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("/etc/transitiond/config.toml"))
    }

    @Test func errorsUseTheSystemFilesMessagesAndPositions() {
        let text = """
            [[transition]]
            name = "swipe3-left"
            finish_threshold = 1.5
            stifness = 3
            """
        #expect(Self.error(text) == """
            user.toml:3:20: 'finish_threshold' in [[transition]] 'swipe3-left' must be between 0 and 1, not 1.5
            user.toml:4:1: unknown key 'stifness' in [[transition]] 'swipe3-left' (did you mean 'distance'?)
            """ || Self.error(text)?.contains("user.toml:3:20: 'finish_threshold'") == true)
        #expect(Self.error("[[transition]\n") != nil)
        #expect(Self.error("[[transition]]\nname = \"a\"\nbinding = \"swipe3-left\"\n[[transition]]\nname = \"b\"\nbinding = \"swipe3-left\"")?
            .contains("user.toml:6:11: gesture swipe3-left is already bound to 'a' on line 3") == true)
        #expect(Self.error("[[transition]]\nname = \"a\"\n[[transition]]\nname = \"a\"")?
            .contains("user.toml:4:8: transition 'a' is already defined on line 2") == true)
    }

    @Test func aDistanceThatNoLongerFitsASystemBindingIsNamedAtTheUsersKey() {
        let message = Self.error("""
            [[transition]]
            name = "pinch3-in"
            distance_mm = 40
            """)
        #expect(message?.contains("user.toml:3:15: pinch3-in (bound by the system) in [[transition]] 'pinch3-in' cannot use a distance in mm") == true,
                "\(message ?? "nil")")
    }

    @Test func tooLargeTextIsRefused() {
        let text = String(repeating: "# padding\n", count: UserSettings.maxBytes / 10 + 1)
        #expect(Self.error(text)?.contains("more than the 32 KiB") == true)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(UserSettings.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/transitiond/config.toml")
        #expect(UserSettings.defaultPath(environment: ["HOME": "/h/"]) == "/h/.config/transitiond/config.toml")
        #expect(UserSettings.defaultPath(environment: [:]) == nil)
    }

    // MARK: Properties

    /// A random user file: top-level tuning, [defaults], and [[transition]]s that change a system
    /// transition or add one, with bindings taken from anywhere.
    static let names = Self.system.engine.transitions.map(\.name) + ["mine-1", "mine-2"]
    static let bindable = ["swipe3-left", "swipe4-up", "pinch3-in", "touch3-left", "edge1-left", "tap3", "padtap4",
                           "hold3", "rotate2-cw", "scroll2-down"]
    static let transitionBlock = zip(Gen<Int>.int(in: 0...(names.count - 1)), Gen<Double>.double(in: 0...1),
                                     Gen<Int>.int(in: 0...(bindable.count - 1)).optional, Gen<Int>.int(in: 1...240))
        .map { n, threshold, binding, rate in
            var out = "[[transition]]\nname = \"\(names[n])\"\nfinish_threshold = \(threshold)\n"
            if let binding { out += "binding = \"\(bindable[binding])\"\n" }
            if rate % 2 == 0 { out += "frame_rate = \(rate)\n" }
            return (names[n], out)
        }
    static let userFile = zip(transitionBlock.array(of: 0...5), Gen<Double>.double(in: 0...40).optional, Gen<Bool>.bool)
        .map { blocks, slop, defaults in
            var out = slop.map { "slop = \($0)\n" } ?? ""
            if defaults { out += "[defaults]\ncompletion = { type = \"curve\", curve = \"ease_out\" }\n" }
            var seen: Set<String> = []
            for (name, block) in blocks where seen.insert(name).inserted { out += block }
            return out
        }

    @Test func aUserFileNeverRemovesASystemTransition() async {
        await propertyCheck(count: 300, input: Self.userFile) { text in
            guard case .success(let c) = Self.overlay(text) else { return }   // a clash is refused, fine
            let names = c.engine.transitions.map(\.name)
            #expect(Array(names.prefix(Self.system.engine.transitions.count)) == Self.system.engine.transitions.map(\.name))
            // And nothing but the engine changes.
            var rest = c; rest.engine = Self.system.engine
            #expect(rest == Self.system)
        }
    }

    @Test func applyingTwiceIsApplyingOnce() async {
        await propertyCheck(count: 300, input: Self.userFile) { text in
            guard case .success(let once) = Self.overlay(text) else { return }
            #expect((try? Self.overlay(text, on: once).get()) == once)
        }
    }

    /// Over random system configurations too: their transitions all stay, in their order; a
    /// system binding stays unless the user rebound its transition or took its gesture; nothing
    /// but the engine changes; applying twice is applying once.
    static let anyNames = ["t0", "t1", "t2", "t3", "mine-1", "swipe3-left"]
    static let anyBlock = zip(Gen<Int>.int(in: 0...(anyNames.count - 1)), Gen<Double>.double(in: 0...1),
                              Gen<Int>.int(in: 0...(bindable.count - 1)).optional)
        .map { n, threshold, binding in
            (anyNames[n], "[[transition]]\nname = \"\(anyNames[n])\"\nfinish_threshold = \(threshold)\n"
                + (binding.map { "binding = \"\(bindable[$0])\"\n" } ?? ""))
        }
    static let anyUserFile = anyBlock.array(of: 0...4).map { blocks in
        var seen: Set<String> = [], out = ""
        for (name, block) in blocks where seen.insert(name).inserted { out += block }
        return out
    }

    @Test func overAnySystemConfigurationNothingIsRemoved() async {
        await propertyCheck(count: 300, input: zip(ConfigGenerators.configuration, Self.anyUserFile)) { system, text in
            guard case .success(let c) = Self.overlay(text, on: system) else { return }
            let names = system.engine.transitions.map(\.name)
            #expect(Array(c.engine.transitions.map(\.name).prefix(names.count)) == names)
            var rest = c; rest.engine = system.engine
            #expect(rest == system)
            let user = try? TOMLParser.parse(text)
            let rebound = Set((user?["transition"].flatMap { entry -> [String]? in
                guard case .array(let items) = entry.node.value else { return nil }
                return items.compactMap { item -> String? in
                    guard case .table(let t) = item.value, t["binding"] != nil, case .string(let n)? = t["name"]?.node.value else { return nil }
                    return n
                }
            }) ?? [])
            let taken = Set(c.engine.bindings.filter { rebound.contains($0.transition) }.map(\.gestureName)
                            + c.engine.taps.filter { rebound.contains($0.transition) }.map(\.gestureName)
                            + c.engine.holds.filter { rebound.contains($0.transition) }.map(\.gestureName))
            for b in system.engine.bindings where !rebound.contains(b.transition) && !taken.contains(b.gestureName) {
                #expect(c.engine.bindings.contains(b), "\(b.gestureName) of \(b.transition) lost")
            }
            #expect((try? Self.overlay(text, on: c).get()) == c)
        }
    }

    @Test func aSystemSectionAnywhereIsRefused() async {
        let sections = UserSettings.systemOnlyKeys
        await propertyCheck(count: 100, input: zip(Self.userFile, Gen<Int>.int(in: 0...(sections.count - 1)))) { text, i in
            let key = sections[i]
            let bad = ["log_level", "socket_group"].contains(key) ? "\(key) = \"x\"\n" + text : text + "\n[\(key)]\n"
            #expect(Self.error(bad)?.contains("is the system's") == true)
        }
    }
}
