// SPDX-License-Identifier: MIT
// Tells `transitionctl run` which window has the focus: the runners that asked (runnerBus.js,
// `Follow`) get `org.transitiond.Focus1.Activated(appId, wmClass, title)` at once and on every
// change of GNOME's focus window, until they unfollow or leave the bus. The runner believes
// these calls because they come from GNOME Shell's own connection, the owner of org.gnome.Shell
// (Sources/TransitionDesktop/Compositor/CompositorFocusSource.swift).

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

const FOCUS_PATH = '/org/transitiond/Focus';
const FOCUS_INTERFACE = 'org.transitiond.Focus1';

/**
 * The three texts of a report. Pure.
 *
 * @param {string|null} appId GNOME's app id (`Shell.App.get_id()`), e.g. `org.gnome.Terminal.desktop`,
 *   or `window:12` for a window GNOME matched to no application
 * @param {string|null} wmClass the window's `get_wm_class()`
 * @param {string|null} title the window's title
 * @returns {[string, string, string]} the app id without `.desktop` ('' for none), WM_CLASS, title
 */
export function focusTexts(appId, wmClass, title) {
    let id = appId ?? '';
    if (id.startsWith('window:'))
        id = '';
    id = id.replace(/\.desktop$/, '');
    return [id, wmClass ?? '', title ?? ''];
}

/** GNOME's focus window, reported to the runners that follow it. */
export class FocusReporter {
    /**
     * @param {{Shell: object, global: object}} shell GNOME Shell's modules
     */
    constructor(shell) {
        this._global = shell.global;
        this._Shell = shell.Shell;
        this._followers = new Map();   // unique name → bus_watch_name id
        this._signal = 0;
        this._idle = 0;
    }

    enable() {
        // A focus moving between two windows may pass through none: a null is reported only if
        // no window has the focus once GNOME Shell is back in its main loop (as the KWin script does).
        this._signal = this._global.display.connect('notify::focus-window', () => {
            if (this._global.display.focus_window) {
                this._cancelIdle();
                this._reportAll();
            } else if (!this._idle) {
                this._idle = GLib.idle_add(GLib.PRIORITY_DEFAULT, () => {
                    this._idle = 0;
                    this._reportAll();
                    return GLib.SOURCE_REMOVE;
                });
            }
        });
    }

    disable() {
        if (this._signal)
            this._global.display.disconnect(this._signal);
        this._signal = 0;
        this._cancelIdle();
        // GNOME Shell keeps org.gnome.Shell: the runners learn from this call that the reports stop.
        for (const [name, id] of this._followers) {
            Gio.bus_unwatch_name(id);
            Gio.DBus.session.call(name, FOCUS_PATH, FOCUS_INTERFACE, 'Stopped', null, null,
                Gio.DBusCallFlags.NO_AUTO_START, 5000, null, null);
        }
        this._followers.clear();
    }

    /** Whether `name` follows. */
    follows(name) {
        return this._followers.has(name);
    }

    /** `name` follows the focus from now on (until `unfollow` or it leaves the bus); reported now. */
    follow(name) {
        if (!this._followers.has(name)) {
            this._followers.set(name, Gio.bus_watch_name_on_connection(Gio.DBus.session, name,
                Gio.BusNameWatcherFlags.NONE, null, () => this.unfollow(name)));
        }
        this._report(name, this._texts());
    }

    unfollow(name) {
        const id = this._followers.get(name);
        if (id === undefined)
            return;
        this._followers.delete(name);
        Gio.bus_unwatch_name(id);
    }

    _cancelIdle() {
        if (this._idle)
            GLib.source_remove(this._idle);
        this._idle = 0;
    }

    _texts() {
        const window = this._global.display.focus_window;
        if (!window)
            return focusTexts(null, null, null);
        const app = this._Shell.WindowTracker.get_default().get_window_app(window);
        return focusTexts(app?.get_id() ?? null, window.get_wm_class(), window.get_title());
    }

    _reportAll() {
        const texts = this._texts();
        for (const name of this._followers.keys())
            this._report(name, texts);
    }

    _report(name, texts) {
        Gio.DBus.session.call(name, FOCUS_PATH, FOCUS_INTERFACE, 'Activated',
            new GLib.Variant('(sss)', texts), null, Gio.DBusCallFlags.NO_AUTO_START, 5000, null,
            (connection, result) => {
                try {
                    connection.call_finish(result);
                } catch (e) {
                    // The runner left (its watch unfollows it) or refused: nothing to do here.
                }
            });
    }
}
