// SPDX-License-Identifier: MIT
// Presses the runner's keys on GNOME Shell's own seat through a Clutter virtual keyboard
// (`seat.create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE)`, `notify_key` with evdev
// codes: clutter/clutter/clutter-virtual-input-device.h at mutter 43.8 and 48.0; GNOME Shell's
// own on-screen keyboard makes its device so, js/ui/keyboard.js at 43.9 and 48.0). Nothing
// while the screen is locked; nothing of keyAllowList.js's refused keys, nor past its rate
// (the key service's: 120 strokes at once, 60 a second); every key it pressed
// released again when a request ends, fails, or the extension is disabled.

import GLib from 'gi://GLib';

import {STROKES_PER_SECOND, StrokeBucket, refusal} from './keyAllowList.js';

/** A refused request: its reason, for the D-Bus error's message. */
export class KeyRefused extends Error {}

/** The virtual keyboard, made on first use. */
export class KeyPresser {
    /**
     * @param {{Main: object}} shell GNOME Shell's modules
     * @param {() => number} nowUs the monotonic clock, in µs (the tests pass their own)
     */
    constructor(shell, nowUs = () => GLib.get_monotonic_time()) {
        this._Main = shell.Main;
        this._nowUs = nowUs;
        this._bucket = null;
        this._Clutter = null;
        this._device = null;
        this._held = new Set();
    }

    /** Whether GNOME shows its lock screen (the session mode's `isLocked`, or the shield). */
    get locked() {
        return Boolean(this._Main.sessionMode?.isLocked || this._Main.screenShield?.locked);
    }

    /**
     * Presses `strokes` in order, or throws KeyRefused saying why not.
     *
     * @param {Array<[number, boolean]>} strokes evdev codes, down (true) or up
     */
    async press(strokes) {
        const why = refusal(strokes);
        if (why)
            throw new KeyRefused(why);
        if (this.locked)
            throw new KeyRefused('the screen is locked: no keys are pressed');
        const now = this._nowUs();
        this._bucket ??= new StrokeBucket(now);
        if (!this._bucket.take(strokes.length, now))
            throw new KeyRefused(`rate limit: at most ${STROKES_PER_SECOND} key strokes a second`);
        // Made at the runner's first request, empty or not (its key sender asks with no keys as
        // it opens): a headless seat has a keyboard from then on, which clients bind.
        if (!this._device) {
            // Loaded here, in GNOME Shell, so that the pure tests (plain gjs) need no Clutter.
            this._Clutter = (await import('gi://Clutter')).default;
            const seat = this._Clutter.get_default_backend().get_default_seat();
            this._device ??= seat.create_virtual_device(this._Clutter.InputDeviceType.KEYBOARD_DEVICE);
        }
        if (strokes.length === 0)
            return;
        const {PRESSED, RELEASED} = this._Clutter.KeyState;
        try {
            for (const [code, pressed] of strokes) {
                this._device.notify_key(GLib.get_monotonic_time(), code, pressed ? PRESSED : RELEASED);
                if (pressed)
                    this._held.add(code);
                else
                    this._held.delete(code);
            }
        } finally {
            this.releaseAll();
        }
    }

    /** Releases every key this keyboard holds down (none, after a request that ended well). */
    releaseAll() {
        if (!this._device)
            return;
        const held = [...this._held];
        this._held.clear();
        for (const code of held) {
            try {
                this._device.notify_key(GLib.get_monotonic_time(), code, this._Clutter.KeyState.RELEASED);
            } catch (e) {
                logError(e, `transitiond: releasing key ${code}`);
            }
        }
    }

    disable() {
        this.releaseAll();
        this._device = null;
    }
}
