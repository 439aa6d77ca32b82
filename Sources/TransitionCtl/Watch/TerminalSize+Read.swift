// SPDX-License-Identifier: MIT
import Glibc

extension TerminalSize {
    /// The size of the terminal on `fd` (TIOCGWINSZ); ``fallback`` when it does not say.
    static func read(fd: Int32 = 1) -> TerminalSize {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return .fallback }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
