// SPDX-License-Identifier: MIT
// The pure part of the extension's focus and keys for `transitionctl run`
// (gnome-shell-extension/core/keyAllowList.js, runnerCheck.js, focusReporter.js) under plain
// gjs, no GNOME Shell:  gjs -m tests/gnome/runner-unit.js  (tests/gnome/focus-keys runs it first).
// That keyAllowList.js is KeyAllowList's copy is checked in Swift (GnomeExtensionAllowListTests).

import {check, finish} from './checks.js';

import {
    BURST, LAST_CODE, MAX_STROKES, STROKES_PER_SECOND, StrokeBucket, refusal,
} from '../../gnome-shell-extension/core/keyAllowList.js';
import {callerRefusal} from '../../gnome-shell-extension/core/runnerCheck.js';
import {focusTexts} from '../../gnome-shell-extension/core/focusReporter.js';
import {KeyPresser, KeyRefused} from '../../gnome-shell-extension/core/keyPresser.js';

const refused = strokes => refusal(strokes) !== null;
const tap = code => [[code, true], [code, false]];

// Keys: ordinary chords pass; system keys, magic SysRq, Ctrl+Alt+Delete and unbalanced requests do not.
check('keys: nothing', refusal([]), null);
check('keys: ctrl+c', refusal([[29, true], [46, true], [46, false], [29, false]]), null);
check('keys: alt+print (a window\'s screenshot)', refusal([[56, true], ...tap(99), [56, false]]), null);
check('keys: KEY_POWER', refused(tap(116)), true);
check('keys: KEY_SLEEP', refused(tap(142)), true);
check('keys: KEY_SUSPEND', refused(tap(205)), true);
check('keys: KEY_BRIGHTNESSUP', refused(tap(225)), true);
check('keys: KEY_RFKILL', refused(tap(247)), true);
check('keys: KEY_EJECTCD', refused(tap(161)), true);
check('keys: alt+sysrq+b', refused([[56, true], [99, true], ...tap(48), [99, false], [56, false]]), true);
check('keys: ctrl+alt+delete', refused([[29, true], [56, true], ...tap(111), [56, false], [29, false]]), true);
check('keys: ctrl+alt+kpdot', refused([[97, true], [100, true], ...tap(83), [100, false], [97, false]]), true);
check('keys: code 0', refused(tap(0)), true);
check('keys: past the keyboard', refused(tap(LAST_CODE + 1)), true);
check('keys: a BTN_ code', refused(tap(0x110)), true);
check('keys: left down', refused([[30, true]]), true);
check('keys: up first', refused([[30, false]]), true);
check('keys: down twice', refused([[30, true], [30, true], [30, false]]), true);
check('keys: too many', refused(Array.from({length: MAX_STROKES / 2 + 1}, () => tap(30)).flat()), true);
check('keys: not an array', refused('30'), true);
check('keys: a stroke of another shape', refused([{code: 30}]), true);

// Callers: transitionctl of GNOME Shell's own user only.
check('caller: the runner', callerRefusal({uid: 1000, pid: 42, exe: '/usr/bin/transitionctl'}, 1000), null);
check('caller: the runner replaced by an upgrade', callerRefusal({uid: 1000, pid: 42, exe: '/usr/bin/transitionctl (deleted)'}, 1000), null);
check('caller: another user', refused2(callerRefusal({uid: 0, pid: 42, exe: '/usr/bin/transitionctl'}, 1000)), true);
check('caller: gdbus', refused2(callerRefusal({uid: 1000, pid: 42, exe: '/usr/bin/gdbus'}, 1000)), true);
check('caller: a name that ends so', refused2(callerRefusal({uid: 1000, pid: 42, exe: '/tmp/not-transitionctl'}, 1000)), true);
check('caller: no process', refused2(callerRefusal({uid: 1000, exe: '/usr/bin/transitionctl'}, 1000)), true);
check('caller: an unreadable exe', refused2(callerRefusal({uid: 1000, pid: 42, exe: null}, 1000)), true);
function refused2(reason) {
    return typeof reason === 'string' && reason.length > 0;
}

