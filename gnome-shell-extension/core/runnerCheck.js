// SPDX-License-Identifier: MIT
// Who may ask the extension for the focus and for keys: `transitionctl` (its runner, or
// `transitionctl desktop`) of GNOME Shell's own user, as the session bus says (its
// GetConnectionCredentials: the uid and the process of the caller's connection) and /proc says
// of that process's executable. docs/gnome.md, "Who may ask", says what this stops and what not.

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

/** The executable's name a caller must run. */
export const RUNNER_EXECUTABLE = 'transitionctl';

/**
 * Why a caller is refused, or null when it is the runner. Pure.
 *
 * @param {{uid?: number, pid?: number, exe?: string|null}} caller what the bus and /proc say
 * @param {number} ownUid GNOME Shell's uid
 * @returns {string|null} the reason
 */
export function callerRefusal(caller, ownUid) {
    if (caller.uid !== ownUid)
        return `the caller runs as uid ${caller.uid}, GNOME Shell as ${ownUid}`;
    if (!Number.isInteger(caller.pid) || caller.pid <= 0)
        return 'the session bus did not say which process the caller is';
    const exe = (caller.exe ?? '').replace(/ \(deleted\)$/, '');
    if (exe.split('/').pop() !== RUNNER_EXECUTABLE)
        return `the caller (pid ${caller.pid}) is ${exe || 'an unknown executable'}, not ${RUNNER_EXECUTABLE}`;
    return null;
}

/**
 * Asks the bus who `sender` is, then /proc which executable its process runs.
 *
 * @param {Gio.DBusConnection} connection GNOME Shell's session bus
 * @param {string} sender a unique name
 * @returns {Promise<{uid?: number, pid?: number, exe?: string|null}>} the caller
 */
export function identify(connection, sender) {
    return new Promise((resolve, reject) => {
        connection.call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
            'GetConnectionCredentials', new GLib.Variant('(s)', [sender]), null, Gio.DBusCallFlags.NONE,
            2000, null, (c, result) => {
                try {
                    const [credentials] = c.call_finish(result).recursiveUnpack();
                    const pid = credentials.ProcessID;
                    let exe = null;
                    try {
                        exe = GLib.file_read_link(`/proc/${pid}/exe`);
                    } catch (e) {
                        exe = null;
                    }
                    resolve({uid: credentials.UnixUserID, pid, exe});
                } catch (e) {
                    reject(e);
                }
            });
    });
}

/** GNOME Shell's own uid. */
export function ownUid() {
    return new Gio.Credentials().get_unix_user();
}
