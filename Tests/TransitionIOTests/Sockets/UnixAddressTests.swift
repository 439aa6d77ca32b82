// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionIO

@Suite struct UnixAddressTests {
    /// A path fits when it has 1 to 107 bytes and no NUL; its length counts the terminating NUL.
    @Test func pathsFitUpToTheLimit() {
        #expect(UnixAddress.maxPathBytes == 107)
        let longest = String(repeating: "a", count: UnixAddress.maxPathBytes)
        #expect(UnixAddress.with(longest) { _, length in Int(length) } == 2 + 107 + 1)
        #expect(UnixAddress.with(longest + "a") { _, _ in 0 } == nil)
        #expect(UnixAddress.with("") { _, _ in 0 } == nil)
        #expect(UnixAddress.with("a\u{0}b") { _, _ in 0 } == nil)
        #expect(UnixAddress.fits(longest) && !UnixAddress.fits(longest + "a") && !UnixAddress.fits(""))
        let family = UnixAddress.with("/run/x") { address, _ in Int32(address.pointee.sa_family) }
        #expect(family == AF_UNIX)
    }
}
