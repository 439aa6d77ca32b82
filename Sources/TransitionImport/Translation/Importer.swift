// SPDX-License-Identifier: MIT
public import TransitionConfig
public import TransitionActions

/// `transitionctl import`'s pure core: reads another gesture tool's configuration, translates
/// it, and checks that the actions file it writes is one `transitionctl run` reads.
public enum Importer {
    /// Why a file could not be imported.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The format could not be told from the content.
        case unknownFormat(source: String)
        /// The file does not parse (YAML, XML), with line and column.
        case unreadable(ConfigError)
        /// The actions written do not pass `transitionctl run --check`: a bug of the importer.
        case invalidOutput(ConfigError)

        public var description: String {
            switch self {
            case .unknownFormat(let source):
                "\(source): not a libinput-gestures.conf, fusuma config.yml or touchegg.conf that I recognise; name the format with --format"
            case .unreadable(let error): "\(error)"
            case .invalidOutput(let error): "the imported actions do not pass the check (please report this):\n\(error)"
            }
        }
    }

    /// What an import produced: the result, the actions file's text (checked) and the settings'
    /// text (empty when no setting translates).
    public struct Output: Sendable {
        /// The translation, with a note per entry.
        public var result: ImportResult
        /// The actions file to write.
        public var actionsText: String
        /// The actions file decoded, as `transitionctl run` would read it.
        public var actions: ActionsFile
        /// The user settings file to write (`--settings-out`, else
        /// `~/.config/transitiond/config.toml`), checked as `transitionctl run --check --settings`
        /// checks it over the built-in configuration; nil when no setting translates.
        public var settingsText: String?
    }

    /// Translates `text` (from `source`) in `format`, or the format detected from the content.
    /// `outputName` names the actions file in messages (and in the check command it gives, unless
    /// it is the default `actions.toml`); `settingsName` names the user settings file the notes
    /// send settings and bindings to; `keysyms` resolves the names of keys
    /// (xkbcommon's, from `transitionctl import`).
    public static func run(_ text: String, source: String, format: ImportFormat?,
                           outputName: String = "actions.toml",
                           settingsName: String = ImportResult.defaultSettingsName,
                           keysyms: KeysymLookup) throws(Failure) -> Output {
        guard let format = format ?? ImportFormat.detect(text) else { throw .unknownFormat(source: source) }
        var result: ImportResult
        do {
            switch format {
            case .libinputGestures: result = LibinputGesturesImporter.translate(text, source: source, settingsName: settingsName, keysyms: keysyms)
            case .fusuma: result = try FusumaImporter.translate(text, source: source, settingsName: settingsName, keysyms: keysyms)
            case .touchegg: result = try ToucheggImporter.translate(text, source: source, settingsName: settingsName, keysyms: keysyms)
            }
        } catch {
            throw .unreadable(error)
        }
        result.bindNonStandardTransitions()
        let actionsText = ActionsRenderer.actionsFile(result, outputName: outputName == "actions.toml" ? nil : outputName)
        let actions: ActionsFile
        do {
            actions = try ActionsDecoder.decode(actionsText, source: outputName, keysyms: keysyms)
        } catch {
            throw .invalidOutput(error)
        }
        let settingsText = result.hasSettings ? ActionsRenderer.settingsText(result) : nil
        if let settingsText {
            do {
                _ = try UserSettings.parse(settingsText, source: "config.toml").applied(to: .builtIn)
            } catch {
                throw .invalidOutput(error)
            }
        }
        return Output(result: result, actionsText: actionsText, actions: actions, settingsText: settingsText)
    }
}
