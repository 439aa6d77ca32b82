// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionActions
import TransitionDesktop
import TransitionConfig
import TransitionImport
import TransitionIO

/// `transitionctl import`: translates a libinput-gestures, fusuma or Touchégg configuration
/// into an actions file for `transitionctl run`.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import gestures from libinput-gestures, fusuma or Touchégg into an actions file.",
        discussion: """
            Reads FILE (libinput-gestures.conf, fusuma's config.yml or touchegg.conf; the format \
            is told from the content unless --format names it), writes the actions file that \
            `transitionctl run` reads (default $XDG_CONFIG_HOME/transitiond/actions.toml) and \
            prints, for every entry with its file and line, how it was translated, or why not and \
            what to do instead; what did not translate stays in the actions file as a comment \
            saying why. Settings that translate (distances, thresholds), and the bindings of the \
            gestures the standard configuration leaves unbound (holds, taps, two-finger pinches), \
            are written as your user settings, which `transitionctl run` sends to transitiond: to \
            --settings-out FILE, or else $XDG_CONFIG_HOME/transitiond/config.toml. Both files are checked as \
            `transitionctl run --check` checks them. An existing file is never replaced without \
            --force: an existing --settings-out or actions file is an error and nothing is written; \
            an existing config.toml (yours) is kept, and the settings to merge into it by hand are \
            printed. It warns when Touchégg's client, fusuma or libinput-gestures still runs: \
            beside the imported actions, each gesture would act twice. See docs/actions.md.

            Exit status: 0 imported (settings left to merge by hand included); 1 FILE cannot be \
            read or parsed, or an output file exists; 64 bad usage.
            """)

    @Argument(help: ArgumentHelp("The other tool's configuration file.", valueName: "FILE"))
    var file: String

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("The actions file to write ('-': standard output).", valueName: "FILE"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The format of FILE: libinput-gestures, fusuma or touchegg.", valueName: "FORMAT"))
    var format: String?

    @Option(name: .long, help: ArgumentHelp("Write the translated settings to this file (default: your user settings, $XDG_CONFIG_HOME/transitiond/config.toml).",
                                            valueName: "FILE"))
    var settingsOut: String?

    @Flag(name: .long, help: "Replace output files that exist.")
    var force = false

    func run() throws {
        let environment = ProcessEnvironment.values(["XDG_CONFIG_HOME", "HOME"])
        guard let path = output ?? ActionsDecoder.defaultPath(environment: environment) else {
            throw ValidationError("no -o, and neither $XDG_CONFIG_HOME nor $HOME is set")
        }
        var forced: ImportFormat?
        if let format {
            guard let known = ImportFormat(rawValue: format) else {
                throw ValidationError("--format must be one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(format)'")
            }
            forced = known
        }
        let text: String
        do {
            text = String(decoding: try Files.read(file), as: UTF8.self)
        } catch {
            Terminal.error("transitionctl import: \(error)")
            throw ExitCode(1)
        }
        // The messages name the files really written: --settings-out FILE, else the user's settings.
        let settingsName = settingsOut ?? UserSettings.defaultPath(environment: environment) ?? ImportResult.defaultSettingsName
        let imported: Importer.Output
        do {
            imported = try Importer.run(text, source: file, format: forced, outputName: output != nil && path != "-" ? path : "actions.toml",
                                        settingsName: settingsName, keysyms: .xkbcommon)
        } catch {
            Terminal.error("transitionctl import: \(error)")
            throw ExitCode(1)
        }
        let result = imported.result
        let say: (String) -> Void = path == "-" ? { Terminal.error($0) } : { Terminal.out($0 + "\n") }
        say("\(file): \(result.format.toolName)")
        for note in result.sortedNotes { say(note.rendered(source: file)) }
        for tool in RunningTools.find(Files.processes()) where tool.tool == result.format || tool.tool == .touchegg {
            Terminal.error("transitionctl import: warning: \(tool.advice)")
        }
        // Where the settings go, decided (and every refusal made) before anything is written.
        var settingsPath: String?
        var mergeByHand = false
        if imported.settingsText != nil {
            guard let chosen = settingsOut ?? UserSettings.defaultPath(environment: environment) else {
                Terminal.error("transitionctl import: settings translate, but there is no --settings-out and neither $XDG_CONFIG_HOME nor $HOME is set")
                throw ExitCode(1)
            }
            settingsPath = chosen
            mergeByHand = settingsOut == nil && !force && ConfigFile.exists(chosen)
        }
        if !force {
            for existing in [path == "-" ? nil : path, settingsOut != nil ? settingsPath : nil].compactMap({ $0 }) where ConfigFile.exists(existing) {
                Terminal.error("transitionctl import: \(existing) exists; pass --force to replace it (nothing was written)")
                throw ExitCode(1)
            }
        }
        do {
            if path == "-" {
                Terminal.out(imported.actionsText)
            } else {
                if output == nil { try Self.makeParent(path) }
                try Files.write(imported.actionsText, to: path, replace: force)
            }
            if let settingsPath, let settingsText = imported.settingsText, !mergeByHand {
                if settingsOut == nil { try Self.makeParent(settingsPath) }
                try Files.write(settingsText, to: settingsPath, replace: force)
            }
        } catch {
            Terminal.error("transitionctl import: \(error)")
            throw ExitCode(1)
        }
        let skipped = result.notes.filter { $0.kind == .skipped }.count
        var summary = "\(imported.actions.actions.count) action\(imported.actions.actions.count == 1 ? "" : "s")"
        if skipped > 0 { summary += ", \(skipped) entr\(skipped == 1 ? "y" : "ies") not translated" }
        if skipped > 0 && path != "-" { summary += " (left in it as comments saying why)" }
        if path != "-" { say("wrote \(path): \(summary); check it with: transitionctl run --check --actions \(path)") }
        let count = result.settings.count + result.bindings.count
        var settings = "\(count) setting\(count == 1 ? "" : "s")"
        if !result.bindings.isEmpty {
            settings += " (\(result.bindings.count) binding\(result.bindings.count == 1 ? "" : "s"): \(result.bindings.map(\.name).joined(separator: ", ")))"
        }
        if let settingsPath, let settingsText = imported.settingsText {
            if mergeByHand {
                Terminal.error("transitionctl import: warning: \(settingsPath) exists and is kept (--force replaces it, --settings-out FILE writes elsewhere): merge these \(settings) into it by hand")
                say("# --- to merge into \(settingsPath) by hand: a file has one [defaults] and one [[transition]] per name, so put these keys into the tables it already has (the value below replaces yours); then check it with: transitionctl run --check --settings \(settingsPath)")
                say(settingsText)
            } else {
                say("wrote \(settingsPath): \(settings); check it with: transitionctl run --check --settings \(settingsPath)")
            }
        } else if let settingsOut {
            say("no setting translates; \(settingsOut) not written")
        }
    }

    /// Creates the directories above `path` (`~/.config/transitiond`) when they are missing.
    private static func makeParent(_ path: String) throws(Files.Failure) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try Files.makeDirectories(String(path[..<slash])) }
    }
}
