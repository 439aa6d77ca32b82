// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import TransitionIO

/// Starts commands with `posix_spawnp`: each in a process group of its own (so a timeout
/// signals everything it started), every signal at its default and none blocked, standard
/// input from `/dev/null` or from a pipe, standard output and error shared with the runner.
enum ProcessSpawner {
    struct Spawned {
        let pid: pid_t
        /// The write end of the child's standard input (non-blocking, close-on-exec), when asked.
        let input: Int32?
    }

    /// Starts `argv` with the runner's environment plus `extra` (`NAME=value`, overriding).
    static func spawn(_ argv: [String], extra: [String], pipeInput: Bool) -> Result<Spawned, SpawnFailure> {
        guard let program = argv.first, !program.isEmpty else { return .failure(SpawnFailure(message: "empty command")) }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var pipeFds: [Int32] = [-1, -1]
        if pipeInput {
            guard clinux_pipe2(&pipeFds, O_CLOEXEC) == 0 else {
                return .failure(SpawnFailure(message: "pipe: \(String(cString: strerror(errno)))"))
            }
            posix_spawn_file_actions_adddup2(&fileActions, pipeFds[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = ProcessEnvironment.entries(adding: extra)
        var pid: pid_t = 0
        let result = withCStrings(argv) { cArgv in
            withCStrings(environment) { cEnv in
                posix_spawnp(&pid, program, &fileActions, &attributes, cArgv, cEnv)
            }
        }
        if pipeInput { close(pipeFds[0]) }
        guard result == 0 else {
            if pipeInput { close(pipeFds[1]) }
            return .failure(SpawnFailure(message: String(cString: strerror(result))))
        }
        if pipeInput {
            let flags = fcntl(pipeFds[1], F_GETFL)
            _ = fcntl(pipeFds[1], F_SETFL, flags | O_NONBLOCK)
        }
        return .success(Spawned(pid: pid, input: pipeInput ? pipeFds[1] : nil))
    }

    /// Calls `body` with a NULL-terminated `char *[]` of `strings`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

/// Why a command could not start (`No such file or directory`, …), or the runner itself.
public struct SpawnFailure: Error {
    /// What failed, in words.
    public let message: String
}
