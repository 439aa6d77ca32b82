// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionClient
import TransitionConfig
import TransitionCore
import TransitionProtocol

/// `transitionctl run --check` beyond the file's syntax: the transitions the actions name and
/// their thresholds, checked against the running daemon when it answers, else against the
/// system's configuration (`/etc/transitiond/config.toml`, or the built-in one), and in both
/// cases the transitions the user's settings add.
extension Run {
    /// Where the transitions in force come from, and which they are.
    struct KnownTransitions {
        var transitions: [ActionsCheck.Transition]
        /// `checked against the running daemon's 29 transitions`, `the daemon is not reachable:
        /// checked against /etc/transitiond/config.toml and the defaults`.
        var against: String
    }

    /// Checks `file` against the transitions in force; prints what it found and what it
    /// checked against. False when a problem was found.
    static func checkTransitions(_ file: ActionsFile, path: String, candidates: [String], settingsPath: String?) -> Bool {
        let known = knownTransitions(candidates: candidates, settingsPath: settingsPath)
        let findings = ActionsCheck.findings(file, known: known.transitions)
        for message in findings.messages { Terminal.error("\(message.text)\n") }
        let actions = "\(file.actions.count) action\(file.actions.count == 1 ? "" : "s")"
        guard findings.problems.isEmpty else {
            let count = findings.problems.count
            Terminal.error("\(path): \(count) problem\(count == 1 ? "" : "s") in \(actions); \(known.against)\n")
            return false
        }
        Terminal.out("\(path): OK, \(actions); \(known.against)\n")
        return true
    }

    /// The daemon's transitions when it answers (its `hello`), else the system configuration's;
    /// plus those the user's settings add, which the daemon has only once the runner sent them.
    static func knownTransitions(candidates: [String], settingsPath: String?) -> KnownTransitions {
        let system: DaemonConfiguration
        let systemName: String
        do {
            let loaded = try ConfigLoader.loadSystem()
            system = loaded.configuration
            systemName = loaded.path.map { "\($0) and the defaults" } ?? "the built-in configuration (there is no \(ConfigLoader.defaultPath))"
        } catch {
            system = .builtIn
            systemName = "the built-in configuration (\(ConfigLoader.defaultPath) has problems: transitiond --check-config \(ConfigLoader.defaultPath))"
        }
        var withSettings = system
        var settingsName: String?
        if let settingsPath, ConfigFile.exists(settingsPath),
           let merged = try? UserSettings.load(path: settingsPath).applied(to: system) {
            withSettings = merged
            settingsName = settingsPath
        }
        let bands = Dictionary(withSettings.engine.transitions.map { ($0.name, $0.rubberBand.limit) }, uniquingKeysWith: { a, _ in a })
        func transitions(_ infos: [TransitionInfo]) -> [ActionsCheck.Transition] {
            infos.map { ActionsCheck.Transition(name: $0.name, sources: $0.gestures.map(\.source),
                                                bandLimit: bands[$0.name] ?? RubberBand().limit) }
        }
        var known: [ActionsCheck.Transition]
        var against: String
        if let hello = try? daemonHello(candidates: candidates) {
            known = transitions(hello.transitions)
            against = "checked against the running daemon's \(known.count) transition\(known.count == 1 ? "" : "s")"
        } else {
            known = transitions(TransitionInfo.list(from: system.engine))
            against = "the daemon is not reachable: checked against \(systemName)"
        }
        if let settingsName {
            // Those the settings add to the system's (not the system's the daemon lacks).
            let systemNames = Set(system.engine.transitions.map(\.name))
            let added = transitions(TransitionInfo.list(from: withSettings.engine))
                .filter { t in !systemNames.contains(t.name) && !known.contains { $0.name == t.name } }
            if !added.isEmpty {
                known += added
                against += " and the \(added.count) transition\(added.count == 1 ? "" : "s") your settings add (\(settingsName))"
            }
        }
        return KnownTransitions(transitions: known, against: against)
    }

    /// The daemon's `hello`, or nil when no socket answers.
    static func daemonHello(candidates: [String]) throws(ClientError) -> Hello {
        let connection = try LineConnection.connect(candidates: candidates)
        defer { connection.close() }
        return try connection.receiveHello()
    }
}
