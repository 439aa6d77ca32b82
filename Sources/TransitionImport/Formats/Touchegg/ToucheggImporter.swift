// SPDX-License-Identifier: MIT
public import TransitionConfig
public import TransitionActions

/// Translates Touchégg's `touchegg.conf` (JoseExposito/touchegg: `installation/touchegg.conf`,
/// `src/config/xml-config-loader.cpp`, the action classes in `src/actions/`).
///
/// - `<application name="All">` holds gestures for every window; other sections (comma-separated
///   window classes) become actions with `apps`, and All's for the same gestures get `not_apps`.
/// - `<gesture type="SWIPE|PINCH|TAP" fingers= direction=>` applies to touchpads and
///   touchscreens alike, so each becomes the touchpad and the touchscreen transition:
///   `swipe3-up` and `touch3-up`, `pinch3-in` and `touchpinch3-in`, `padtap3` and `tap3`.
/// - `RUN_COMMAND` runs its `command` through the shell (`system()`), `SEND_KEYS` sends
///   `modifiers`+`keys` and `MOUSE_CLICK` a `button` through XTEST: they become `sh -c`, `keys`
///   (on every desktop; `xdotool key` when a name is not xkb's) and `xdotool click` (X11 only, as
///   Touchégg's own). `on` begin → `began`, end (the
///   default) → `finish`, begin-and-end → `began` and `completed`; `repeat` → `step` actions of
///   1/`times` with `decreaseCommand`/`decreaseKeys` on the way back.
/// - The window actions become EWMH commands (`wmctrl`, `xdotool`): `MAXIMIZE_RESTORE_WINDOW`,
///   `FULLSCREEN_WINDOW`, `MINIMIZE_WINDOW`, `CLOSE_WINDOW`, `SHOW_DESKTOP`, `CHANGE_DESKTOP`
///   (next/previous/auto); `TILE_WINDOW` and the animations have no command: keep Touchégg's
///   client on transitiond (docs/touchegg.md).
/// - `action_execute_threshold` becomes `finish_threshold` for the user settings.
public enum ToucheggImporter {
    /// The import of `text`; `source` names the file, `settingsName` the user settings file the
    /// notes send settings to; `keysyms` resolves key names. Throws only for XML it cannot read.
    public static func translate(_ text: String, source: String,
                                 settingsName: String = ImportResult.defaultSettingsName, keysyms: KeysymLookup) throws(ConfigError) -> ImportResult {
        var result = ImportResult(format: .touchegg, source: source, settingsName: settingsName)
        let root = try XMLReader.root(text, source: source)
        guard root.name == "touchégg" || root.name == "touchegg" else {
            throw ConfigError(source: source, position: root.position,
                              message: "the root element is <\(root.name)>, not Touchégg's <touchégg>")
        }
        for child in root.children {
            switch child.name {
            case "settings": settings(child, &result)
            case "application": application(child, keysyms: keysyms, &result)
            default: result.note(child.position.line, .skipped, "<\(child.name)> is not a Touchégg section (settings, application)")
            }
        }
        result.excludeOverriddenApplications()
        result.note(nil, .setting, "Touchégg's client must not run beside these actions, or each gesture acts twice: stop it (remove touchegg from the session's autostart, ~/.config/autostart/touchegg.desktop or /etc/xdg/autostart/touchegg.desktop) before `transitionctl run` starts; or keep the client and no imported actions (docs/touchegg.md)")
        return result
    }

    static func settings(_ element: XMLElement, _ result: inout ImportResult) {
        for property in element.children(named: "property") {
            let name = property.attribute("name") ?? ""
            let value = property.text.trimmingSpaces
            let line = property.position.line
            switch name {
            case "action_execute_threshold":
                if let percent = Double(value), percent >= 0, percent <= 100 {
                    result.settings.append(ImportedSetting(transitions: [], key: "finish_threshold", value: percent / 100, line: line,
                                                           comment: "action_execute_threshold \(value)%: Touchégg acts at the lift past this share of the gesture"))
                    result.note(line, .setting, "action_execute_threshold \(value) → finish_threshold = \(TOMLWriter.number(percent / 100)) in your user settings (\(result.settingsName)); the release velocity also decides in transitiond")
                } else {
                    result.note(line, .skipped, "action_execute_threshold must be a percentage, not '\(value)'")
                }
            case "animation_delay", "color", "borderColor":
                result.note(line, .setting, "\(name): Touchégg's animations are drawn by its client; transitiond draws none (keep Touchégg's client on transitiond for them, docs/touchegg.md)")
            default:
                result.note(line, .skipped, "unknown setting '\(name)'")
            }
        }
    }

