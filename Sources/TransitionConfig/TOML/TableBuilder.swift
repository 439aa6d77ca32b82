// SPDX-License-Identifier: MIT
/// A table while the document is being read: headers and dotted keys add to it in place, and the
/// TOML rules about what may be defined twice or extended are checked here.
final class TableBuilder {
    enum Kind {
        /// The document itself.
        case root
        /// Named on the way to a deeper header (`a` in `[a.b]`): may still get its own header.
        case implicit
        /// Defined by its own `[header]`.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
        /// `{ … }`: closed once written.
        case inline
        /// One `[[name]]`.
        case arrayElement
    }

    enum Item {
        case value(TOMLNode)
        case table(TableBuilder)
        case tables([TableBuilder])
    }

    struct Slot {
        var key: String
        var keyPosition: SourcePosition
        var item: Item
    }

    var kind: Kind
    var position: SourcePosition
    private var slots: [Slot] = []
    private var indexByKey: [String: Int] = [:]

    init(kind: Kind, position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    private func slot(_ key: String) -> Slot? {
        indexByKey[key].map { slots[$0] }
    }

    private func add(_ key: String, at position: SourcePosition, _ item: Item) {
        indexByKey[key] = slots.count
        slots.append(Slot(key: key, keyPosition: position, item: item))
    }

    private func replace(_ key: String, _ item: Item) {
        if let i = indexByKey[key] { slots[i].item = item }
    }

    private static func line(_ slot: Slot) -> Int {
        switch slot.item {
        case .value(let node): node.position.line
        case .table(let t): t.position.line
        case .tables(let ts): ts.first?.position.line ?? slot.keyPosition.line
        }
    }

    private static func what(_ item: Item) -> String {
        switch item {
        case .value(let node): node.value.kindDescription
        case .table: "a table"
        case .tables: "an array of tables"
        }
    }

    /// Walks through `part` on the way to a deeper header.
    func descendForHeader(_ part: TOMLParser.KeyPart, header: String) throws(TOMLSyntaxError) -> TableBuilder {
        guard let existing = slot(part.name) else {
            let table = TableBuilder(kind: .implicit, position: part.position)
            add(part.name, at: part.position, .table(table))
            return table
        }
        switch existing.item {
        case .table(let table): return table
        case .tables(let tables): return tables[tables.count - 1]
        case .value(let node):
            throw TOMLSyntaxError(position: part.position, message:
                "cannot define \(header): '\(part.name)' is already \(node.value.kindDescription) (line \(node.position.line))")
        }
    }

    /// Defines `[… part]`.
    func defineTable(_ part: TOMLParser.KeyPart, at position: SourcePosition, header: String) throws(TOMLSyntaxError) -> TableBuilder {
        guard let existing = slot(part.name) else {
            let table = TableBuilder(kind: .header, position: position)
            add(part.name, at: position, .table(table))
            return table
        }
        switch existing.item {
        case .table(let table) where table.kind == .implicit:
            table.kind = .header
            table.position = position
            return table
        case .table(let table) where table.kind == .dotted:
            throw TOMLSyntaxError(position: position, message:
                "table \(header) is defined twice: dotted keys already made it on line \(table.position.line)")
        case .table(let table):
            throw TOMLSyntaxError(position: position, message:
                "table \(header) is defined twice (first on line \(table.position.line))")
        case .tables(let tables):
            throw TOMLSyntaxError(position: position, message:
                "\(header) names an array of tables (first [[…]] on line \(tables.first?.position.line ?? 0)); write [\(header)] to add one")
        case .value(let node):
            if case .table = node.value {
                throw TOMLSyntaxError(position: position, message:
                    "cannot define \(header): '\(part.name)' is an inline table (line \(node.position.line)), which is complete once written")
            }
            throw TOMLSyntaxError(position: position, message:
                "cannot define \(header): '\(part.name)' is already \(node.value.kindDescription) (line \(node.position.line))")
        }
    }

    /// Adds one element to `[[… part]]`.
    func appendArrayElement(_ part: TOMLParser.KeyPart, at position: SourcePosition, header: String) throws(TOMLSyntaxError) -> TableBuilder {
        let element = TableBuilder(kind: .arrayElement, position: position)
        guard let existing = slot(part.name) else {
            add(part.name, at: position, .tables([element]))
            return element
        }
        switch existing.item {
        case .tables(let tables):
            replace(part.name, .tables(tables + [element]))
            return element
        default:
            throw TOMLSyntaxError(position: position, message:
                "cannot add \(header): '\(part.name)' is already \(Self.what(existing.item)) (line \(Self.line(existing)))")
        }
    }

    /// Sets `a.b.c = value`, making `a` and `b` as dotted-key tables.
    func assign(_ keys: [TOMLParser.KeyPart], _ value: TOMLNode) throws(TOMLSyntaxError) {
        var table = self
        var path: [String] = []
        for part in keys.dropLast() {
            path.append(part.name)
            if let existing = table.slot(part.name) {
                switch existing.item {
                case .table(let sub) where sub.kind == .dotted:
                    table = sub
                case .table(let sub):
                    throw TOMLSyntaxError(position: part.position, message:
                        "key '\(path.joined(separator: "."))' is a table defined on line \(sub.position.line); set its keys under that header")
                default:
                    throw TOMLSyntaxError(position: part.position, message:
                        "key '\(path.joined(separator: "."))' is already \(Self.what(existing.item)) (line \(Self.line(existing))), it cannot hold keys")
                }
            } else {
                let sub = TableBuilder(kind: .dotted, position: part.position)
                table.add(part.name, at: part.position, .table(sub))
                table = sub
            }
        }
        let last = keys[keys.count - 1]
        if let existing = table.slot(last.name) {
            let full = (path + [last.name]).joined(separator: ".")
            throw TOMLSyntaxError(position: last.position, message:
                "duplicate key '\(full)' (first set on line \(Self.line(existing)))")
        }
        table.add(last.name, at: last.position, .value(value))
    }

    /// The finished, immutable table.
    func freeze() -> TOMLTable {
        var table = TOMLTable()
        table.entries.reserveCapacity(slots.count)
        for slot in slots {
            let node: TOMLNode
            switch slot.item {
            case .value(let value):
                node = value
            case .table(let sub):
                node = TOMLNode(value: .table(sub.freeze()), position: sub.position)
            case .tables(let subs):
                let elements = subs.map { TOMLNode(value: .table($0.freeze()), position: $0.position) }
                node = TOMLNode(value: .array(elements), position: subs.first?.position ?? slot.keyPosition)
            }
            table.entries.append(TOMLEntry(key: slot.key, keyPosition: slot.keyPosition, node: node))
        }
        return table
    }
}
