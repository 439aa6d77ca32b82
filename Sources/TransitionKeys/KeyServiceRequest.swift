// SPDX-License-Identifier: MIT

/// A request to the uinput key service: one line, `keys +29 +46 -46 -29`, the strokes in order
/// (`+CODE` down, `-CODE` up, decimal evdev codes), separated by single spaces.
///
/// A request is whole or refused: every code is a keyboard key (``KeyStroke/keyboardCodes``),
/// no key goes down twice or up before it went down, every key that goes down comes up again in
/// the same line (so no key is ever left held), and a line carries at most ``maxStrokes``
/// strokes in at most ``maxLineBytes`` bytes. Pure: the service parses what its peers write.
public struct KeyServiceRequest: Equatable, Sendable {
    /// The strokes, in order.
    public var strokes: [KeyStroke]

    /// Longest line, newline excluded.
    public static let maxLineBytes = 1024
    /// Most strokes in one line (50 keys down and up), fewer than the rate limit's burst.
    public static let maxStrokes = 100

    /// A request of these strokes (not checked: ``line`` writes them as they are).
    public init(strokes: [KeyStroke]) { self.strokes = strokes }

    /// The line to send, newline included.
    public var line: String {
        "keys" + strokes.map { " \($0.pressed ? "+" : "-")\($0.code)" }.joined() + "\n"
    }

    /// Parses one line (without its newline).
    public init<Bytes: Collection<UInt8>>(parsing line: Bytes) throws(KeyServiceRequestError) {
        guard line.count <= Self.maxLineBytes else { throw .tooLong }
        var fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)[...]
        guard let verb = fields.popFirst(), verb.elementsEqual("keys".utf8) else { throw .unknownVerb }
        guard !fields.isEmpty else { throw .empty }
        guard fields.count <= Self.maxStrokes else { throw .tooManyStrokes }
        var strokes: [KeyStroke] = []
        strokes.reserveCapacity(fields.count)
        var down = Set<UInt16>()
        for (index, field) in fields.enumerated() {
            let position = index + 1
            guard let sign = field.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
                throw .malformed(position)
            }
            let digits = field.dropFirst()
            guard (1...3).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                throw .malformed(position)
            }
            let code = digits.reduce(UInt16(0)) { $0 * 10 + UInt16($1 - UInt8(ascii: "0")) }
            guard KeyStroke.keyboardCodes.contains(code) else { throw .notAKey(code) }
            let pressed = sign == UInt8(ascii: "+")
            if pressed {
                guard down.insert(code).inserted else { throw .pressedTwice(code) }
            } else {
                guard down.remove(code) != nil else { throw .releasedUnpressed(code) }
            }
            strokes.append(KeyStroke(code: code, pressed: pressed))
        }
        guard down.isEmpty else { throw .leftPressed(down.sorted()) }
        self.strokes = strokes
    }
}

/// Why a request line was refused.
public enum KeyServiceRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong
    case unknownVerb
    case empty
    case tooManyStrokes
    /// The stroke at this position (1-based) is not `+CODE` or `-CODE`.
    case malformed(Int)
    case notAKey(UInt16)
    case pressedTwice(UInt16)
    case releasedUnpressed(UInt16)
    case leftPressed([UInt16])

    public var description: String {
        switch self {
        case .tooLong: "the line is longer than \(KeyServiceRequest.maxLineBytes) bytes"
        case .unknownVerb: "a request starts with \"keys\""
        case .empty: "no keys"
        case .tooManyStrokes: "more than \(KeyServiceRequest.maxStrokes) key strokes in one request"
        case .malformed(let n): "stroke \(n) is not +CODE or -CODE (a decimal evdev key code)"
        case .notAKey(let code): "code \(code) is not a keyboard key (\(KeyStroke.keyboardCodes.lowerBound)-\(KeyStroke.keyboardCodes.upperBound))"
        case .pressedTwice(let code): "key \(code) goes down twice"
        case .releasedUnpressed(let code): "key \(code) goes up without going down"
        case .leftPressed(let codes): "keys \(codes.map(String.init).joined(separator: ",")) go down and not up"
        }
    }
}
