// SPDX-License-Identifier: MIT
// One of GNOME Shell's own SwipeTrackers, driven from outside: its touchpad recognition turned
// off, and its signals emitted with transitiond's positions, so that GNOME's own code (the
// workspace animation, the overview) animates and changes state. The workspace strip
// (gnomeWorkspaceDriver.js) and the overview (gnomeOverviewDriver.js) each have one.
//
// What this relies on, the same in GNOME Shell 43.9, 45.0 and 48.0 (docs/gnome.md, "Driving
// GNOME's own animation"):
// - js/ui/swipeTracker.js, the usage comment above `SwipeTracker`: a `begin(monitor)` handler
//   calls `tracker.confirmSwipe(distance, snapPoints, currentProgress, cancelProgress)`;
//   `update(progress)`; `end(duration, endProgress)`, whose handler animates to endProgress
//   over `duration` ms and changes state;
// - js/ui/swipeTracker.js, `SwipeTracker._init`: `this._allowedModes = allowedModes` (the
//   action modes it acts in), and `bind_property('enabled', this._touchpadGesture, 'enabled')`:
//   the tracker's `enabled` copied one way onto its TouchpadSwipeGesture, which lets touchpad
//   swipes propagate untouched while its own `enabled` is false (`_handleEvent`).

/** The GNOME side of one swipe tracker. */
export class GnomeSwipeDriver {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     * @param {() => object} tracker GNOME's SwipeTracker (looked up when needed)
     */
    constructor({Main}, tracker) {
        this._Main = Main;
        this._trackerOf = tracker;
        this._guard = 0;
        this._snap = null;
        this._began = false;
        this.refused = false;
    }

    get _tracker() {
        return this._trackerOf();
    }

    /** Whether GNOME's own touchpad swipe of this tracker is off (taken by this driver). */
    get taken() {
        return this._guard !== 0;
    }

    /**
     * Turns GNOME's own touchpad swipe of this tracker off, and keeps it off when GNOME
     * re-enables its tracker (the workspaces' after the overview, after a keyboard switch).
     */
    take() {
        if (this._guard)
            return;
        const touchpad = this._tracker._touchpadGesture;
        this._guard = touchpad.connect('notify::enabled', () => {
            if (touchpad.enabled)
                touchpad.enabled = false;
        });
        touchpad.enabled = false;
    }

    /** Gives GNOME its gesture back, in the state its tracker says. */
    give() {
        if (!this._guard)
            return;
        const tracker = this._tracker;
        tracker._touchpadGesture.disconnect(this._guard);
        this._guard = 0;
        tracker._touchpadGesture.enabled = tracker.enabled;
    }

    /**
     * Whether GNOME would take a swipe of this tracker now: the tracker enabled and the shell in
     * one of the tracker's action modes (the workspaces' NORMAL; the overview's NORMAL and
     * OVERVIEW; never locked).
     */
    canBegin() {
        const tracker = this._tracker;
        return tracker.enabled && (this._Main.actionMode & tracker._allowedModes) !== 0;
    }

    /** Whether a swipe this driver began is under way. */
    get swiping() {
        return this._began;
    }

    /**
     * Begins (or catches) a swipe on the primary monitor, as GNOME's tracker does when fingers
     * begin: GNOME's handler prepares its animation and confirms the swipe, whose snap points
     * this keeps to turn pages into GNOME's progress. GNOME's tracker's own state is untouched
     * (it never enters its scrolling state).
     * @returns {boolean} whether GNOME took it
     */
    begin() {
        if (!this.canBegin())
            return false;
        const tracker = this._tracker;
        let confirmed = null;
        tracker.confirmSwipe = (distance, snapPoints, currentProgress, cancelProgress) => {
            confirmed = {snapPoints, currentProgress, cancelProgress};
        };
        try {
            tracker.emit('begin', this._Main.layoutManager.primaryIndex);
        } finally {
            delete tracker.confirmSwipe;
        }
        if (confirmed === null || confirmed.snapPoints.length === 0)
            return false;
        this._snap = confirmed.snapPoints;
        this._began = true;
        return true;
    }

    /** GNOME's progress for a position in pages (indices of the snap points), between them. */
    _progress(position) {
        const points = this._snap;
        const last = points.length - 1;
        const p = Math.min(Math.max(position, 0), last);
        const lower = Math.floor(p);
        const upper = Math.min(lower + 1, last);
        return points[lower] + (points[upper] - points[lower]) * (p - lower);
    }

    /** @param {number} position the position in pages */
    update(position) {
        if (!this._began)
            return;
        this._tracker.emit('update', this._progress(position));
    }

    /**
     * Lets GNOME animate to page `target` over `durationMs` and change state.
     * @param {number} target a page (snap point index)
     * @param {number} durationMs the animation's length
     */
    end(target, durationMs) {
        if (!this._began)
            return;
        this._began = false;
        this._tracker.emit('end', durationMs, this._progress(target));
    }

    /**
     * Does what a motion of workspaceGestures.js's tracker says: `begin` (then `refused` says
     * whether GNOME refused it: the lock screen, a modal dialog, the workspaces in the
     * overview), `update`, `end`.
     * @param {object|null} motion
     */
    apply(motion) {
        if (motion === null)
            return;
        switch (motion.type) {
        case 'begin':
            this.refused = !this.begin();
            if (motion.then)
                this.apply(motion.then);
            return;
        case 'update':
            this.update(motion.position);
            return;
        case 'end':
            this.end(motion.target, motion.durationMs);
        }
    }
}
