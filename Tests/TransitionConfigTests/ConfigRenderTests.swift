// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionCore
@testable import TransitionConfig

@Suite struct ConfigRenderTests {
    @Test func renderedDefaultParsesBackToExactlyTheBuiltIn() throws {
        let text = ConfigLoader.renderDefault()
        let parsed = try ConfigLoader.parse(text, source: "default.toml")
        #expect(parsed == DaemonConfiguration.builtIn)
        #expect(parsed.engine == EngineConfiguration.standard)
    }

    @Test func renderedDefaultShowsEverySetting() {
        let text = ConfigLoader.renderDefault()
        for key in ["log_level", "socket_group", "slop", "touch_slop", "pinch_slop", "[server]", "max_clients",
                    "max_clients_per_user", "eviction_grace", "[defaults]", "distance", "finish_threshold",
                    "velocity_threshold", "deceleration_rate", "snap_distance", "rubber_band", "completion",
                    "trigger_duration", "trigger_completion", "frame_rate", "[[transition]]", "binding"] {
            #expect(text.contains(key), "missing \(key)")
        }
    }

    @Test func aConfigurationUsingEveryFeatureRoundTrips() throws {
        var engine = EngineConfiguration(transitions: [
            TransitionSpec(name: "a", distance: Distance(12.5, .mm),
                           decision: DecisionPolicy(finishThreshold: 0.3, velocityThreshold: 0.25,
                                                    decelerationRate: 0.9975, snapDistance: 0),
                           completion: .curve(.easeIn, .uikit(duration: 0.3, completionSpeed: 0.75)),
                           rubberBand: RubberBand(stiffness: 1, limit: 0), triggerDuration: 1e-3,
                           triggerCompletion: .spring(.bouncy), frameRate: 144),
            TransitionSpec(name: "b.c_d-e", distance: Distance(0.25, .scale)),
            TransitionSpec(name: "f", completion: .curve(.linear, .velocityMatched(min: 0.05, max: 1))),
        ], bindings: [
            Binding(source: .touch, fingers: 1, direction: .down, transition: "a"),
            Binding(source: .swipe, fingers: 4, direction: .left, transition: "a", distance: Distance(300, .units)),
            Binding(source: .pinch, fingers: 2, direction: .out, transition: "b.c_d-e"),
            Binding(source: .scroll, fingers: 2, direction: .up, transition: "f"),
        ])
        engine.slop = 7.25
        engine.touchSlop = 2.5
        engine.pinchSlop = 0.125
        let config = DaemonConfiguration(engine: engine, logLevel: .trace, socketGroup: "input-users")
        let text = ConfigLoader.render(config)
        #expect(try ConfigLoader.parse(text) == config)
    }

    @Test func randomConfigurationsRoundTrip() async {
        await propertyCheck(count: 200, input: ConfigGenerators.configuration) { config in
            let text = ConfigLoader.render(config)
            do {
                let parsed = try ConfigLoader.parse(text)
                #expect(parsed == config, "\(text)")
            } catch {
                Issue.record("rendered configuration does not parse: \(error)\n\(text)")
            }
        }
    }
}
