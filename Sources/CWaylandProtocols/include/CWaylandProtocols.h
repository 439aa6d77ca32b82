// SPDX-License-Identifier: MIT
#pragma once
// The interface tables that wayland-scanner generates at build time from protocols/*.xml (the
// WaylandScanner plugin, `private-code`). Swift sends requests and reads events through them with
// libwayland's non-variadic calls (wl_proxy_marshal_array_flags, wl_proxy_add_dispatcher), naming
// requests and events as the XML does; the linker checks these names against the generated code.
// (Both this module and CWayland include libwayland's headers: Swift files import both, since
// either may own a libwayland declaration.)
#include <wayland-client.h>

// wlr-foreign-toplevel-management-unstable-v1.xml
extern const struct wl_interface zwlr_foreign_toplevel_manager_v1_interface;
extern const struct wl_interface zwlr_foreign_toplevel_handle_v1_interface;
// virtual-keyboard-unstable-v1.xml
extern const struct wl_interface zwp_virtual_keyboard_manager_v1_interface;
extern const struct wl_interface zwp_virtual_keyboard_v1_interface;

// Their addresses, which is how libwayland takes them (Swift imports a const global as a value).
static inline const struct wl_interface *cwayland_foreign_toplevel_manager(void) { return &zwlr_foreign_toplevel_manager_v1_interface; }
static inline const struct wl_interface *cwayland_foreign_toplevel_handle(void) { return &zwlr_foreign_toplevel_handle_v1_interface; }
static inline const struct wl_interface *cwayland_virtual_keyboard_manager(void) { return &zwp_virtual_keyboard_manager_v1_interface; }
static inline const struct wl_interface *cwayland_virtual_keyboard(void) { return &zwp_virtual_keyboard_v1_interface; }
static inline const struct wl_interface *cwayland_seat(void) { return &wl_seat_interface; }
static inline const struct wl_interface *cwayland_keyboard(void) { return &wl_keyboard_interface; }

/// An anonymous memory file (memfd_create, close-on-exec and sealable) for a keymap upload;
/// -1 with errno set on failure.
int cwayland_memfd(const char *name);
