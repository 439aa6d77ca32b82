// SPDX-License-Identifier: MIT
import KeysymTable
import TransitionImport

/// libFuzzer entry: any byte string is a touchegg.conf, read by `transitionctl import --format touchegg`.
/// The import must translate it or refuse it with a message naming the place, never trap or
/// hang; and the actions and settings files it writes must pass `transitionctl run --check` (the importer
/// checks its own output, so an invalid file is a crash here).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToucheggImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try Importer.run(text, source: "fuzz", format: .touchegg, keysyms: KeysymTable.lookup)
    } catch {
        if case .invalidOutput = error { fatalError("\(error)\n--- input:\n\(text)") }
        if "\(error)".isEmpty { fatalError("an empty error for \(text.debugDescription)") }
    }
    return 0
}
