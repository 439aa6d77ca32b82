// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionProtocol

/// libFuzzer entry: any byte string is a `hyprland.conf`, read by `transitionctl doctor` and
/// `transitionctl run` on Hyprland. Reading it must never trap or hang, every gesture it yields
/// must be one Hyprland accepts (2 to 9 fingers, a direction), and finding conflicts with it
/// must not trap either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHyprlandConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let set = DesktopGestureSet.hyprland(config: text, path: "hyprland.conf")
    for gesture in set.gestures {
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
