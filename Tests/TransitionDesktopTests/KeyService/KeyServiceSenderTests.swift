// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionDesktop
import TransitionKeys
import TransitionActions

/// The uinput key service's client, against a real Unix socket that a thread of the test serves
/// with canned answers (the service itself runs in the systemd VM: 36-keys).
@Suite struct KeyServiceSenderTests {
    /// A listening socket in a directory of its own that answers one connection: reads one line,
    /// keeps it, writes `answer`.
    final class FakeService: @unchecked Sendable {
        let directory: String
        let path: String
        private let fd: Int32
        private let received = NSLock()
        private var line = ""
        private let done = DispatchSemaphore(value: 0)

        init(answer: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/keys.sock"
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(fd, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
            let listener = fd
            Thread { [self] in
                let client = accept(listener, nil, nil)
                guard client >= 0 else { done.signal(); return }
                var bytes: [UInt8] = []
                var byte: UInt8 = 0
                while recv(client, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
                received.withLock { line = String(decoding: bytes, as: UTF8.self) }
                _ = answer.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                close(client)
                done.signal()
            }.start()
        }

        /// The line the client sent, once the exchange is over.
        func request() -> String {
            done.wait()
            return received.withLock { line }
        }

        deinit {
            close(fd)
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    private let superRight = [KeyChord(modifiers: [0xffeb], key: 0xff53)]

    @Test func superRightIsSentAsEvdevStrokes() throws {
        let service = try FakeService(answer: "ok\n")
        let sender = KeyServiceSender(socketPath: service.path, keymap: try XKBKeymap(layout: "us"))
        #expect(sender.name == "uinput")
        try sender.send(superRight)
        // KEY_LEFTMETA 125, KEY_RIGHT 106.
        #expect(service.request() == "keys +125 +106 -106 -125")
    }

    @Test func aRefusalIsUnavailableWithTheServicesWords() throws {
        let service = try FakeService(answer: "error not-active uid 1001 is not the user of seat0's active session\n")
        let sender = KeyServiceSender(socketPath: service.path, keymap: try XKBKeymap(layout: "us"))
        #expect(throws: KeyError.unavailable(
            "the uinput key service presses keys only for the user of the active session: uid 1001 is not the user of seat0's active session")) {
            try sender.send(superRight)
        }
        _ = service.request()
    }

    @Test func theRateLimitSaysSo() throws {
        let service = try FakeService(answer: "error rate-limited retry in 40 ms\n")
        let sender = KeyServiceSender(socketPath: service.path, keymap: try XKBKeymap(layout: "us"))
        do {
            try sender.send(superRight)
            Issue.record("a rate-limited request succeeded")
        } catch {
            #expect(error.description.contains("rate limit"))
        }
        _ = service.request()
    }

    @Test func anAnswerThatIsNoReplyIsAnError() throws {
        let service = try FakeService(answer: "hello\n")
        let sender = KeyServiceSender(socketPath: service.path, keymap: try XKBKeymap(layout: "us"))
        #expect(throws: KeyError.self) { try sender.send(superRight) }
        _ = service.request()
    }

    @Test func aServiceThatIsOffSaysHowToTurnItOn() throws {
        let sender = KeyServiceSender(socketPath: "/nonexistent/keys.sock", keymap: try XKBKeymap(layout: "us"))
        do {
            try sender.send(superRight)
            Issue.record("sent to nothing")
        } catch {
            #expect(error.description.contains("the uinput key service is off"))
            #expect(error.description.contains("systemctl enable --now transitiond-keys.socket"))
        }
    }

    @Test func theConsoleOpensTheKeyServiceOrSaysItIsOff() {
        let session = DesktopSession(environment: [:])
        do {
            _ = try session.openKeySender(keyServiceSocket: "/nonexistent/keys.sock")
            Issue.record("opened a key sender to nothing")
        } catch {
            #expect(error.message.contains("the uinput key service is off"))
        }
    }
}
