#!/usr/bin/gjs -m
// SPDX-License-Identifier: MIT
// libtransitiond from GJS: subscribe, declare a paged transition, animate it.
//
//   pager.js [--socket PATH] [--exit-after N]
//
// Declares `pager`, three pages driven by a three-finger swipe (left: the next page, right:
// the previous one), prints the position while the fingers move, then runs each `ended`
// animation itself at 60 frames per second and prints it. AGS/Astal and GNOME Shell
// extensions import it the same way (gir1.2-transitiond-1.0).
import GLib from 'gi://GLib';
import Transitiond from 'gi://Transitiond?version=1.0';
import {programArgs} from 'system';

const option = name => {
    const i = programArgs.indexOf(name);
    return i >= 0 ? programArgs[i + 1] : null;
};
const exitAfter = Number(option('--exit-after') ?? 0);
const loop = new GLib.MainLoop(null, false);
const client = Transitiond.Client.new(option('--socket'));
let animation = null; // the running `ended`, sampled by a 60 Hz timer
let completions = 0;

client.subscribe(null, null, 0);
client.declare_async('pager', ['swipe3-left'], 3, 0, null, null, (c, result) => {
    try {
        print(`declared pager: ${c.declare_finish(result).join(' ')}`);
    } catch (e) { // an older transitiond: the configured transitions still play
        print(`declare refused: ${e.message}`);
    }
});

client.connect('connected', (c, hello) => print(`connected ${hello.get_string_member('server')}`));
client.connect('disconnected', (c, error) => print(`disconnected: ${error.message}`));
client.connect('updated', (c, e) => print(`updated ${e.transition} ${e.progress.toFixed(6)}`));
client.connect('ended', (c, e) => {
    print(`ended ${e.transition} ${e.outcome} ${e.from.toFixed(6)} -> ${e.to.toFixed(6)}`);
    if (animation === null) {
        GLib.timeout_add(GLib.PRIORITY_DEFAULT, 16, () => {
            if (animation === null)
                return GLib.SOURCE_REMOVE;
            const value = animation.sample_value(GLib.get_monotonic_time());
            print(`animating ${animation.transition} ${value.toFixed(6)}`);
            return GLib.SOURCE_CONTINUE;
        });
    }
    animation = e;
});
client.connect('completed', (c, e) => {
    animation = null;
    print(`completed ${e.transition} ${e.progress.toFixed(6)}`);
    if (exitAfter > 0 && ++completions >= exitAfter)
        loop.quit();
});
loop.run();
