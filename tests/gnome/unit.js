// SPDX-License-Identifier: MIT
// The extension's pure part (gnome-shell-extension/core/workspaceGestures.js, overviewGestures.js,
// socketPath.js) under plain gjs, no GNOME Shell, and its GNOME side (the swipe driver, the
// overview's declaration and motions) against stand-ins for GNOME's objects:
//   gjs -m tests/gnome/unit.js  (tests/gnome/run runs it first).

import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import {check, finish} from './checks.js';

import {
    DECLARED_NAME, MAX_DURATION_MS, WorkspaceGestureTracker, animationMs, subscribedDirections,
    workspaceGestures,
} from '../../gnome-shell-extension/core/workspaceGestures.js';
import {socketCandidates} from '../../gnome-shell-extension/core/socketPath.js';
import {
    OVERVIEW_NAME, OVERVIEW_PAGES, overviewGesture, restingPage,
} from '../../gnome-shell-extension/core/overviewGestures.js';
import {GnomeSwipeDriver} from '../../gnome-shell-extension/core/gnomeSwipeDriver.js';
import {OverviewGesture} from '../../gnome-shell-extension/core/overviewGesture.js';
import {TransitiondExtension} from '../../gnome-shell-extension/core/extension.js';


const hello = [
    {name: 'swipe3-left', gestures: [{name: 'swipe3-left'}]},
    {name: 'swipe3-right', gestures: [{name: 'swipe3-right'}]},
    {name: 'both', gestures: [{name: 'swipe3-left'}, {name: 'swipe3-right'}]},
    {name: 'other', gestures: [{name: 'swipe4-left'}]},
    {gestures: 'not a list'},
];
check('natural scrolling: left is forward', workspaceGestures(true), ['swipe3-left', 'swipe3-right']);
check('traditional scrolling: right is forward', workspaceGestures(false), ['swipe3-right', 'swipe3-left']);
check('subscribed directions, natural', [...subscribedDirections(hello, true)], [['swipe3-left', 1], ['swipe3-right', -1]]);
check('subscribed directions, traditional', [...subscribedDirections(hello, false)], [['swipe3-left', -1], ['swipe3-right', 1]]);
check('subscribed directions of nothing', [...subscribedDirections(undefined, true)], []);

check('animation none', animationMs({animation: {type: 'none'}}), 0);
check('animation spring', animationMs({animation: {type: 'spring', duration: 0.371769}}), 372);
check('animation too long', animationMs({animation: {type: 'curve', duration: 1e9}}), MAX_DURATION_MS);
check('animation negative', animationMs({animation: {type: 'curve', duration: -1}}), 0);
check('animation not a number', animationMs({animation: {type: 'curve', duration: 'x'}}), 250);

// Subscribed: left finishes one page on, right cancels back, positions clamped to the strip.
{
    const t = new WorkspaceGestureTracker();
    t.followSubscribed(subscribedDirections(hello, true));
    const pages = {count: 4, current: 1};
    const g = (event, extra) => t.handle({event, transition: 'swipe3-left', gesture: 7, ...extra}, pages);
    check('began', g('began', {interactive: true}), {type: 'begin'});
    check('active', t.active, true);
    check('updated', g('updated', {progress: 0.25}), {type: 'update', position: 1.25});
    check('another gesture ignored', t.handle({event: 'updated', transition: 'swipe3-left', gesture: 8, progress: 0.5}, pages), null);
    check('NaN ignored', g('updated', {progress: 'x'}), null);
    check('ended finish', g('ended', {outcome: 'finish', animation: {type: 'curve', duration: 0.2}}), {type: 'end', target: 2, durationMs: 200});
    check('a catch begins again', g('updated', {progress: 0.5}), {type: 'begin', then: {type: 'update', position: 1.5}});
    check('ended cancel', g('ended', {outcome: 'cancel', animation: {type: 'none'}}), {type: 'end', target: 1, durationMs: 0});
    check('completed', g('completed', {}), null);
    check('idle', t.active, false);
    check('abort when idle', t.abort(), null);
    check('a trigger is not followed', g('began', {interactive: false}), null);
    const r = (event, extra) => t.handle({event, transition: 'swipe3-right', gesture: 9, ...extra}, {count: 4, current: 0});
    r('began', {interactive: true});
    check('right at the first page: clamped', r('updated', {progress: 0.4}), {type: 'update', position: 0});
    check('right finish at the first page stays', r('ended', {outcome: 'finish'}), {type: 'end', target: 0, durationMs: 0});
    r('began', {interactive: true});
    check('abort puts it back', t.abort(), {type: 'end', target: 0, durationMs: 250});
    check('unknown transition', t.handle({event: 'began', transition: 'other', gesture: 1, interactive: true}, pages), null);
    check('transitions', t.transitions, ['swipe3-left', 'swipe3-right']);
}

