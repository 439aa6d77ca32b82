// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionConfig

@Suite struct ConfigSchemaValidTests {
    @Test func emptyFileIsTheBuiltInConfiguration() throws {
        #expect(try ConfigLoader.parse("") == DaemonConfiguration.builtIn)
        #expect(try ConfigLoader.parse("# only a comment\n\n") == DaemonConfiguration.builtIn)
    }

    @Test func globalsOnlyKeepTheBuiltInTransitions() throws {
        let c = try ConfigLoader.parse("log_level = \"debug\"\nsocket_group = \"video\"\nslop = 20\n")
        #expect(c.logLevel == .debug)
        #expect(c.socketGroup == "video")
        #expect(c.engine.slop == 20)
        #expect(c.engine.transitions == DaemonConfiguration.builtIn.engine.transitions)
        #expect(c.engine.bindings == DaemonConfiguration.builtIn.engine.bindings)
    }

    @Test func defaultsWithoutTransitionsApplyToTheBuiltInTransitions() throws {
        let c = try ConfigLoader.parse("[defaults]\ncompletion = { stiffness = 400, damping_ratio = 0.8 }\n")
        #expect(c.engine.transitions.count == DaemonConfiguration.builtIn.engine.transitions.count)
        for t in c.engine.transitions {
            #expect(t.completion == .spring(.bouncy))
        }
    }

    @Test func aFullTransition() throws {
        let text = """
        slop = 12

        [defaults]
        frame_rate = 120
        completion = { type = "spring", stiffness = 800 }

        [[transition]]
        name = "workspace-next"
        distance_mm = 40
        finish_threshold = 0.4
        velocity_threshold = 0.5
        deceleration_rate = 0.995
        snap_distance = 3
        trigger_duration = 0.25
        binding = ["swipe3-left", { gesture = "touch", fingers = 3, direction = "left", distance_mm = 80 }]

        [transition.rubber_band]
        stiffness = 0.7
        limit = 0.1

        [transition.completion]
        type = "curve"
        curve = "ease_out_cubic"
        min_duration = 0.15
        max_duration = 0.5

        [transition.trigger_completion]
        curve = "ease_in_out"
        duration = 0.3
        completion_speed = 1.5

        [[transition]]
        name = "overview"
        frame_rate = 60

        [[transition.binding]]
        gesture = "pinch"
        fingers = 4
        direction = "in"
        distance_scale = 0.4

        [[transition.binding]]
        gesture = "scroll"
        direction = "up"
        """
        let c = try ConfigLoader.parse(text)
        #expect(c.engine.slop == 12)
        #expect(c.engine.transitions == [
            TransitionSpec(name: "workspace-next", distance: Distance(40, .mm),
                           decision: DecisionPolicy(finishThreshold: 0.4, velocityThreshold: 0.5,
                                                    decelerationRate: 0.995, snapDistance: 3),
                           completion: .curve(.easeOutCubic, .velocityMatched(min: 0.15, max: 0.5)),
                           rubberBand: RubberBand(stiffness: 0.7, limit: 0.1), triggerDuration: 0.25,
                           triggerCompletion: .curve(.easeInOut, .uikit(duration: 0.3, completionSpeed: 1.5)),
                           frameRate: 120),
            TransitionSpec(name: "overview", completion: .spring(SpringParameters(stiffness: 800)), frameRate: 60),
        ])
        #expect(c.engine.bindings == [
            Binding(source: .swipe, fingers: 3, direction: .left, transition: "workspace-next"),
            Binding(source: .touch, fingers: 3, direction: .left, transition: "workspace-next", distance: Distance(80, .mm)),
            Binding(source: .pinch, fingers: 4, direction: .in, transition: "overview", distance: Distance(0.4, .scale)),
            Binding(source: .scroll, fingers: 2, direction: .up, transition: "overview"),
        ])
    }

    @Test func autoResetsAnOptionalSettingFromDefaults() throws {
        let c = try ConfigLoader.parse("""
        [defaults]
        distance = 500
        velocity_threshold = 1
        deceleration_rate = 0.99
        trigger_completion = { type = "spring" }
        [[transition]]
        name = "a"
        distance = "auto"
        velocity_threshold = "auto"
        deceleration_rate = "auto"
        trigger_completion = "auto"
        [[transition]]
        name = "b"
        """)
        #expect(c.engine.transitions[0] == TransitionSpec(name: "a"))
        #expect(c.engine.transitions[1].distance == Distance(500, .units))
        #expect(c.engine.transitions[1].decision.velocityThreshold == 1)
        #expect(c.engine.transitions[1].triggerCompletion == .spring(.default))
    }

    @Test func completionInheritsFromDefaultsOfTheSameType() throws {
        let c = try ConfigLoader.parse("""
        [defaults]
        completion = { type = "curve", curve = "ease_out", duration = 0.5, completion_speed = 2 }
        [[transition]]
        name = "a"
        completion = { curve = "linear" }
        [[transition]]
        name = "b"
        completion = { type = "spring", damping_ratio = 0.5 }
        """)
        #expect(c.engine.transitions[0].completion == .curve(.linear, .uikit(duration: 0.5, completionSpeed: 2)))
        #expect(c.engine.transitions[1].completion == .spring(SpringParameters(dampingRatio: 0.5)))
    }

    @Test func emptyTransitionListIsAllowed() throws {
        let c = try ConfigLoader.parse("transition = []\n")
        #expect(c.engine.transitions.isEmpty)
        #expect(c.engine.bindings.isEmpty)
    }

    @Test func aTransitionWithoutBindingsCanStillBeTriggered() throws {
        let c = try ConfigLoader.parse("[[transition]]\nname = \"lock-screen\"\n")
        #expect(c.engine.transitions.map(\.name) == ["lock-screen"])
        #expect(c.engine.bindings.isEmpty)
    }
}

