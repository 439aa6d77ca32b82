// SPDX-License-Identifier: MIT
import Logging
import Synchronization
import Testing
import TransitionConfig
@testable import TransitionDaemon

/// Collects what a handler writes.
final class Captured: Sendable {
    private let lines = Mutex<[String]>([])
    var text: String { lines.withLock { $0.joined() } }
    func append(_ s: String) { lines.withLock { $0.append(s) } }
}

@Suite struct JournalLogHandlerTests {
    func logger(_ label: String = "transitiond", format: JournalLogHandler.Format = .journal,
                control: LogLevelControl = LogLevelControl(.info)) -> (Logger, Captured) {
        let captured = Captured()
        let handler = JournalLogHandler(label: label, format: format, control: control, sink: { captured.append($0) })
        return (Logger(label: label, factory: { _ in handler }), captured)
    }

    @Test func prefixesEachLineWithItsSyslogPriority() {
        let (log, out) = logger(control: LogLevelControl(.trace))
        log.trace("t"); log.debug("d"); log.info("i"); log.notice("n")
        log.warning("w"); log.error("e"); log.critical("c")
        #expect(out.text == "<7>t\n<7>d\n<6>i\n<5>n\n<4>w\n<3>e\n<2>c\n")
    }

    @Test func metadataIsSortedKeyValueQuotedWhenNeeded() {
        let (log, out) = logger()
        log.info("device added", metadata: ["node": "/dev/input/event5", "name": "Virtual touchpad",
                                            "quote": "say \"hi\"", "empty": ""])
        #expect(out.text == "<6>device added empty=\"\" name=\"Virtual touchpad\" node=/dev/input/event5 quote=\"say \\\"hi\\\"\"\n")
    }

    @Test func multiLineMessagesPrefixEveryLine() {
        let (log, out) = logger()
        log.error("configuration refused:\nconfig.toml:1:1: a\nconfig.toml:2:1: b", metadata: ["path": "config.toml"])
        #expect(out.text == "<3>configuration refused:\n<3>config.toml:1:1: a\n<3>config.toml:2:1: b path=config.toml\n")
    }

    @Test func theSharedLevelFiltersAndCanChange() {
        let control = LogLevelControl(.warning)
        let (log, out) = logger(control: control)
        log.info("hidden")
        log.warning("shown")
        control.level = .debug
        log.debug("now shown")
        #expect(out.text == "<4>shown\n<7>now shown\n")
        #expect(control.level == .debug)
    }

    @Test func aLoggersOwnLevelWins() {
        let control = LogLevelControl(.error)
        var (log, out) = logger(control: control)
        log.logLevel = .info
        log.info("mine")
        #expect(out.text == "<6>mine\n")
    }

    @Test func labelAndLoggerMetadataAreRendered() {
        var (log, out) = logger("transitiond.input")
        log[metadataKey: "seat"] = "seat0"
        log.info("hello")
        #expect(out.text == "<6>hello logger=transitiond.input seat=seat0\n")
    }

    @Test func plainFormatForTerminals() {
        let (log, out) = logger(format: .plain)
        log.warning("careful", metadata: ["n": "1"])
        #expect(out.text == "warning: careful n=1\n")
    }

    @Test func controlCharactersAreEscapedInValues() {
        #expect(JournalLogHandler.quoted("a\nb\u{1}") == "\"a\\nb\\x01\"")
        #expect(JournalLogHandler.quoted("plain-value_1.2") == "plain-value_1.2")
    }

    @Test func configLevelsMapToSwiftLogLevels() {
        for level in LogLevel.allCases {
            #expect(Logger.Level(level).rawValue == level.rawValue)
        }
    }
}

extension JournalLogHandlerTests {
    struct Oops: Error, CustomStringConvertible { var description: String { "disk on fire" } }

    @Test func anAttachedErrorIsRenderedAsMetadata() {
        let captured = Captured()
        let handler = JournalLogHandler(label: "transitiond", format: .journal, control: LogLevelControl(.info),
                                        sink: { captured.append($0) })
        handler.log(event: LogEvent(level: .error, message: "write failed", error: Oops(), metadata: nil,
                                    source: nil, file: #fileID, function: #function, line: #line))
        #expect(captured.text == "<3>write failed error=\"disk on fire\"\n")
    }
}
