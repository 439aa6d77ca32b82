// SPDX-License-Identifier: MIT
public import TransitionConfig
public import TransitionActions

/// Translates fusuma's `config.yml` (iberianpig/fusuma: `lib/fusuma/config.yml`, the README's
/// "Customize Gesture Mapping", the detectors in `lib/fusuma/plugin/detectors/` and
/// `CommandExecutor`; iberianpig/fusuma-plugin-sendkey for `sendkey`).
///
/// - `GESTURE: FINGERS: DIRECTION: command:` (a one-shot: fusuma runs it once the travel passes
///   its threshold) becomes `on = "finish"`: transitiond decides at the lift, by position and
///   velocity. `begin:` becomes `began`, `end:` `completed`, `cancelled:` (holds) `cancel`, and
///   `update:` one `step` action per direction (fusuma's update runs for movement that way).
///   Without a finger count a gesture acts for every count fusuma knows (swipes 3–4, pinches and
///   rotations 2–4, holds 1–4; only 3–4 are written for holds, as fewer fingers are clicks and
///   scrolls).
/// - Commands run through the shell, as fusuma runs them (`Process.spawn` with one string).
/// - `sendkey:` (fusuma-plugin-sendkey) becomes `keys`; `keypress:` (a modifier held during the
///   gesture) and `accel:` have no equivalent; `context:` documents (fusuma-plugin-appmatcher)
///   become per-application actions (`app`, and `not_apps` on the default document's).
/// - `threshold:` scales how far the fingers travel; it becomes a `distance` setting
///   (`distance_scale` for pinches) scaled the same way from transitiond's default, for the user
///   settings. `interval:` has no equivalent.
public enum FusumaImporter {
    /// The import of `text`; `source` names the file, `settingsName` the user settings file the
    /// notes send settings to; `keysyms` resolves key names. Throws only for YAML it cannot read.
    public static func translate(_ text: String, source: String,
                                 settingsName: String = ImportResult.defaultSettingsName, keysyms: KeysymLookup) throws(ConfigError) -> ImportResult {
        var result = ImportResult(format: .fusuma, source: source, settingsName: settingsName)
        let documents = try YAMLReader.documents(text, source: source)
        for document in documents {
            guard case .mapping = document.value else {
                result.note(document.position.line, .skipped, "a document that is not a mapping of gestures")
                continue
            }
            if let context = document.entries.first(where: { $0.key == "context" }) {
                let what = context.value.entries.map { "\($0.key): \($0.value.text ?? "…")" }.joined(separator: ", ")
                var scoped = ImportResult(format: .fusuma, source: source, settingsName: settingsName)
                translateDocument(document, keysyms: keysyms, &scoped)
                let application = context.value["application"]?.text.flatMap { $0.isEmpty ? nil : $0 }
                if let application {
                    result.note(context.position.line, .translated,
                                "context (\(what)): fusuma-plugin-appmatcher's per-application gestures become actions with app = \(TOMLWriter.basicString(application)), matched against the focused window's class or app id without case")
                } else {
                    result.note(context.position.line, .skipped,
                                "context (\(what)): only fusuma-plugin-appmatcher's application contexts translate (app = …); the gestures of this document are left out")
                }
                for var action in scoped.actions where application != nil {
                    action.apps = AppCondition(names: [application ?? ""], excluded: false)
                    result.add(action)
                }
                for var note in scoped.notes where note.kind != .translated {
                    // The context's thresholds are not written: they would apply to every application.
                    let written = distanceWritten(result.settingsName)
                    if note.message.hasSuffix(written) {
                        note.kind = .skipped
                        note.message = String(note.message.dropLast(written.count))
                            + "a threshold for one application only has no transitiond equivalent (thresholds are per transition, for every application); not written"
                    }
                    result.notes.append(note)
                }
                continue
            }
            translateDocument(document, keysyms: keysyms, &result)
        }
        result.excludeOverriddenApplications()
        return result
    }

    static let gestures = ["swipe", "pinch", "rotate", "hold", "tap"]