@Suite struct ConfigSchemaErrorTests {
    static let t = "[[transition]]\nname = \"swipe3-left\"\nbinding = \"swipe3-left\"\n"

    @Test(arguments: [
        // Unknown keys, with suggestions.
        ("log_levl = \"info\"", "config.toml:1:1: unknown key 'log_levl' at the top level (did you mean 'log_level'?)"),
        ("[defaults]\nframerate = 30", "config.toml:2:1: unknown key 'framerate' in [defaults] (did you mean 'frame_rate'?)"),
        (t + "finish_treshold = 0.4", "config.toml:4:1: unknown key 'finish_treshold' in [[transition]] 'swipe3-left' (did you mean 'finish_threshold'?)"),
        (t + "[transition.completion]\nstifness = 10",
         "config.toml:5:1: unknown key 'stifness' in completion of [[transition]] 'swipe3-left' (did you mean 'stiffness'?)"),
        (t + "completion = { type = \"spring\", min_duration = 0.1 }",
         "config.toml:4:33: unknown key 'min_duration' in completion of [[transition]] 'swipe3-left' ('min_duration' needs type = \"curve\")"),
        (t + "rubber_band = { stiffnes = 1 }",
         "config.toml:4:17: unknown key 'stiffnes' in rubber_band of [[transition]] 'swipe3-left' (did you mean 'stiffness'?)"),
        ("[[transition]]\nname = \"x\"\nbinding = { gesture = \"swipe\", finger = 3, direction = \"up\" }",
         "config.toml:3:11: missing key 'fingers' in binding of [[transition]] 'x'\nconfig.toml:3:32: unknown key 'finger' in binding of [[transition]] 'x' (did you mean 'fingers'?)"),
        ("whatever = 1", "config.toml:1:1: unknown key 'whatever' at the top level"),
        // Wrong types.
        ("slop = \"16\"", "config.toml:1:8: 'slop' at the top level must be a number, not a string"),
        ("log_level = 3", "config.toml:1:13: 'log_level' at the top level must be a string, not an integer"),
        (t + "frame_rate = 60.0", "config.toml:4:14: 'frame_rate' in [[transition]] 'swipe3-left' must be a whole number, not a float"),
        (t + "completion = \"spring\"", "config.toml:4:14: 'completion' in [[transition]] 'swipe3-left' must be a table, not a string"),
        (t + "velocity_threshold = \"fast\"", "config.toml:4:22: 'velocity_threshold' in [[transition]] 'swipe3-left' must be a number or \"auto\", not \"fast\""),
        ("defaults = 1", "config.toml:1:12: 'defaults' must be a table ([defaults]), not an integer"),
        ("[transition]\nname = \"x\"", "config.toml:1:1: 'transition' must be an array of tables ([[transition]]), not a table"),
        ("transition = [1]", "config.toml:1:15: 'transition' must hold tables ([[transition]]), not an integer"),
        ("[[transition]]\nname = 5", "config.toml:2:8: 'name' in [[transition]] #1 must be a string, not an integer"),
        // Out of range.
        ("slop = -0.5", "config.toml:1:8: 'slop' at the top level must be 0 or more, not -0.5"),
        (t + "finish_threshold = 1.5", "config.toml:4:20: 'finish_threshold' in [[transition]] 'swipe3-left' must be between 0 and 1, not 1.5"),
        (t + "deceleration_rate = 1", "config.toml:4:21: 'deceleration_rate' in [[transition]] 'swipe3-left' must be between 0 and 1 (exclusive), not 1"),
        (t + "snap_distance = -1", "config.toml:4:17: 'snap_distance' in [[transition]] 'swipe3-left' must be 0 or more, not -1"),
        (t + "frame_rate = 0", "config.toml:4:14: 'frame_rate' in [[transition]] 'swipe3-left' must be between 1 and 1000, not 0"),
        (t + "distance = -300", "config.toml:4:12: 'distance' in [[transition]] 'swipe3-left' must be greater than 0, not -300"),
        (t + "[transition.completion]\ndamping_ratio = 0",
         "config.toml:5:17: 'damping_ratio' in completion of [[transition]] 'swipe3-left' must be greater than 0, not 0"),
        (t + "completion = { curve = \"linear\", min_duration = 0.5, max_duration = 0.2 }",
         "config.toml:4:69: 'min_duration' (0.5) must not be greater than 'max_duration' (0.2) in completion of [[transition]] 'swipe3-left'"),
        // Choices.
        ("log_level = \"verbose\"", "config.toml:1:13: 'log_level' at the top level must be one of \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\", \"critical\", not \"verbose\""),
        ("log_level = \"warn\"", "config.toml:1:13: 'log_level' at the top level must be one of \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\", \"critical\", not \"warn\""),
        (t + "completion = { type = \"bounce\" }",
         "config.toml:4:23: 'type' in completion of [[transition]] 'swipe3-left' must be one of \"spring\", \"curve\", not \"bounce\""),
        (t + "completion = { curve = \"ease-out\" }",
         "config.toml:4:24: 'curve' in completion of [[transition]] 'swipe3-left' must be one of \"linear\", \"ease_in\", \"ease_out\", \"ease_in_out\", \"ease_out_cubic\", not \"ease-out\" (did you mean \"ease_out\"?)"),
        (t + "completion = { type = \"curve\" }",
         "config.toml:4:14: missing key 'curve' in completion of [[transition]] 'swipe3-left' (one of \"linear\", \"ease_in\", \"ease_out\", \"ease_in_out\", \"ease_out_cubic\")"),
        (t + "completion = { curve = \"linear\", duration = 0.3, min_duration = 0.1 }",
         "config.toml:4:50: 'min_duration' in completion of [[transition]] 'swipe3-left' cannot be combined with 'duration': give min_duration/max_duration (velocity-matched) or duration/completion_speed (UIKit)"),
        (t + "completion = { curve = \"linear\", completion_speed = 2 }",
         "config.toml:4:34: 'completion_speed' in completion of [[transition]] 'swipe3-left' needs 'duration' as well"),
        // Distances.
        (t + "distance = 300\ndistance_mm = 30",
         "config.toml:5:1: 'distance_mm' in [[transition]] 'swipe3-left' conflicts with 'distance' on line 4: give one distance"),
        (t + "distance_scale = 0.5",
         "config.toml:4:18: swipe3-left in [[transition]] 'swipe3-left' cannot use the transition's distance in scale: a swipe needs 'distance' (touchpad units) or 'distance_mm'"),
        ("[defaults]\ndistance_mm = 30\n[[transition]]\nname = \"p\"\nbinding = \"pinch3-in\"",
         "config.toml:5:11: pinch3-in in [[transition]] 'p' cannot use the distance from [defaults] in mm: a pinch needs 'distance_scale'"),
        // Transitions and bindings.
        ("[[transition]]\nbinding = \"swipe3-up\"", "config.toml:1:1: missing key 'name' in [[transition]] #1"),
        ("[[transition]]\nname = \"a b\"", "config.toml:2:8: 'name' in [[transition]] #1 must be 1 to 64 letters, digits, '-', '_' or '.', not \"a b\""),
        ("[[transition]]\nname = \"a\"\n[[transition]]\nname = \"a\"", "config.toml:4:8: transition 'a' is already defined on line 2"),
        ("[[transition]]\nname = \"a\"\nbinding = \"swipe3-up\"\n[[transition]]\nname = \"b\"\nbinding = [\"swipe4-up\", \"swipe3-up\"]",
         "config.toml:6:25: gesture swipe3-up is already bound to 'a' on line 3"),
        ("[[transition]]\nname = \"a\"\nbinding = \"swipe3-sideways\"",
         "config.toml:3:11: binding of [[transition]] 'a' must look like \"<gesture><fingers>-<direction>\", such as \"swipe3-left\", \"edge1-left\", \"rotate2-cw\", \"tap3\", \"padtap4\" or \"hold3\", not \"swipe3-sideways\""),
        ("[[transition]]\nname = \"a\"\nbinding = \"swipe2-left\"", "config.toml:3:11: binding of [[transition]] 'a': a swipe has 3 to 10 fingers, not 2"),
        ("[[transition]]\nname = \"a\"\nbinding = [\"swipe3-left\", \"pinch3-left\"]",
         "config.toml:3:27: binding 2 of [[transition]] 'a': a pinch goes \"in\", \"out\", not \"left\""),
        ("[[transition]]\nname = \"a\"\nbinding = { gesture = \"scroll\", fingers = 3, direction = \"up\" }",
         "config.toml:3:43: binding of [[transition]] 'a': a scroll has 2 fingers, not 3"),
        ("[[transition]]\nname = \"a\"\nbinding = { gesture = \"wipe\", fingers = 3, direction = \"up\" }",
         "config.toml:3:23: 'gesture' in binding of [[transition]] 'a' must be one of \"swipe\", \"scroll\", \"touch\", \"pinch\", \"edge\", \"touchpinch\", \"hold\", \"touchhold\", \"padtap\", \"rotate\", \"touchrotate\", \"tap\", not \"wipe\" (did you mean \"swipe\"?)"),
        ("[[transition]]\nname = \"a\"\nbinding = 3", "config.toml:3:11: binding of [[transition]] 'a' must be a string such as \"swipe3-left\" or a table, not an integer"),
        ("[[transition]]\nname = \"a\"\nbinding = { fingers = 3 }",
         "config.toml:3:11: missing key 'gesture' in binding of [[transition]] 'a' (one of \"swipe\", \"scroll\", \"touch\", \"pinch\", \"edge\", \"touchpinch\", \"hold\", \"touchhold\", \"padtap\", \"rotate\", \"touchrotate\", \"tap\")\nconfig.toml:3:11: missing key 'direction' in binding of [[transition]] 'a'"),
        // Syntax errors come through with their position too.
        ("[[transition]]\nname = \"a\"\nfinish_threshold = 0,5", "config.toml:3:21: expected a newline or a comment, found ','"),
    ] as [(String, String)])
    func semanticErrorsNameLineColumnAndKey(_ text: String, _ expected: String) {
        #expect(configError(text) == expected)
    }

