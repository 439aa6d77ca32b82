// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import TransitionClient
import TransitionProtocol
import TransitionIO

/// The runner's connection to transitiond: connected (blocking, a Unix socket answers at once),
/// then read without blocking from the loop, line by line.
final class DaemonLink {
    /// A line longer than this is not something transitiond sends.
    static let maxLineBytes = 1 << 20

    let fd: Int32
    let path: String
    private var lines = LineSplitter()

    private init(fd: Int32, path: String) { self.fd = fd; self.path = path }

    deinit { close(fd) }

    /// The first of `candidates` that accepts, or every path with its error.
    static func connect(candidates: [String]) -> Result<DaemonLink, ConnectFailure> {
        var attempts: [String] = []
        for path in candidates {
            do throws(ClientError) {
                let fd = try UnixSocket.connect(path: path)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                return .success(DaemonLink(fd: fd, path: path))
            } catch .unreachable(let failed) {
                attempts += failed.map { "\($0.path): \($0.reason)" }
            } catch .pathTooLong {
                attempts.append("\(path): path too long")
            } catch {
                attempts.append("\(path): \(error)")
            }
        }
        return .failure(ConnectFailure(attempts: attempts))
    }

    /// Sends a request (a few hundred bytes; the socket's buffer always takes it).
    func send(_ request: Request) -> Bool {
        WriteAll.write(fd, encodeRequest(request), mode: .socketWaitingWhenFull) == nil
    }

    /// Reads what is there: the complete lines, and whether the stream ended (or failed).
    func read() -> (lines: [ArraySlice<UInt8>], ended: Bool) {
        var ended = false
        lines.compact()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { lines.append(contentsOf: chunk[0..<n]); continue }
            if n == 0 { ended = true; break }
            if errno == EINTR { continue }
            if errno != EAGAIN { ended = true }
            break
        }
        var complete: [ArraySlice<UInt8>] = []
        while let line = lines.nextLine() { complete.append(line) }
        if lines.partialCount > Self.maxLineBytes { ended = true }
        return (complete, ended)
    }
}

/// Every socket path tried, with why it failed.
struct ConnectFailure: Error, CustomStringConvertible {
    let attempts: [String]
    /// Each attempt's reason says what to do next (``ConnectAdvice``: the group to join, …).
    var description: String { attempts.joined(separator: "; ") }
}
