// SPDX-License-Identifier: MIT
public import TransitionActions

/// Commands for window and workspace actions through EWMH (X11 window managers, and XWayland
/// windows where a compositor supports it): `wmctrl` and `xdotool`, as the other tools'
/// documentation uses them. The importers share them so each action reads the same everywhere.
public enum DesktopCommands {
    /// The next (`+1`) or previous (`-1`) workspace; `wrap` goes round from the last to the first.
    /// `wmctrl -d` marks the current desktop with `*`; `wmctrl -s N` switches (libinput-gestures'
    /// `_internal` does the same).
    public static func workspace(_ delta: Int, wrap: Bool) -> ActionCommand {
        let target: String
        let guardText: String
        if delta > 0 {
            target = wrap ? "(c + 1) % NR" : "c + 1"
            guardText = wrap ? "NR > 1" : "c + 1 < NR"
        } else {
            target = wrap ? "(c + NR - 1) % NR" : "c - 1"
            guardText = wrap ? "NR > 1" : "c > 0"
        }
        return .shell("wmctrl -d | awk '$2 == \"*\" { c = $1 } END { if (\(guardText)) system(\"wmctrl -s \" \(target)) }'")
    }

    /// Toggles the active window's maximized state.
    public static let maximizeRestore = ActionCommand.argv(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"])
    /// Toggles the active window's full screen.
    public static let fullscreen = ActionCommand.argv(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"])
    /// Minimizes the active window.
    public static let minimize = ActionCommand.argv(["xdotool", "getactivewindow", "windowminimize"])
    /// Closes the active window (politely: `_NET_CLOSE_WINDOW`).
    public static let close = ActionCommand.argv(["wmctrl", "-c", ":ACTIVE:"])
    /// Shows the desktop, or the windows again when it is shown (`_NET_SHOWING_DESKTOP`).
    public static let showDesktop = ActionCommand.shell(
        "if xprop -root _NET_SHOWING_DESKTOP | grep -q '= 1'; then wmctrl -k off; else wmctrl -k on; fi")

    /// Keys through XTEST: `xdotool key super+s`.
    public static func keys(_ combination: String) -> ActionCommand {
        .argv(["xdotool", "key", combination])
    }

    /// `keys = "super+s"` when every name is an xkb keysym name (keys then reach every desktop),
    /// else `xdotool key` (X11 only) with why.
    public static func keysOnEveryDesktop(_ combination: String, keysyms: KeysymLookup) -> (command: ActionCommand, problem: String?) {
        do throws(KeyTextError) {
            return (.keys(try KeySequence(parsing: combination, keysyms: keysyms)), nil)
        } catch {
            return (keys(combination), "\(combination) at \(error): written as xdotool key, X11 only")
        }
    }

    /// `xdotool key super+Left` as `keys`, which reach every desktop, not only X11: plain keys
    /// (no option such as `--window`, `--delay`, `--clearmodifiers`) whose names are all xkb's.
    /// `nil` for anything else, which stays the command it was. `words` is the command split
    /// into words, as the other tool runs it.
    public static func xdotoolKeys(_ words: [String], keysyms: KeysymLookup) -> ActionCommand? {
        guard words.count >= 3, words[0] == "xdotool", words[1] == "key",
              words.dropFirst(2).allSatisfy({ !$0.hasPrefix("-") && !$0.isEmpty }),
              case (let keys, nil) = keysOnEveryDesktop(words.dropFirst(2).joined(separator: " "), keysyms: keysyms) else { return nil }
        return keys
    }

    /// ``xdotoolKeys(_:keysyms:)`` for a command the other tool runs through the shell (fusuma's
    /// `command:`, Touchégg's `RUN_COMMAND`): only when the shell would do nothing but split
    /// it into words (no variable, quote, redirection, pipe, list or glob).
    public static func xdotoolKeys(shell text: String, keysyms: KeysymLookup) -> ActionCommand? {
        let special: Set<Character> = ["$", "`", "'", "\"", "\\", ";", "&", "|", "<", ">", "(", ")", "{", "}", "*", "?", "[", "~", "#", "\n"]
        guard !text.contains(where: { special.contains($0) }) else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        return xdotoolKeys(words, keysyms: keysyms)
    }

    /// A mouse button through XTEST: `xdotool click 3`.
    public static func click(_ button: Int) -> ActionCommand {
        .argv(["xdotool", "click", String(button)])
    }

    /// A `step` command that runs `command` only for steps in one direction (`+1` or `-1`).
    public static func onlyStep(_ sign: Int, _ command: ActionCommand) -> ActionCommand {
        let script: String
        switch command {
        case .argv(let argv): script = "exec " + argv.map(ShellWords.quote).joined(separator: " ")
        case .shell(let text): script = text
        case .keys(let keys): script = "exec transitionctl desktop keys " + ShellWords.quote(keys.text)
        }
        return .shell("[ \"$TRANSITIOND_STEP\" = \(sign > 0 ? "+1" : "-1") ] || exit 0\n" + script)
    }

    /// A `step` command running `forwards` on `+1` and `backwards` on `-1`.
    public static func bothSteps(forwards: ActionCommand, backwards: ActionCommand) -> ActionCommand {
        func script(_ command: ActionCommand) -> String {
            switch command {
            case .argv(let argv): argv.map(ShellWords.quote).joined(separator: " ")
            case .shell(let text): text
            case .keys(let keys): "transitionctl desktop keys " + ShellWords.quote(keys.text)
            }
        }
        return .shell("if [ \"$TRANSITIOND_STEP\" = +1 ]; then\n  \(script(forwards))\nelse\n  \(script(backwards))\nfi")
    }
}
