// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig

@Suite struct TOMLParserValidTests {
    @Test func scalars() {
        let doc = """
        # a comment
        s = "tab\\there \\"q\\" \\\\ \\u00e9 \\U0001F600"
        l = 'C:\\path\\no escapes'
        i = -1_000
        h = 0xff
        o = 0o17
        b = 0b101
        f = 6.5e-3
        g = +1_0.2_5
        t = true
        n = false
        z = 0
        e = 1e2
        """
        #expect(value(doc, "s") == .string("tab\there \"q\" \\ é 😀"))
        #expect(value(doc, "l") == .string("C:\\path\\no escapes"))
        #expect(value(doc, "i") == .integer(-1000))
        #expect(value(doc, "h") == .integer(255))
        #expect(value(doc, "o") == .integer(15))
        #expect(value(doc, "b") == .integer(5))
        #expect(value(doc, "f") == .float(0.0065))
        #expect(value(doc, "g") == .float(10.25))
        #expect(value(doc, "t") == .boolean(true))
        #expect(value(doc, "n") == .boolean(false))
        #expect(value(doc, "z") == .integer(0))
        #expect(value(doc, "e") == .float(100))
    }

    @Test func multiLineStrings() {
        let doc = "a = \"\"\"\nline one\nline \\\n    two\"\"\"\nb = '''\nraw \\n ''quoted'''''\nc = \"\"\"x\"\"\"\"\""
        #expect(value(doc, "a") == .string("line one\nline two"))
        #expect(value(doc, "b") == .string("raw \\n ''quoted''"))
        #expect(value(doc, "c") == .string("x\"\""))
    }

    @Test func tablesDottedKeysAndArraysOfTables() {
        let doc = """
        top.inner = 1
        "quoted key" = 2
        [a.b]
        c = 3
        [[t]]
        name = "one"
        [t.sub]
        x = 1
        [[t]]
        name = "two"
        [[t.list]]
        y = 1
        """
        #expect(value(doc, "top", "inner") == .integer(1))
        #expect(value(doc, "quoted key") == .integer(2))
        #expect(value(doc, "a", "b", "c") == .integer(3))
        guard case .array(let items)? = value(doc, "t") else { Issue.record("t is not an array"); return }
        #expect(items.count == 2)
        #expect(items[0].position == SourcePosition(line: 5, column: 1))
        guard case .table(let second) = items[1].value else { Issue.record("not a table"); return }
        #expect(second["name"]?.node.value == .string("two"))
        guard case .array(let list)? = second["list"]?.node.value else { Issue.record("no list"); return }
        #expect(list.count == 1)
    }

    @Test func arraysAndInlineTables() {
        let doc = """
        a = [
          1, # one
          2.5,
          "three",
        ]
        b = { x = 1, y.z = "q" }
        c = []
        d = {}
        e = [{ k = 1 }, { k = 2 }]
        """
        #expect(value(doc, "a") == .array([
            TOMLNode(value: .integer(1), position: SourcePosition(line: 2, column: 3)),
            TOMLNode(value: .float(2.5), position: SourcePosition(line: 3, column: 3)),
            TOMLNode(value: .string("three"), position: SourcePosition(line: 4, column: 3)),
        ]))
        #expect(value(doc, "b", "x") == .integer(1))
        #expect(value(doc, "b", "y", "z") == .string("q"))
        #expect(value(doc, "c") == .array([]))
        #expect(value(doc, "d") == .table(TOMLTable()))
        guard case .array(let e)? = value(doc, "e") else { Issue.record("e"); return }
        #expect(e.count == 2)
    }

    @Test func implicitTableMayBeDefinedLater() {
        #expect(syntaxError("[a.b]\nx = 1\n[a]\ny = 2\n") == nil)
    }

    @Test func crlfBOMAndPositionsCountScalars() {
        let doc = "\u{FEFF}a = 1\r\nb = \"é\"\r\nc = 2"
        guard case .success(let t) = toml(doc) else { Issue.record("parse failed"); return }
        #expect(t["c"]?.keyPosition == SourcePosition(line: 3, column: 1))
        #expect(syntaxError("k = \"é\" x") == "1:9: expected a newline or a comment, found 'x'")
    }
}

