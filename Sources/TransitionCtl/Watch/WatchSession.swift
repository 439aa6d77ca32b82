// SPDX-License-Identifier: MIT
import TransitionClient
import TransitionCore
import TransitionProtocol
import TransitionIO

/// One `watch` across its connections: what it prints and how many runs completed. Each
/// connection is read on the event loop, beside the terminal's SIGWINCH.
final class WatchSession {
    let json: Bool
    let live: Bool
    /// `--transition` names; empty for all.
    let filter: [String]
    let exitAfter: Int?
    private var completed = 0
    private var view: WatchView?
    /// The terminal's size, read again on every SIGWINCH.
    private var size: TerminalSize

    /// Why reading a connection stopped.
    enum End {
        /// `--exit-after` runs completed.
        case done
        /// The connection ended, or broke.
        case lost(ClientError)
        /// transitiond refused the subscription or sent something unreadable.
        case failed(ClientError)
    }

    init(json: Bool, live: Bool, filter: [String], exitAfter: Int?, size: TerminalSize) {
        self.json = json; self.live = live; self.filter = filter; self.exitAfter = exitAfter; self.size = size
    }

    /// The terminal was resized: the view is drawn again for `size`.
    func resized(to size: TerminalSize) {
        self.size = size
        view?.resize(to: size)
    }

    /// Subscribes on `connection` and prints what arrives, on `loop`, until the connection ends.
    /// Returns `nil` once `--exit-after` runs completed, else why the connection ended; throws
    /// when transitiond refused the subscription or sent something unreadable.
    func follow(_ connection: LineConnection, subscription: Subscription, on loop: EventLoop) throws(ClientError) -> ClientError? {
        do throws(ClientError) {
            try connection.send(Request(id: .int(1), .subscribe(subscription)))
        } catch {
            return error
        }
        var end: End?
        let stop = { (reason: End) in
            end = reason
            loop.stop()
        }
        let watched: WatchID
        do throws(SystemError) {
            watched = try loop.watch(fd: connection.descriptor) { [self] _ in
                do throws(ClientError) {
                    let (lines, ended) = try connection.receiveAvailableLines()
                    for line in lines {
                        if let reason = try handle(line, from: connection) { return stop(reason) }
                    }
                    if ended {
                        view?.finish()
                        stop(.lost(.disconnected(nil)))
                    }
                } catch .rejected(let error) {
                    view?.finish()
                    stop(.failed(.rejected(error)))
                } catch .malformed(let text) {
                    stop(.failed(.malformed(text)))
                } catch {
                    view?.finish()
                    stop(.lost(error))
                }
            }
        } catch {
            throw .io("\(error)")
        }
        defer { loop.unwatch(watched) }
        do throws(SystemError) { try loop.run() } catch { throw .io("\(error)") }
        switch end {
        case .done?: return nil
        case .lost(let error)?: return error
        case .failed(let error)?: throw error
        case nil: return .disconnected(nil)
        }
    }

    /// One line from transitiond: printed, and applied to the view; the end of this
    /// connection when it is one.
    private func handle(_ line: ArraySlice<UInt8>, from connection: LineConnection) throws(ClientError) -> End? {
        if json { Terminal.out(bytes: line + [UInt8(ascii: "\n")]) }
        let received: ReceivedMessage
        do throws(MessageDecodingError) { received = try decodeServerMessage(line) } catch { throw .malformed(error.message) }
        switch received.message {
        case .hello(let hello):
            let known = hello.transitions.map(\.name)
            for name in filter { if let refusal = KnownTransitions.refusal(name, known: known) { throw refusal } }
            if !json {
                view = WatchView(names: names(hello.transitions), live: live, header: "\(hello.server) at \(connection.path)", size: size)
            }
        case .reply(let reply):
            if case .failure(let error) = reply.result { throw .rejected(error) }
        case .goodbye(let goodbye):
            view?.finish()
            return .lost(.disconnected(goodbye))
        case .transitionsChanged(let changed):
            view?.replaceTransitions(names(changed.transitions))
        case .transition(let event):
            if case .completed = event.payload { completed += 1 }
        default:
            // Delivery paused or resumed (another user's session came to the front, a lock).
            if let notice = DeliveryNotice(received.message) {
                let reason = notice.reason.map { " (\($0))" } ?? ""
                say("delivery \(notice.state.rawValue)\(reason): \(notice.message)")
            }
        }
        view?.apply(received.message)
        if let exitAfter, completed >= exitAfter {
            view?.finish()
            return .done
        }
        return nil
    }

    /// Says something about the connection: on the terminal above the rows, on stderr in a
    /// pipe, nowhere with `--json` (whose output is transitiond's lines and nothing else).
    func say(_ text: String) {
        guard !json else { return }
        if live {
            if let view { view.notice(text) } else { Terminal.out("\(text)\n") }
        } else {
            Terminal.error("transitionctl: \(text)")
        }
    }

    private func names(_ transitions: [TransitionInfo]) -> [String] {
        transitions.map(\.name).filter { filter.isEmpty || filter.contains($0) }
    }
}