    @Test func everyErrorIsReportedInOrder() {
        let text = """
        log_level = "loud"
        slop = -1
        [[transition]]
        name = "a"
        stiffness = 3
        finish_threshold = 2
        """
        #expect(configError(text, source: "/etc/transitiond/config.toml") == """
        /etc/transitiond/config.toml:1:13: 'log_level' at the top level must be one of "trace", "debug", "info", "notice", "warning", "error", "critical", not "loud"
        /etc/transitiond/config.toml:2:8: 'slop' at the top level must be 0 or more, not -1
        /etc/transitiond/config.toml:5:1: unknown key 'stiffness' in [[transition]] 'a'
        /etc/transitiond/config.toml:6:20: 'finish_threshold' in [[transition]] 'a' must be between 0 and 1, not 2
        """)
    }
}

@Suite struct EngineValidationMappingTests {
    @Test func anEngineErrorPointsAtWhereItsSubjectWasRead() throws {
        let root = try TOMLParser.parse("slop = 1\n[[transition]]\nname = \"a\"\nbinding = \"swipe3-up\"\n[[transition]]\nname = \"ab\"\n")
        let places = try ConfigDecoder.decode(root, source: "t.toml", users: { _ in nil }).places
        #expect(places.position(of: .transition(index: 1), in: root) == SourcePosition(line: 5, column: 1))
        #expect(places.position(of: .transition(index: 0), in: root) == SourcePosition(line: 2, column: 1))
        #expect(places.position(of: .binding(index: 0), in: root) == SourcePosition(line: 4, column: 11))
        #expect(places.position(of: .setting("slop"), in: root) == SourcePosition(line: 1, column: 1))
        #expect(places.position(of: .transition(index: 2), in: root) == nil)
        #expect(places.position(of: .tap(index: 0), in: root) == nil)
        #expect(places.position(of: .hold(index: 0), in: root) == nil)
    }

    /// Taps, touchpad taps and holds are recorded where their strings are, like pans.
    @Test func tapsAndHoldsArePlacedLikeBindings() throws {
        let root = try TOMLParser.parse("[[transition]]\nname = \"a\"\nbinding = [\"tap3\", \"hold3\", \"padtap4\", \"touchhold1\"]\n")
        let places = try ConfigDecoder.decode(root, source: "t.toml", users: { _ in nil }).places
        #expect(places.position(of: .tap(index: 0), in: root) == SourcePosition(line: 3, column: 12))
        #expect(places.position(of: .tap(index: 1), in: root) == SourcePosition(line: 3, column: 29))
        #expect(places.position(of: .hold(index: 0), in: root) == SourcePosition(line: 3, column: 20))
        #expect(places.position(of: .hold(index: 1), in: root) == SourcePosition(line: 3, column: 40))
    }

    /// The loader's message for an engine error is the engine's, at the place of its subject.
    @Test func theLoaderReportsTheEnginesMessageAtItsSubject() throws {
        let text = "[[transition]]\nname = \"a\"\n[[transition]]\nname = \"b\"\nframe_rate = 1000\n"
        let engine = try ConfigLoader.parse(text, source: "t.toml").engine
        var bad = engine
        bad.transitions[1].frameRate = 5000
        let root = try TOMLParser.parse(text)
        let places = try ConfigDecoder.decode(root, source: "t.toml", users: { _ in nil }).places
        var config = DaemonConfiguration.builtIn
        config.engine = bad
        #expect(throws: ConfigError(source: "t.toml", position: SourcePosition(line: 3, column: 1),
                                    message: "transition 'b': frame rate must be 1...1000 per second (got 5000)")) {
            try EngineValidation.check(config, places: places, root: root, source: "t.toml")
        }
    }
}
