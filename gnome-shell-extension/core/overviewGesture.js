// SPDX-License-Identifier: MIT
// The overview and the app grid on the extension's connection (extension.js hands it the
// connection's messages): it declares `gnome-overview`, a paged transition (hidden, window
// picker, app grid; the current state current) on the gesture that opens the overview, keeps
// its page in step when the overview opens or closes by other means (`update`), turns GNOME's
// own 3-finger vertical touchpad swipe off while it is declared, and drives GNOME's overview
// tracker with transitiond's positions. With a daemon that cannot declare, the overview stays
// GNOME's (docs/gnome.md, "What changes").

import {GnomeOverviewDriver} from './gnomeOverviewDriver.js';
import {OVERVIEW_NAME, OVERVIEW_PAGES, overviewGesture} from './overviewGestures.js';
import {WorkspaceGestureTracker} from './workspaceGestures.js';

// Request ids of the overview's own requests (extension.js's are 1 to 3).
const DECLARE_ID = 11;
const UPDATE_ID = 12;

/** The overview gesture: its declaration, its motions, GNOME's tracker. */
export class OverviewGesture {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     */
    constructor(shell) {
        this._driver = new GnomeOverviewDriver(shell);
        this._gestures = new WorkspaceGestureTracker(OVERVIEW_NAME);
        this._client = null;
        this._declared = false;
        this._unwatch = null;
    }

    /** For the extension's status: `declared` and `taken` (GNOME's own swipe off). */
    get status() {
        return {declared: this._declared, taken: this._driver.taken};
    }

    /** The transitions to subscribe to: the declared overview, or none. */
    get names() {
        return this._declared ? [OVERVIEW_NAME] : [];
    }

    /**
     * Starts following GNOME's overview for this connection's client.
     * @param {object} client the extension's LineClient
     */
    enable(client) {
        this._client = client;
        this._unwatch = this._driver.watch(() => this._changed());
    }

    /** Stops following GNOME's overview; gives GNOME its gesture back. */
    disable() {
        this._unwatch?.();
        this._unwatch = null;
        this.disconnected();
        this._client = null;
    }

    /**
     * Declares the overview (on the connection's `hello`, and when delivery resumes).
     * @param {boolean} naturalScroll GNOME's touchpad setting
     */
    declare(naturalScroll) {
        this._client?.send({
            id: DECLARE_ID, request: 'declare', transition: OVERVIEW_NAME,
            gestures: [overviewGesture(naturalScroll)],
            pages: OVERVIEW_PAGES, page: this._driver.pages().current,
        });
    }

    /**
     * A reply; whether it was to one of the overview's requests. When the declaration is
     * accepted, `accepted()` runs (the extension subscribes to the union of its transitions).
     * @param {object} reply the `reply` event
     * @param {() => void} accepted
     * @returns {boolean}
     */
    reply(reply, accepted) {
        if (reply.id === DECLARE_ID) {
            if (reply.ok) {
                this._declared = true;
                this._gestures.followDeclared();
                accepted();
            } else {
                // unknown_request (a daemon without `declare`), gesture_taken: GNOME keeps it.
                console.log(`transitiond: could not declare the overview: ${reply.error?.message}`);
            }
            return true;
        }
        return reply.id === UPDATE_ID;
    }

    /** Turns GNOME's own overview swipe off, if the overview is declared. */
    take() {
        if (this._declared)
            this._driver.take();
    }

    /**
     * An event; whether it was the overview's.
     * @param {object} message a parsed line
     * @returns {boolean}
     */
    handle(message) {
        if (message.transition !== OVERVIEW_NAME)
            return false;
        this._driver.apply(this._gestures.handle(message, this._driver.pages()));
        // A swipe GNOME refused (the lock screen, a modal dialog) left the daemon's page where
        // GNOME is not: tell it where GNOME is.
        if (message.event === 'completed' && this._driver.refused && !this._gestures.active) {
            this._driver.refused = false;
            this._changed();
        }
        return true;
    }

    /**
     * The connection's delivery paused: the daemon withdrew the declaration (docs/protocol.md,
     * "Transitions a client declares"); GNOME gets its gesture back, a swipe in flight lands.
     */
    paused() {
        this.disconnected();
    }

    /** The connection is gone: a swipe in flight lands where it began, GNOME's gesture back. */
    disconnected() {
        this._driver.apply(this._gestures.abort());
        this._declared = false;
        this._driver.refused = false;
        this._driver.give();
    }

    // The overview opened or closed by other means (the Super key, the app grid button): the
    // declared page follows.
    _changed() {
        if (!this._declared || this._gestures.active)
            return;
        this._client?.send({
            id: UPDATE_ID, request: 'update', transition: OVERVIEW_NAME, page: this._driver.pages().current,
        });
    }
}
