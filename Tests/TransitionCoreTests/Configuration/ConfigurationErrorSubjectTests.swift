// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionTestSupport

/// `validate()` says which part of the configuration it refuses, so a loader can point at where
/// it read that part without searching the message.
@Suite struct ConfigurationErrorSubjectTests {
    func subject(_ c: EngineConfiguration) -> ConfigurationError.Subject? {
        do { try c.validate(); return nil } catch { return error.subject }
    }

    @Test func eachRefusalNamesItsPart() {
        var c = single()
        c.pinchSlop = .nan
        #expect(subject(c) == .setting("pinch_slop"))

        c = single()
        c.transitions.append(TransitionSpec(name: "u"))
        c.transitions.append(TransitionSpec(name: "u"))
        #expect(subject(c) == .transition(index: 2))
        c = single()
        c.transitions.append(TransitionSpec(name: "u", distance: Distance(0, .units)))
        #expect(subject(c) == .transition(index: 1))

        c = single()
        c.bindings.append(Binding(source: .swipe, fingers: 4, direction: .up, transition: "ghost"))
        #expect(subject(c) == .binding(index: 1))
        c = single()
        c.bindings[0].distance = Distance(-1, .mm)
        #expect(subject(c) == .binding(index: 0))

        c = single()
        c.taps = [TapBinding(fingers: 2, transition: "t"), TapBinding(fingers: 11, transition: "t")]
        #expect(subject(c) == .tap(index: 1))

        c = single()
        c.holds = [HoldBinding(source: .hold, fingers: 3, transition: "t"),
                   HoldBinding(source: .touchHold, fingers: 1, transition: "ghost")]
        #expect(subject(c) == .hold(index: 1))
        c = single()
        c.taps = [TapBinding(fingers: 3, transition: "t", touchpad: true)]
        c.holds = [HoldBinding(source: .hold, fingers: 3, transition: "t")]
        #expect(subject(c) == nil)      // padtap3 and hold3 are different gestures
        c.holdDelay = -1
        #expect(subject(c) == .setting("hold_delay"))

        #expect(subject(single()) == nil)
    }

    /// The subject says where, not what: errors with the same message are equal.
    @Test func theSubjectIsNotPartOfEquality() {
        #expect(ConfigurationError("x", subject: .tap(index: 0)) == ConfigurationError("x"))
        #expect(ConfigurationError("x").hashValue == ConfigurationError("x", subject: .setting("slop")).hashValue)
    }
}