// Declared: the position and the page come from the daemon, within the strip.
{
    const t = new WorkspaceGestureTracker();
    t.followDeclared();
    const pages = {count: 4, current: 2};
    const d = (event, extra) => t.handle({event, transition: DECLARED_NAME, gesture: 3, ...extra}, pages);
    check('declared began', d('began', {interactive: true, from: 2}), {type: 'begin'});
    check('declared updated', d('updated', {progress: 2.6}), {type: 'update', position: 2.6});
    check('declared rubber band clamped', d('updated', {progress: 3.04}), {type: 'update', position: 3});
    check('declared ended', d('ended', {outcome: 'finish', page: 3, to: 3, animation: {type: 'spring', duration: 0.38}}),
        {type: 'end', target: 3, durationMs: 380});
    check('a configured transition is not followed', t.handle({event: 'began', transition: 'swipe3-left', gesture: 1, interactive: true}, pages), null);
    check('declared transitions', t.transitions, [DECLARED_NAME]);
}

// The overview: up opens under natural scrolling (GNOME's default), down without it.
check('overview: natural scrolling opens with up', overviewGesture(true), 'swipe3-up');
check('overview: traditional scrolling opens with down', overviewGesture(false), 'swipe3-down');
check('overview: three pages', OVERVIEW_PAGES, 3);
check('overview: resting pages', [0, 1, 2, 1.0000000001, 2.5, 0.4, 3, -1, NaN, 'x'].map(restingPage),
    [0, 1, 2, 1, null, null, 2, 0, null, null]);

// A stand-in for one of GNOME's SwipeTrackers: what it is sent, and a begin handler that
// confirms snap points as GNOME's own handlers do.
function standInTracker(snapPoints, allowedModes) {
    const touchpad = {enabled: true, handlers: 0, connect() {
        this.handlers += 1; return this.handlers;
    }, disconnect() {
        this.handlers -= 1;
    }};
    return {
        enabled: true, _allowedModes: allowedModes, _touchpadGesture: touchpad, signals: [],
        emit(name, ...args) {
            this.signals.push([name, ...args]);
            if (name === 'begin')
                this.confirmSwipe(300, snapPoints, 0, 0);
        },
    };
}

// The swipe driver: pages to GNOME's progress between snap points, GNOME's action modes, take
// and give.
{
    const tracker = standInTracker([0, 0.5, 1], 1);
    const Main = {actionMode: 1, layoutManager: {primaryIndex: 0}};
    const driver = new GnomeSwipeDriver({Main}, () => tracker);
    driver.apply({type: 'begin', then: {type: 'update', position: 1.5}});
    driver.apply({type: 'end', target: 2, durationMs: 120});
    check('driver: begin, update, end', tracker.signals, [['begin', 0], ['update', 0.75], ['end', 120, 1]]);
    check('driver: confirmSwipe put back', 'confirmSwipe' in tracker, false);
    check('driver: not refused', driver.refused, false);
    Main.actionMode = 2;   // a mode the tracker does not act in (the lock screen's)
    driver.apply({type: 'begin'});
    check('driver: refused outside its modes', driver.refused, true);
    driver.apply({type: 'update', position: 1});
    check('driver: nothing sent when refused', tracker.signals.length, 3);
    Main.actionMode = 1;
    tracker.enabled = false;   // GNOME turned its tracker off (a keyboard switch)
    check('driver: refused while its tracker is off', driver.canBegin(), false);
    driver.take();
    check('driver: take turns GNOME\'s swipe off', [driver.taken, tracker._touchpadGesture.enabled], [true, false]);
    driver.give();
    check('driver: give puts back the tracker\'s state', [driver.taken, tracker._touchpadGesture.enabled,
        tracker._touchpadGesture.handlers], [false, false, 0]);
}

