// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionCore
@testable import TransitionCtl

@Suite struct PlotLayoutTests {
    let timelines = GestureTimeline.build(from: PlotFixtures.events)

    @Test func thePictureIsWellFormedWithOnePanelPerGesture() {
        let svg = PlotLayout().render(timelines, title: "trace.jsonl")
        #expect(xmlProblem(svg) == nil)
        // Each panel clips a progress and a velocity chart.
        #expect(count("clipPath", in: svg) == 2 * timelines.count)
        for g in timelines { #expect(svg.contains("swipe3-left · gesture \(g.gesture) · swipe, 3 fingers, left")) }
    }

    @Test func axesAndLegendSayWhatTheyShow() {
        let svg = PlotLayout().render(timelines, title: "t")
        for label in ["seconds since began", ">progress<", ">progress/s<", "finger (updated)", "completion animation (sampled)",
                      "release / decision", "catch (paused)", "rubber band", "[0, 1]"] {
            #expect(svg.contains(label), "\(label)")
        }
    }

    @Test func decisionsAreDescribedWithTheirReason() {
        let svg = PlotLayout().render(timelines, title: "t")
        #expect(svg.contains("finish (release: released slowly: decided by position)"))
        #expect(svg.contains("cancel (release: released slowly: decided by position)"))
        #expect(svg.contains("spring k=1000 ζ=1"))
    }

    @Test func namesAreEscaped() {
        var events = PlotFixtures.events
        for i in events.indices { events[i].transition = "a<b>&c" }
        let svg = PlotLayout().render(GestureTimeline.build(from: events), title: "\"quoted\" & <odd>")
        #expect(xmlProblem(svg) == nil)
        #expect(svg.contains("a&lt;b&gt;&amp;c · gesture 1"))
    }

    @Test func aLongTitleIsCutShort() {
        let svg = PlotLayout().render(timelines, title: String(repeating: "x", count: 500))
        #expect(svg.contains(String(repeating: "x", count: 80) + "…"))
        #expect(svg.contains("<title>" + String(repeating: "x", count: 500) + "</title>"))
    }

    @Test func niceScales() {
        #expect(PlotLayout.ticks(0, 1, target: 5).map(PlotLayout.label) == ["0", "0.2", "0.4", "0.6", "0.8", "1"])
        #expect(PlotLayout.ticks(-0.15, 1.15, target: 6).contains(0))
        #expect(PlotLayout.niceStep(0.23) == 0.5)
        #expect(PlotLayout.niceStep(3) == 5)
        #expect(PlotLayout.niceCeiling(1.7) == 2)
        #expect(PlotLayout.label(0.5) == "0.5")
        #expect(PlotLayout.label(-0.0001) == "0")
    }
}
