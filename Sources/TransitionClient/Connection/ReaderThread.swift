// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// A detached POSIX thread for the client's blocking reads, without Foundation (whose `Thread`
/// would link all of Foundation into every tool that uses the client).
enum ReaderThread {
    private final class Body: @unchecked Sendable {
        let name: String
        let run: @Sendable () -> Void
        init(_ name: String, _ run: @escaping @Sendable () -> Void) { self.name = name; self.run = run }
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept).
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(name, body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            clinux_set_thread_name(body.name)
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            fatalError("pthread_create: \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }
}
