// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCtl

/// What `doctor` says of `@touchegg` (issue 32): the socket unit is the safe way.
@Suite struct ToucheggEndpointCheckTests {
    @Test func theSocketUnitIsTheSafeWay() {
        let unit = ToucheggEndpointCheck(servedByTransitiond: true, socketUnitEnabled: true, nameBound: true).line ?? ""
        #expect(unit.contains("through transitiond-touchegg.socket, the safe way"))
        let own = ToucheggEndpointCheck(servedByTransitiond: true, socketUnitEnabled: false, nameBound: true).line ?? ""
        #expect(own.contains("binds the name itself") && own.contains("the safe way is `systemctl enable transitiond-touchegg.socket`"))
    }

    @Test func anotherHolderIsNamedForWhatItMeans() {
        let other = ToucheggEndpointCheck(servedByTransitiond: false, socketUnitEnabled: false, nameBound: true).line ?? ""
        #expect(other.contains("held by a process other than transitiond"))
        #expect(other.contains("authenticate to it and take their gestures from it"))
        #expect(ToucheggEndpointCheck(servedByTransitiond: false, socketUnitEnabled: false, nameBound: false).line == nil)
    }

    @Test func procNetUnixIsRead() {
        let text = """
            Num       RefCount Protocol Flags    Type St Inode Path
            0000000000000000: 00000002 00000000 00010000 0001 01 23456 @touchegg
            0000000000000000: 00000002 00000000 00010000 0001 01 23457 /run/transitiond/transitiond.sock
            """
        #expect(ToucheggEndpointCheck.bound(procNetUnix: text))
        #expect(!ToucheggEndpointCheck.bound(procNetUnix: "0: 00000002 00000000 00010000 0001 01 1 @touchegg-private\n"))
    }
}
