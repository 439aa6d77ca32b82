// SPDX-License-Identifier: MIT
import TransitionConfig
public import TransitionActions

/// Translates libinput-gestures' `libinput-gestures.conf` (bulletmark/libinput-gestures, the
/// `libinput-gestures` script: `get_conf_line`, `conf_gesture`, the `SWIPE`, `PINCH` and `HOLD`
/// handlers, `COMMAND_internal`).
///
/// - `gesture swipe|pinch|hold MOTION [FINGERS] COMMAND`: libinput-gestures decides at the lift,
///   by the direction of the whole travel, so each becomes an `on = "finish"` action. Without a
///   finger count it acts for any count: swipes become `swipe3-…` and `swipe4-…`, pinches
///   `pinch2-…` to `pinch4-…` (two-finger pinches are not in transitiond's standard set: a note
///   says how to bind them), holds `hold3` and `hold4`.
/// - The command is split as libinput-gestures splits it (`shlex.split`, no shell) and written as
///   a list; `~` or `$VAR` in the program's name (which libinput-gestures expands) make it a
///   `sh -c` string. `_internal ws_up|ws_down` (and `ws_left|ws_right` without `--cols`) becomes
///   the same `wmctrl` switch; a grid (`--cols`) does not translate.
/// - Diagonal swipes have no transitiond gesture; `pinch clockwise|anticlockwise` become
///   `rotate<N>-cw|ccw`, holds `hold<N>` (issue 24's gestures); `hold on+DELAY` has no equivalent.
/// - `swipe_threshold`, `timeout` and `device` are explained: transitiond decides by position and
///   velocity, has no timeout, and reads every touchpad.
public enum LibinputGesturesImporter {
    /// The import of `text`; `source` names the file, `settingsName` the user settings file the
    /// notes send settings to; `keysyms` resolves key names. Never throws: every line gets a note.
    public static func translate(_ text: String, source: String,
                                 settingsName: String = ImportResult.defaultSettingsName, keysyms: KeysymLookup) -> ImportResult {
        var result = ImportResult(format: .libinputGestures, source: source, settingsName: settingsName)
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = String(raw).trimmingCharacters("\r").trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            let (word, rest) = splitWord(line)
            let key = word.hasSuffix(":") ? String(word.dropLast()) : word
            switch key {
            case "gesture": gesture(rest, line: number, keysyms: keysyms, &result)
            case "swipe_threshold":
                if let dots = Int(rest), dots >= 0 {
                    result.note(number, .setting, "swipe_threshold \(dots): transitiond decides finish or cancel by position and release velocity; a swipe shorter than its distance's finish_threshold (0.5 by default) is cancelled unless flung, so no minimum travel is needed"
                        + (dots > 0 ? " (for a longer swipe, raise `distance` in the [[transition]]: 100 dots is about 100 touchpad units)" : ""))
                } else {
                    result.note(number, .skipped, "swipe_threshold must be an integer >= 0, not '\(rest)' (libinput-gestures refuses this line too)")
                }
            case "timeout":
                result.note(number, .setting, "timeout \(rest): transitiond has no gesture timeout; a slow gesture is decided by where the fingers lift, a fast one by its velocity")
            case "device":
                result.note(number, .setting, "device \(rest): transitiond reads every touchpad (and touchscreen); nothing to translate")
            default:
                result.note(number, .skipped, "'\(key)' is not a libinput-gestures keyword (gesture, device, swipe_threshold, timeout); libinput-gestures refuses this file")
            }
        }
        return result
    }

    static func splitWord(_ text: String) -> (String, String) {
        let word = String(text.prefix { $0 != " " && $0 != "\t" })
        return (word, String(text.dropFirst(word.count)).trimmingSpaces)
    }

    static func gesture(_ text: String, line: Int, keysyms: KeysymLookup, _ result: inout ImportResult) {
        let (kind, afterKind) = splitWord(text)
        let (motionWord, afterMotion) = splitWord(afterKind)
        guard !kind.isEmpty, !motionWord.isEmpty, !afterMotion.isEmpty else {
            result.note(line, .skipped, "a gesture line needs a gesture, a motion and a command (libinput-gestures refuses it)")
            return
        }
        var (fingersWord, commandText) = splitWord(afterMotion)
        var fingers: Int?
        if fingersWord.count == 1, let n = Int(fingersWord) {
            fingers = n
        } else {
            commandText = afterMotion
            fingersWord = ""
        }
        guard !commandText.isEmpty else {
            result.note(line, .skipped, "no command configured (libinput-gestures refuses it)")
            return
        }
        let motion = motionWord.lowercased()
        let command: ActionCommand
        switch translateCommand(commandText, keysyms: keysyms) {
        case .success(let translated): command = translated
        case .failure(let message):
            result.note(line, .skipped, message)
            return
        }
        switch kind.lowercased() {
        case "swipe":
            guard ["left", "right", "up", "down"].contains(motion) else {
                if ["left_up", "left_down", "right_up", "right_down"].contains(motion) {
                    result.note(line, .skipped, "diagonal swipe '\(motion)': transitiond's swipes lock onto one axis; bind the command to a straight swipe instead")
                } else {
                    result.note(line, .skipped, "swipe has no motion '\(motion)' (libinput-gestures refuses it)")
                }
                return
            }
            let names = (fingers.map { [$0] } ?? [3, 4]).map { "swipe\($0)-\(motion)" }
            result.add(ImportedAction(transitions: names, event: .finish, command: command, line: line),
                       fingers == nil ? "any finger count: 3 and 4" : "")
            checkFingers(fingers, minimum: 3, line: line, &result)
        case "pinch":
            let names: [String]
            switch motion {
            case "in", "out": names = (fingers.map { [$0] } ?? [2, 3, 4]).map { "pinch\($0)-\(motion)" }
            case "clockwise", "anticlockwise":
                let direction = motion == "clockwise" ? "cw" : "ccw"
                names = (fingers.map { [$0] } ?? [2, 3, 4]).map { "rotate\($0)-\(direction)" }
            default:
                result.note(line, .skipped, "pinch has no motion '\(motion)' (libinput-gestures refuses it)")
                return
            }
            result.add(ImportedAction(transitions: names, event: .finish, command: command, line: line),
                       fingers == nil ? "any finger count: 2 to 4" : "")
        case "hold":
            if motion.hasPrefix("on+") {
                result.note(line, .skipped, "'hold \(motion)': a hold that acts after a further delay has no transitiond equivalent; use one hold per finger count")
                return
            }
            guard motion == "on" else {
                result.note(line, .skipped, "hold has no motion '\(motion)' (libinput-gestures refuses it)")
                return
            }
            let names = (fingers.map { [$0] } ?? [3, 4]).map { "hold\($0)" }
            result.add(ImportedAction(transitions: names, event: .finish, command: command, line: line),
                       fingers == nil ? "any finger count: 3 and 4" : "")
        default:
            result.note(line, .skipped, "gesture '\(kind)' is not swipe, pinch or hold (libinput-gestures refuses it)")
        }
    }

    static func checkFingers(_ fingers: Int?, minimum: Int, line: Int, _ result: inout ImportResult) {
        if let fingers, fingers < minimum {
            result.note(line, .setting, "libinput has no \(fingers)-finger swipe: the action never runs")
        }
    }

    enum Translated { case success(ActionCommand), failure(String) }

    /// The command as libinput-gestures runs it: split by `shlex.split`, no shell.
    static func translateCommand(_ text: String, keysyms: KeysymLookup) -> Translated {
        let words: [String]
        do {
            words = try ShellWords.split(text)
        } catch {
            return .failure("the command does not split into words: \(error) (libinput-gestures refuses it)")
        }
        guard let program = words.first else { return .failure("no command configured") }
        // `''` as the first word: libinput-gestures would hand Popen an empty program name, and
        // an actions file's command must start with a program.
        guard !program.isEmpty else { return .failure("the command's program (its first word) is empty: nothing could run it") }
        if program == "_internal" { return internalCommand(Array(words.dropFirst())) }
        if program.contains("~") || program.contains("$") {
            // libinput-gestures expands ~ and $VARS in the program's name only.
            return .success(.shell(program + words.dropFirst().map { " " + ShellWords.quote($0) }.joined()))
        }
        if let keys = DesktopCommands.xdotoolKeys(words, keysyms: keysyms) { return .success(keys) }
        return .success(.argv(words))
    }

    /// `_internal [-w|--wrap] [-c N|--cols N] ws_up|ws_down|ws_left|ws_right|…`.
    static func internalCommand(_ arguments: [String]) -> Translated {
        var wrap = false
        var cols: String?
        var action: String?
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "-w" || a == "--wrap" { wrap = true }
            else if a == "-c" || a == "--cols" { cols = i + 1 < arguments.count ? arguments[i + 1] : ""; i += 1 }
            else if a.hasPrefix("--cols=") { cols = String(a.dropFirst(7)) }
            else if a.hasPrefix("-") { return .failure("_internal option '\(a)' does not translate; run wmctrl yourself") }
            else { action = a }
            i += 1
        }
        if let cols, cols != "1" {
            return .failure("_internal with --cols \(cols) moves over a grid of workspaces, which does not translate into one command: keep it as a script of your own (wmctrl -d lists the desktops, wmctrl -s N switches) and run that")
        }
        switch action {
        case "ws_up", "ws_left": return .success(DesktopCommands.workspace(1, wrap: wrap))
        case "ws_down", "ws_right": return .success(DesktopCommands.workspace(-1, wrap: wrap))
        case let other?: return .failure("_internal \(other) moves diagonally over a grid of workspaces, which does not translate")
        case nil: return .failure("_internal without an action (libinput-gestures refuses it)")
        }
    }
}

extension String {
    func trimmingCharacters(_ character: Character) -> String {
        var s = Substring(self)
        while s.last == character { s = s.dropLast() }
        return String(s)
    }
}
