// SPDX-License-Identifier: MIT
/// The gesture tools whose configuration `transitionctl import` reads.
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// libinput-gestures' `libinput-gestures.conf`.
    case libinputGestures = "libinput-gestures"
    /// fusuma's `config.yml`.
    case fusuma
    /// Touchégg's `touchegg.conf`.
    case touchegg

    /// The tool's name as its users know it.
    public var toolName: String {
        switch self {
        case .libinputGestures: "libinput-gestures"
        case .fusuma: "fusuma"
        case .touchegg: "Touchégg"
        }
    }

    /// The format of `text`, told from its content: an XML root element is Touchégg's, a
    /// `gesture`, `device`, `swipe_threshold` or `timeout` line is libinput-gestures', a YAML
    /// mapping of `swipe:`, `pinch:`, `rotate:`, `hold:`, `tap:`, `threshold:`, `interval:` or
    /// `plugin:` is fusuma's. `nil` when none fits.
    public static func detect(_ text: String) -> ImportFormat? {
        var sawYAMLKey = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(2000) {
            let line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" || $0 == "\r" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("<") {
                return line.hasPrefix("<touch") || line.hasPrefix("<?xml") || line.hasPrefix("<!--") ? .touchegg : nil
            }
            guard raw.first != " " && raw.first != "\t" else { continue }
            let word = String(line.prefix { $0 != " " && $0 != "\t" })
            let key = word.hasSuffix(":") ? String(word.dropLast()) : word
            // libinput-gestures' keywords take their arguments after a space ("gesture:" is its old spelling).
            if ["gesture", "device", "swipe_threshold"].contains(key) && word.count < line.count { return .libinputGestures }
            if word == "timeout" && word.count < line.count { return .libinputGestures }
            if ["swipe", "pinch", "rotate", "hold", "tap", "threshold", "interval", "plugin", "context"].contains(key)
                && word.hasSuffix(":") || word == "---" {
                sawYAMLKey = true
            }
        }
        return sawYAMLKey ? .fusuma : nil
    }
}
