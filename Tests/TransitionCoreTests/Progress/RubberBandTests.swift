// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore

@Suite struct RubberBandTests {
    let band = RubberBand()                            // niri: stiffness 0.5, limit 0.05

    @Test func insideIsUnchanged() {
        for p in [0.0, 0.25, 0.5, 1.0] { #expect(band.apply(p) == p) }
    }

    @Test func outsideIsPulledBackAndBounded() {
        #expect(band.apply(1.1) > 1 && band.apply(1.1) < 1.05)
        #expect(band.apply(-0.1) < 0 && band.apply(-0.1) > -0.05)
        #expect(band.apply(1000) < 1.05)
        #expect(band.apply(-1000) > -0.05)
        // niri's formula: (1 − 1/(x·c/d + 1))·d
        let x = 0.2
        #expect(abs(band.band(x) - (1 - 1 / (x * 0.5 / 0.05 + 1)) * 0.05) < 1e-15)
        // starts with slope c
        #expect(abs(band.band(1e-9) / 1e-9 - 0.5) < 1e-6)
    }

    @Test func degenerateBandsAndNaN() {
        #expect(RubberBand(stiffness: 0, limit: 0.05).apply(1.5) == 1)
        #expect(RubberBand(stiffness: 0.5, limit: 0).apply(-3) == 0)
        #expect(band.apply(.nan) == 0)
        #expect(band.apply(.infinity) == 1.05)
    }

    @Test func monotone() async {
        await propertyCheck(input: Gen.double(in: -3...4), Gen.double(in: 0...2)) { p, dp in
            #expect(band.apply(p + dp) >= band.apply(p))
        }
    }
}
