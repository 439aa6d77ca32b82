// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionActions
import TransitionIO
@testable import TransitionRunner
import TransitionTestSupport

@Suite struct ProcessSpawnerTests {
    static func wait(_ pid: pid_t) -> ChildStatus {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ChildStatus(waitStatus: status)
    }

    static func temporaryFile() -> String {
        NSTemporaryDirectory() + "/spawner-\(UUID().uuidString.prefix(8))"
    }

    @Test func runsWithTheEnvironmentInAProcessGroupOfItsOwn() throws {
        let out = Self.temporaryFile()
        defer { unlink(out) }
        let script = "echo \"$TRANSITIOND_TRANSITION $TRANSITIOND_STEP $(ps -o pgid= -p $$ | tr -d ' ') $$\" > \(out); read x; echo \"stdin:$x\" >> \(out)"
        let result = ProcessSpawner.spawn(["/bin/sh", "-c", script],
                                          extra: ["TRANSITIOND_TRANSITION=swipe3-up", "TRANSITIOND_STEP=+1"], pipeInput: false)
        guard case .success(let spawned) = result else { Issue.record("spawn failed"); return }
        #expect(spawned.input == nil)
        #expect(Self.wait(spawned.pid) == .exited(0))
        let words = try String(contentsOfFile: out, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        #expect(words.count == 5)
        #expect(words[0] == "swipe3-up" && words[1] == "+1")
        #expect(words[2] == words[3]) // its own process group
        #expect(words[4] == "stdin:") // standard input is /dev/null
    }

    @Test func aMissingProgramIsAnErrorNotACrash() {
        let result = ProcessSpawner.spawn(["transitiond-test-no-such-program"], extra: [], pipeInput: false)
        guard case .failure(let failure) = result else { Issue.record("spawned"); return }
        #expect(failure.message == "No such file or directory")
    }

    @Test func aPipedCommandReadsItsLinesAndSeesTheEnd() throws {
        let out = Self.temporaryFile()
        defer { unlink(out) }
        let result = ProcessSpawner.spawn(["/bin/sh", "-c", "cat > \(out); echo EOF >> \(out)"], extra: [], pipeInput: true)
        guard case .success(let spawned) = result, let input = spawned.input else { Issue.record("spawn failed"); return }
        #expect(fcntl(input, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(input, F_GETFL) & O_NONBLOCK != 0)
        let writer = StreamWriter(job: .init(raw: 1), fd: input, loop: try EventLoop())
        writer.push("0.100000 1.000000 interactive", coalescable: true)
        writer.push("1.000000 0.000000 finished", coalescable: false)
        writer.close()
        #expect(writer.isClosed)
        #expect(Self.wait(spawned.pid) == .exited(0))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "0.100000 1.000000 interactive\n1.000000 0.000000 finished\nEOF\n")
    }

    /// A reader that never reads: writes never block, samples are coalesced, and the writer
    /// gives up quietly when the reader dies.
    @Test func aSlowReaderNeverBlocksTheWriter() throws {
        signal(SIGPIPE, SIG_IGN) // as the runner does (ActionRunner)
        let result = ProcessSpawner.spawn(["/bin/sh", "-c", "sleep 30"], extra: [], pipeInput: true)
        guard case .success(let spawned) = result, let input = spawned.input else { Issue.record("spawn failed"); return }
        let writer = StreamWriter(job: .init(raw: 1), fd: input, loop: try EventLoop())
        let line = String(repeating: "0.123456 ", count: 100)
        for _ in 0..<5000 { writer.push(line, coalescable: true) } // ~4.5 MB, far beyond a pipe
        #expect(writer.wantsWrite)
        #expect(writer.dropped > 0)
        kill(-spawned.pid, SIGKILL)
        #expect(Self.wait(spawned.pid) == .signaled(SIGKILL))
        // EPIPE once every process of the group is gone (sh's child may die a moment after sh).
        #expect(eventually { writer.flush(); return writer.isClosed })
    }

    @Test func exitStatusesAreDescribed() {
        #expect(ChildStatus(waitStatus: 0) == .exited(0))
        #expect(ChildStatus(waitStatus: 3 << 8) == .exited(3))
        #expect(ChildStatus(waitStatus: 9) == .signaled(9))
        #expect(ChildStatus.exited(127).description == "exited with status 127")
        #expect(ChildStatus.signaled(SIGTERM).description == "was killed by signal 15 (SIGTERM)")
    }

    @Test func theEnvironmentIsExtendedAndOverridden() {
        setenv("TRANSITIOND_PROGRESS", "stale", 1)
        defer { unsetenv("TRANSITIOND_PROGRESS") }
        let environment = ProcessEnvironment.entries(adding: ["TRANSITIOND_PROGRESS=0.5"])
        #expect(environment.filter { $0.hasPrefix("TRANSITIOND_PROGRESS=") } == ["TRANSITIOND_PROGRESS=0.5"])
        #expect(environment.contains { $0.hasPrefix("PATH=") })
    }
}