    static func translateDocument(_ document: YAMLNode, keysyms: KeysymLookup, _ result: inout ImportResult) {
        let globalThresholds = document["threshold"]
        for entry in document.entries {
            switch entry.key {
            case let gesture where gestures.contains(gesture):
                gestureTree(gesture, entry.value, line: entry.position.line, globalThreshold: globalThresholds?[gesture], keysyms: keysyms, &result)
            case "threshold":
                for setting in entry.value.entries {
                    guard let value = setting.value.number, value > 0 else {
                        result.note(setting.position.line, .skipped, "threshold for '\(setting.key)' must be a number > 0")
                        continue
                    }
                    if let names = settingTransitions(setting.key) {
                        addDistance(names: names, scale: value, line: setting.position.line,
                                    what: "threshold: \(setting.key): \(setting.value.text ?? "")", specific: false, &result)
                    } else {
                        result.note(setting.position.line, .setting, "threshold for \(setting.key): no transitiond distance to scale")
                    }
                }
            case "interval":
                result.note(entry.position.line, .setting, "interval: fusuma waits this long between repeats; transitiond runs a finish once per gesture and a step once per stretch of travel, so there is nothing to wait for")
            case "plugin":
                result.note(entry.position.line, .setting, "plugin settings (\(entry.value.entries.map(\.key).joined(separator: ", "))): transitiond reads every touchpad itself and needs no plugins; nothing to translate")
            case "context":
                break
            default:
                result.note(entry.position.line, .skipped, "'\(entry.key)' is not a fusuma gesture (swipe, pinch, rotate, hold, tap)")
            }
        }
    }

    /// The transitions whose distance a global `threshold: GESTURE:` scales.
    static func settingTransitions(_ gesture: String) -> [String]? {
        switch gesture {
        case "swipe": ["swipe3-left", "swipe3-right", "swipe3-up", "swipe3-down", "swipe4-left", "swipe4-right", "swipe4-up", "swipe4-down"]
        case "pinch": ["pinch3-in", "pinch3-out", "pinch4-in", "pinch4-out"]
        default: nil
        }
    }

    /// transitiond's default `distance` for a transition: 400 units across a touchpad, 300 down,
    /// a pinch scale of 0.5 (docs/configuration.md).
    /// The key of `name`'s distance: `distance_scale` for a pinch (a scale change), else
    /// `distance` (touchpad units), as the configuration requires of each gesture.
    static func distanceKey(_ name: String) -> String { name.hasPrefix("pinch") ? "distance_scale" : "distance" }

    static func defaultDistance(_ name: String) -> Double? {
        if name.hasPrefix("swipe") { return name.hasSuffix("-left") || name.hasSuffix("-right") ? 400 : 300 }
        if name.hasPrefix("pinch") { return 0.5 }
        return nil
    }

    /// Adds `distance` (`distance_scale`) settings for `names`, scaled by `scale`. A gesture's own threshold
    /// (`specific`) wins over the global one, wherever each is written, as in fusuma.
    static func addDistance(names: [String], scale: Double, line: Int, what: String, specific: Bool,
                            _ result: inout ImportResult) {
        let isDistance = { (setting: ImportedSetting) in setting.key.hasPrefix("distance") }
        let taken = Set(result.settings.filter { isDistance($0) && $0.isSpecific }.flatMap(\.transitions))
        if specific {
            for i in result.settings.indices where isDistance(result.settings[i]) && !result.settings[i].isSpecific {
                result.settings[i].transitions.removeAll { names.contains($0) }
            }
            result.settings.removeAll { $0.transitions.isEmpty && isDistance($0) }
        }
        var byDistance: [(key: String, value: Double, names: [String])] = []
        for name in names where specific || !taken.contains(name) {
            guard let base = defaultDistance(name) else { continue }
            let value = (base * scale * 1000).rounded() / 1000
            let key = distanceKey(name)
            if let i = byDistance.firstIndex(where: { $0.key == key && $0.value == value }) {
                byDistance[i].names.append(name)
            } else {
                byDistance.append((key, value, [name]))
            }
        }
        guard !byDistance.isEmpty else {
            result.note(line, .setting, "\(what): no transitiond distance to scale for \(names.joined(separator: ", "))")
            return
        }
        for (key, value, group) in byDistance {
            var setting = ImportedSetting(transitions: group, key: key, value: value, line: line,
                                          comment: "\(what): fusuma's travel times \(TOMLWriter.number(scale)), so transitiond's default distance times \(TOMLWriter.number(scale))")
            setting.isSpecific = specific
            result.settings.append(setting)
        }
        result.note(line, .setting, "\(what): " + distanceWritten(result.settingsName))
    }

