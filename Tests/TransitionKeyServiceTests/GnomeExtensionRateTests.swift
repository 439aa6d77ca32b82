// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionKeyService

/// The GNOME Shell extension presses keys no faster than the uinput key service: its
/// `BURST` and `STROKES_PER_SECOND` (gnome-shell-extension/core/keyAllowList.js) are
/// ``KeyService/burst`` and ``KeyService/strokesPerSecond``. Fails when they differ.
@Suite struct GnomeExtensionRateTests {
    @Test func theExtensionsRateIsTheKeyServices() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)  // Tests/TransitionKeyServiceTests/GnomeExtensionRateTests.swift
        let script = try String(contentsOfFile: parts.joined(separator: "/") + "/gnome-shell-extension/core/keyAllowList.js", encoding: .utf8)
        func value(_ name: String) -> Int? {
            script.split(separator: "\n").first { $0.hasPrefix("export const \(name) = ") }
                .flatMap { Int($0.dropFirst("export const \(name) = ".count).prefix { $0.isNumber }) }
        }
        #expect(value("BURST") == KeyService.burst)
        #expect(value("STROKES_PER_SECOND") == KeyService.strokesPerSecond)
    }
}