// The overview on the connection: declared with its gesture and GNOME's state, driven, kept in
// step when GNOME moves it, put back when the connection goes.
{
    const tracker = standInTracker([0, 1, 2], 3);
    const state = {value: 0, connect(signal, f) {
        this.changed = f; return 1;
    }, disconnect() {
        this.changed = null;
    }};
    const Main = {
        actionMode: 1, layoutManager: {primaryIndex: 0},
        overview: {visible: false, _swipeTracker: tracker, _overview: {controls: {_stateAdjustment: state}}},
    };
    const sent = [];
    const overview = new OverviewGesture({Main, Shell: {}, global: {}});
    overview.enable({send: request => sent.push(request)});
    overview.declare(true);
    check('overview: declared', sent.pop(), {id: 11, request: 'declare', transition: OVERVIEW_NAME,
        gestures: ['swipe3-up'], pages: 3, page: 0});
    check('overview: not taken before the reply', overview.status, {declared: false, taken: false});
    let accepted = 0;
    check('overview: another reply is not its', overview.reply({event: 'reply', id: 1, ok: true}, () => accepted++), false);
    check('overview: its reply', overview.reply({event: 'reply', id: 11, ok: true}, () => accepted++), true);
    overview.take();
    check('overview: accepted, taken', [accepted, overview.status, overview.names],
        [1, {declared: true, taken: true}, [OVERVIEW_NAME]]);
    const o = (event, extra) => overview.handle({event, transition: OVERVIEW_NAME, gesture: 5, ...extra});
    check('overview: a workspace event is not its', overview.handle({event: 'began', transition: 'gnome-workspaces'}), false);
    o('began', {interactive: true, from: 0});
    o('updated', {progress: 0.4});
    state.value = 0.4; Main.overview.visible = true; state.changed();
    check('overview: no update while its gesture moves it', sent.length, 0);
    o('ended', {outcome: 'finish', page: 1, animation: {type: 'spring', duration: 0.3}});
    state.value = 1; state.changed();
    o('completed', {});
    check('overview: GNOME opened it', tracker.signals, [['begin', 0], ['update', 0.4], ['end', 300, 1]]);
    check('overview: no update for its own gesture', sent.length, 0);
    state.value = 2; state.changed();   // the app grid button
    check('overview: the app grid by other means', sent.pop(), {id: 12, request: 'update', transition: OVERVIEW_NAME, page: 2});
    tracker.signals = [];
    o('began', {interactive: true, from: 2, gesture: 6});
    overview.handle({event: 'updated', transition: OVERVIEW_NAME, gesture: 6, progress: 1.5});
    overview.disconnected();
    check('overview: the connection gone mid-swipe: back to where it began', tracker.signals,
        [['begin', 0], ['update', 1.5], ['end', 250, 2]]);
    check('overview: GNOME\'s swipe back', [overview.status, tracker._touchpadGesture.enabled],
        [{declared: false, taken: false}, true]);
    overview.disable();
    check('overview: disabled, nothing watched', state.changed, null);
    overview.declare(false);
    check('overview: nothing sent once disabled', sent.length, 0);
    const traditional = new OverviewGesture({Main, Shell: {}, global: {}});
    traditional.enable({send: request => sent.push(request)});
    traditional.declare(false);
    check('overview: traditional scrolling declares down, at the app grid', [sent[0].gestures, sent[0].page], [['swipe3-down'], 2]);
    traditional.disable();
}