    static func application(_ element: XMLElement, keysyms: KeysymLookup, _ result: inout ImportResult) {
        let names = (element.attribute("name") ?? "").split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        let forAll = names.contains("All")
        guard forAll || !names.isEmpty else {
            // Found by FuzzToucheggImport: `name=","` names no application (apps = [] is refused).
            result.note(element.position.line, .skipped, "<application> names no application (name=\"All\" for every window, or class names separated by commas): its gestures are left out")
            return
        }
        if !forAll {
            result.note(element.position.line, .translated, "<application name=\"\(names.joined(separator: ","))\">: its gestures become actions with apps = [...], matched against the focused window's WM_CLASS class (or app id) without case, as Touchégg matches the class")
        }
        for gesture in element.children(named: "gesture") {
            self.gesture(gesture, apps: forAll ? nil : names, keysyms: keysyms, &result)
        }
        for other in element.children where other.name != "gesture" {
            result.note(other.position.line, .skipped, "<\(other.name)> is not a gesture")
        }
    }

    /// The transitions a Touchégg gesture drives: its touchpad one and its touchscreen one.
    static func transitions(type: String, fingers: Int, direction: String) -> [String]? {
        switch type {
        case "SWIPE":
            guard ["UP", "DOWN", "LEFT", "RIGHT"].contains(direction) else { return nil }
            let d = direction.lowercased()
            return ["swipe\(fingers)-\(d)", "touch\(fingers)-\(d)"]
        case "PINCH":
            guard ["IN", "OUT"].contains(direction) else { return nil }
            let d = direction.lowercased()
            return ["pinch\(fingers)-\(d)", "touchpinch\(fingers)-\(d)"]
        case "TAP":
            return fingers >= 3 ? ["padtap\(fingers)", "tap\(fingers)"] : ["tap\(fingers)"]
        default: return nil
        }
    }

    static func gesture(_ element: XMLElement, apps: [String]?, keysyms: KeysymLookup, _ result: inout ImportResult) {
        let line = element.position.line
        let type = (element.attribute("type") ?? "").uppercased()
        let fingersText = element.attribute("fingers") ?? ""
        let direction = (element.attribute("direction") ?? "").uppercased()
        guard let fingers = Int(fingersText), (1...10).contains(fingers) else {
            result.note(line, .skipped, "fingers must be a number from 1 to 10, not '\(fingersText)'")
            return
        }
        guard let names = transitions(type: type, fingers: fingers, direction: direction) else {
            result.note(line, .skipped, "gesture \(type) \(direction) has no transitiond equivalent (SWIPE UP/DOWN/LEFT/RIGHT, PINCH IN/OUT, TAP)")
            return
        }
        if type == "TAP" && fingers < 3 {
            result.note(line, .setting, "a \(fingers)-finger TAP on a touchpad is libinput's own tap-to-click; only the touchscreen's tap\(fingers) is written")
        }
        let actions = element.children(named: "action")
        if actions.isEmpty { result.note(line, .skipped, "a gesture without an <action>") }
        for action in actions {
            self.action(action, names: names, gestureDirection: direction, apps: apps, keysyms: keysyms, &result)
        }
    }

    static func actionSettings(_ action: XMLElement) -> [String: String] {
        var settings: [String: String] = [:]
        for child in action.children { settings[child.name] = child.text.trimmingSpaces }
        return settings
    }

