// SPDX-License-Identifier: MIT
// GNOME Shell's own overview and app grid, driven from outside (gnomeSwipeDriver.js does the
// driving): GNOME's Overview opens, moves between the window picker and the app grid, and
// closes with its own animation.
//
// What this relies on, the same in GNOME Shell 43.9, 45.0 and 48.0 (docs/gnome.md, "Driving
// GNOME's own animation"):
// - js/ui/overview.js, `Overview.init`: `this._swipeTracker`, a vertical SwipeTracker for
//   Shell.ActionMode.NORMAL | OVERVIEW ({allowDrag: false, allowScroll: false}), connected to
//   `_gestureBegin`, `_gestureUpdate` and `_gestureEnd`; `_gestureUpdate` shows the overview at
//   the first update; `_gestureEnd` hides it when endProgress is 0 (`_hideDone`), else
//   `_showDone`; GNOME never sets this tracker's `enabled` itself;
// - js/ui/overview.js: `this._overview`, the OverviewActor, whose `controls` is the
//   ControlsManager;
// - js/ui/overviewControls.js, ControlsManager: `_stateAdjustment`, the overview's state
//   (ControlsState HIDDEN 0, WINDOW_PICKER 1, APP_GRID 2, fractional while it animates);
//   `gestureBegin` confirms the snap points [0, 1, 2] and the adjustment's value, `gestureEnd`
//   eases the adjustment to the target over the duration.

import {GnomeSwipeDriver} from './gnomeSwipeDriver.js';
import {OVERVIEW_PAGES, restingPage} from './overviewGestures.js';

/** The GNOME side of the overview gesture. */
export class GnomeOverviewDriver extends GnomeSwipeDriver {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     */
    constructor(shell) {
        super(shell, () => shell.Main.overview._swipeTracker);
        this._overview = shell.Main.overview;
    }

    get _state() {
        return this._overview._overview.controls._stateAdjustment;
    }

    /** The overview now: `{count: 3, current}` (hidden 0, window picker 1, app grid 2). */
    pages() {
        if (!this._overview.visible)
            return {count: OVERVIEW_PAGES, current: 0};
        const value = this._state.value;
        return {count: OVERVIEW_PAGES, current: restingPage(value) ?? Math.round(value)};
    }

    /**
     * Calls `changed(page)` whenever the overview comes to rest on another page, whoever moved
     * it (the Super key, the app grid button, a gesture).
     * @param {(page: number) => void} changed
     * @returns {() => void} what stops watching
     */
    watch(changed) {
        const state = this._state;
        let last = restingPage(state.value);
        const id = state.connect('notify::value', () => {
            const page = restingPage(state.value);
            if (page === null || page === last)
                return;
            last = page;
            changed(page);
        });
        return () => state.disconnect(id);
    }
}
