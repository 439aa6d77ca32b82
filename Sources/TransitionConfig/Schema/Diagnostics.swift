/// Collects semantic problems while a document is decoded, so one run reports all of them.
struct Diagnostics {
    /// Enough to fix a file in one go; more is noise (and bounds the work on garbage input).
    static let limit = 100

    let source: String
    private(set) var items: [ConfigDiagnostic] = []

    init(source: String) { self.source = source }

    var isEmpty: Bool { items.isEmpty }

    mutating func add(_ position: SourcePosition?, _ message: String) {
        guard items.count < Self.limit else { return }
        items.append(ConfigDiagnostic(source: source, position: position, message: message))
    }
}