    static func action(_ element: XMLElement, names: [String], gestureDirection: String, apps: [String]?,
                       keysyms: KeysymLookup, _ result: inout ImportResult) {
        let line = element.position.line
        let type = element.attribute("type") ?? ""
        let settings = actionSettings(element)
        var comments: [String] = []
        if settings["animate"] == "true" || settings["animation"] != nil {
            comments.append("Touchégg animated this; transitiond's runner draws nothing (an on = \"progress\" command can)")
        }
        let repeating = settings["repeat"] == "true"
        let on = settings["on"] ?? "end"
        let condition = apps.map { AppCondition(names: $0, excluded: false) }
        var extra: [String] = []
        func add(_ command: ActionCommand, decrease: ActionCommand? = nil, how: String = "") {
            if repeating {
                let times = min(max(Int(settings["times"] ?? "") ?? 10, 2), 15)
                let step = (1.0 / Double(times) * 1000).rounded() / 1000
                let script = decrease.map { DesktopCommands.bothSteps(forwards: command, backwards: $0) } ?? DesktopCommands.onlyStep(1, command)
                result.add(ImportedAction(transitions: names, event: .step, command: script, step: step, apps: condition,
                                          line: line, comments: comments + extra),
                           "repeat: one step per 1/\(times) of the gesture" + (how.isEmpty ? "" : "; " + how))
                return
            }
            switch on {
            case "begin":
                result.add(ImportedAction(transitions: names, event: .began, command: command, apps: condition, line: line,
                                          comments: comments + extra), how)
            case "begin-and-end":
                result.add(ImportedAction(transitions: names, event: .began, command: command, apps: condition, line: line,
                                          comments: comments + extra), how)
                result.add(ImportedAction(transitions: names, event: .completed, command: command, apps: condition, line: line,
                                          comments: comments + extra), "and at the end, finished or not")
            default:
                result.add(ImportedAction(transitions: names, event: .finish, command: command, apps: condition, line: line,
                                          comments: comments + extra), how)
            }
        }
        switch type {
        case "RUN_COMMAND":
            guard let command = settings["command"], !command.isEmpty else {
                result.note(line, .skipped, "RUN_COMMAND without a <command>")
                return
            }
            if command.contains("TOUCHEGG_") {
                comments.append("TOUCHEGG_GESTURE_ON and TOUCHEGG_DEVICE_TYPE are not set: use TRANSITIOND_EVENT and TRANSITIOND_SOURCE")
            }
            // `xdotool key ctrl+t` becomes keys, which reach every desktop, as SEND_KEYS does.
            let asKeys = DesktopCommands.xdotoolKeys(shell: command, keysyms: keysyms)
            let decrease = settings["decreaseCommand"].flatMap { $0.isEmpty ? nil : $0 }
            let decreaseKeys = decrease.flatMap { DesktopCommands.xdotoolKeys(shell: $0, keysyms: keysyms) }
            if asKeys != nil { comments.append("RUN_COMMAND \(command)") }
            add(asKeys ?? .shell(command), decrease: decrease.map { decreaseKeys ?? .shell($0) },
                how: asKeys != nil ? "xdotool key as keys, on every desktop" : "")
        case "SEND_KEYS":
            let modifiers = (settings["modifiers"] ?? "").split(separator: "+").map(String.init)
            let keys = (settings["keys"] ?? "").split(separator: "+").map(String.init)
            guard !keys.isEmpty || !modifiers.isEmpty else {
                result.note(line, .skipped, "SEND_KEYS without <keys>")
                return
            }
            let combination = (modifiers + keys).joined(separator: "+")
            let decrease = (settings["decreaseKeys"] ?? "").split(separator: "+").map(String.init)
            let (command, problem) = DesktopCommands.keysOnEveryDesktop(combination, keysyms: keysyms)
            let backwards = decrease.isEmpty ? nil : DesktopCommands.keysOnEveryDesktop((modifiers + decrease).joined(separator: "+"), keysyms: keysyms)
            if let problem = problem ?? backwards?.problem { extra.append(problem) }
            add(command, decrease: backwards?.command,
                how: problem == nil ? "keys, on every desktop" : "XTEST keys, X11 only, as Touchégg's own")
        case "MOUSE_CLICK":
            let button = Int(settings["button"] ?? "") ?? 1
            add(DesktopCommands.click(button), how: "XTEST, X11 only, as Touchégg's own")
        case "MAXIMIZE_RESTORE_WINDOW": add(DesktopCommands.maximizeRestore, how: "EWMH")
        case "FULLSCREEN_WINDOW": add(DesktopCommands.fullscreen, how: "EWMH")
        case "MINIMIZE_WINDOW": add(DesktopCommands.minimize, how: "EWMH")
        case "CLOSE_WINDOW": add(DesktopCommands.close, how: "EWMH")
        case "SHOW_DESKTOP": add(DesktopCommands.showDesktop, how: "EWMH, toggles like Touchégg's")
        case "CHANGE_DESKTOP":
            let cyclic = settings["cyclic"] == "true"
            let direction = (settings["direction"] ?? "auto").lowercased()
            var delta: Int?
            var how = "EWMH"
            switch direction {
            case "next": delta = 1
            case "previous": delta = -1
            case "auto":
                // Touchégg: LEFT and UP go to the next desktop with natural scrolling, the previous without.
                delta = gestureDirection == "LEFT" || gestureDirection == "UP" ? 1 : -1
                how = "direction auto, taken with natural scrolling (swap next and previous without it)"
            default: delta = nil
            }
            guard let delta else {
                result.note(line, .skipped, "CHANGE_DESKTOP towards \(direction) moves over a grid of desktops, which has no one command: keep Touchégg's client on transitiond (docs/touchegg.md)")
                return
            }
            add(DesktopCommands.workspace(delta, wrap: cyclic), how: how)
        case "TILE_WINDOW":
            result.note(line, .skipped, "TILE_WINDOW has no standard command (each window manager tiles its own way): keep Touchégg's client on transitiond for it (docs/touchegg.md), or bind your window manager's tiling key with xdotool")
        default:
            result.note(line, .skipped, "action '\(type)' is not one Touchégg knows")
        }
    }
}
