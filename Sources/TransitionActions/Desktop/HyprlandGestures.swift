// SPDX-License-Identifier: MIT

/// Hyprland acts on exactly the touchpad gestures its configuration declares, so the gestures
/// are read from the user's `hyprland.conf` and the files it sources:
/// - from 0.51, `gesture = FINGERS, DIRECTION, [mod: MODS,] [scale: N,] ACTION…` lines
///   (hyprwm/Hyprland `src/config/ConfigManager.cpp` `handleGesture`, directions from
///   `src/managers/input/trackpad/TrackpadGestures.cpp` `dirForString`, v0.51.0);
/// - before it, `workspace_swipe = true` in `gestures { }` (or `gestures:workspace_swipe`), with
///   `workspace_swipe_fingers` (3 unless set);
/// - `source = PATH` lines, where Hyprland reads them (``declared(path:files:)``).
///
/// A Lua configuration (`hyprland.lua`) is not read: ``DesktopGestureSet/hyprland`` then stands
/// for it.
public enum HyprlandGestures {
    /// How the reader reaches the file system, so that it stays pure.
    public struct Files {
        /// The text of the file at a path; `nil` when there is none or it is not a regular file.
        public var read: (String) -> String?
        /// The paths a glob(3) pattern matches, in glob(3)'s order; none when it matches none.
        public var glob: (String) -> [String]
        /// `$HOME`, which a leading `~` stands for.
        public var home: String?
        /// An environment variable's value, for a `$NAME` the configuration does not define.
        public var environment: (String) -> String?

        public init(read: @escaping (String) -> String?, glob: @escaping (String) -> [String], home: String?,
                    environment: @escaping (String) -> String? = { _ in nil }) {
            self.read = read; self.glob = glob; self.home = home; self.environment = environment
        }
    }

    /// What a configuration declares, and the files it was read from.
    public struct Reading {
        /// The gestures, in the order Hyprland reads them.
        public var gestures: [DesktopGesture]
        /// The files read: the configuration first, then each sourced file where it was sourced.
        public var files: [String]
    }

    /// The most files one configuration may source in all. Hyprland has no such limit (nor a
    /// check for a file sourcing itself): this and ``depthLimit`` only stop a cycle that slips
    /// past reading each path once.
    public static let fileLimit = 256
    /// The deepest chain of `source` lines followed.
    public static let depthLimit = 16
    /// The longest value, in UTF-8 bytes, a line may have once its `$NAME`s are replaced (a
    /// path's limit, `PATH_MAX`): past it the line is left out, so that variables doubling each
    /// other line by line cannot fill the memory.
    public static let valueLimit = 4096

    /// The gestures the configuration at `path` declares, `source = PATH` lines followed as
    /// Hyprland follows them (hyprwm/Hyprland `src/config/ConfigManager.cpp` `handleSource` and
    /// `src/helpers/MiscFunctions.cpp` `absolutePath`, v0.51.0 to v0.56.0; hyprwm/hyprlang
    /// `src/config.cpp` `parseLine`, v0.6.8): `$NAME` replaced by the variable (`$NAME = …`
    /// earlier in the configuration) or environment variable, a leading `~` by `$HOME`, a relative
    /// path taken from the directory of the file that sources it, then expanded as a glob(3)
    /// pattern, each match read where the line is, in the block the line is in. Each file is
    /// read once. Variables are replaced in every value (`mod: $mainMod`).
    public static func declared(path: String, files: Files) -> Reading {
        var walk = Walk(files: files)
        walk.read(path: path, depth: 0)
        return Reading(gestures: walk.finish(), files: walk.order)
    }

    /// The gestures `text` (the file at `path`) declares, in order, without following its
    /// `source` lines; nothing when it declares none.
    public static func declared(in text: String, path: String) -> [DesktopGesture] {
        var walk = Walk(files: Files(read: { _ in nil }, glob: { _ in [] }, home: nil))
        walk.walk(text, path: path, depth: HyprlandGestures.depthLimit)
        return walk.finish()
    }

    /// One reading of a configuration, across the files it sources.
    private struct Walk {
        let files: Files
        var gestures: [DesktopGesture] = []
        var legacySwipe: (path: String, line: Int, on: Bool)?
        var legacyFingers = 3
        var block: [String] = []
        var variables: [(name: String, value: String)] = []
        var order: [String] = []
        var seen: Set<String> = []

        init(files: Files) { self.files = files }

        /// Reads the file at `path` unless it was read (by any spelling of its path).
        mutating func read(path: String, depth: Int) {
            let key = HyprlandGestures.normalized(path)
            guard !seen.contains(key), order.count < HyprlandGestures.fileLimit, let text = files.read(path) else { return }
            seen.insert(key)
            order.append(path)
            walk(text, path: path, depth: depth)
        }

