// SPDX-License-Identifier: MIT
import ArgumentParser
import CLinux
import Logging
import TransitionCore
import TransitionInput
import TransitionIO
#if canImport(Glibc)
import Glibc
#endif

/// Runs transitiond's input layer alone and prints what it recognises: a debugging aid, like
/// `libinput debug-events` one layer up, and the e2e suite's probe of the input layer.
struct Listen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the gesture samples transitiond's input layer recognises, as trace JSON lines.",
        discussion: "Stops on SIGINT/SIGTERM or after --duration seconds. Logs (device adds, removals, refusals) go to stderr.")

    @Option(help: "Use this event node instead of the seat's devices (repeatable).")
    var device: [String] = []

    @Option(help: "The seat whose touchpads and touchscreens to use.")
    var seat: String = "seat0"

    @Option(help: "Stop after this many seconds (0: run until killed).")
    var duration: Double = 0

    @Option(help: "Log level: trace, debug (adds libinput's own debug log), info, notice, warning, error.")
    var logLevel: String = "info"

    @Flag(name: .customLong("list-devices"), help: "Print the device listing and exit.")
    var listDevices = false

    func run() throws {
        if listDevices {
            say(try DeviceListing.scan(seat: seat, explicitDevices: device).report, newline: false)
            return
        }
        var logger = Logger(label: "transition-vdev") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let manager = try InputManager(seat: seat, explicitDevices: device, logger: logger)
        let trace = try TraceWriter(path: "-")
        say("listening")
        var writeError: TraceError?
        func sink(_ input: GestureInput) {
            do throws(TraceError) { try trace.write(input) } catch { writeError = error }
        }
        // SIGINT/SIGTERM end the loop cleanly (exit status 0), through a signalfd.
        let signals: SignalDescriptor
        do throws(SystemError) {
            signals = try SignalDescriptor([SIGINT, SIGTERM])
        } catch {
            throw VdevError("\(error.operation) failed: \(String(cString: strerror(error.errno)))")
        }

        let deadline = duration > 0 ? MonotonicClock.nowNs() + UInt64(duration * 1e9) : UInt64.max
        var fds = [pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: manager.libinputFileDescriptor, events: Int16(POLLIN), revents: 0)]
        if let udevFD = manager.udevMonitorFileDescriptor {
            fds.append(pollfd(fd: udevFD, events: Int16(POLLIN), revents: 0))
        }
        while MonotonicClock.nowNs() < deadline {
            let n = poll(&fds, nfds_t(fds.count), 100)
            if n < 0 && errno != EINTR { throw VdevError("poll failed: \(String(cString: strerror(errno)))") }
            if fds[0].revents != 0 { break }
            if fds.count > 2 && fds[2].revents != 0 { manager.handleUdev(sink) }
            if fds[1].revents != 0 { manager.dispatch(sink) }
            if let writeError { throw writeError }
        }
    }
}
