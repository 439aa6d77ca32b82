// SPDX-License-Identifier: MIT
// GNOME Shell's own workspace switch, driven from outside: its touchpad recognition turned off,
// and its SwipeTracker's signals emitted with transitiond's positions, so that GNOME's own
// WorkspaceAnimationController animates and switches.
//
// What this relies on, the same in GNOME Shell 43.9 and 48.0 (docs/gnome.md, "GNOME Shell's
// code this relies on"):
// - js/ui/windowManager.js: `Main.wm._workspaceAnimation` is the WorkspaceAnimationController;
// - js/ui/workspaceAnimation.js: the controller owns `_swipeTracker`, a horizontal SwipeTracker
//   for Shell.ActionMode.NORMAL, and listens to its `begin(monitor)`, `update(progress)` and
//   `end(duration, endProgress)`; its `begin` handler calls `tracker.confirmSwipe(distance,
//   snapPoints, currentProgress, cancelProgress)`, the snap points being the workspaces'
//   progress values; its `end` handler eases to the workspace closest to endProgress over
//   `duration` ms and activates it; it sets `_swipeTracker.enabled` false while the overview
//   shows and during a keyboard switch (animateSwitch), true again after;
// - js/ui/swipeTracker.js: the SwipeTracker's `enabled` is bound one way onto its
//   `_touchpadGesture` (TouchpadSwipeGesture, GESTURE_FINGER_COUNT = 3), which ignores touchpad
//   swipes while its own `enabled` is false.

/** The GNOME side of the workspace switch. */
export class GnomeWorkspaceDriver {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     */
    constructor({Main, Shell, global}) {
        this._Main = Main;
        this._Shell = Shell;
        this._global = global;
        this._guard = 0;
        this._snap = null;
        this._began = false;
    }

    get _tracker() {
        return this._Main.wm._workspaceAnimation._swipeTracker;
    }

    /** GNOME's workspaces now: `{count, current}`. */
    pages() {
        const manager = this._global.workspace_manager;
        return {count: manager.get_n_workspaces(), current: manager.get_active_workspace_index()};
    }

    /** Whether GNOME's own 3-finger touchpad workspace swipe is off (taken by this driver). */
    get taken() {
        return this._guard !== 0;
    }

    /**
     * Turns GNOME's own 3-finger touchpad workspace swipe off, and keeps it off when GNOME
     * re-enables its tracker (after the overview, after a keyboard switch).
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
     * Whether GNOME would take a workspace swipe now: its tracker enabled (not in the overview,
     * not during a keyboard switch) and the shell in its normal mode (not locked, no modal).
     */
    canBegin() {
        return this._tracker.enabled && (this._Main.actionMode & this._Shell.ActionMode.NORMAL) !== 0;
    }

    /** Whether a swipe this driver began is under way. */
    get swiping() {
        return this._began;
    }

    /**
     * Begins (or catches) a swipe on the primary monitor, as GNOME's tracker does when fingers
     * begin: the controller prepares its animation and confirms the swipe, whose snap points
     * this keeps to turn pages into GNOME's progress.
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

    /** GNOME's progress for a position in pages (workspace indices), between snap points. */
    _progress(position) {
        const points = this._snap;
        const last = points.length - 1;
        const p = Math.min(Math.max(position, 0), last);
        const lower = Math.floor(p);
        const upper = Math.min(lower + 1, last);
        return points[lower] + (points[upper] - points[lower]) * (p - lower);
    }

    /** @param {number} position the strip's position in pages */
    update(position) {
        if (!this._began)
            return;
        this._tracker.emit('update', this._progress(position));
    }

    /**
     * Lets GNOME animate to page `target` over `durationMs` and switch to it.
     * @param {number} target a workspace index
     * @param {number} durationMs the animation's length
     */
    end(target, durationMs) {
        if (!this._began)
            return;
        this._began = false;
        this._tracker.emit('end', durationMs, this._progress(target));
    }
}