        mutating func walk(_ text: String, path: String, depth: Int) {
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
                let name = trimmed[..<equals].trimmingSpaces
                // hyprlang replaces the variables in every value (`mod: $mainMod`) before it acts.
                guard let value = expanded(trimmed[trimmed.index(after: equals)...].trimmingSpaces) else { continue }
                if name.hasPrefix("$") {
                    let variable = String(name.dropFirst())
                    variables.removeAll { $0.name == variable }
                    variables.append((variable, value))
                    continue
                }
                // `gesture` and `source` are handlers Hyprland registers without a category:
                // they act in any block.
                switch name.lowercased() {
                case "gesture":
                    if let gesture = HyprlandGestures.gesture(value, line: number, path: path) { gestures.append(gesture) }
                    continue
                case "source":
                    if depth < HyprlandGestures.depthLimit { source(value, from: path, depth: depth) }
                    continue
                default: break
                }
                switch (block + [name]).joined(separator: ":").lowercased() {
                case "gestures:workspace_swipe":
                    legacySwipe = (path, number, ["true", "yes", "on", "1"].contains(value.lowercased()))
                case "gestures:workspace_swipe_fingers":
                    legacyFingers = Int(value).flatMap { (2...9).contains($0) ? $0 : nil } ?? legacyFingers
                default:
                    continue
                }
            }
        }

        /// A `source = …` line's files, read in glob(3)'s order.
        mutating func source(_ raw: String, from path: String, depth: Int) {
            guard raw.count >= 2, let pattern = HyprlandGestures.absolute(raw, from: path, home: files.home) else { return }
            for match in files.glob(pattern) {
                read(path: HyprlandGestures.normalized(match), depth: depth + 1)
            }
        }

        /// `value` with each `$NAME` replaced, as hyprlang does: the longest name defined first,
        /// the configuration's variables before the environment's; `nil` past ``valueLimit``.
        func expanded(_ value: String) -> String? {
            guard value.contains("$") else { return value.utf8.count <= HyprlandGestures.valueLimit ? value : nil }
            var out = "", rest = Substring(value)
            while let dollar = rest.firstIndex(of: "$") {
                guard out.utf8.count <= HyprlandGestures.valueLimit else { return nil }
                out += rest[..<dollar]
                let after = rest[rest.index(after: dollar)...]
                let word = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                var replaced = false
                for length in stride(from: word.count, through: 1, by: -1) {
                    let name = String(word.prefix(length))
                    if let value = variables.last(where: { $0.name == name })?.value ?? files.environment(name) {
                        out += value
                        rest = after.dropFirst(length)
                        replaced = true
                        break
                    }
                }
                if !replaced {
                    out += "$"
                    rest = after
                }
            }
            out += rest
            return out.utf8.count <= HyprlandGestures.valueLimit ? out : nil
        }

        func finish() -> [DesktopGesture] {
            guard let legacySwipe, legacySwipe.on else { return gestures }
            let at = "\(legacySwipe.path):\(legacySwipe.line)"
            return gestures + [DesktopGesture(
                sources: ["swipe"], fingers: legacyFingers...legacyFingers, directions: ["left", "right"],
                action: "switches workspaces", when: "\(at): workspace_swipe = true (before 0.51)",
                wayOut: "set workspace_swipe = false in \(at), or workspace_swipe_fingers to other fingers",
                citation: "hyprwm/Hyprland src/config/ConfigManager.cpp (gestures:workspace_swipe, workspace_swipe_fingers), v0.50")]
        }
    }

    /// A `source` path as Hyprland's `absolutePath` makes it: a leading `~` is `home`, a path
    /// not from `/` is taken from the directory of `including`. `nil` for `~` without a home.
    static func absolute(_ raw: String, from including: String, home: String?) -> String? {
        if raw.hasPrefix("~") {
            guard let home else { return nil }
            return home + raw.dropFirst()
        }
        if raw.hasPrefix("/") { return raw }
        return directory(of: including) + "/" + raw
    }

    /// What comes before a path's last `/` (Hyprland's `find_last_of('/')`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[..<slash])
    }

    /// `path` with its `.` and `..` components and doubled slashes resolved by name, so that
    /// one file reached by two spellings is read once.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if let last = parts.last, last != ".." { parts.removeLast() } else if !path.hasPrefix("/") { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
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
    /// Hyprland's gestures as `text` (its `hyprland.conf`, at `path`) declares them, its
    /// `source` lines not followed.
    public static func hyprland(config text: String, path: String) -> DesktopGestureSet {
        DesktopGestureSet(desktop: hyprland.desktop, names: hyprland.names,
                          gestures: HyprlandGestures.declared(in: text, path: path))
    }

    /// Hyprland's gestures as `reading` (``HyprlandGestures/declared(path:files:)``) found them.
    public static func hyprland(_ reading: HyprlandGestures.Reading) -> DesktopGestureSet {
        DesktopGestureSet(desktop: hyprland.desktop, names: hyprland.names, gestures: reading.gestures)
    }
}
