// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig

/// The error text `ConfigLoader.parse` gives for `text`, or `nil` when it parses.
func configError(_ text: String, source: String = "config.toml") -> String? {
    do {
        _ = try ConfigLoader.parse(text, source: source)
        return nil
    } catch {
        return error.description
    }
}

/// The root table the TOML parser makes of `text`, or the syntax error as `line:column: message`.
func toml(_ text: String) -> Result<TOMLTable, TOMLSyntaxError> {
    do { return .success(try TOMLParser.parse(text)) } catch { return .failure(error) }
}

func syntaxError(_ text: String) -> String? {
    switch toml(text) {
    case .success: nil
    case .failure(let e): "\(e.position): \(e.message)"
    }
}

/// The plain value at a dotted path, for compact assertions.
func value(_ text: String, _ path: String...) -> TOMLValue? {
    guard case .success(var table) = toml(text) else { return nil }
    for (i, key) in path.enumerated() {
        guard let entry = table[key] else { return nil }
        if i == path.count - 1 { return entry.node.value }
        guard case .table(let t) = entry.node.value else { return nil }
        table = t
    }
    return nil
}
