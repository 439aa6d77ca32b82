// SPDX-License-Identifier: MIT

/// Hyprland acts on exactly the touchpad gestures its configuration declares, so the gestures
/// are read from the user's `hyprland.conf`:
/// - from 0.51, `gesture = FINGERS, DIRECTION, [mod: MODS,] [scale: N,] ACTION…` lines
///   (hyprwm/Hyprland `src/config/ConfigManager.cpp` `handleGesture`, directions from
///   `src/managers/input/trackpad/TrackpadGestures.cpp` `dirForString`, v0.51.0);
/// - before it, `workspace_swipe = true` in `gestures { }` (or `gestures:workspace_swipe`), with
///   `workspace_swipe_fingers` (3 unless set).
///
/// `source =` includes are not followed, and a Lua configuration (`hyprland.lua`) is not read:
/// ``DesktopGestureSet/hyprland`` then stands for it.
public enum HyprlandGestures {
    /// The gestures `text` (the file at `path`) declares, in order; nothing when it declares none.
    public static func declared(in text: String, path: String) -> [DesktopGesture] {
        var gestures: [DesktopGesture] = []
        var legacySwipe: (line: Int, on: Bool)?
        var legacyFingers = 3
        var block: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = String(line.filter { $0 != "\r" }).trimmingSpaces
            if trimmed.hasSuffix("{") {
                block.append(trimmed.dropLast().trimmingSpaces.lowercased())
                continue
            }
            if trimmed == "}" { _ = block.popLast(); continue }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = (block + [trimmed[..<equals].trimmingSpaces]).joined(separator: ":").lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
            switch key {
            case "gesture":
                if let gesture = gesture(value, line: number, path: path) { gestures.append(gesture) }
            case "gestures:workspace_swipe":
                legacySwipe = (number, ["true", "yes", "on", "1"].contains(value.lowercased()))
            case "gestures:workspace_swipe_fingers":
                legacyFingers = Int(value).flatMap { (2...9).contains($0) ? $0 : nil } ?? legacyFingers
            default:
                continue
            }
        }
        if let legacySwipe, legacySwipe.on {
            gestures.append(DesktopGesture(
                sources: ["swipe"], fingers: legacyFingers...legacyFingers, directions: ["left", "right"],
                action: "switches workspaces", when: "\(path):\(legacySwipe.line): workspace_swipe = true (before 0.51)",
                wayOut: "set workspace_swipe = false in \(path):\(legacySwipe.line), or workspace_swipe_fingers to other fingers",
                citation: "hyprwm/Hyprland src/config/ConfigManager.cpp (gestures:workspace_swipe, workspace_swipe_fingers), v0.50"))
        }
        return gestures
    }

    /// One `gesture = …` line's value, or `nil` when Hyprland would refuse it.
    static func gesture(_ value: String, line: Int, path: String) -> DesktopGesture? {
        let fields = value.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        guard fields.count >= 3, let fingers = Int(fields[0]), (2...9).contains(fingers),
              let (source, directions) = direction(fields[1]) else { return nil }
        var rest = fields.dropFirst(2)
        var modifiers: String?
        while let field = rest.first, field.hasPrefix("mod:") || field.hasPrefix("scale:") {
            if field.hasPrefix("mod:") { modifiers = field.dropFirst(4).trimmingSpaces }
            rest = rest.dropFirst()
        }
        guard let action = rest.first, !action.isEmpty else { return nil }
        let does = action.lowercased() == "workspace" ? "switches workspaces" : "runs its `\(action)` gesture"
        let held = modifiers.map { " while \($0) is held" } ?? ""
        return DesktopGesture(
            sources: [source], fingers: fingers...fingers, directions: directions, action: does,
            when: "\(path):\(line): gesture = \(value)\(held)", byDefault: modifiers == nil,
            wayOut: "remove or change line \(line) of \(path)",
            citation: "hyprwm/Hyprland src/config/ConfigManager.cpp (handleGesture), v0.51.0")
    }

    /// A direction as Hyprland's `dirForString` reads it: the source and transitiond's directions.
    static func direction(_ word: String) -> (String, Set<String>)? {
        switch word.lowercased() {
        case "swipe": ("swipe", ["left", "right", "up", "down"])
        case "left", "l": ("swipe", ["left"])
        case "right", "r": ("swipe", ["right"])
        case "up", "u", "top", "t": ("swipe", ["up"])
        case "down", "d", "bottom", "b": ("swipe", ["down"])
        case "horizontal", "horiz": ("swipe", ["left", "right"])
        case "vertical", "vert": ("swipe", ["up", "down"])
        case "pinch": ("pinch", ["in", "out"])
        case "pinchin", "zoomin": ("pinch", ["in"])
        case "pinchout", "zoomout": ("pinch", ["out"])
        default: nil
        }
    }
}

extension DesktopGestureSet {
    /// Hyprland's gestures as `text` (its `hyprland.conf`, at `path`) declares them.
    public static func hyprland(config text: String, path: String) -> DesktopGestureSet {
        DesktopGestureSet(desktop: hyprland.desktop, names: hyprland.names,
                          gestures: HyprlandGestures.declared(in: text, path: path))
    }
}
