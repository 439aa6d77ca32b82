// SPDX-License-Identifier: MIT
// extension.js for GNOME Shell 45 and later, which load an extension as an ES module whose
// default export extends Extension (js/ui/extensionSystem.js, 45.0: `import(extensionJs)`,
// `new extensionModule.default(metadata)`). GNOME Shell's own modules are ES modules here,
// handed to the shared core (core/).

import Shell from 'gi://Shell';

import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

import {TransitiondExtension} from './core/extension.js';

export default class TransitiondGnomeExtension extends Extension {
    /** The core's status (null while disabled): tests read it through Eval. */
    get status() {
        return this._core?.status ?? null;
    }

    enable() {
        this._core = new TransitiondExtension({Main, Shell, global});
        this._core.enable();
    }

    disable() {
        this._core?.disable();
        this._core = null;
    }
}
