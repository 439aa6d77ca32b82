// SPDX-License-Identifier: MIT
import Glibc
import Logging
import Testing
@testable import TransitionDaemon
import TransitionProtocol

/// Text another process sends reaches the journal on the line of the entry that logs it: a
/// newline in it cannot start a line of its own, which the journal would read as an entry with
/// the priority prefix the handler writes at the start of every line.
@Suite(.serialized) struct ForgedLogLineTests {
    /// A daemon whose log goes through the journal handler into what the test reads.
    static func daemonLoggingToJournal() throws -> (Captured, DaemonSessionTests.Running) {
        let captured = Captured()
        let handler = JournalLogHandler(label: "transitiond", format: .journal, control: LogLevelControl(.info),
                                        sink: { captured.append($0) })
        let running = try DaemonSessionTests.Running(config: "", session: DaemonUserSettingsTests.me,
                                                     logger: Logger(label: "transitiond") { _ in handler })
        return (captured, running)
    }

    @Test func aSettingsKeyHoldingANewlineStartsNoJournalLine() throws {
        let (captured, running) = try Self.daemonLoggingToJournal()
        defer { running.stop() }
        let sender = try DaemonUserSettingsTests.Client(running.socket)
        // In the request's JSON: "text":"\"x\\n<5>forged\" = 1"; TOML's `\n` escape puts a real
        // newline in the key.
        // And a key with a carriage return and a terminal's escape sequence (which would erase the line).
        let reply = try sender.settings(#""x\n<5>forged" = 1"# + "\n" + #""y\r\u001b[2Kz" = 2"# + "\n")
        guard case .failure(let error)? = reply?.result else { Issue.record("not refused: \(String(describing: reply))"); return }
        #expect(error.code == .invalidSettings)

        let lines = captured.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.contains { $0.contains("refused") })
        // Every line is one entry's own: it starts with the handler's prefix and holds no control character.
        for line in lines {
            #expect(line.hasPrefix("<"))
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line.debugDescription)")
            // The key's text is on the diagnostic's line, escaped: never the start of a line.
            if line.contains("forged") { #expect(line.contains(#"x\n<5>forged"#), "\(line)") }
        }
        #expect(lines.contains { $0.contains(#"x\n<5>forged"#) })
        #expect(lines.contains { $0.contains(#"y\r\x1b[2Kz"#) })
        // What the client is told is escaped the same way.
        #expect(!error.message.contains("\n<5>forged"))
    }

    /// The handler's own guard: a control character left in a message other than the daemon's
    /// newlines is escaped, and so is one in a metadata value.
    @Test func theHandlerEscapesEveryControlCharacterButItsNewlines() {
        let text = JournalLogHandler.render(level: .notice, message: "a\rb\u{1b}[2K\u{85}c\nd\u{0}", metadata: ["k": "v\nw"],
                                            format: .journal)
        #expect(text == #"<5>a\rb\x1b[2K\u{85}c"# + "\n" + #"<5>d\x00 k="v\nw""# + "\n")
    }

    /// Refused settings are rate-limited in the log: of five sent at once, the first is logged
    /// and the rest are counted for the summary the loop writes 10 s later (not waited for).
    @Test func refusedSettingsAreRateLimitedInTheLog() throws {
        let (captured, running) = try Self.daemonLoggingToJournal()
        defer { running.stop() }
        let sender = try DaemonUserSettingsTests.Client(running.socket)
        for n in 1...5 {
            guard case .failure(let error)? = try sender.settings("unknown_\(n) = 1\n")?.result else { Issue.record("not refused"); return }
            #expect(error.code == .invalidSettings)
        }
        let refusals = captured.text.split(separator: "\n").filter { $0.contains("refused, keeping") }
        #expect(refusals.count == 1)
        #expect(captured.text.contains("unknown_1"))
        #expect(!captured.text.contains("unknown_2"))
    }
}
