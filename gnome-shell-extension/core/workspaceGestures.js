// SPDX-License-Identifier: MIT
// From transitiond's events to motions of GNOME's workspace strip, in pages (0-based workspace
// indices, fractional in between). Pure: no GNOME Shell, no socket; tests/gnome/unit.js checks it
// under plain gjs.
//
// Two ways to get the gestures (docs/gnome.md, "How it works"):
// - declared: the extension declared a paged transition (docs/protocol.md, "Transitions a client
//   declares"): `updated.progress` is already the position in pages, `ended.page` the target;
// - subscribed (a daemon without `declare`): the configured transitions bound to `swipe3-left`
//   and `swipe3-right`, each 0 → 1 over GNOME's own distance for one workspace (the default
//   `distance = "auto"`, GNOME's 400 touchpad units across): the position is the start page plus
//   or minus the progress, and a `finish` lands one page on, a `cancel` back on the start page.

/** The name the extension declares its transition under. */
export const DECLARED_NAME = 'gnome-workspaces';

/** The gesture names that switch workspaces, forward (next workspace) first, by natural scrolling. */
export function workspaceGestures(naturalScroll) {
    // GNOME's TouchpadSwipeGesture negates the fingers' motion under natural scrolling
    // (js/ui/swipeTracker.js, 43.9 and 48.0: `if natural-scroll: delta = -delta`), so fingers
    // moving left raise the progress, that is go to the next workspace.
    return naturalScroll ? ['swipe3-left', 'swipe3-right'] : ['swipe3-right', 'swipe3-left'];
}

/**
 * The configured transitions that drive the workspace switch when the daemon cannot declare:
 * those bound to the forward gesture (+1) or the backward one (−1), from `hello.transitions`.
 * @param {object[]} transitions hello's or transitions_changed's `transitions`
 * @param {boolean} naturalScroll GNOME's touchpad setting
 * @returns {Map<string, number>} transition name → +1 or −1
 */
export function subscribedDirections(transitions, naturalScroll) {
    const [forward, backward] = workspaceGestures(naturalScroll);
    const directions = new Map();
    for (const transition of Array.isArray(transitions) ? transitions : []) {
        if (typeof transition?.name !== 'string' || !Array.isArray(transition.gestures))
            continue;
        const names = transition.gestures.map(g => g?.name);
        const sign = names.includes(forward) ? 1 : names.includes(backward) ? -1 : 0;
        if (sign !== 0 && !(names.includes(forward) && names.includes(backward)))
            directions.set(transition.name, sign);
    }
    return directions;
}

function finite(value, otherwise) {
    return typeof value === 'number' && Number.isFinite(value) ? value : otherwise;
}

/** The longest animation the extension lets GNOME run, ms (a bound on what a message may ask). */
export const MAX_DURATION_MS = 2000;

/** An `ended` event's animation length in ms: 0 for `none`, within 0 … MAX_DURATION_MS. */
export function animationMs(ended) {
    const animation = ended?.animation;
    if (!animation || animation.type === 'none')
        return 0;
    const seconds = finite(animation.duration, 0.25);
    return Math.round(Math.min(Math.max(seconds * 1000, 0), MAX_DURATION_MS));
}

/**
 * Follows one connection's events and says what one of GNOME's paged strips should do: the
 * workspaces (declared or subscribed) or, declared only, the overview (overviewGestures.js).
 *
 * `handle(message, pages)` returns null or one motion:
 * - `{type: 'begin'}`: a gesture took the strip (or caught it while it animated);
 * - `{type: 'update', position}`: the position in pages, within 0 … count − 1;
 * - `{type: 'end', target, durationMs}`: animate to page `target` (an integer in bounds).
 * `pages` is GNOME's strip when the message arrives: `{count, current}`.
 */
export class WorkspaceGestureTracker {
    /** @param {string} declaredName the name of the declared transition it follows */
    constructor(declaredName = DECLARED_NAME) {
        this._declaredName = declaredName;
        this._declared = false;
        this._directions = new Map();
        this._gesture = null;
    }

    /** Follows the extension's declared transition. */
    followDeclared() {
        this._declared = true;
        this._directions = new Map();
    }

    /**
     * Follows configured transitions instead.
     * @param {Map<string, number>} directions from `subscribedDirections`
     */
    followSubscribed(directions) {
        this._declared = false;
        this._directions = directions;
    }

    /** The names of the transitions this follows. */
    get transitions() {
        return this._declared ? [this._declaredName] : [...this._directions.keys()];
    }

    /** Whether a gesture holds the strip (from its `began` to its `completed`). */
    get active() {
        return this._gesture !== null;
    }

    /**
     * The connection is gone: the motion that puts the strip back, if a gesture held it.
     * @returns {object|null} an `end` back on the page the gesture began on
     */
    abort() {
        const gesture = this._gesture;
        this._gesture = null;
        if (gesture === null)
            return null;
        return {type: 'end', target: gesture.start, durationMs: 250};
    }

    /**
     * One message from the daemon.
     * @param {object} message a parsed line
     * @param {{count: number, current: number}} pages GNOME's workspaces now
     * @returns {object|null} the motion, or null
     */
    handle(message, pages) {
        const name = message.transition;
        const sign = this._declared ? (name === this._declaredName ? 1 : 0) : this._directions.get(name) ?? 0;
        if (sign === 0 || pages.count < 1)
            return null;
        const last = pages.count - 1;
        const clamp = position => Math.min(Math.max(position, 0), last);
        const gesture = this._gesture;
        const same = gesture !== null && gesture.transition === name && gesture.id === message.gesture;
        switch (message.event) {
        case 'began': {
            if (message.interactive !== true)
                return null;   // a trigger: not a finger (a later slice may animate it too)
            const start = this._declared ? clamp(Math.round(finite(message.from, pages.current))) : pages.current;
            this._gesture = {transition: name, id: message.gesture, start, sign, ended: false};
            return {type: 'begin'};
        }
        case 'updated': {
            if (!same)
                return null;
            const progress = finite(message.progress, null);
            if (progress === null)
                return null;
            const position = this._declared ? progress : gesture.start + gesture.sign * progress;
            if (gesture.ended) {
                // A catch: the fingers took the animation back (docs/protocol.md, `paused`).
                gesture.ended = false;
                return {type: 'begin', then: {type: 'update', position: clamp(position)}};
            }
            return {type: 'update', position: clamp(position)};
        }
        case 'ended': {
            if (!same)
                return null;
            gesture.ended = true;
            let target;
            if (this._declared)
                target = Math.round(finite(message.page, finite(message.to, gesture.start)));
            else
                target = message.outcome === 'finish' ? gesture.start + gesture.sign : gesture.start;
            return {type: 'end', target: clamp(target), durationMs: animationMs(message)};
        }
        case 'completed':
            if (same)
                this._gesture = null;
            return null;
        default:
            return null;
        }
    }
}
