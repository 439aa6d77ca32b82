// SPDX-License-Identifier: MIT
/// Splits a command line into words as Python's `shlex.split` does in POSIX mode (how
/// libinput-gestures reads its commands): whitespace separates words, single quotes keep
/// everything, double quotes keep everything but `\"` and `\\`, a backslash outside quotes keeps
/// the next character. `#` is an ordinary character (shlex.split reads no comments).
public enum ShellWords {
    /// Why a line could not be split, in shlex's words.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noClosingQuotation
        case noEscapedCharacter

        public var description: String {
            switch self {
            case .noClosingQuotation: "No closing quotation"
            case .noEscapedCharacter: "No escaped character"
            }
        }
    }

    /// The words of `line`.
    public static func split(_ line: String) throws(Failure) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                if quote == "\"" && character != "\"" && character != "\\" { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            if character == " " || character == "\t" || character == "\n" || character == "\r" {
                if inWord { words.append(word); word = ""; inWord = false }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { throw .noClosingQuotation }
        if escaped { throw .noEscapedCharacter }
        if inWord { words.append(word) }
        return words
    }

    /// `word` quoted for `sh` when it needs quoting: `'it'\''s'`.
    public static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil) || "-_./=:,+%@".unicodeScalars.contains($0)
        }
        if plain { return word }
        var out = "'"
        for character in word { out += character == "'" ? "'\\''" : String(character) }
        return out + "'"
    }
}
