// SPDX-License-Identifier: MIT
import Testing
import TransitionImport

@Suite struct FormatDetectionTests {
    @Test(arguments: [
        ("# c\n\ngesture swipe up xdotool key a\n", ImportFormat.libinputGestures),
        ("gesture: swipe up echo\n", .libinputGestures),
        ("timeout 1.5\n", .libinputGestures),
        ("device all\n", .libinputGestures),
        ("swipe:\n  3:\n    left:\n      command: a\n", .fusuma),
        ("threshold:\n  swipe: 1\n", .fusuma),
        ("---\ncontext:\n  application: x\n", .fusuma),
        ("<?xml version=\"1.0\"?>\n<touchégg></touchégg>", .touchegg),
        ("\u{FEFF}<touchégg>\n</touchégg>", .touchegg),
        ("<!-- c -->\n<touchégg/>", .touchegg),
    ])
    func detects(text: String, format: ImportFormat) {
        #expect(ImportFormat.detect(text) == format)
    }

    @Test(arguments: ["", "hello world", "<html>", "[[action]]\non = \"finish\"", "timeout:\n"])
    func doesNotGuess(text: String) {
        #expect(ImportFormat.detect(text) == nil)
    }
}
