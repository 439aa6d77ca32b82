// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionCore
@testable import TransitionCtl

@Suite struct WatchLayoutTests {
    static func row(_ name: String, _ phase: TransitionState.Phase = .idle, at: UInt64 = 0, detail: String = "") -> WatchRow {
        WatchRow(name: name, phase: phase, progress: phase == .idle ? 0 : 0.5, velocity: 0, detail: detail, lastEventUs: at)
    }

    static let header = "transitiond 1.0 at /run/transitiond/transitiond.sock"

    @Test func everythingFitsARoomyTerminal() {
        let rows = [Self.row("swipe3-left", .interactive, at: 5, detail: "swipe 3 fingers left  gesture 7"), Self.row("pinch3-in")]
        let lines = WatchLayout.lines(header: Self.header, rows: rows, size: TerminalSize(columns: 160, rows: 50))
        #expect(lines == [
            Self.header,
            "swipe3-left  ▕███████████████               ▏  0.50  +0.00   /s  interactive swipe 3 fingers left  gesture 7",
            "pinch3-in    ▕                              ▏  0.00  +0.00   /s  idle",
        ])
    }

    @Test func aNarrowTerminalShrinksTheBarThenCutsTheLine() {
        let rows = [Self.row("swipe3-left", .animating, detail: "finish (release) spring k=1000 ζ=1.00 0.350s")]
        let lines = WatchLayout.lines(header: Self.header, rows: rows, size: TerminalSize(columns: 60, rows: 24))
        #expect(lines == [
            "transitiond 1.0 at /run/transitiond/transitiond.sock",
            "swipe3-left  ▕██████▌      ▏  0.50  +0.00   /s  animating  …",
        ])
        #expect(lines.allSatisfy { $0.count <= 60 })
    }

    @Test func aShortTerminalShowsTheMovingThenTheRecentAndCountsTheRest() {
        let rows = (0..<10).map { Self.row("t\($0)", at: UInt64($0)) }
            + [Self.row("moving", .paused), Self.row("old", at: 0)]
        // 6 rows: the header, 4 transitions, "… more"; the cursor's line below.
        let lines = WatchLayout.lines(header: "h", rows: rows, size: TerminalSize(columns: 80, rows: 6))
        #expect(lines.count == 5)
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["h", "t8", "t9", "moving", "…"])
        #expect(lines.last == "… 9 more transitions not shown (a taller terminal shows them)")
    }

    @Test func aTinyTerminalGetsWhatFits() {
        let rows = [Self.row("a"), Self.row("b")]
        #expect(WatchLayout.lines(header: "header", rows: rows, size: TerminalSize(columns: 3, rows: 1)) == [])
        #expect(WatchLayout.lines(header: "header", rows: rows, size: TerminalSize(columns: 3, rows: 2)) == ["he…"])
        #expect(WatchLayout.lines(header: "header", rows: rows, size: TerminalSize(columns: 3, rows: 3)) == ["he…", "… …"])
        #expect(WatchLayout.lines(header: "header", rows: rows, size: TerminalSize(columns: 0, rows: 30)) == [])
    }

    // MARK: Properties

    static let phases: [TransitionState.Phase] = [.idle, .idle, .interactive, .animating, .paused]
    static let anyRow = zip(Gen<Int>.int(in: 1...40), Gen<Int>.int(in: 0...(phases.count - 1)), Gen<Double>.double(in: -2...3),
                            Gen<Int>.int(in: 0...1000), Gen<Int>.int(in: 0...120))
        .map { nameLength, phase, progress, at, detail in
            WatchRow(name: String(repeating: "n", count: nameLength), phase: phases[phase], progress: progress,
                     velocity: progress * 40, detail: String(repeating: "d", count: detail), lastEventUs: UInt64(at))
        }
    static let anySize = zip(Gen<Int>.int(in: 0...300), Gen<Int>.int(in: 0...80)).map { TerminalSize(columns: $0, rows: $1) }
    static let anyView = zip(anyRow.array(of: 0...60), anySize)

    @Test func noLineIsWiderThanTheTerminalNorAreThereMoreLinesThanItsHeight() async {
        await propertyCheck(count: 500, input: Self.anyView) { rows, size in
            let lines = WatchLayout.lines(header: "transitiond at /run/transitiond/transitiond.sock", rows: rows, size: size)
            #expect(lines.count <= max(size.rows - 1, 0))
            #expect(lines.allSatisfy { $0.count <= size.columns })
        }
    }

    @Test func theMovingComeFirstThenTheMostRecent() async {
        await propertyCheck(count: 500, input: zip(Self.anyRow.array(of: 0...60), Gen<Int>.int(in: 0...70))) { rows, count in
            let shown = WatchLayout.chosen(rows, count: count)
            #expect(shown.count == min(count, rows.count))
            #expect(shown == shown.sorted())   // in the configured order
            let hidden = Set(rows.indices).subtracting(shown)
            for h in hidden {
                for s in shown {
                    // Nothing hidden outranks something shown.
                    let (hr, sr) = (rows[h], rows[s])
                    #expect(!(hr.isMoving && !sr.isMoving))
                    if hr.isMoving == sr.isMoving { #expect(hr.lastEventUs <= sr.lastEventUs) }
                }
            }
        }
    }

    @Test func everyTransitionIsShownWhenThereIsRoom() async {
        await propertyCheck(count: 300, input: Self.anyRow.array(of: 0...30)) { rows in
            let lines = WatchLayout.lines(header: "h", rows: rows, size: TerminalSize(columns: 400, rows: rows.count + 2))
            #expect(lines.count == rows.count + 1)
            #expect(!lines.contains { $0.hasPrefix("…") })
        }
    }
}
