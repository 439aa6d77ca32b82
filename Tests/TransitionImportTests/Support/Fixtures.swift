// SPDX-License-Identifier: MIT
import TransitionFiles

/// The import fixtures in Tests/TransitionImportTests/Fixtures (files of our own, not the other
/// projects').
enum Fixtures {
    static func text(_ name: String) -> String {
        let directory = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
            .joined(separator: "/"))
        let path = directory + "/Fixtures/" + name
        guard let bytes = try? FileBytes.read(path: path) else { fatalError("no fixture at \(path)") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
