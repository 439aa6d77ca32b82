// SPDX-License-Identifier: MIT
// extension.js for GNOME Shell 43 and 44, which load an extension as a legacy script (`init()`
// returning an object with enable() and disable(): js/ui/extensionSystem.js, 43.9,
// `_callExtensionInit`). The extension itself is ES modules (core/), shared with GNOME 45 and
// later: GJS 1.74 loads them with a dynamic import(). GNOME Shell's own modules are legacy
// imports here, handed to the core.
/* exported init */

const {Shell} = imports.gi;
const Main = imports.ui.main;

class LegacyEntry {
    constructor(extension) {
        this._uri = extension.dir.get_child('core').get_child('extension.js').get_uri();
        this._core = null;
        this._generation = 0;
    }

    /** The core's status (null until it is loaded): tests/gnome/run reads it through Eval. */
    get status() {
        return this._core?.status ?? null;
    }

    enable() {
        // A disable() before the import resolves makes this enable() stale.
        const generation = ++this._generation;
        import(this._uri).then(module => {
            if (generation !== this._generation)
                return;
            this._core = new module.TransitiondExtension({Main, Shell, global});
            this._core.enable();
        }).catch(e => logError(e, 'transitiond: loading the extension'));
    }

    disable() {
        this._generation += 1;
        this._core?.disable();
        this._core = null;
    }
}

function init(extension) {
    return new LegacyEntry(extension);
}
