// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// Every trace under examples/traces replays through the real binary and ends as
/// examples/traces/README.md says.
@Suite struct ShippedTraceTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/traces")

    /// file → the last decision of each gesture (transition, outcome, reason), as documented.
    static let documented: [String: [(String, String, String)]] = [
        "swipe-left-finish.jsonl": [("swipe3-left", "finish", "release")],
        "swipe-right-cancel.jsonl": [("swipe3-right", "cancel", "release")],
        "swipe-right-fling.jsonl": [("swipe3-right", "finish", "velocity")],
        "touch-up-finish.jsonl": [("touch3-up", "finish", "release")],
    ]

    @Test func everyShippedTraceIsDocumented() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".jsonl") }
        #expect(Set(files) == Set(Self.documented.keys))
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        for file in files { #expect(readme.contains(file), "\(file) is described in the README") }
    }

    @Test(arguments: documented.keys.sorted())
    func replaysWithItsDocumentedOutcome(_ file: String) throws {
        let path = Self.folder.appendingPathComponent(file).path
        let out = try DaemonProcess.run(["--replay", path, "--no-input", "--no-socket", "--print-events", "--exit-after-replay"])
        #expect(out.status == 0, "stderr: \(out.stderr)")
        let events = jsonObjects(out.stdoutLines)
        // The last ended of each gesture id.
        var last: [Int: [String: Any]] = [:]
        var order: [Int] = []
        for e in events where e["event"] as? String == "ended" {
            let id = e["gesture"] as? Int ?? 0
            if last[id] == nil { order.append(id) }
            last[id] = e
        }
        let decided = order.map { id in
            (last[id]!["transition"] as? String ?? "?", last[id]!["outcome"] as? String ?? "?", last[id]!["reason"] as? String ?? "?")
        }
        let expected = Self.documented[file]!
        #expect(decided.count == expected.count, "\(file): \(decided)")
        for (got, want) in zip(decided, expected) { #expect(got == want, "\(file)") }
        #expect(events.last?["event"] as? String == "completed")
    }
}