// Focus: GNOME's app id without .desktop, none for a window GNOME matched to no application.
check('focus: an application', focusTexts('org.gnome.Terminal.desktop', 'gnome-terminal-server', 'Terminal'),
    ['org.gnome.Terminal', 'gnome-terminal-server', 'Terminal']);
check('focus: no application', focusTexts('window:12', 'foot', 'foot'), ['', 'foot', 'foot']);
check('focus: no window', focusTexts(null, null, null), ['', '', '']);
check('focus: .desktop inside the id stays', focusTexts('a.desktop.b.desktop', null, null), ['a.desktop.b', '', '']);

// The virtual keyboard (a stand-in for Clutter's device): nothing while locked, and no key left
// down when a press fails half-way or the extension is disabled.
const KeyState = {RELEASED: 0, PRESSED: 1};
function presser(locked, failAt = -1, clock = {nowUs: 1e9}) {
    const events = [];
    let calls = 0;
    const keys = new KeyPresser({Main: {sessionMode: {isLocked: locked}}}, () => clock.nowUs);
    keys._Clutter = {KeyState};
    keys._device = {
        notify_key(time, code, state) {
            if (calls++ === failAt)
                throw new Error('the device failed');
            events.push([code, state === KeyState.PRESSED]);
        },
    };
    return [keys, events];
}
async function outcome(promise) {
    try {
        await promise;
        return 'pressed';
    } catch (e) {
        return e instanceof KeyRefused ? `refused: ${e.message}` : `failed: ${e.message}`;
    }
}
{
    const [keys, events] = presser(true);
    check('presser: locked', await outcome(keys.press([[30, true], [30, false]])), 'refused: the screen is locked: no keys are pressed');
    check('presser: locked, nothing pressed', events, []);
}
{
    const [keys, events] = presser(false);
    check('presser: ctrl+a', await outcome(keys.press([[29, true], [30, true], [30, false], [29, false]])), 'pressed');
    check('presser: ctrl+a, in order', events, [[29, true], [30, true], [30, false], [29, false]]);
    check('presser: KEY_POWER', (await outcome(keys.press([[116, true], [116, false]]))).startsWith('refused: KEY_POWER'), true);
    check('presser: KEY_POWER, nothing pressed', events.length, 4);
}
{
    const [keys, events] = presser(false, 2);
    check('presser: a device failing', await outcome(keys.press([[29, true], [56, true], [30, true], [30, false], [56, false], [29, false]])),
        'failed: the device failed');
    check('presser: a device failing leaves nothing down', events, [[29, true], [56, true], [29, false], [56, false]]);
}
{
    const [keys, events] = presser(false);
    keys._held.add(29);
    keys.disable();
    check('presser: disabled with a key down releases it', events, [[29, false]]);
}

// The rate: a burst of BURST strokes, then STROKES_PER_SECOND a second.
{
    const bucket = new StrokeBucket(0);
    check('rate: the burst', bucket.take(BURST, 0), true);
    check('rate: none left', bucket.take(1, 0), false);
    check('rate: a second later, STROKES_PER_SECOND', bucket.take(STROKES_PER_SECOND, 1e6), true);
    check('rate: and no more', bucket.take(1, 1e6), false);
    check('rate: a time before counts as the last', bucket.take(1, 0), false);
    check('rate: an hour later, the burst again, no more', [bucket.take(BURST, 3.6e9), bucket.take(1, 3.6e9)], [true, false]);
    check('rate: more than the burst, never', new StrokeBucket(0).take(BURST + 1, 0), false);
}
{
    const clock = {nowUs: 1e9};
    const [keys, events] = presser(false, -1, clock);
    const ten = Array.from({length: 5}, () => tap(30)).flat();
    const outcomes = [];
    for (let i = 0; i < 13; i++)
        outcomes.push(await outcome(keys.press(ten)));
    check('presser: 12 requests of 10 strokes, then the rate', outcomes.filter(o => o === 'pressed').length, 12);
    check('presser: the 13th refused', outcomes[12].startsWith('refused: rate limit'), true);
    check('presser: the refused one pressed nothing', events.length, 120);
    clock.nowUs += 1e6;
    check('presser: a second later, again', await outcome(keys.press(ten)), 'pressed');
}

finish('tests/gnome/runner-unit.js');
