// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionActions
import TransitionImport

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
            what to do instead. Entries that need a transitiond feature not built yet are written \
            commented out, naming it. Settings that translate (distances, thresholds) go to \
            --settings-out FILE (your settings are $XDG_CONFIG_HOME/transitiond/config.toml, which \
            `transitionctl run` sends to transitiond), or else a commented block at the end of the \
            actions file. An existing file is never replaced \
            without --force. It warns when Touchégg's client, fusuma or libinput-gestures still \
            runs: beside the imported actions, each gesture would act twice. See docs/actions.md.

            Exit status: 0 imported; 1 FILE cannot be read or parsed, or an output file exists; \
            64 bad usage.
            """)

    @Argument(help: ArgumentHelp("The other tool's configuration file.", valueName: "file"))
    var file: String

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("The actions file to write ('-': standard output).", valueName: "out"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The format of FILE: libinput-gestures, fusuma or touchegg.", valueName: "format"))
    var format: String?

    @Option(name: .long, help: ArgumentHelp("Write the translated settings to this file (your user settings: ~/.config/transitiond/config.toml).",
                                            valueName: "file"))
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
        let imported: Importer.Output
        do {
            imported = try Importer.run(text, source: file, format: forced, settingsSeparate: settingsOut != nil,
                                        outputName: path == "-" ? "actions.toml" : path)
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
        do {
            if path == "-" {
                Terminal.out(imported.actionsText)
            } else {
                if output == nil, let slash = path.lastIndex(of: "/") { try Files.makeDirectories(String(path[..<slash])) }
                try Files.write(imported.actionsText, to: path, replace: force)
            }
            if let settingsOut, let settingsText = imported.settingsText {
                try Files.write(settingsText, to: settingsOut, replace: force)
            }
        } catch {
            Terminal.error("transitionctl import: \(error)")
            throw ExitCode(1)
        }
        let waiting = result.actions.filter { !$0.isActive }.count
        let skipped = result.notes.filter { $0.kind == .skipped }.count
        var summary = "\(imported.actions.actions.count) action\(imported.actions.actions.count == 1 ? "" : "s")"
        if waiting > 0 { summary += ", \(waiting) commented out (waiting for a feature)" }
        if skipped > 0 { summary += ", \(skipped) entr\(skipped == 1 ? "y" : "ies") not translated" }
        if path != "-" { say("wrote \(path): \(summary); check it with: transitionctl run --check --config \(path)") }
        if let settingsOut {
            say(imported.settingsText == nil ? "no setting translates; \(settingsOut) not written"
                : "wrote \(settingsOut): \(result.settings.count) setting\(result.settings.count == 1 ? "" : "s") (check it with: transitionctl run --check --settings \(settingsOut))")
        }
    }
}
