// SPDX-License-Identifier: MIT
#pragma once
// X11 through xcb: EWMH focus (xproto), XTEST key presses (xcb-xtest), and the server's keymap
// read by xkbcommon-x11 (which needs the XKB extension, xcb-xkb).
#include <xcb/xcb.h>
#include <xcb/xproto.h>
#include <xcb/xtest.h>
#include <xkbcommon/xkbcommon-x11.h>
