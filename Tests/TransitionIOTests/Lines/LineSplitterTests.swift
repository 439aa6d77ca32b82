// SPDX-License-Identifier: MIT
import Testing
import TransitionIO

@Suite struct LineSplitterTests {
    /// Lines come out whole, however the stream was cut; the partial rest waits for its newline.
    @Test func linesComeOutWholeHoweverTheStreamIsCut() {
        let stream = Array("one\ntwo\n\nthree\nfour".utf8)
        for cut in 0...stream.count {
            var splitter = LineSplitter()
            var lines: [String] = []
            for part in [stream[..<cut], stream[cut...]] {
                splitter.append(contentsOf: part)
                while let line = splitter.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
                splitter.compact()
            }
            #expect(lines == ["one", "two", "", "three"])
            #expect(splitter.partialCount == 4)
            #expect(splitter.buffer == Array("four".utf8))
        }
    }

    /// The scan resumes where the last one stopped.
    @Test func theScanResumesWhereItStopped() {
        let bytes = Array("abc\ndef".utf8)
        var scanned = 0
        let first = LineSplitter.nextLine(in: bytes, from: 0, scannedTo: &scanned)
        #expect(first?.line == 0..<3)
        #expect(first?.next == 4)
        #expect(LineSplitter.nextLine(in: bytes, from: 4, scannedTo: &scanned) == nil)
        #expect(scanned == bytes.count)
    }
}