    /// How a note about a written distance ends: `settings` names the user settings file.
    static func distanceWritten(_ settings: String) -> String {
        "written as a `distance` setting (`distance_scale` for pinches) in your user settings (\(settings))"
    }

    static let directions: [String: [String]] = [
        "swipe": ["left", "right", "up", "down"], "pinch": ["in", "out"], "rotate": ["clockwise", "counterclockwise"],
        "hold": [], "tap": [],
    ]
    static let statuses = ["begin", "update", "end", "cancelled"]
    static let opposite = ["left": "right", "right": "left", "up": "down", "down": "up", "in": "out", "out": "in",
                           "clockwise": "counterclockwise", "counterclockwise": "clockwise"]

    /// `swipe:` … : fingers (or, skipped, a direction), directions, statuses, leaves.
    static func gestureTree(_ gesture: String, _ node: YAMLNode, line: Int, globalThreshold: YAMLNode?,
                            keysyms: KeysymLookup, _ result: inout ImportResult) {
        guard case .mapping(let entries) = node.value else {
            result.note(line, .skipped, "\(gesture): must hold finger counts (3:, 4:)")
            return
        }
        for entry in entries {
            if let fingers = Int(entry.key) {
                level(gesture, fingers: fingers, direction: nil, entry.value, line: entry.position.line, keysyms: keysyms, &result)
            } else {
                // fusuma lets the finger count be left out: a direction, status or leaf right under the gesture.
                level(gesture, fingers: nil, direction: nil, YAMLNode(.mapping([entry]), at: entry.position),
                      line: entry.position.line, keysyms: keysyms, &result)
            }
        }
    }

    /// One level of the tree under a gesture: directions, statuses and a leaf's keys, in any mix.
    static func level(_ gesture: String, fingers: Int?, direction: String?, _ node: YAMLNode, line: Int,
                      keysyms: KeysymLookup, _ result: inout ImportResult) {
        guard case .mapping(let entries) = node.value else {
            result.note(line, .skipped, "\(gesture): expected a mapping (direction:, command:) here")
            return
        }
        var leaf: [YAMLNode.Entry] = []
        for entry in entries {
            if direction == nil, directions[gesture, default: []].contains(entry.key) {
                level(gesture, fingers: fingers, direction: entry.key, entry.value, line: entry.position.line, keysyms: keysyms, &result)
            } else if statuses.contains(entry.key) {
                action(gesture, fingers: fingers, direction: direction, status: entry.key, entry.value.entries,
                       line: entry.position.line, keysyms: keysyms, &result)
            } else {
                leaf.append(entry)
            }
        }
        if !leaf.isEmpty {
            action(gesture, fingers: fingers, direction: direction, status: nil, leaf, line: leaf[0].position.line, keysyms: keysyms, &result)
        }
    }

    /// The transition names for a gesture, its fingers and direction.
    static func names(_ gesture: String, fingers: Int?, direction: String?) -> [String] {
        switch gesture {
        case "swipe":
            let counts = fingers.map { [$0] } ?? [3, 4]
            let dirs = direction.map { [$0] } ?? ["left", "right", "up", "down"]
            return counts.flatMap { n in dirs.map { "swipe\(n)-\($0)" } }
        case "pinch":
            let counts = fingers.map { [$0] } ?? [2, 3, 4]
            let dirs = direction.map { [$0] } ?? ["in", "out"]
            return counts.flatMap { n in dirs.map { "pinch\(n)-\($0)" } }
        case "rotate":
            let counts = fingers.map { [$0] } ?? [2, 3, 4]
            let dirs = (direction.map { [$0] } ?? ["clockwise", "counterclockwise"]).map { $0 == "clockwise" ? "cw" : "ccw" }
            return counts.flatMap { n in dirs.map { "rotate\(n)-\($0)" } }
        case "hold": return (fingers.map { [$0] } ?? [3, 4]).map { "hold\($0)" }
        default: return (fingers.map { [$0] } ?? [3, 4]).map { "padtap\($0)" }
        }
    }

