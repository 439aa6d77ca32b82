// SPDX-License-Identifier: MIT
// The one check of the extension's gjs tests (tests/gnome/unit.js, runner-unit.js): each
// comparison by JSON, each failure said on stderr, and the tally at the end.

import System from 'system';

let failures = 0;
let checks = 0;

/** Checks that `actual` is `expected` (compared as JSON); says what differs when not. */
export function check(what, actual, expected) {
    checks += 1;
    const a = JSON.stringify(actual), e = JSON.stringify(expected);
    if (a !== e) {
        failures += 1;
        printerr(`FAIL ${what}: ${a}, expected ${e}`);
    }
}

/** Prints `name: N of M checks passed`, and exits 1 if any failed. */
export function finish(name) {
    print(`${name}: ${checks - failures} of ${checks} checks passed`);
    if (failures > 0)
        System.exit(1);
}
