// SPDX-License-Identifier: MIT
import TransitionTouchegg

/// libFuzzer entry: any byte string is what a Touchégg client sends on `@touchegg` before its
/// messages, split into lines as the server splits them (after the opening NUL, at `\r\n`). The
/// SASL responder answers every line, never traps or hangs, closes a client that keeps failing,
/// and takes `BEGIN` only while waiting for it, that is after `OK` (for the peer's own uid).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusAuthentication(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.first == 0 else { return 0 } // the server closes a client whose first byte is not NUL
    var auth = DBusAuthentication(peerUID: 0, guid: "0123456789abcdef0123456789abcdef")
    for line in bytes.dropFirst().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        let before = auth.state
        switch auth.handle(line: text) {
        case .reply(let reply):
            if reply.isEmpty { fatalError("an empty reply") }
            if reply.hasPrefix("OK "), auth.state != .waitingForBegin { fatalError("OK sent, then not waiting for BEGIN") }
        case .begin:
            if before != .waitingForBegin { fatalError("BEGIN accepted in \(before)") }
            return 0
        case .close:
            if auth.failures <= DBusAuthentication.maxFailures { fatalError("closed after \(auth.failures) failures") }
            return 0
        }
    }
    return 0
}
