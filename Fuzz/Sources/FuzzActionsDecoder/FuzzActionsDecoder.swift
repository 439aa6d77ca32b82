// SPDX-License-Identifier: MIT
import KeysymTable
import TransitionActions
import TransitionConfig

/// libFuzzer entry: any byte string is an actions file (`~/.config/transitiond/actions.toml`,
/// read by `transitionctl run` and `run --check`). The decoder must return the actions or a
/// `ConfigError` whose every diagnostic says what is wrong and, when it names a place, names one
/// inside the text; it never traps or hangs. Decoding the same text twice gives the same result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActionsDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Lines as the TOML parser counts them, by the newline byte: a String's "\r\n" is one
    // Character, which a split on Character "\n" does not cut.
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
    do {
        let actions = try ActionsDecoder.decode(text, source: "actions.toml", keysyms: KeysymTable.lookup)
        guard let again = try? ActionsDecoder.decode(text, source: "actions.toml", keysyms: KeysymTable.lookup), again == actions else {
            fatalError("a second decoding differs for \(text.debugDescription)")
        }
    } catch {
        if error.diagnostics.isEmpty { fatalError("a ConfigError without diagnostics for \(text.debugDescription)") }
        for diagnostic in error.diagnostics {
            if diagnostic.message.isEmpty { fatalError("an empty diagnostic for \(text.debugDescription)") }
            if let position = diagnostic.position, !(1...max(lines, 1)).contains(position.line) || position.column < 1 {
                fatalError("\(diagnostic) names a place outside the \(lines) lines of \(text.debugDescription)")
            }
        }
    }
    return 0
}
