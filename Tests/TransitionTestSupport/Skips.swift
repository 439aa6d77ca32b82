// SPDX-License-Identifier: MIT
public import Testing
import Foundation

/// The Swift side of the suite's one skip mechanism (the shell side is tests/lib/skip.sh): a
/// test that cannot run here says why in the file `TRANSITIOND_SKIPS` names, which `scripts/test`
/// lists at its end and which fails a run under `CI=true`. Run by hand, without the variable, a
/// skip is only Swift Testing's own "skipped" line, with the reason as its comment.
public enum Skips {
    /// Appends "swift test FILE:LINE: REASON" to `$TRANSITIOND_SKIPS`, if it is set.
    public static func record(_ reason: String, at location: SourceLocation) {
        guard let path = ProcessInfo.processInfo.environment["TRANSITIOND_SKIPS"], !path.isEmpty else { return }
        let line = "swift test \(location.fileID):\(location.line): \(reason)\n"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only if `condition` holds here, and reports it as skipped, with `reason`,
    /// when it does not: `@Test(.requires(which("socat"), "no socat"))`. For what this machine
    /// lacks (a tool, a built binary, root); a suite that another step of scripts/test runs on
    /// purpose (an environment variable it sets) keeps a plain `.enabled(if:)`.
    public static func requires(_ condition: @autoclosure @escaping @Sendable () -> Bool, _ reason: String,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(Comment(rawValue: reason), sourceLocation: sourceLocation) {
            let holds = condition()
            if !holds { Skips.record(reason, at: sourceLocation) }
            return holds
        }
    }
}
