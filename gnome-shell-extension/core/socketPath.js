// SPDX-License-Identifier: MIT
// Where transitiond's socket is, as every client of the project looks for it
// (docs/protocol.md, "Connecting"; SocketLocation in Sources/TransitionProtocol/Location):
// $TRANSITIOND_SOCKET alone when it is set, else the user's own daemon's
// $XDG_RUNTIME_DIR/transitiond/transitiond.sock, then the system daemon's.

import GLib from 'gi://GLib';

/**
 * The socket paths to try, in order.
 * @param {(name: string) => string|null} getenv the environment (GLib.getenv in the shell)
 * @returns {string[]} the candidates: $TRANSITIOND_SOCKET alone, or the user's then the system's
 */
export function socketCandidates(getenv = name => GLib.getenv(name)) {
    const named = getenv('TRANSITIOND_SOCKET');
    if (named)
        return [named];
    const candidates = [];
    const runtime = getenv('XDG_RUNTIME_DIR');
    if (runtime)
        candidates.push(`${runtime}/transitiond/transitiond.sock`);
    candidates.push('/run/transitiond/transitiond.sock');
    return candidates;
}