    static func action(_ gesture: String, fingers: Int?, direction: String?, status: String?, _ entries: [YAMLNode.Entry],
                       line: Int, keysyms: KeysymLookup, _ result: inout ImportResult) {
        var command: ActionCommand?
        var comments: [String] = []
        let place = [gesture, fingers.map(String.init), direction, status].compactMap { $0 }.joined(separator: " ")
        for entry in entries {
            let keyLine = entry.position.line
            switch entry.key {
            case "command":
                guard let text = entry.value.text, !text.allSatisfy(\.isWhitespace) else {
                    if entry.value.value != .null { result.note(keyLine, .skipped, "\(place): command must be a string") }
                    continue
                }
                command = DesktopCommands.xdotoolKeys(shell: text, keysyms: keysyms) ?? .shell(text)
                if case .keys? = command { comments.append("command: \(text)") }
                let variables = ["move_x", "move_y", "zoom", "rotate", "finger"].filter { text.contains("$" + $0) || text.contains("${" + $0) }
                if !variables.isEmpty {
                    result.note(keyLine, .setting, "\(place): fusuma's $\(variables.joined(separator: ", $")) are not set by transitionctl run; use $TRANSITIOND_PROGRESS, $TRANSITIOND_STEP or an on = \"progress\" command (docs/actions.md)")
                }
            case "sendkey":
                guard let keys = entry.value.text, !keys.isEmpty else {
                    result.note(keyLine, .skipped, "\(place): sendkey must be a key combination such as LEFTCTRL+T")
                    continue
                }
                let xkb = xkbKeys(keys)
                let (translated, problem) = DesktopCommands.keysOnEveryDesktop(xkb, keysyms: keysyms)
                command = translated
                comments.append("sendkey \(keys)" + (problem.map { ": " + $0 } ?? ""))
            case "keypress":
                result.note(keyLine, .skipped, "\(place): keypress (a key held during the gesture: \(entry.value.entries.map(\.key).joined(separator: ", "))) has no transitiond equivalent; bind those commands to other gestures or finger counts")
            case "threshold":
                if let value = entry.value.number, value > 0 {
                    FusumaImporter.addDistance(names: names(gesture, fingers: fingers, direction: direction), scale: value,
                                               line: keyLine, what: "\(place) threshold \(TOMLWriter.number(value))", specific: true,
                                               &result)
                } else {
                    result.note(keyLine, .skipped, "\(place): threshold must be a number > 0")
                }
            case "interval":
                result.note(keyLine, .setting, "\(place): interval has no transitiond equivalent (a finish runs once per gesture, a step once per stretch of travel)")
            case "accel":
                result.note(keyLine, .setting, "\(place): accel scales fusuma's $move_x/$zoom variables, which transitiond does not set")
            default:
                result.note(keyLine, .skipped, unknownKey(entry.key, gesture: gesture, place: place, direction: direction))
            }
        }
        guard let command else { return }
        if gesture == "tap", let fingers, fingers < 3 {
            result.note(line, .skipped, "\(place): a \(fingers)-finger touchpad tap is libinput's own click (tap-to-click); transitiond's touchpad taps are 3 and 4 fingers")
            return
        }
        if gesture == "hold", fingers == nil {
            comments.append("fusuma's hold without a finger count also acts for 1 and 2 fingers (pointer rests and scrolls): left out")
        }
        let targets = names(gesture, fingers: fingers, direction: direction)
        switch status {
        case nil:
            let how = gesture == "hold" || gesture == "tap"
                ? "fusuma's one-shot" : "at the lift if the gesture finishes; fusuma ran it when the travel passed its threshold"
            result.add(ImportedAction(transitions: targets, event: .finish, command: command, line: line,
                                      comments: comments), how)
        case "begin"?:
            result.add(ImportedAction(transitions: targets, event: .began, command: command, line: line,
                                      comments: comments))
        case "end"?:
            result.add(ImportedAction(transitions: targets, event: .completed, command: command, line: line,
                                      comments: comments), "runs when the gesture is over, finished or cancelled, as fusuma's end")
        case "cancelled"?:
            result.add(ImportedAction(transitions: targets, event: .cancel, command: command, line: line,
                                      comments: comments))
        default:  // update
            let step = 0.1
            if let direction, let back = opposite[direction] {
                result.add(ImportedAction(transitions: targets, event: .step, command: DesktopCommands.onlyStep(1, command), step: step,
                                          line: line, comments: comments),
                           "fusuma's update, per step of 0.1 of the gesture forwards")
                let reverse = names(gesture, fingers: fingers, direction: back)
                result.add(ImportedAction(transitions: reverse, event: .step, command: DesktopCommands.onlyStep(-1, command), step: step,
                                          line: line, comments: comments + ["the fingers moving \(direction) during a \(back) gesture"]),
                           "and per step back on the opposite gesture")
            } else {
                result.add(ImportedAction(transitions: targets, event: .step, command: command, step: step, line: line,
                                          comments: comments), "fusuma's update, per step of 0.1 of the gesture")
            }
        }
    }

