// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionKeys

/// The GNOME Shell extension's copy of the allow-list (gnome-shell-extension/core/keyAllowList.js)
/// is ``KeyAllowList``: the same refused codes with the same names, the same SysRq, Alt, Ctrl and
/// Delete codes, the same range and the same bound on a request. One source of truth: this test
/// fails when the two disagree.
@Suite struct GnomeExtensionAllowListTests {
    let script: String

    init() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)  // Tests/TransitionKeysTests/GnomeExtensionAllowListTests.swift
        script = try String(contentsOfFile: parts.joined(separator: "/") + "/gnome-shell-extension/core/keyAllowList.js", encoding: .utf8)
    }

    /// The numbers of `export const NAME = [a, b];` or `export const NAME = a;`.
    func numbers(_ name: String) -> [Int] {
        guard let line = script.split(separator: "\n").first(where: { $0.hasPrefix("export const \(name) = ") }) else { return [] }
        return line.dropFirst("export const \(name) = ".count).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }

    @Test func theRefusedCodesAreKeyAllowListsWithTheirNames() {
        // `    [116, 'KEY_POWER'],` lines between `REFUSED_CODES = new Map([` and `]);`.
        let lines = script.split(separator: "\n").drop { !$0.contains("REFUSED_CODES = new Map([") }.dropFirst().prefix { !$0.hasPrefix("]);") }
        let copied = lines.map { line -> String in
            let fields = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "[],"))
                .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " '")) }
            return fields.joined(separator: " ")
        }
        #expect(!copied.isEmpty)
        #expect(copied == KeyAllowList.refusedKeys.map { "\($0.code) \($0.name)" })
    }

    @Test func theChordsAndTheRangeAreKeyAllowLists() {
        #expect(numbers("SYSRQ") == [Int(KeyAllowList.sysrq)])
        #expect(Set(numbers("ALTS")) == Set(KeyAllowList.alts.map(Int.init)))
        #expect(Set(numbers("CTRLS")) == Set(KeyAllowList.ctrls.map(Int.init)))
        #expect(Set(numbers("DELETES")) == Set(KeyAllowList.deletes.map(Int.init)))
        #expect(numbers("FIRST_CODE") == [Int(KeyStroke.keyboardCodes.lowerBound)])
        #expect(numbers("LAST_CODE") == [Int(KeyStroke.keyboardCodes.upperBound)])
        #expect(numbers("MAX_STROKES") == [KeyServiceRequest.maxStrokes])
    }
}
