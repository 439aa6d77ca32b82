// SPDX-License-Identifier: MIT
// The extension's object on GNOME Shell's own session-bus connection (the owner of
// org.gnome.Shell): `/org/transitiond/Extension`, `org.transitiond.Extension1`, through which
// `transitionctl run` follows the focus (`Follow`, `Unfollow`: focusReporter.js) and presses
// keys (`PressKeys(a(qb))`: keyPresser.js). Each caller is checked once, by its unique name
// (runnerCheck.js), before anything is done for it; unique names are never reused.

import Gio from 'gi://Gio';

import {FocusReporter} from './focusReporter.js';
import {KeyPresser, KeyRefused} from './keyPresser.js';
import {callerRefusal, identify, ownUid} from './runnerCheck.js';

export const OBJECT_PATH = '/org/transitiond/Extension';
const INTERFACE_XML = `<node>
  <interface name="org.transitiond.Extension1">
    <method name="Follow"/>
    <method name="Unfollow"/>
    <method name="PressKeys"><arg type="a(qb)" direction="in" name="strokes"/></method>
  </interface>
</node>`;
const ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied';
const FAILED = 'org.freedesktop.DBus.Error.Failed';

/** The object, exported while the extension is enabled. */
export class RunnerBus {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     * @param {(text: string) => void} log where refusals go
     */
    constructor(shell, log) {
        this._focus = new FocusReporter(shell);
        this._keys = new KeyPresser(shell);
        this._log = log;
        this._exported = null;
        this._checked = new Map();   // unique name → Promise of a refusal (null: the runner)
        this._watches = new Map();   // unique name → its bus_watch_name id
    }

    enable() {
        this._focus.enable();
        this._exported = Gio.DBusExportedObject.wrapJSObject(INTERFACE_XML, this);
        this._exported.export(Gio.DBus.session, OBJECT_PATH);
    }

    disable() {
        this._exported?.unexport();
        this._exported = null;
        this._focus.disable();
        this._keys.disable();
        for (const id of this._watches.values())
            Gio.bus_unwatch_name(id);
        this._watches.clear();
        this._checked.clear();
    }

    FollowAsync(params, invocation) {
        this._checkedCall(invocation, sender => this._focus.follow(sender));
    }

    UnfollowAsync(params, invocation) {
        this._focus.unfollow(invocation.get_sender());
        invocation.return_value(null);
    }

    PressKeysAsync([strokes], invocation) {
        this._checkedCall(invocation, () => this._keys.press(strokes));
    }

    // Runs `action` for the runner and answers; anyone else gets AccessDenied.
    async _checkedCall(invocation, action) {
        const sender = invocation.get_sender();
        try {
            if (!this._checked.has(sender)) {
                this._checked.set(sender, identify(Gio.DBus.session, sender)
                    .then(caller => callerRefusal(caller, ownUid()))
                    .catch(e => `cannot tell who the caller is: ${e.message}`));
                // Forgotten when it leaves: the map does not grow with runners come and gone.
                this._watches.set(sender, Gio.bus_watch_name_on_connection(Gio.DBus.session, sender,
                    Gio.BusNameWatcherFlags.NONE, null, () => {
                        this._checked.delete(sender);
                        Gio.bus_unwatch_name(this._watches.get(sender));
                        this._watches.delete(sender);
                    }));
            }
            const refused = await this._checked.get(sender);
            if (refused) {
                this._log(`refused ${sender}: ${refused}`);
                invocation.return_dbus_error(ACCESS_DENIED, `only transitionctl may ask: ${refused}`);
                return;
            }
            await action(sender);
            invocation.return_value(null);
        } catch (e) {
            if (e instanceof KeyRefused) {
                this._log(`keys refused: ${e.message}`);
                invocation.return_dbus_error(ACCESS_DENIED, e.message);
            } else {
                invocation.return_dbus_error(FAILED, String(e?.message ?? e));
            }
        }
    }
}
