// SPDX-License-Identifier: MIT
import Glibc
public import Logging
import TransitionIO
import TransitionLog

/// A swift-log handler that writes one line per entry to standard error in the form journald
/// understands: a `<N>` syslog priority prefix (the unit sets `SyslogLevelPrefix=yes`, the
/// default), the message, then the metadata as `key=value` pairs.
///
///     <6>device added device=event5 name="Virtual touchpad"
///
/// A message with several lines becomes several journal lines, each with its own prefix (journald
/// splits stderr at newlines). In ``Format/plain`` the prefix is the level's name instead, for
/// people reading a terminal. Text that comes from another process is escaped before it is
/// logged (``PrintableText``, `"\(escaped: name)"`), so that only the daemon's own newlines
/// start lines; any other control character left in a message is escaped here.
///
/// The level comes from a shared ``LogLevelControl`` unless a logger sets its own
/// (`logger.logLevel = …`), so a reload can change every logger's level at once.
public struct JournalLogHandler: LogHandler {
    /// How an entry is written.
    public enum Format: Sendable, Hashable {
        /// `<6>message key=value`: for journald (and any syslog-prefix reader).
        case journal
        /// `info: message key=value`: for a terminal.
        case plain

        /// ``journal`` when standard error is the journal (`$JOURNAL_STREAM` names the device and
        /// inode of fd 2, as systemd sets it) or not a terminal (a pipe under
        /// `systemd-socket-activate`, a test harness), ``plain`` on a terminal.
        public static func automatic() -> Format {
            if stderrIsJournal() { return .journal }
            return isatty(2) == 1 ? .plain : .journal
        }

        private static func stderrIsJournal() -> Bool {
            guard let stream = ProcessEnvironment.value("JOURNAL_STREAM") else { return false }
            let parts = stream.split(separator: ":")
            guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
            var st = stat()
            guard fstat(2, &st) == 0 else { return false }
            return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
        }
    }

    /// The logger's label (`transitiond`, `transitiond.input`, …), rendered as `logger=` when it
    /// differs from ``rootLabel``.
    public let label: String
    /// The format of each entry.
    public let format: Format
    /// The process-wide level, changed by a reload.
    public let control: LogLevelControl
    /// The label that is not worth repeating on every line.
    public let rootLabel: String
    private let sink: @Sendable (String) -> Void
    private var ownLevel: Logger.Level?

    /// Logger metadata attached with `logger[metadataKey:]`.
    public var metadata: Logger.Metadata = [:]
    /// Adds contextual metadata to every entry.
    public var metadataProvider: Logger.MetadataProvider?

    /// A handler writing to standard error.
    public init(label: String, format: Format, control: LogLevelControl, rootLabel: String = "transitiond",
                metadataProvider: Logger.MetadataProvider? = nil) {
        self.init(label: label, format: format, control: control, rootLabel: rootLabel,
                  metadataProvider: metadataProvider, sink: JournalLogHandler.writeToStandardError)
    }

    /// A handler handing each finished entry (newline-terminated, possibly several lines) to `sink`.
    public init(label: String, format: Format, control: LogLevelControl, rootLabel: String = "transitiond",
                metadataProvider: Logger.MetadataProvider? = nil, sink: @escaping @Sendable (String) -> Void) {
        self.label = label; self.format = format; self.control = control; self.rootLabel = rootLabel
        self.metadataProvider = metadataProvider; self.sink = sink
    }

    /// The level below which entries are dropped: the logger's own if it set one, otherwise the
    /// shared ``control``'s.
    public var logLevel: Logger.Level {
        get { ownLevel ?? control.level }
        set { ownLevel = newValue }
    }

    /// Logger metadata by key.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Renders and writes one entry.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        if let error = event.error { merged["error"] = .string("\(error)") }
        if label != rootLabel, merged["logger"] == nil { merged["logger"] = .string(label) }
        sink(Self.render(level: event.level, message: event.message.description, metadata: merged, format: format))
    }

    /// One entry as text: every line of `message` gets the prefix, the metadata (sorted by key)
    /// follows the last line, and the result ends with a newline.
    public static func render(level: Logger.Level, message: String, metadata: Logger.Metadata,
                              format: Format) -> String {
        let prefix = switch format {
        case .journal: "<\(syslogPriority(level))>"
        case .plain: "\(level.rawValue): "
        }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        if !metadata.isEmpty {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value.description))" }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + pairs.joined(separator: " ")
        }
        var out = ""
        for line in lines { out += prefix + PrintableText.escaped(line) + "\n" }
        return out
    }

    /// The syslog priority journald records for `level` (`sd-daemon.h`: SD_ERR is 3, SD_INFO 6).
    public static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// A metadata value as written after `key=`: bare when it has no blanks, quotes, `=` or
    /// control characters, otherwise in double quotes with `\"` and `\\` escaped, and control
    /// characters as ``PrintableText`` writes them.
    static func quoted(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" || PrintableText.isControl($0)
        }
        guard needsQuotes else { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: PrintableText.append(scalar, to: &out)
            }
        }
        return out + "\""
    }

    /// Writes `text` to fd 2 in as few `write(2)` calls as possible (one, for entries up to
    /// PIPE_BUF bytes, so concurrent entries never interleave), retrying on EINTR.
    @Sendable static func writeToStandardError(_ text: String) {
        WriteAll.write(2, text)
    }
}
