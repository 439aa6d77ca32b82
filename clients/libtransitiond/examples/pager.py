#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""libtransitiond from Python (PyGObject): subscribe, declare a paged transition, animate it.

    pager.py [--socket PATH] [--exit-after N]

Declares `pager`, three pages driven by a three-finger swipe (left: the next page, right: the
previous one), prints the position while the fingers move, then runs each `ended` animation
itself at 60 frames per second and prints it: the value a shell would give its workspace strip.
Needs gir1.2-transitiond-1.0 (or GI_TYPELIB_PATH pointing at a build) and python3-gi.
"""
import argparse

import gi

gi.require_version("Transitiond", "1.0")
from gi.repository import GLib, Transitiond  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--socket")
parser.add_argument("--exit-after", type=int, default=0, help="exit after this many completions")
args = parser.parse_args()

loop = GLib.MainLoop()
client = Transitiond.Client.new(args.socket)
client.subscribe(None, None, 0)
animation = None  # the running `ended`, sampled by a 60 Hz timer while there is one
completions = 0


def declared(client, result):
    try:
        print("declared pager:", " ".join(client.declare_finish(result)), flush=True)
    except GLib.Error as error:  # an older transitiond: the configured transitions still play
        print("declare refused:", error.message, flush=True)


client.declare_async("pager", ["swipe3-left"], 3, 0, None, None, declared)


def tick():
    if animation is None:
        return GLib.SOURCE_REMOVE
    value = animation.sample_value(GLib.get_monotonic_time())  # at a GTK frame: the frame's time
    print(f"animating {animation.props.transition} {value:.6f}", flush=True)
    return GLib.SOURCE_CONTINUE


def on_ended(client, event):
    global animation
    print(f"ended {event.props.transition} {event.props.outcome} {event.get_from():.6f} -> {event.get_to():.6f}",
          flush=True)
    if animation is None:
        GLib.timeout_add(16, tick)
    animation = event


def on_completed(client, event):
    global animation, completions
    animation = None
    print(f"completed {event.props.transition} {event.props.progress:.6f}", flush=True)
    completions += 1
    if args.exit_after and completions >= args.exit_after:
        loop.quit()


client.connect("connected", lambda c, hello: print("connected", hello.get_string_member("server"), flush=True))
client.connect("disconnected", lambda c, error: print("disconnected:", error.message, flush=True))
client.connect("updated", lambda c, e: print(f"updated {e.props.transition} {e.props.progress:.6f}", flush=True))
client.connect("ended", on_ended)
client.connect("completed", on_completed)
loop.run()
