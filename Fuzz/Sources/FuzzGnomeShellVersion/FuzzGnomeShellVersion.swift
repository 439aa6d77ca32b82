// SPDX-License-Identifier: MIT
import TransitionActions

/// libFuzzer entry: any byte string is a `ShellVersion` as the session bus's `org.gnome.Shell`
/// gives it to `transitionctl doctor` and `run`. Reading it must never trap, and a version read
/// must read back from its description, as itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGnomeShellVersion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let version = GnomeShellVersion(text) else { return 0 }
    guard let again = GnomeShellVersion(version.description), again == version, again.gestures == version.gestures else {
        fatalError("\(version) does not read back\n--- input:\n\(text)")
    }
    _ = DesktopGestureSet.gnome(version: version).gestures.count
    return 0
}
