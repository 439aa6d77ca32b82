// SPDX-License-Identifier: MIT
import TransitionConfig

/// libFuzzer entry: any byte string is a configuration file. The parser must return a
/// configuration or a `ConfigError` naming the problem, never trap or hang; a configuration it
/// accepts must render to TOML that parses back to the same value (`ConfigLoader.render`'s promise).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
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
