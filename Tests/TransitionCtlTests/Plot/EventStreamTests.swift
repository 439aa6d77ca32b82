// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionCtl
import TransitionTestSupport

@Suite struct EventStreamTests {
    @Test func keepsTransitionEventsAndSkipsTheRest() {
        let stream = EventStream(Array(PlotFixtures.stream.utf8))
        #expect(stream.events == PlotFixtures.events.map(\.atWirePrecision))
        #expect(stream.skipped == 2)
        #expect(stream.firstProblem?.line == 2)
    }

    @Test func anEmptyStreamHasNoEvents() {
        let stream = EventStream(Array("\n\n".utf8))
        #expect(stream.events.isEmpty && stream.skipped == 0 && stream.firstProblem == nil)
    }
}
