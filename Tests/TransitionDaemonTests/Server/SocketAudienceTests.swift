// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionDaemon

@Suite struct SocketAudienceTests {
    @Test func aSocketForRootAloneIsWarnedAboutWithWhatToConfigure() {
        let bound = SocketAudience(uid: 0, gid: 0, mode: 0o660, activated: false)
        #expect(bound.warning(path: "/run/transitiond/transitiond.sock")
                == "the socket /run/transitiond/transitiond.sock is reachable by root alone (root:root 0660): no user's client can connect; "
                + "set socket_group = \"transitiond\" in /etc/transitiond/config.toml (under systemd, the socket unit's SocketGroup= decides), "
                + "and add the users to that group (`sudo usermod -aG transitiond USER`; docs/service.md)")
        let activated = SocketAudience(uid: 0, gid: 0, mode: 0o600, activated: true)
        #expect(activated.warning(path: "/run/transitiond/transitiond.sock")
                == "the socket /run/transitiond/transitiond.sock is reachable by root alone (root:root 0600): no user's client can connect; "
                + "set SocketGroup=transitiond in transitiond.socket (a drop-in: `systemctl edit transitiond.socket`), "
                + "and add the users to that group (`sudo usermod -aG transitiond USER`; docs/service.md)")
    }

    @Test func aSocketOthersCanReachIsNot() {
        #expect(SocketAudience(uid: 0, gid: 998, mode: 0o660, activated: false).warning(path: "/s") == nil)   // a group
        #expect(SocketAudience(uid: 0, gid: 0, mode: 0o666, activated: true).warning(path: "/s") == nil)      // everyone
        #expect(SocketAudience(uid: 0, gid: 0, mode: 0o755, activated: true).warning(path: "/s") != nil)      // read, not write
        #expect(SocketAudience(uid: 1000, gid: 1000, mode: 0o660, activated: false).warning(path: "/s") == nil) // a user's daemon
    }
}
