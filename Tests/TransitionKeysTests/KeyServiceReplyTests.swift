// SPDX-License-Identifier: MIT
import Testing
import TransitionKeys

/// The key service's answers, as the client reads them.
@Suite struct KeyServiceReplyTests {
    @Test func everyReplyRoundTrips() {
        var replies: [KeyServiceReply] = [.ok]
        for reason in KeyServiceRefusal.allCases { replies.append(.error(reason, "why: it is so")) }
        for reply in replies {
            #expect(KeyServiceReply(parsing: Array(reply.line.utf8.dropLast())) == reply)
        }
    }

    @Test func aMessageStaysOnOneLine() {
        #expect(KeyServiceReply.error(.invalid, "a\nb").line == "error invalid a b\n")
        // Only the newline frames a line: a form feed or a carriage return stays (the fuzzer's find).
        let odd = KeyServiceReply.error(.rateLimited, "a\u{0C}b\rc")
        #expect(KeyServiceReply(parsing: Array(odd.line.utf8.dropLast())) == odd)
    }

    @Test func anythingElseIsNotAReply() {
        for text in ["", "OK", "ok ", "error", "error nope why", "keys +1 -1"] {
            #expect(KeyServiceReply(parsing: Array(text.utf8)) == nil)
        }
        #expect(KeyServiceReply(parsing: Array("error locked".utf8)) == .error(.locked, ""))
    }
}
