// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionActions
import TransitionDesktop
import TransitionIO
import TransitionProtocol

/// `transitionctl desktop`: the runner's edges to the desktop, by hand (hidden: for tests, and
/// for users finding out what the runner sees).
struct Desktop: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Follow the focus or press keys as `transitionctl run` does (for tests and debugging).",
        shouldDisplay: false,
        subcommands: [Focus.self, Keys.self])

    static func session() -> DesktopSession {
        DesktopSession(environment: ProcessEnvironment.values(["WAYLAND_DISPLAY", "DISPLAY", "XDG_CURRENT_DESKTOP"]))
    }

    /// `transitionctl desktop focus`: one JSON line per focus change until SIGINT or SIGTERM.
    struct Focus: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the focused application, then each change, as JSON lines ({\"app\":…,\"instance\":…,\"title\":…}; null for no window).")

        func run() throws {
            let source: any FocusSource
            do throws(DesktopError) {
                source = try Desktop.session().openFocusSource()
            } catch {
                Terminal.error("transitionctl desktop focus: \(error)")
                throw ExitCode(69)
            }
            Self.print(source.focused)
            var failure: String?
            do throws(SystemError) {
                // Unowned: the loop keeps its handlers, and a handler that kept the loop would keep
                // both, and the source with them, past the end: KWin's source unloads its script
                // only when it goes.
                let loop = try EventLoop()
                try loop.onSignal(SIGINT) { [unowned loop] in loop.stop() }
                try loop.onSignal(SIGTERM) { [unowned loop] in loop.stop() }
                try loop.watch(fd: source.fileDescriptor) { [unowned loop] _ in
                    do {
                        if try source.readReady() { Self.print(source.focused) }
                    } catch {
                        failure = "\(error)"
                        loop.stop()
                    }
                }
                try loop.run()
            } catch {
                Terminal.error("transitionctl desktop focus: \(error.operation) failed")
                throw ExitCode(1)
            }
            if let failure {
                Terminal.error("transitionctl desktop focus: \(failure)")
                throw ExitCode(76)
            }
        }

        static func print(_ focused: FocusedApplication?) {
            var json = JSONWriter()
            if let focused {
                json.beginObject()
                json.key("app"); json.string(focused.appID)
                json.key("instance"); if let instance = focused.instance { json.string(instance) } else { json.null() }
                json.key("title"); if let title = focused.title { json.string(title) } else { json.null() }
                json.endObject()
            } else {
                json.null()
            }
            Terminal.out(bytes: json.bytes + [UInt8(ascii: "\n")])
        }
    }

    /// `transitionctl desktop keys TEXT`: presses the keys and exits.
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Press keys as a `keys` action does (\"super+Right\", \"ctrl+c ctrl+v\").")

        @Argument(help: ArgumentHelp("The chords, as in an action's keys.", valueName: "KEYS"))
        var text: String

        func run() throws {
            let keys: KeySequence
            do throws(KeyTextError) {
                keys = try KeySequence(parsing: text, keysyms: .xkbcommon)
            } catch {
                Terminal.error("transitionctl desktop keys: \(error)")
                throw ExitCode(64)
            }
            let sender: any KeySender
            do throws(DesktopError) {
                sender = try Desktop.session().openKeySender(keyServiceSocket: DesktopSession.defaultKeyServiceSocket) {
                    Terminal.error("transitionctl desktop keys: \($0)")
                }
            } catch {
                Terminal.error("transitionctl desktop keys: \(error)")
                throw ExitCode(69)
            }
            do throws(KeyError) {
                try sender.send(keys.chords)
            } catch {
                Terminal.error("transitionctl desktop keys: \(error)")
                throw ExitCode(1)
            }
        }
    }
}