@Suite struct TOMLParserErrorTests {
    @Test(arguments: [
        // (document, expected "line:column: message")
        ("a = ", "1:5: expected a value, found the end of the file"),
        ("a = \n", "1:5: expected a value, found the end of the line"),
        ("a = # x", "1:5: expected a value, found a comment"),
        ("a", "1:2: expected '=' after key 'a', found the end of the line"),
        ("a b = 1", "1:3: expected '=' after key 'a', found 'b'"),
        ("= 1", "1:1: expected a key (letters, digits, '_' and '-', or a quoted string), found '='"),
        ("a = 1 2", "1:7: expected a newline or a comment, found '2'"),
        ("a = 1\na = 2", "2:1: duplicate key 'a' (first set on line 1)"),
        ("x.y = 1\nx.y = 2", "2:3: duplicate key 'x.y' (first set on line 1)"),
        ("a = 1\na.b = 2", "2:1: key 'a' is already an integer (line 1), it cannot hold keys"),
        ("[t]\n[t]", "2:1: table [t] is defined twice (first on line 1)"),
        ("a.b = 1\n[a]", "2:1: table [a] is defined twice: dotted keys already made it on line 1"),
        ("[[t]]\n[t]", "2:1: [t] names an array of tables (first [[…]] on line 1); write [[t]] to add one"),
        ("t = []\n[[t]]", "2:1: cannot add [[t]]: 't' is already an array (line 1)"),
        ("a = 1\n[a.b]", "2:2: cannot define [a.b]: 'a' is already an integer (line 1)"),
        ("[t]\nx = 1\n[u]\n[t.x.y]", "4:4: cannot define [t.x.y]: 'x' is already an integer (line 2)"),
        ("[a.b]\nc = 1\n[a]\nb.d = 2", "4:1: key 'b' is a table defined on line 1; set its keys under that header"),
        ("[t", "1:3: expected ']' to close the table header, found the end of the file"),
        ("[[t]\n", "1:5: expected ']]' to close the array-of-tables header, found the end of the line"),
        ("s = \"abc", "1:5: unterminated string: expected '\"' before the end of the file"),
        ("s = \"abc\nx = 1", "1:5: unterminated string: expected '\"' before the end of the line"),
        ("s = 'abc\n", "1:5: unterminated string: expected \"'\" before the end of the line"),
        ("s = \"\"\"abc", "1:5: unterminated string: expected '\"\"\"' before the end of the file"),
        ("s = '''abc", "1:5: unterminated string: expected \"'''\" before the end of the file"),
        ("s = \"a\\qb\"", "1:7: unknown escape '\\q'; use \\\\ for a backslash"),
        ("s = \"\\u12\"", "1:6: '\\u' needs 4 hexadecimal digits"),
        ("s = \"\\uD800\"", "1:6: '\\u' names no Unicode scalar value (U+D800)"),
        ("s = \"a\u{01}b\"", "1:7: control character U+0001 is not allowed here; write it as an escape"),
        ("# bell \u{07}\n", "1:8: control character U+0007 is not allowed in a comment"),
        ("a = 1\rb = 2", "1:6: a carriage return must be followed by a newline"),
        ("a = inf", "1:5: 'inf' is not allowed: values must be finite numbers"),
        ("a = -nan", "1:5: '-nan' is not allowed: values must be finite numbers"),
        ("a = 1e400", "1:5: '1e400' is too large for a 64-bit float"),
        ("a = 9223372036854775808", "1:5: '9223372036854775808' does not fit in a 64-bit integer"),
        ("a = 012", "1:5: '012' has a leading zero, which TOML does not allow"),
        ("a = 1__0", "1:5: '1__0' is not a valid number"),
        ("a = 1.", "1:5: '1.' is not a valid number"),
        ("a = .5", "1:5: '.5' is not a valid number"),
        ("a = 1979-05-27", "1:5: dates and times are not supported ('1979-05-27')"),
        ("a = 07:32:00", "1:5: dates and times are not supported ('07:32:00')"),
        ("a = spring", "1:5: 'spring' is not a value; strings need quotes: \"spring\""),
        ("a = [1, 2", "1:10: unterminated array: expected ']' before the end of the file"),
        ("a = [1 2]", "1:8: expected ',' or ']' in the array, found '2'"),
        ("a = { x = 1,\n y = 2 }", "1:13: an inline table must be on one line; use a [table] for more"),
        ("a = { x = 1, }", "1:14: a trailing comma is not allowed in an inline table"),
        ("a = { x = 1 y = 2 }", "1:13: expected ',' or '}' in the inline table, found 'y'"),
        ("a = { x = 1, x = 2 }", "1:14: duplicate key 'x' (first set on line 1)"),
        ("a = { x = 1 }\n[a]", "2:1: cannot define [a]: 'a' is an inline table (line 1), which is complete once written"),
        ("\"\"\"k\"\"\" = 1", "1:1: a key cannot be a multi-line string"),
        ("a = \"\"\"x\"\"\"\"\"\"", "1:9: too many quotes: '\"\"\"' ends the string, at most two more may precede it"),
    ] as [(String, String)])
    func syntaxErrorsNameLineAndColumn(_ doc: String, _ expected: String) {
        #expect(syntaxError(doc) == expected)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = "a = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(syntaxError(deep) == "1:68: values are nested more than 64 deep")
        let deepTables = "a = " + String(repeating: "{ b = ", count: 5_000)
        #expect(syntaxError(deepTables)?.contains("nested more than 64 deep") == true)
        let deepKey = "[" + Array(repeating: "k", count: 5_000).joined(separator: ".") + "]"
        #expect(syntaxError(deepKey)?.contains("more than 64 parts") == true)
    }
}
