// SPDX-License-Identifier: MIT

extension StringProtocol {
    /// Without leading and trailing spaces and tabs: how the hand-written files read here
    /// (`transitionctl import`'s formats, `hyprland.conf`) compare their words.
    public var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
