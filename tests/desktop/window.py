#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A Tk window with a given WM_CLASS that prints every key it receives, one keysym a line.

    tests/desktop/window.py CLASS

WM_CLASS is ("CLASS", "CLASS"): Tk takes the class from className, and the instance from
sys.argv[0] unless -name is given, so both are set here. Prints "ready" once mapped.
"""
import sys
import tkinter

name = sys.argv[1]
sys.argv[0] = name  # Tk's instance name (WM_CLASS's first string)
root = tkinter.Tk(className=name)
root.title(f"{name} window")
root.geometry("300x200")


def key(event):
    print(f"key {event.keysym} state {event.state}", flush=True)


root.bind("<KeyPress>", key)
root.after(100, lambda: print("ready", flush=True))
root.mainloop()