// The connection's messages through the extension (its connection and GNOME's settings stood in
// for): both declared on hello, the union subscribed as each is accepted, a paused delivery
// gives GNOME both gestures (the daemon withdrew the declarations), a resumed one declares again.
{
    const workspaces = standInTracker([0, 1, 2, 3], 1);
    const overview = standInTracker([0, 1, 2], 3);
    const state = {value: 0, connect() {
        return 1;
    }, disconnect() {}};
    const Main = {
        actionMode: 1, layoutManager: {primaryIndex: 0},
        wm: {_workspaceAnimation: {_swipeTracker: workspaces}},
        overview: {visible: false, _swipeTracker: overview, _overview: {controls: {_stateAdjustment: state}}},
    };
    const global = {workspace_manager: {get_n_workspaces: () => 4, get_active_workspace_index: () => 1}};
    const extension = new TransitiondExtension({Main, Shell: {}, global});
    const sent = [];
    const client = {connected: true, send: request => sent.push(request)};
    extension._client = client;
    extension._touchpad = {get_boolean: () => true};
    extension._overview.enable(client);
    const message = m => extension._message(m);
    message({event: 'hello', transitions: []});
    check('extension: hello declares both', sent.splice(0).map(r => [r.id, r.request, r.transition, r.gestures, r.page]),
        [[1, 'declare', 'gnome-workspaces', ['swipe3-left'], 1], [11, 'declare', 'gnome-overview', ['swipe3-up'], 0]]);
    message({event: 'reply', id: 1, ok: true});
    check('extension: the workspaces accepted', sent.splice(0).map(r => [r.request, r.transitions]),
        [['subscribe', ['gnome-workspaces']]]);
    message({event: 'reply', id: 11, ok: true});
    check('extension: the overview accepted: the union', sent.splice(0).map(r => [r.request, r.transitions]),
        [['subscribe', ['gnome-workspaces', 'gnome-overview']]]);
    check('extension: both taken', [extension.status.taken, extension.status.overview.taken,
        workspaces._touchpadGesture.enabled, overview._touchpadGesture.enabled], [true, true, false, false]);
    message({event: 'began', transition: 'gnome-overview', gesture: 1, interactive: true, from: 0});
    message({event: 'updated', transition: 'gnome-overview', gesture: 1, progress: 0.5});
    check('extension: an overview event reaches the overview only', [overview.signals, workspaces.signals],
        [[['begin', 0], ['update', 0.5]], []]);
    message({event: 'delivery', state: 'paused'});
    check('extension: paused: both given back, the overview put back', [extension.status.taken,
        extension.status.overview, overview.signals.at(-1), workspaces._touchpadGesture.enabled],
    [false, {declared: false, taken: false}, ['end', 250, 0], true]);
    check('extension: paused: nothing declared', [extension.status.mode, sent.length], [null, 0]);
    message({event: 'delivery', state: 'resumed'});
    check('extension: resumed: both declared again', sent.splice(0).map(r => [r.request, r.transition]),
        [['declare', 'gnome-workspaces'], ['declare', 'gnome-overview']]);
    // A daemon that refuses the workspaces' declaration as invalid (read as one without
    // `declare`) but took the overview's: one subscription covers both.
    message({event: 'reply', id: 11, ok: true});
    sent.splice(0);
    extension._hello = {transitions: [{name: 'swipe3-left', gestures: [{name: 'swipe3-left'}]}]};
    message({event: 'reply', id: 1, ok: false, error: {code: 'invalid_request'}});
    check('extension: subscribed and declared together', sent.splice(0).map(r => r.transitions),
        [['swipe3-left', 'gnome-overview']]);
    extension._overview.disable();
}

const env = vars => name => vars[name] ?? null;
check('socket: $TRANSITIOND_SOCKET alone', socketCandidates(env({TRANSITIOND_SOCKET: '/x.sock', XDG_RUNTIME_DIR: '/run/user/1'})), ['/x.sock']);
check('socket: the user\'s, then the system\'s', socketCandidates(env({XDG_RUNTIME_DIR: '/run/user/1'})),
    ['/run/user/1/transitiond/transitiond.sock', '/run/transitiond/transitiond.sock']);
check('socket: the system\'s', socketCandidates(env({})), ['/run/transitiond/transitiond.sock']);

// GNOME 45+'s entry point (entry/module.js), loaded with stand-ins for GNOME Shell's modules
// (main.js, extension.js, the Shell typelib; no GNOME Shell 45 here): it must parse, load the core through its relative
// import, and export an Extension subclass whose status is null while disabled.
{
    const here = Gio.File.new_for_uri(import.meta.url).get_parent();
    const tree = here.get_parent().get_parent().get_child('gnome-shell-extension');
    const dir = GLib.dir_make_tmp('transitiond-gnome-unit.XXXXXX');
    const write = (name, text) => GLib.file_set_contents(`${dir}/${name}`, text);
    write('main.js', 'export const wm = null;\n');
    write('shell.js', 'export default {ActionMode: {NORMAL: 1}};\n');
    write('extension.js', 'export class Extension { constructor(metadata) { this.metadata = metadata; } }\n');
    const [, bytes] = GLib.file_get_contents(tree.get_child('entry').get_child('module.js').get_path());
    const source = new TextDecoder().decode(bytes)
        .replace('gi://Shell', `file://${dir}/shell.js`)
        .replace('resource:///org/gnome/shell/ui/main.js', `file://${dir}/main.js`)
        .replace('resource:///org/gnome/shell/extensions/extension.js', `file://${dir}/extension.js`)
        .replace('./core/extension.js', tree.get_child('core').get_child('extension.js').get_uri());
    write('entry.js', source);
    try {
        const [module, stand] = await Promise.all([import(`file://${dir}/entry.js`), import(`file://${dir}/extension.js`)]);
        const extension = new module.default({uuid: 'x'});
        check('45+ entry: an Extension', extension instanceof stand.Extension, true);
        check('45+ entry: status while disabled', extension.status, null);
        check('45+ entry: enable and disable', [typeof extension.enable, typeof extension.disable], ['function', 'function']);
    } catch (e) {
        check(`45+ entry loads (${e})`, false, true);
    }
    for (const name of ['main.js', 'shell.js', 'extension.js', 'entry.js'])
        GLib.unlink(`${dir}/${name}`);
    GLib.rmdir(dir);
}

finish('tests/gnome/unit.js');
