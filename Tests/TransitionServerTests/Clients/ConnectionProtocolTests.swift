// SPDX-License-Identifier: MIT
import Testing
import TransitionProtocol
import TransitionTouchegg
@testable import TransitionServer

/// Each protocol's own state: a native session's subscription decides what it takes, a Touchégg
/// session takes nothing before `BEGIN` and no gesture below its floor.
@Suite struct ConnectionProtocolTests {
    @Test func aNativeSessionTakesWhatItSubscribedToAndAToucheggSessionNoEvents() {
        let native = NativeSession()
        #expect(!ConnectionProtocol.native(native).accepts(.updated, of: "t"))
        #expect(native.frameIntervalUs == nil)
        native.subscription = Subscription(transitions: ["t"], frameRate: 50)
        #expect(ConnectionProtocol.native(native).accepts(.updated, of: "t"))
        #expect(!ConnectionProtocol.native(native).accepts(.updated, of: "other"))
        #expect(native.frameIntervalUs == 20_000)
        let touchegg = ToucheggSession(peerUID: 1000, guid: "0123456789abcdef0123456789abcdef")
        #expect(!ConnectionProtocol.touchegg(touchegg).accepts(.updated, of: "t"))
    }

    @Test func aToucheggSessionTakesTheGesturesFromItsFloorOnceAuthenticated() {
        let session = ToucheggSession(peerUID: 1000, guid: "0123456789abcdef0123456789abcdef")
        var signal = ToucheggSignal(member: .begin, type: 1, direction: 4, percentage: 0, fingers: 3, deviceType: 1, elapsedMs: 0)
        signal.gesture = 5
        #expect(!session.takes(signal))
        session.authenticated(floor: 6)
        #expect(!session.takes(signal))
        signal.gesture = 6
        #expect(session.takes(signal))
    }
}
