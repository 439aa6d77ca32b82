// SPDX-License-Identifier: MIT
import Glibc

/// What `doctor` says of `@touchegg`, the abstract socket Touchégg's clients connect to: who
/// serves it and whether that is the safe way (transitiond-touchegg.socket, bound by systemd at
/// boot before any user can take the name; docs/touchegg.md). Pure but for ``find(served:)``.
struct ToucheggEndpointCheck: Equatable {
    /// transitiond serves it (its `status` has the `touchegg_clients` counter).
    var servedByTransitiond: Bool
    /// transitiond-touchegg.socket is enabled (a link in a `.wants` folder of /etc/systemd/system).
    var socketUnitEnabled: Bool
    /// `@touchegg` is bound by someone (`/proc/net/unix`).
    var nameBound: Bool

    /// The line, or `nil` when there is nothing to say (nobody serves it).
    var line: String? {
        switch (servedByTransitiond, socketUnitEnabled, nameBound) {
        case (true, true, _):
            "@touchegg: served by transitiond through transitiond-touchegg.socket, the safe way (systemd binds the name at boot, before any user can)"
        case (true, false, _):
            "@touchegg: served by transitiond, which binds the name itself ([touchegg] enabled): a process started before it "
                + "could have taken it; the safe way is `systemctl enable transitiond-touchegg.socket` (docs/touchegg.md)"
        case (false, _, true):
            "@touchegg: held by a process other than transitiond (Touchégg's daemon, or anyone's): Touchégg's clients "
                + "authenticate to it and take their gestures from it. To serve them from transitiond, the safe way is "
                + "transitiond-touchegg.socket (docs/touchegg.md)"
        case (false, true, false):
            "@touchegg: transitiond-touchegg.socket is enabled but nothing listens on @touchegg: `systemctl restart transitiond-touchegg.socket`"
        case (false, false, false):
            nil
        }
    }

    /// Whether `/proc/net/unix`'s text lists the abstract name `@touchegg`.
    static func bound(procNetUnix text: String) -> Bool {
        text.split(separator: "\n").contains { $0.hasSuffix(" @touchegg") }
    }

    /// The facts on this machine; `served` from the daemon's `status`.
    static func find(served: Bool) -> ToucheggEndpointCheck {
        let unix = (try? Files.read("/proc/net/unix")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let enabled = Files.glob("/etc/systemd/system/*.wants/transitiond-touchegg.socket").contains { access($0, F_OK) == 0 }
        return ToucheggEndpointCheck(servedByTransitiond: served, socketUnitEnabled: enabled, nameBound: bound(procNetUnix: unix))
    }
}
