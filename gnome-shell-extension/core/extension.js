// SPDX-License-Identifier: MIT
// The extension, whatever GNOME Shell's version: the entry points (entry/legacy.js for 43–44,
// entry/module.js for 45 and later) hand it GNOME Shell's modules and call enable() and
// disable().
//
// While connected to transitiond, it declares the workspace strip as a paged transition (one
// page per workspace, the active one current) or, with a daemon that cannot declare, follows
// the configured transitions bound to the 3-finger horizontal swipes; it turns GNOME's own
// 3-finger touchpad workspace swipe off while it has them, and drives GNOME's own workspace
// animation with transitiond's positions. The overview and the app grid (3 fingers vertical)
// likewise, declared only (overviewGesture.js). The connection lost or the extension disabled,
// GNOME gets its gestures back.

import Gio from 'gi://Gio';

import {LineClient} from './lineClient.js';
import {socketCandidates} from './socketPath.js';
import {GnomeWorkspaceDriver} from './gnomeWorkspaceDriver.js';
import {OverviewGesture} from './overviewGesture.js';
import {RunnerBus} from './runnerBus.js';
import {
    DECLARED_NAME, WorkspaceGestureTracker, subscribedDirections, workspaceGestures,
} from './workspaceGestures.js';

const DECLARE_ID = 1;
const SUBSCRIBE_ID = 2;
const UPDATE_ID = 3;

/** transitiond's side of GNOME Shell: one connection, two driven gestures (the workspaces, the overview). */
export class TransitiondExtension {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     */
    constructor(shell) {
        this._global = shell.global;
        this._driver = new GnomeWorkspaceDriver(shell);
        this._gestures = new WorkspaceGestureTracker();
        this._overview = new OverviewGesture(shell);
        this._client = null;
        this._mode = null;
        this._hello = null;
        this._signals = [];
        this._touchpad = null;
        this._paused = false;
        // The focus and keys for `transitionctl run` (issue 31, items 2 and 3): runnerBus.js.
        this._runnerBus = new RunnerBus(shell, text => console.log(`transitiond: ${text}`));
    }

    /**
     * What the extension does now, for `transitionctl doctor` and the tests:
     * `connected`, `mode` (`declared`, `subscribed` or null) and `taken` (GNOME's own swipe off);
     * `overview`: `declared` and `taken` (GNOME's own overview swipe off).
     */
    get status() {
        return {
            connected: this._client?.connected ?? false,
            mode: this._mode,
            taken: this._driver.taken,
            transitions: this._mode ? this._gestures.transitions : [],
            overview: this._overview.status,
        };
    }

    enable() {
        this._touchpad = new Gio.Settings({schema_id: 'org.gnome.desktop.peripherals.touchpad'});
        const manager = this._global.workspace_manager;
        this._signals = [
            [manager, manager.connect('active-workspace-changed', () => this._pagesChanged())],
            [manager, manager.connect('notify::n-workspaces', () => this._pagesChanged())],
            [this._touchpad, this._touchpad.connect('changed::natural-scroll', () => this._restart())],
        ];
        this._client = new LineClient(() => socketCandidates(), {
            onConnected: () => {},
            onMessage: message => this._message(message),
            onDisconnected: () => this._disconnected(),
            log: text => console.log(`transitiond: ${text}`),
        });
        this._overview.enable(this._client);
        this._client.start();
        this._runnerBus.enable();
    }

    disable() {
        this._runnerBus.disable();
        for (const [object, id] of this._signals)
            object.disconnect(id);
        this._signals = [];
        this._overview.disable();
        this._client?.stop();   // runs _disconnected: GNOME's gesture back, a swipe put back
        this._client = null;
        this._disconnected();
        this._touchpad = null;
    }

    get _naturalScroll() {
        return this._touchpad.get_boolean('natural-scroll');
    }

    // Natural scrolling changed the forward gesture: start over on a new connection.
    _restart() {
        if (!this._client)
            return;
        this._client.stop();
        this._client.start();
    }

