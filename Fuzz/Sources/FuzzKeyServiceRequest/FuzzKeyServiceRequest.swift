// SPDX-License-Identifier: MIT
import TransitionKeys

/// libFuzzer entry: any byte string, up to its first newline, is one line from a peer of the uinput
/// key service (a request) or from the service to its client (a reply): both ends split what they
/// read into lines (LineSplitter) before parsing. The parsers must accept or refuse it,
/// never trap or hang; an accepted request holds only balanced keyboard keys and survives a
/// round trip, and so does an accepted reply.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyServiceRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size).prefix { $0 != UInt8(ascii: "\n") }
    if let reply = KeyServiceReply(parsing: bytes) {
        guard KeyServiceReply(parsing: Array(reply.line.utf8.dropLast())) == reply else {
            fatalError("reply round trip changed \(reply)")
        }
    }
    guard let request = try? KeyServiceRequest(parsing: bytes) else { return 0 }
    var down = Set<UInt16>()
    for stroke in request.strokes {
        precondition(KeyStroke.keyboardCodes.contains(stroke.code), "code \(stroke.code) is not a keyboard key")
        precondition(stroke.pressed ? down.insert(stroke.code).inserted : down.remove(stroke.code) != nil, "unbalanced")
    }
    precondition(down.isEmpty, "keys left down")
    guard let again = try? KeyServiceRequest(parsing: Array(request.line.utf8.dropLast())), again == request else {
        fatalError("round trip changed \(request.strokes) into \(request.line)")
    }
    return 0
}
