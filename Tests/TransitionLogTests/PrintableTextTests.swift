// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionLog

/// The one escaper: nothing it returns holds a control character, printable text comes back as
/// it went in, and each control character has one visible escape.
@Suite struct PrintableTextTests {
    @Test func controlCharactersBecomeEscapes() {
        #expect(PrintableText.escaped("a\nb") == #"a\nb"#)
        #expect(PrintableText.escaped("x\n<5>forged") == #"x\n<5>forged"#)
        #expect(PrintableText.escaped("\r\t\u{0}\u{1b}[2K\u{7f}") == #"\r\t\x00\x1b[2K\x7f"#)
        #expect(PrintableText.escaped("next\u{85}line\u{2028}and\u{2029}") == #"next\u{85}line\u{2028}and\u{2029}"#)
        #expect(PrintableText.escaped("\u{9f}") == #"\u{9f}"#)
    }

    @Test func printableTextIsUnchanged() {
        for text in ["", "swipe3-left", #"C:\path\n is two characters"#, "Touchégg “quoted” 日本語 👍", "org.gnome.Shell", "\u{a0}\u{200b}"] {
            #expect(PrintableText.escaped(text) == text)
            #expect(PrintableText.isPrintable(text))
        }
    }

    @Test func interpolation() {
        let name = "a\nb"
        let none: String? = nil
        #expect("client triggers \(escaped: name)" == #"client triggers a\nb"#)
        #expect("\(escaped: none, else: "every transition")" == "every transition")
        #expect("\(escaped: Optional("x\ty"), else: "-")" == #"x\ty"#)
    }

    /// Any text, control characters and all: the result holds none, and it is the input when the
    /// input held none.
    @Test func noOutputHoldsAControlCharacterAndPrintableTextIsUnchanged() async {
        // C0, DEL, C1 and Latin, Greek, Cyrillic…; the top of the range stands for U+2028/U+2029.
        let scalars = Gen<UInt32>.value(in: 0...0x4FF)
            .map { $0 >= 0x4F0 ? Unicode.Scalar(0x2028 + ($0 & 1))! : Unicode.Scalar($0)! }
        await propertyCheck(count: 500, input: scalars.array(of: 0...40)) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let out = PrintableText.escaped(text)
            #expect(!out.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
            #expect(!out.contains("\n"))
            if !scalars.contains(where: PrintableText.isControl) { #expect(out == text) }
            // Escaping only adds: the printable scalars are all there, in order.
            #expect(out.unicodeScalars.filter { !PrintableText.isControl($0) }.count >= scalars.filter { !PrintableText.isControl($0) }.count)
        }
    }
}