    /// Why `key` under `place` is not read. Right under a gesture and its finger count the key
    /// may be a direction or a leaf's key, and both are named; a diagonal swipe is explained.
    static func unknownKey(_ key: String, gesture: String, place: String, direction: String?) -> String {
        let leafKeys = "command, sendkey, keypress, threshold, interval, accel, or \(statuses.joined(separator: ", "))"
        let known = directions[gesture, default: []]
        if direction == nil, gesture == "swipe", isDiagonal(key) {
            // fusuma's SwipeDetector (lib/fusuma/plugin/detectors/swipe_detector.rb) names a swipe
            // by the axis it moved most along: right, left, down or up.
            return "\(place) \(key): fusuma has no diagonal swipes (it calls a swipe left, right, up or down, by the axis the fingers moved most along), so it never ran this entry; transitiond has none either (a swipe locks onto one axis): put the command under a straight swipe (left:, right:, up: or down:)"
        }
        if direction == nil, !known.isEmpty {
            return "\(place): '\(key)' is neither a \(gesture) direction (\(known.joined(separator: ", "))) nor a fusuma key (\(leafKeys)); fusuma never runs it"
        }
        return "\(place): '\(key)' is not a fusuma key here (\(leafKeys))"
    }

    /// `left_up`, `up-right`, `upleft`…: a direction of both axes.
    static func isDiagonal(_ key: String) -> Bool {
        let word = key.lowercased()
        return (word.contains("left") || word.contains("right")) && (word.contains("up") || word.contains("down"))
    }

    /// fusuma-plugin-sendkey's evdev names (`LEFTCTRL+T`) as xkb names (`ctrl+t`).
    public static func xkbKeys(_ keys: String) -> String {
        keys.split(separator: "+").map { part -> String in
            let key = part.uppercased().hasPrefix("KEY_") ? String(part.dropFirst(4)) : String(part)
            switch key.uppercased() {
            case "LEFTCTRL", "RIGHTCTRL", "CTRL": return "ctrl"
            case "LEFTALT", "ALT": return "alt"
            case "RIGHTALT": return "ISO_Level3_Shift"
            case "LEFTSHIFT", "RIGHTSHIFT", "SHIFT": return "shift"
            case "LEFTMETA", "RIGHTMETA", "META", "SUPER": return "super"
            case "LEFT": return "Left"
            case "RIGHT": return "Right"
            case "UP": return "Up"
            case "DOWN": return "Down"
            case "PAGEUP": return "Prior"
            case "PAGEDOWN": return "Next"
            case "ESC": return "Escape"
            case "ENTER": return "Return"
            case "TAB": return "Tab"
            case "SPACE": return "space"
            case "BACKSPACE": return "BackSpace"
            case "DELETE": return "Delete"
            case "HOME": return "Home"
            case "END": return "End"
            case "MINUS": return "minus"
            case "EQUAL": return "equal"
            default:
                if key.count == 1 { return key.lowercased() }
                if key.uppercased().hasPrefix("F"), Int(key.dropFirst()) != nil { return key.uppercased() }
                return key
            }
        }.joined(separator: "+")
    }
}
