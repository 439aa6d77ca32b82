// SPDX-License-Identifier: MIT
import Testing
import TransitionCore

@Suite struct CompletionStyleTests {
    @Test func springsStartAtTheReleaseVelocity() {
        let a = CompletionStyle.spring(.bouncy).animation(from: 0.3, to: 1, velocity: 2)
        #expect(a == .spring(SpringAnimation(from: 0.3, to: 1, initialVelocity: 2, parameters: .bouncy)))
        #expect(CompletionStyle.default.animation(from: 0.3, to: 1, velocity: .nan)
                == .spring(SpringAnimation(from: 0.3, to: 1, initialVelocity: 0, parameters: .default)))
    }

    @Test func curvesTakeTheirTimingsDuration() {
        let a = CompletionStyle.curve(.easeOutCubic, .gnome).animation(from: 0.5, to: 1, velocity: 5)
        #expect(a == .curve(CurveAnimation(from: 0.5, to: 1, curve: .easeOutCubic, duration: 0.3)))
    }

    @Test func triggersRunTheirDurationOverAWholeRun() {
        let style = CompletionStyle.curve(.easeIn, .gnome)
        #expect(style.triggerAnimation(from: 0, to: 1, velocity: 0, duration: 0.4)
                == .curve(CurveAnimation(from: 0, to: 1, curve: .easeIn, duration: 0.4)))
        #expect(style.triggerAnimation(from: 0.75, to: 0, velocity: 0, duration: 0.4)
                == .curve(CurveAnimation(from: 0.75, to: 0, curve: .easeIn, duration: 0.30000000000000004)))
        #expect(style.triggerAnimation(from: 0, to: 1, velocity: 0, duration: .nan).duration == 0)
        #expect(CompletionStyle.default.triggerAnimation(from: 0, to: 1, velocity: 1, duration: 9)
                == .spring(SpringAnimation(from: 0, to: 1, initialVelocity: 1, parameters: .default)))
    }
}
