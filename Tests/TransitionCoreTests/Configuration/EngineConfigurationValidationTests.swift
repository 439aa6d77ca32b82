// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionTestSupport

@Suite struct EngineConfigurationValidationTests {
    func message(_ c: EngineConfiguration) -> String? {
        do { try c.validate(); return nil } catch { return error.message }
    }

    @Test func theStandardConfigurationIsValid() throws {
        try EngineConfiguration.standard.validate()
        _ = try TransitionEngine(configuration: .standard)
        try EngineConfiguration(transitions: [], bindings: []).validate()
    }

    @Test func distances() {
        for value in [0.0, -3, .nan, .infinity] {
            #expect(message(single(distance: Distance(value, .units)))
                    == "transition 't': distance must be a positive finite number (got \(value))")
        }
        var c = single(distance: nil)
        c.bindings[0].distance = Distance(-1, .mm)
        #expect(message(c) == "binding swipe3-right -> 't': distance must be a positive finite number (got -1.0)")
        #expect(message(single(distance: Distance(0.5, .scale)))
                == "transition 't' (used by binding swipe3-right -> 't'): a swipe distance cannot be in scale (use units)")
        #expect(message(single(source: .pinch, direction: .in, distance: Distance(30, .mm)))
                == "transition 't' (used by binding pinch3-in -> 't'): a pinch distance cannot be in mm (use scale)")
        #expect(message(single(source: .touch, distance: Distance(30, .mm))) == nil)
        #expect(message(single(source: .touch, distance: Distance(20, .percent))) == nil)
        #expect(message(single(source: .edge, direction: .up, distance: Distance(20, .percent))) == nil)
        #expect(message(single(distance: Distance(20, .percent)))
                == "transition 't' (used by binding swipe3-right -> 't'): a swipe distance cannot be in percent (use units)")
        #expect(message(single(source: .touchPinch, direction: .in, distance: Distance(20, .percent)))
                == "transition 't' (used by binding touchpinch3-in -> 't'): a touchpinch distance cannot be in percent (use scale)")
        #expect(message(single(source: .touch, distance: Distance(0, .percent)))
                == "transition 't': distance must be a positive finite number (got 0.0)")
    }

    @Test func namesAndBindings() {
        var c = single()
        c.transitions.append(TransitionSpec(name: "t"))
        #expect(message(c) == "duplicate transition name 't'")
        c = single()
        c.transitions[0].name = ""
        c.bindings = []
        #expect(message(c) == "a transition has an empty name")
        c = single()
        c.bindings[0].transition = "ghost"
        #expect(message(c) == "binding swipe3-right -> 'ghost': unknown transition 'ghost'")
        c = single()
        c.transitions.append(TransitionSpec(name: "u"))
        c.bindings.append(Binding(source: .swipe, fingers: 3, direction: .right, transition: "u"))
        #expect(message(c) == "two bindings for swipe3-right: transitions 't' and 'u'")
        c.bindings[1].direction = .left
        #expect(message(c) == nil)
    }

    @Test func fingerCountsAndDirectionsPerSource() {
        #expect(message(single(fingers: 2)) == "binding swipe2-right -> 't': swipe gestures have 3...10 fingers (got 2)")
        #expect(message(single(source: .scroll, fingers: 3))
                == "binding scroll3-right -> 't': scroll gestures have 2...2 fingers (got 3)")
        #expect(message(single(source: .touch, fingers: 0)) == "binding touch0-right -> 't': touch gestures have 1...10 fingers (got 0)")
        #expect(message(single(source: .pinch, fingers: 2, direction: .up, distance: nil))
                == "binding pinch2-up -> 't': a pinch goes in or out, not up")
        #expect(message(single(direction: .out)) == "binding swipe3-out -> 't': a swipe goes left, right, up or down, not out")
    }

    @Test func thresholds() {
        func with(_ f: @escaping (inout TransitionSpec) -> Void) -> String? { message(single(spec: f)) }
        #expect(with { $0.decision.finishThreshold = 1.5 } == "transition 't': finish threshold must be in 0...1 (got 1.5)")
        #expect(with { $0.decision.finishThreshold = .nan } == "transition 't': finish threshold must be in 0...1 (got nan)")
        #expect(with { $0.decision.finishThreshold = 0 } == nil)
        #expect(with { $0.decision.velocityThreshold = -1 }
                == "transition 't': velocity threshold must be a finite number ≥ 0 (got -1.0)")
        #expect(with { $0.decision.decelerationRate = 1 }
                == "transition 't': deceleration rate must be between 0 and 1, exclusive (got 1.0)")
        #expect(with { $0.decision.snapDistance = .infinity }
                == "transition 't': snap distance must be a finite number ≥ 0 (got inf)")
        #expect(with { $0.triggerDuration = -0.1 }
                == "transition 't': trigger duration must be a finite number of seconds ≥ 0 (got -0.1)")
        #expect(with { $0.rubberBand = RubberBand(stiffness: -1) }
                == "transition 't': rubber band stiffness and limit must be finite numbers ≥ 0 (got -1.0, 0.05)")
        #expect(with { $0.frameRate = 0 } == "transition 't': frame rate must be 1...1000 per second (got 0)")
    }

    @Test func completions() {
        func with(_ f: @escaping (inout TransitionSpec) -> Void) -> String? { message(single(spec: f)) }
        #expect(with { $0.completion = .spring(SpringParameters(stiffness: 0)) }
                == "transition 't' completion: spring stiffness must be a positive finite number (got 0.0)")
        #expect(with { $0.completion = .spring(SpringParameters(dampingRatio: -1)) }
                == "transition 't' completion: spring damping ratio must be a positive finite number (got -1.0)")
        #expect(with { $0.triggerCompletion = .spring(SpringParameters(epsilon: 0)) }
                == "transition 't' trigger completion: spring epsilon must be between 0 and 1, exclusive (got 0.0)")
        // Very soft is allowed (it is slow, not wrong), and still ends.
        #expect(with { $0.completion = .spring(SpringParameters(mass: 5000, stiffness: 0.001, dampingRatio: 0.001)) } == nil)
        #expect(SpringParameters(mass: 5000, stiffness: 0.001, dampingRatio: 0.001).unitSettleTime.isFinite)
        #expect(with { $0.completion = .curve(.linear, .velocityMatched(min: 0.5, max: 0.1)) }
                == "transition 't' completion: curve durations need 0 ≤ min ≤ max, finite (got 0.5, 0.1)")
        #expect(with { $0.completion = .curve(.linear, .uikit(duration: 0.3, completionSpeed: 0)) }
                == "transition 't' completion: completion speed must be a positive finite number (got 0.0)")
        #expect(with { $0.completion = .curve(.linear, .uikit(duration: -1, completionSpeed: 1)) }
                == "transition 't' completion: curve duration must be a finite number of seconds ≥ 0 (got -1.0)")
        #expect(with { $0.completion = .spring(.bouncy) } == nil)
    }

    @Test func slops() {
        var c = single()
        c.touchSlop = -1
        #expect(message(c) == "touch_slop must be a finite number ≥ 0 (got -1.0)")
        c = single()
        c.slop = .nan
        #expect(message(c) == "slop must be a finite number ≥ 0 (got nan)")
    }

    @Test func theEngineRefusesWhatValidateRefuses() {
        #expect(throws: ConfigurationError("transition 't': distance must be a positive finite number (got 0.0)")) {
            try TransitionEngine(configuration: single(distance: Distance(0, .units)))
        }
    }
}
