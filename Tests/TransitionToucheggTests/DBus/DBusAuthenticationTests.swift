// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionTouchegg

/// The SASL conversations real GDBus clients hold (GLib 2.74 sends its uid in hex; GLib 2.76 and
/// later send an empty EXTERNAL response, answered with DATA).
@Suite struct DBusAuthenticationTests {
    let guid = "0123456789abcdef0123456789abcdef"

    func run(_ auth: inout DBusAuthentication, _ lines: [String]) -> [DBusAuthentication.Step] {
        lines.map { auth.handle(line: Array($0.utf8)) }
    }

    @Test func glib274SendsItsUIDInHex() {
        var auth = DBusAuthentication(peerUID: 1000, guid: guid)
        let steps = run(&auth, ["AUTH", "AUTH EXTERNAL 31303030", "NEGOTIATE_UNIX_FD", "BEGIN"])
        #expect(steps == [.reply("REJECTED EXTERNAL"), .reply("OK \(guid)"),
                          .reply("ERROR \"unix fd passing is not offered\""), .begin])
        #expect(auth.state == .begun)
    }

    @Test func newerGLibSendsAnEmptyResponse() {
        var auth = DBusAuthentication(peerUID: 0, guid: guid)
        let steps = run(&auth, ["AUTH EXTERNAL", "DATA", "BEGIN"])
        #expect(steps == [.reply("DATA"), .reply("OK \(guid)"), .begin])
    }

    @Test func aClaimedIdentityMustBeThePeers() {
        var auth = DBusAuthentication(peerUID: 1000, guid: guid)
        // "0": root, claimed by uid 1000.
        #expect(run(&auth, ["AUTH EXTERNAL 30"]) == [.reply("REJECTED EXTERNAL")])
        #expect(run(&auth, ["AUTH EXTERNAL", "DATA 30"]) == [.reply("DATA"), .reply("REJECTED EXTERNAL")])
        #expect(run(&auth, ["BEGIN"]) == [.reply("ERROR \"unexpected BEGIN\"")])
        #expect(auth.state == .waitingForAuth)
    }

    @Test func otherMechanismsAreRejectedAndPersistenceEndsTheConnection() {
        var auth = DBusAuthentication(peerUID: 1000, guid: guid)
        #expect(run(&auth, ["AUTH DBUS_COOKIE_SHA1 31303030"]) == [.reply("REJECTED EXTERNAL")])
        let steps = run(&auth, Array(repeating: "AUTH ANONYMOUS", count: DBusAuthentication.maxFailures))
        #expect(steps.last == .close("too many failed authentication attempts"))
    }

    @Test func hexDecoding() {
        #expect(DBusAuthentication.decodeHex("31303030") == "1000")
        #expect(DBusAuthentication.decodeHex("3") == nil)
        #expect(DBusAuthentication.decodeHex("zz") == nil)
        #expect(DBusAuthentication.decodeHex("00") == nil)
    }
}