    _message(message) {
        switch (message.event) {
        case 'hello':
            this._hello = message;
            this._declare();
            return;
        case 'reply':
            if (!this._overview.reply(message, () => this._subscribeAll()))
                this._reply(message);
            return;
        case 'delivery':
            // Events stop for this session (another user's is active, or it is locked): GNOME
            // keeps its gestures until they flow again (docs/protocol.md, `delivery`). A paused
            // connection loses its declarations: they are declared again when it resumes.
            this._paused = message.state === 'paused';
            if (this._paused) {
                if (this._mode === 'declared') {
                    this._driver.apply(this._gestures.abort());
                    this._mode = null;
                }
                this._driver.give();
                this._overview.paused();
            } else if (this._mode) {
                this._driver.take();
            } else if (this._hello) {
                this._declare();
            }
            return;
        case 'transitions_changed':
            if (this._mode === 'subscribed')
                this._subscribe(message.transitions);
            return;
        default:
            if (this._overview.handle(message))
                return;
            this._driver.apply(this._gestures.handle(message, this._driver.pages()));
            // A swipe GNOME refused (the overview, the lock screen) left the daemon's page
            // where GNOME is not: tell it where GNOME is.
            if (message.event === 'completed' && this._driver.refused && !this._gestures.active) {
                this._driver.refused = false;
                this._pagesChanged();
            }
        }
    }

    _declare() {
        const pages = this._driver.pages();
        this._client.send({
            id: DECLARE_ID, request: 'declare', transition: DECLARED_NAME,
            gestures: [workspaceGestures(this._naturalScroll)[0]],
            pages: Math.max(pages.count, 2), page: pages.current,
        });
        this._overview.declare(this._naturalScroll);
    }

    // Subscribes to every transition the extension follows, the workspaces' (declared or
    // configured) and the overview's: subscribing again replaces the filter.
    _subscribeAll() {
        const names = [...this._mode ? this._gestures.transitions : [], ...this._overview.names];
        if (names.length > 0) {
            this._client.send({
                id: SUBSCRIBE_ID, request: 'subscribe', transitions: names,
                events: ['began', 'updated', 'ended', 'completed'],
            });
        }
        if (!this._paused)
            this._overview.take();
    }

    _reply(reply) {
        if (reply.id === DECLARE_ID) {
            if (reply.ok) {
                this._mode = 'declared';
                this._gestures.followDeclared();
                this._subscribeAll();
                this._takeUnlessPaused();
            } else if (reply.error?.code === 'unknown_request' || reply.error?.code === 'invalid_request') {
                // A daemon without `declare`: the configured transitions instead.
                this._subscribe(this._hello?.transitions);
            } else {
                // gesture_taken, transition_exists, delivery_paused: GNOME keeps its gesture.
                console.log(`transitiond: could not declare the workspaces: ${reply.error?.message}`);
            }
        } else if (reply.id === SUBSCRIBE_ID && !reply.ok) {
            console.log(`transitiond: subscribe refused: ${reply.error?.message}`);
            this._mode = null;
            this._driver.give();
            this._overview.disconnected();
        }
    }

    _subscribe(transitions) {
        const directions = subscribedDirections(transitions, this._naturalScroll);
        if (directions.size === 0) {
            this._mode = null;
            this._driver.give();
            this._subscribeAll();
            return;
        }
        this._mode = 'subscribed';
        this._gestures.followSubscribed(directions);
        this._subscribeAll();
        this._takeUnlessPaused();
    }

    _takeUnlessPaused() {
        if (!this._paused)
            this._driver.take();
    }

    // A workspace added or removed, or a switch by other means: the declared pages follow.
    _pagesChanged() {
        if (this._mode !== 'declared' || this._gestures.active)
            return;
        const pages = this._driver.pages();
        this._client.send({
            id: UPDATE_ID, request: 'update', transition: DECLARED_NAME,
            pages: Math.max(pages.count, 2), page: pages.current,
        });
    }

    _disconnected() {
        this._driver.apply(this._gestures.abort());
        this._overview.disconnected();
        this._mode = null;
        this._hello = null;
        this._paused = false;
        this._driver.give();
    }
}
