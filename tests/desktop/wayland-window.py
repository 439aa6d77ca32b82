#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A GTK 4 window on Wayland with app_id APP and the title "window APP".

    tests/desktop/wayland-window.py APP

GTK 4 takes the xdg_toplevel's app_id from the program name (g_set_prgname) when there is no
GApplication (an application id would need a dot), so "A" gives app_id "A". Prints "ready" once
the window is presented. tests/desktop/kwin uses it rather than foot: foot 1.13.1 (Debian 12)
dies of SIGFPE on KWin's virtual output, whose wl_output.geometry gives a physical size of
-1 × -1 mm (foot divides the pixels by the size in whole inches, which is 0).
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

name = sys.argv[1]
GLib.set_prgname(name)
Gtk.init()
window = Gtk.Window(title=f"window {name}")
window.set_default_size(300, 200)
loop = GLib.MainLoop()
window.connect("close-request", lambda *_: loop.quit())
window.present()
print("ready", flush=True)
loop.run()
