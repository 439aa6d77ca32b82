// SPDX-License-Identifier: MIT
// GNOME Shell's own workspace switch, driven from outside (gnomeSwipeDriver.js does the
// driving): GNOME's WorkspaceAnimationController animates and switches.
//
// What this relies on, the same in GNOME Shell 43.9 and 48.0 (docs/gnome.md, "Driving GNOME's
// own animation"):
// - js/ui/windowManager.js: `Main.wm._workspaceAnimation` is the WorkspaceAnimationController;
// - js/ui/workspaceAnimation.js: the controller owns `_swipeTracker`, a horizontal SwipeTracker
//   for Shell.ActionMode.NORMAL, and listens to its `begin(monitor)`, `update(progress)` and
//   `end(duration, endProgress)`; its `begin` handler confirms with the snap points the
//   workspaces' progress values; its `end` handler eases to the workspace closest to
//   endProgress over `duration` ms and activates it; it sets `_swipeTracker.enabled` false
//   while the overview shows and during a keyboard switch (animateSwitch), true again after.

import {GnomeSwipeDriver} from './gnomeSwipeDriver.js';

/** The GNOME side of the workspace switch. */
export class GnomeWorkspaceDriver extends GnomeSwipeDriver {
    /**
     * @param {{Main: object, Shell: object, global: object}} shell GNOME Shell's modules
     */
    constructor(shell) {
        super(shell, () => shell.Main.wm._workspaceAnimation._swipeTracker);
        this._global = shell.global;
    }

    /** GNOME's workspaces now: `{count, current}`. */
    pages() {
        const manager = this._global.workspace_manager;
        return {count: manager.get_n_workspaces(), current: manager.get_active_workspace_index()};
    }
}
