// SPDX-License-Identifier: MIT
import TransitionTouchegg

/// libFuzzer entry: any byte string is what a Touchégg client sends on `@touchegg` after `BEGIN`,
/// framed as the server frames it: the length of the message at the front, then the message
/// decoded, until the bytes run out. Both must return a value or a `DBusWireError` naming the
/// problem, never trap, hang or leak, and a frame never reaches past the bytes it was given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var start = 0
    while true {
        let length: Int
        do throws(DBusWireError) {
            guard let framed = try DBusIncomingMessage.frameLength(bytes[start...]) else { return 0 }
            length = framed
        } catch {
            if error.description.isEmpty { fatalError("an empty DBusWireError") }
            return 0
        }
        if length < 16 { fatalError("a frame of \(length) bytes, shorter than the fixed header") }
        guard start + length <= bytes.count else { return 0 } // the rest has not arrived
        do throws(DBusWireError) {
            _ = try DBusIncomingMessage(decoding: bytes[start..<start + length])
        } catch {
            if error.description.isEmpty { fatalError("an empty DBusWireError") }
            return 0
        }
        start += length
    }
}
