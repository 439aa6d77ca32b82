// SPDX-License-Identifier: MIT
// The overview and the app grid as a paged transition: pages hidden (0), window picker (1) and
// app grid (2), GNOME's own ControlsState values and its overview tracker's snap points
// (js/ui/overviewControls.js at 43.9, 45.0 and 48.0: `ControlsState`, and `gestureBegin`
// confirming `[HIDDEN, WINDOW_PICKER, APP_GRID]`). Pure: no GNOME Shell, no socket;
// tests/gnome/unit.js checks it under plain gjs. The motions come from the same
// WorkspaceGestureTracker as the workspaces', following the declared name below.

/** The name the extension declares the overview under. */
export const OVERVIEW_NAME = 'gnome-overview';

/** Hidden, window picker, app grid. */
export const OVERVIEW_PAGES = 3;

/**
 * The gesture that opens the overview (hidden → window picker → app grid), by natural
 * scrolling; its reverse closes it. GNOME's vertical TouchpadSwipeGesture takes the fingers'
 * `dy`, negated under natural scrolling, and adds it to the progress (js/ui/swipeTracker.js at
 * 43.9 and 48.0: `_handleEvent`, `if natural-scroll: delta = -delta`, and `_updateGesture`,
 * `this._progress += delta / distance`; no right-to-left flip vertically): with natural
 * scrolling (GNOME's default) fingers moving up open it, without it fingers moving down do.
 * @param {boolean} naturalScroll GNOME's touchpad setting
 * @returns {string} the gesture name (transitiond's `up` is libinput's dy < 0)
 */
export function overviewGesture(naturalScroll) {
    return naturalScroll ? 'swipe3-up' : 'swipe3-down';
}

/**
 * The overview's page from its state adjustment's value (`ControlsState`, fractional while it
 * animates): the page when it rests on one, null while it moves between two.
 * @param {number} value the adjustment's value
 * @returns {number|null} 0, 1, 2 or null
 */
export function restingPage(value) {
    if (typeof value !== 'number' || !Number.isFinite(value))
        return null;
    const page = Math.round(value);
    if (Math.abs(value - page) > 1e-6)
        return null;
    return Math.min(Math.max(page, 0), OVERVIEW_PAGES - 1);
}
