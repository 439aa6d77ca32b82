// SPDX-License-Identifier: MIT
public import TransitionProtocol

/// Which clients `status` shows to whom: root sees every client; anyone else sees only the
/// clients of their own uid, and how many others there are. Another user's pid, uid and
/// subscription say what they run and when they are at the screen (in `group` mode every member
/// of the socket's group can ask). Pure.
public enum StatusVisibility {
    /// The clients of `all` that a peer of `uid` may see, and how many it may not.
    public static func clients(_ all: [ClientInfo], shownTo uid: UInt32) -> (shown: [ClientInfo], others: Int) {
        guard uid != 0 else { return (all, 0) }
        let own = all.filter { $0.uid == uid }
        return (own, all.count - own.count)
    }
}
