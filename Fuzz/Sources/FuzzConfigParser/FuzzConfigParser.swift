// SPDX-License-Identifier: MIT
import TransitionConfig

/// libFuzzer entry: any byte string is a configuration file. The parser must return a
/// configuration or a `ConfigError` naming the problem, never trap or hang; a configuration it
/// accepts must render to TOML that parses back to the same value (`ConfigLoader.render`'s promise).
/// The same bytes are also a user's settings (sent by a user's runner over the socket): laid
/// over the built-in configuration they give an error or a configuration that keeps every
/// built-in transition, and laying them over that result again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    fuzzUserSettings(text)
    let configuration: DaemonConfiguration
    do {
        configuration = try ConfigLoader.parse(text, source: "fuzz.toml")
    } catch {
        // Every refusal must say what is wrong.
        if error.description.isEmpty { fatalError("an empty ConfigError for \(text.debugDescription)") }
        return 0
    }
    let rendered = ConfigLoader.render(configuration)
    do {
        let again = try ConfigLoader.parse(rendered, source: "rendered.toml")
        if again != configuration {
            fatalError("render/parse changed the configuration:\n\(rendered)")
        }
    } catch {
        fatalError("the rendered configuration does not parse: \(error)\n\(rendered)")
    }
    return 0
}

private func fuzzUserSettings(_ text: String) {
    let system = DaemonConfiguration.builtIn
    let merged: DaemonConfiguration
    do {
        let settings = try UserSettings.parse(text, source: "fuzz-user.toml")
        merged = try settings.applied(to: system)
        let systemNames = system.engine.transitions.map(\.name)
        if Array(merged.engine.transitions.map(\.name).prefix(systemNames.count)) != systemNames {
            fatalError("user settings removed a system transition:\n\(text)")
        }
        if try settings.applied(to: merged) != merged {
            fatalError("user settings applied twice differ from once:\n\(text)")
        }
    } catch {
        if error.description.isEmpty { fatalError("an empty ConfigError for user settings \(text.debugDescription)") }
    }
}
