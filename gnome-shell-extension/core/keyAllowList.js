// SPDX-License-Identifier: MIT
// What the extension's virtual keyboard may press, and how fast: a copy of the uinput key
// service's allow-list (Sources/TransitionKeys/KeyAllowList.swift), in the same evdev codes
// (linux/input-event-codes.h), and of its rate limit. The runner refuses these before it asks; the extension refuses
// them again, whoever asks. GnomeExtensionAllowListTests (Tests/TransitionKeysTests) fails when
// this copy and KeyAllowList disagree, GnomeExtensionRateTests (Tests/TransitionKeyServiceTests)
// when the rate differs. Pure: no GNOME Shell here (tests/gnome/unit.js loads it).

/** The codes a request may name: KEY_ESC (1) to KEY_MICMUTE (248). */
export const FIRST_CODE = 1;
export const LAST_CODE = 248;
/** Most strokes in one request (the key service's KeyServiceRequest.maxStrokes). */
export const MAX_STROKES = 100;
/**
 * The rate limit, the key service's (KeyService.burst, KeyService.strokesPerSecond): a burst of
 * this many strokes, then this many a second. GNOME Shell is the compositor: a caller that
 * floods it with keys must not starve it.
 */
export const BURST = 120;
export const STROKES_PER_SECOND = 60;

/** Refused codes: power, sleep, suspend, wake, rfkill, eject, brightness, the display, no key. */
export const REFUSED_CODES = new Map([
    [84, '(none)'],
    [116, 'KEY_POWER'],
    [142, 'KEY_SLEEP'],
    [143, 'KEY_WAKEUP'],
    [153, 'KEY_ROTATE_DISPLAY'],
    [160, 'KEY_CLOSECD'],
    [161, 'KEY_EJECTCD'],
    [162, 'KEY_EJECTCLOSECD'],
    [195, '(none)'],
    [196, '(none)'],
    [197, '(none)'],
    [198, '(none)'],
    [199, '(none)'],
    [205, 'KEY_SUSPEND'],
    [224, 'KEY_BRIGHTNESSDOWN'],
    [225, 'KEY_BRIGHTNESSUP'],
    [227, 'KEY_SWITCHVIDEOMODE'],
    [228, 'KEY_KBDILLUMTOGGLE'],
    [229, 'KEY_KBDILLUMDOWN'],
    [230, 'KEY_KBDILLUMUP'],
    [237, 'KEY_BLUETOOTH'],
    [238, 'KEY_WLAN'],
    [239, 'KEY_UWB'],
    [240, 'KEY_UNKNOWN'],
    [241, 'KEY_VIDEO_NEXT'],
    [242, 'KEY_VIDEO_PREV'],
    [243, 'KEY_BRIGHTNESS_CYCLE'],
    [244, 'KEY_BRIGHTNESS_AUTO'],
    [245, 'KEY_DISPLAY_OFF'],
    [246, 'KEY_WWAN'],
    [247, 'KEY_RFKILL'],
]);

/** KEY_SYSRQ, which is also the Print Screen key. */
export const SYSRQ = 99;
/** KEY_LEFTALT, KEY_RIGHTALT. */
export const ALTS = [56, 100];
/** KEY_LEFTCTRL, KEY_RIGHTCTRL. */
export const CTRLS = [29, 97];
/** KEY_DELETE, KEY_KPDOT: the console's Ctrl+Alt+Delete. */
export const DELETES = [111, 83];

/**
 * Why `strokes` may not be pressed, or null when they may (KeyAllowList.refusal's rule, and
 * KeyServiceRequest's shape: every key that goes down comes up again, none twice, none up first).
 *
 * @param {Array<[number, boolean]>} strokes evdev codes, down (true) or up, in order
 * @returns {string|null} the reason
 */
export function refusal(strokes) {
    if (!Array.isArray(strokes) || strokes.length > MAX_STROKES)
        return `at most ${MAX_STROKES} key strokes in one request`;
    const held = new Set();
    for (const stroke of strokes) {
        const [code, pressed] = Array.isArray(stroke) ? stroke : [NaN, false];
        if (!Number.isInteger(code) || code < FIRST_CODE || code > LAST_CODE)
            return `code ${code} is not a keyboard key (${FIRST_CODE}-${LAST_CODE})`;
        if (!pressed) {
            if (!held.delete(code))
                return `key ${code} goes up before it went down`;
            continue;
        }
        if (held.has(code))
            return `key ${code} goes down twice`;
        if (REFUSED_CODES.has(code))
            return `${REFUSED_CODES.get(code)} (${code}) is a system key: never pressed`;
        const alt = ALTS.some(a => held.has(a));
        if (held.has(SYSRQ) && alt && !ALTS.includes(code))
            return `key ${code} pressed while Alt and SysRq are held is the kernel's magic SysRq: refused`;
        if (DELETES.includes(code) && alt && CTRLS.some(c => held.has(c)))
            return 'Ctrl+Alt+Delete reboots the machine from a text console: refused';
        held.add(code);
    }
    if (held.size > 0)
        return `keys ${[...held].join(', ')} would stay down`;
    return null;
}

/**
 * A token bucket over key strokes, by TokenBucket's rule (Sources/TransitionKeys/TokenBucket.swift):
 * up to BURST, refilled at STROKES_PER_SECOND; taking more than there are takes nothing. Pure:
 * the caller passes the time (monotonic µs).
 */
export class StrokeBucket {
    constructor(nowUs) {
        this._tokens = BURST;
        this._updatedUs = nowUs;
    }

    /** Takes `count` strokes if there are that many at `nowUs`; returns whether it did. */
    take(count, nowUs) {
        if (nowUs > this._updatedUs) {
            this._tokens = Math.min(BURST, this._tokens + (nowUs - this._updatedUs) / 1e6 * STROKES_PER_SECOND);
            this._updatedUs = nowUs;
        }
        if (count > this._tokens)
            return false;
        this._tokens -= count;
        return true;
    }
}
