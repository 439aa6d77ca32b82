// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionKeys

/// The key service's request line: whole, balanced keyboard keys, or refused with the reason.
@Suite struct KeyServiceRequestTests {
    private func parse(_ text: String) throws(KeyServiceRequestError) -> [KeyStroke] {
        try KeyServiceRequest(parsing: Array(text.utf8)).strokes
    }

    @Test func superRightParses() throws {
        #expect(try parse("keys +125 +106 -106 -125") == [
            KeyStroke(code: 125, pressed: true), KeyStroke(code: 106, pressed: true),
            KeyStroke(code: 106, pressed: false), KeyStroke(code: 125, pressed: false)])
    }

    @Test func theLineIsWhatParses() throws {
        let request = KeyServiceRequest(strokes: [KeyStroke(code: 29, pressed: true), KeyStroke(code: 46, pressed: true),
                                                  KeyStroke(code: 46, pressed: false), KeyStroke(code: 29, pressed: false)])
        #expect(request.line == "keys +29 +46 -46 -29\n")
        #expect(try parse(String(request.line.dropLast())) == request.strokes)
    }

    @Test func refusals() {
        #expect(throws: KeyServiceRequestError.unknownVerb) { try parse("type +30 -30") }
        #expect(throws: KeyServiceRequestError.unknownVerb) { try parse("") }
        #expect(throws: KeyServiceRequestError.empty) { try parse("keys") }
        #expect(throws: KeyServiceRequestError.malformed(1)) { try parse("keys  +30 -30") }
        #expect(throws: KeyServiceRequestError.malformed(2)) { try parse("keys +30 30") }
        #expect(throws: KeyServiceRequestError.malformed(1)) { try parse("keys +0030 -30") }
        #expect(throws: KeyServiceRequestError.malformed(3)) { try parse("keys +30 -30 ") }
        #expect(throws: KeyServiceRequestError.notAKey(0)) { try parse("keys +0 -0") }
        #expect(throws: KeyServiceRequestError.notAKey(272)) { try parse("keys +272 -272") }  // BTN_LEFT
        #expect(throws: KeyServiceRequestError.pressedTwice(30)) { try parse("keys +30 +30 -30") }
        #expect(throws: KeyServiceRequestError.releasedUnpressed(30)) { try parse("keys -30") }
        #expect(throws: KeyServiceRequestError.leftPressed([29, 30])) { try parse("keys +30 +29") }
        let many = "keys" + String(repeating: " +30 -30", count: 65)
        #expect(throws: KeyServiceRequestError.tooManyStrokes) { try parse(many) }
        #expect(throws: KeyServiceRequestError.tooLong) { try parse("keys" + String(repeating: " ", count: 1100)) }
    }

    @Test func everyRefusalSaysWhy() {
        let errors: [KeyServiceRequestError] = [.tooLong, .unknownVerb, .empty, .tooManyStrokes, .malformed(2), .notAKey(300),
                                                .pressedTwice(1), .releasedUnpressed(1), .leftPressed([1, 2])]
        for error in errors { #expect(!error.description.isEmpty) }
        #expect(KeyServiceRequestError.leftPressed([1, 2]).description == "keys 1,2 go down and not up")
    }

    /// Any balanced sequence of chords of keyboard keys, within the request's limits, is written
    /// and read back unchanged.
    @Test func chordsRoundTrip() async {
        let chord = Gen<Int>.int(in: 1...248).array(of: 1...4).map { codes in
            let keys = Array(Set(codes.map(UInt16.init))).sorted()
            return keys.map { KeyStroke(code: $0, pressed: true) } + keys.reversed().map { KeyStroke(code: $0, pressed: false) }
        }
        // At most 12 chords of 4 keys: 96 strokes, within maxStrokes (100) and maxLineBytes.
        await propertyCheck(input: chord.array(of: 1...12)) { chords in
            let request = KeyServiceRequest(strokes: chords.flatMap { $0 })
            let parsed = try? KeyServiceRequest(parsing: Array(request.line.utf8.dropLast()))
            #expect(parsed == request)
        }
    }

    /// Arbitrary bytes never crash the parser, and what it accepts is balanced keyboard keys.
    @Test func arbitraryBytesParseOrAreRefused() async {
        let alphabet: [UInt8] = Array("keys +-0123456789 \u{0}".utf8)
        await propertyCheck(input: Gen<Int>.int(in: 0...(alphabet.count - 1)).array(of: 0...40)) { indices in
            let bytes = indices.map { alphabet[$0] }
            guard let request = try? KeyServiceRequest(parsing: bytes) else { return }
            var down = Set<UInt16>()
            for stroke in request.strokes {
                #expect(KeyStroke.keyboardCodes.contains(stroke.code))
                if stroke.pressed { #expect(down.insert(stroke.code).inserted) } else { #expect(down.remove(stroke.code) != nil) }
            }
            #expect(down.isEmpty)
        }
    }
}
