// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionProtocol

/// libFuzzer entry: any byte string is a `hyprland.conf` and the files it sources, read by
/// `transitionctl doctor` and `transitionctl run` on Hyprland. A line `---` starts the next file
/// (`/h/0.conf` first, then `/h/1.conf`…, which `source` lines reach by name, `~`, `$HOME` or a
/// glob). Reading them must never trap or hang, must read each file once and within
/// ``HyprlandGestures/fileLimit``, every gesture it yields must be one Hyprland accepts (2 to 9
/// fingers, a direction), and finding conflicts with it must not trap either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHyprlandConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var files: [String: String] = [:]
    var current = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == "---" { current += 1; continue }
        files["/h/\(current).conf", default: ""] += line + "\n"
    }
    let reading = HyprlandGestures.declared(path: "/h/0.conf", files: HyprlandGestures.Files(
        read: { files[$0] },
        glob: { pattern in files.keys.filter { fnmatch(pattern, $0, FNM_PATHNAME | FNM_PERIOD) == 0 }.sorted() },
        home: "/h", environment: { $0 == "HOME" ? "/h" : nil }))
    guard reading.files.count == Set(reading.files).count, reading.files.count <= HyprlandGestures.fileLimit,
          reading.files.first == nil || reading.files.first == "/h/0.conf" else {
        fatalError("files read more than once or beyond the limit: \(reading.files)\n--- input:\n\(text)")
    }
    let set = DesktopGestureSet.hyprland(reading)
    for gesture in set.gestures + DesktopGestureSet.hyprland(config: text, path: "hyprland.conf").gestures {
        guard (2...9).contains(gesture.fingers.lowerBound), gesture.fingers.count == 1,
              gesture.directions.map({ !$0.isEmpty }) ?? true else {
            fatalError("a gesture Hyprland would refuse: \(gesture)\n--- input:\n\(text)")
        }
    }
    let transitions = [TransitionInfo(name: "t", gestures: [
        GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left"),
        GestureInfo(name: "pinch4-in", source: "pinch", fingers: 4, direction: "in"),
    ])]
    for group in GestureConflicts.grouped(GestureConflicts.find(transitions: transitions, desktop: set)) {
        _ = group.description
    }
    return 0
}
