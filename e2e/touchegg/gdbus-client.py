#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A client of transitiond's Touchégg endpoint as Touchégg's clients are written: GLib's GDBus
(Debian's python3-gi), a peer-to-peer connection to unix:abstract=touchegg authenticated with
EXTERNAL, a signal subscription on Touchégg's interface and object. Writes one JSON line per
event to OUT:

  {"event": "connected", "introspection": {...}, "pid": N}    after connecting (introspection
                                                    checked; N: this process, to end it by)
  {"event": "refused", "error": "..."}              the connection failed (exit status 2)
  {"event": "signal", "name": "OnGestureBegin", "signature": "(uudiut)", "args": [...], "t": ...}
  {"event": "closed"}                               the daemon closed the connection

  gdbus-client.py OUT [--address ADDR] [--quit-after NAME] [--timeout SECONDS] [--retry SECONDS]

--quit-after NAME closes the connection right after the first signal NAME (a client that goes
away mid-gesture); --timeout (default 900 s) only bounds a client nobody stops: a loaded, emulated
VM can take minutes over a scenario's gestures; --retry keeps trying to connect for that long, every 0.2 s (a client that
starts before the daemon, as Touchégg's clients do every 5 s).
"""
import argparse
import json
import os
import sys
import time

from gi.repository import Gio, GLib

INTERFACE = "io.github.joseexposito.Touchegg"
PATH = "/io/github/joseexposito/Touchegg"

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--address", default="unix:abstract=touchegg")
parser.add_argument("--quit-after")
parser.add_argument("--timeout", type=float, default=900)
parser.add_argument("--retry", type=float, default=0)
args = parser.parse_args()
out = open(args.out, "a", buffering=1)


def emit(**fields):
    out.write(json.dumps(fields) + "\n")


deadline = time.monotonic() + args.retry
while True:
    try:
        conn = Gio.DBusConnection.new_for_address_sync(
            args.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
        break
    except GLib.Error as error:
        if time.monotonic() < deadline:
            time.sleep(0.2)
            continue
        emit(event="refused", error=error.message)
        sys.exit(2)

# Introspection, as Touchégg's daemon answers it: the interface and its three signals.
xml = conn.call_sync(None, PATH, "org.freedesktop.DBus.Introspectable", "Introspect",
                     None, GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
node = Gio.DBusNodeInfo.new_for_xml(xml)
iface = node.lookup_interface(INTERFACE)
introspection = {
    s.name: "(" + "".join(a.signature for a in s.args) + ")" for s in (iface.signals if iface else [])
}
conn.call_sync(None, PATH, "org.freedesktop.DBus.Peer", "Ping", None, None, Gio.DBusCallFlags.NONE, 5000, None)
emit(event="connected", introspection=introspection, pid=os.getpid())

loop = GLib.MainLoop()


def on_signal(connection, sender, path, interface, name, params):
    emit(event="signal", name=name, signature=params.get_type_string(), args=list(params.unpack()),
         t=time.monotonic())
    if args.quit_after and name == args.quit_after:
        connection.close_sync(None)
        emit(event="quit")
        loop.quit()


def on_closed(connection, remote_vanished, error):
    emit(event="closed")
    loop.quit()


conn.signal_subscribe(None, INTERFACE, None, PATH, None, Gio.DBusSignalFlags.NONE, on_signal)
conn.connect("closed", on_closed)
GLib.timeout_add(int(args.timeout * 1000), loop.quit)
loop.run()
