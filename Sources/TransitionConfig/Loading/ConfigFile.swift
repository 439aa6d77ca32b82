// SPDX-License-Identifier: MIT
import Glibc
import TransitionFiles

/// Reads a configuration file as UTF-8 text.
package enum ConfigFile {
    /// Larger files are refused: a configuration is a few kilobytes.
    static let maxBytes = 1 << 20

    /// Whether `path` exists (whatever it is).
    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    package static func read(_ path: String) throws(ConfigError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path: path, limit: maxBytes)
        } catch {
            switch error {
            case .tooLarge: throw failure(path, "is larger than \(maxBytes / 1024) KiB; is it really the configuration?")
            case .open, .read: throw failure(path, "cannot \(error.operation): \(error.reason)")
            }
        }
        return try decodeUTF8(bytes, source: path)
    }

    /// The text, or an error at the first byte that is not UTF-8.
    static func decodeUTF8(_ bytes: [UInt8], source: String) throws(ConfigError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1, column = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                break loop
            case .error:
                throw ConfigError(source: source, position: SourcePosition(line: line, column: column),
                                  message: "the file is not valid UTF-8 here")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func failure(_ path: String, _ message: String) -> ConfigError {
        ConfigError(source: path, position: nil, message: message)
    }
}
