// SPDX-License-Identifier: MIT
import TransitionProtocol

/// libFuzzer entry: any byte string is one request line from an untrusted client. The decoder must
/// return a request or a `ProtocolError` naming the problem, never trap, hang or leak. A decoded
/// request must survive a round trip through the request encoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let request = try? decodeRequest(bytes) else { return 0 }
    let line = encodeRequest(request)
    // The encoder's line ends with a newline; the decoder takes a line without it.
    let body = line.last == UInt8(ascii: "\n") ? line.dropLast() : line[...]
    guard let again = try? decodeRequest(body), again == request else {
        fatalError("round trip changed \(request) into \(String(decoding: line, as: UTF8.self))")
    }
    return 0
}
