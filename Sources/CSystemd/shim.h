// SPDX-License-Identifier: MIT
#pragma once
#include <systemd/sd-daemon.h>
#include <systemd/sd-login.h>
#include <systemd/sd-bus.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>

// sd-bus reads and writes messages through variadic functions, which Swift cannot call: the
// few transitiond needs (a logind session's LockedHint) are wrapped here.

/// Asks logind for a session's LockedHint (org.freedesktop.DBus.Properties.Get) without waiting:
/// `callback` gets the reply, to be read with `csystemd_read_locked_hint_reply`.
static inline int csystemd_get_locked_hint_async(sd_bus *bus, const char *path,
                                                 sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, NULL, "org.freedesktop.login1", path,
                                    "org.freedesktop.DBus.Properties", "Get", callback, userdata,
                                    "ss", "org.freedesktop.login1.Session", "LockedHint");
}

/// Reads the reply to that Get: 1 locked, 0 not, or a negative errno (an error reply included).
static inline int csystemd_read_locked_hint_reply(sd_bus_message *m) {
    if (sd_bus_message_is_method_error(m, NULL)) {
        int e = sd_bus_message_get_errno(m);
        return e > 0 ? -e : -EIO;
    }
    int locked = 0;
    int r = sd_bus_message_read(m, "v", "b", &locked);
    return r < 0 ? r : (locked ? 1 : 0);
}

/// Reads a PropertiesChanged signal (interface, changed a{sv}, invalidated as): 1 with `*locked`
/// set when it carries LockedHint, 2 when it invalidates LockedHint, 0 when it does neither, or
/// a negative errno for a message of another shape.
static inline int csystemd_read_locked_hint_change(sd_bus_message *m, int *locked) {
    const char *interface = NULL;
    int r = sd_bus_message_read(m, "s", &interface);
    if (r < 0) return r;
    if (!interface || strcmp(interface, "org.freedesktop.login1.Session") != 0) return 0;
    r = sd_bus_message_enter_container(m, 'a', "{sv}");
    if (r < 0) return r;
    int found = 0;
    while ((r = sd_bus_message_enter_container(m, 'e', "sv")) > 0) {
        const char *name = NULL;
        r = sd_bus_message_read(m, "s", &name);
        if (r < 0) return r;
        if (name && strcmp(name, "LockedHint") == 0) {
            r = sd_bus_message_read(m, "v", "b", locked);
            found = 1;
        } else {
            r = sd_bus_message_skip(m, "v");
        }
        if (r < 0) return r;
        r = sd_bus_message_exit_container(m);
        if (r < 0) return r;
    }
    if (r < 0) return r;
    r = sd_bus_message_exit_container(m);
    if (r < 0 || found) return r < 0 ? r : found;
    r = sd_bus_message_enter_container(m, 'a', "s");
    if (r < 0) return r;
    const char *name = NULL;
    while ((r = sd_bus_message_read(m, "s", &name)) > 0)
        if (name && strcmp(name, "LockedHint") == 0) found = 2;
    return r < 0 ? r : found;
}

/// Reads logind's PrepareForSleep signal (b start): 1 going to sleep, 0 back from it, or a
/// negative errno.
static inline int csystemd_read_prepare_for_sleep(sd_bus_message *m) {
    int start = 0;
    int r = sd_bus_message_read(m, "b", &start);
    return r < 0 ? r : (start ? 1 : 0);
}

/// Asks logind for a "delay" inhibitor lock on sleep (org.freedesktop.login1.Manager.Inhibit)
/// without waiting: `callback` gets the reply, to be read with `csystemd_read_inhibit_reply`.
static inline int csystemd_inhibit_sleep_async(sd_bus *bus, const char *who, const char *why,
                                               sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, NULL, "org.freedesktop.login1", "/org/freedesktop/login1",
                                    "org.freedesktop.login1.Manager", "Inhibit", callback, userdata,
                                    "ssss", "sleep", who, why, "delay");
}

/// Reads the reply to Inhibit: the lock's descriptor (a duplicate the caller owns and closes to
/// release the lock), or a negative errno (an error reply included; `*error` then names it).
static inline int csystemd_read_inhibit_reply(sd_bus_message *m, const char **error) {
    *error = NULL;
    if (sd_bus_message_is_method_error(m, NULL)) {
        const sd_bus_error *e = sd_bus_message_get_error(m);
        if (e) *error = e->message ? e->message : e->name;
        int n = sd_bus_message_get_errno(m);
        return n > 0 ? -n : -EIO;
    }
    int fd = -1;
    int r = sd_bus_message_read(m, "h", &fd);
    if (r < 0) return r;
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    return copy < 0 ? -errno : copy;
}

// The session bus, for following focus through KWin (TransitionDesktop's KWinFocusSource).

/// Sends DEST PATH IFACE.MEMBER(s a1) and expects no reply (nothing waits: flush the bus).
static inline int csystemd_send_string(sd_bus *bus, const char *dest, const char *path,
                                       const char *iface, const char *member, const char *a1) {
    return sd_bus_call_method_async(bus, NULL, dest, path, iface, member, NULL, NULL, "s", a1);
}

/// Sends DEST PATH IFACE.MEMBER() and expects no reply (nothing waits: flush the bus).
static inline int csystemd_send_empty(sd_bus *bus, const char *dest, const char *path,
                                      const char *iface, const char *member) {
    return sd_bus_call_method_async(bus, NULL, dest, path, iface, member, NULL, NULL, NULL);
}

/// Reads the next argument as text: a string ("s"), or a byte array ("ay": what KWin 5's
/// scripts pass for QByteArray properties such as resourceClass). `*data` and `*size` point
/// into the message (valid while it lives). Returns 1, or a negative errno (-EBADMSG for any
/// other type, -ENXIO when no argument is left).
static inline int csystemd_read_text(sd_bus_message *m, const void **data, size_t *size) {
    char type = 0;
    const char *contents = NULL;
    int r = sd_bus_message_peek_type(m, &type, &contents);
    if (r < 0) return r;
    if (r == 0) return -ENXIO;
    if (type == 's') {
        const char *s = NULL;
        r = sd_bus_message_read(m, "s", &s);
        if (r < 0) return r;
        *data = s;
        *size = s ? strlen(s) : 0;
        return 1;
    }
    if (type == 'a' && contents && strcmp(contents, "y") == 0) {
        r = sd_bus_message_read_array(m, 'y', data, size);
        return r < 0 ? r : 1;
    }
    return -EBADMSG;
}

/// Appends key strokes as one "a(qb)" argument: `codes[i]` going down when `pressed[i]` is
/// nonzero, else up (what transitiond's GNOME Shell extension presses: GnomeShellKeySender).
static inline int csystemd_append_strokes(sd_bus_message *m, const uint16_t *codes,
                                          const uint8_t *pressed, size_t count) {
    int r = sd_bus_message_open_container(m, 'a', "(qb)");
    for (size_t i = 0; r >= 0 && i < count; i++)
        r = sd_bus_message_append(m, "(qb)", codes[i], (int)(pressed[i] != 0));
    return r < 0 ? r : sd_bus_message_close_container(m);
}

/// Reads three strings ("sss": NameOwnerChanged's name, old owner, new owner).
static inline int csystemd_read_three_strings(sd_bus_message *m, const char **a, const char **b,
                                              const char **c) {
    return sd_bus_message_read(m, "sss", a, b, c);
}

/// Replies to a method call with no arguments.
static inline int csystemd_reply_empty(sd_bus_message *call) {
    return sd_bus_reply_method_return(call, NULL);
}

/// Replies to a method call with org.freedesktop.DBus.Error.AccessDenied and `text`.
static inline int csystemd_reply_access_denied(sd_bus_message *call, const char *text) {
    return sd_bus_reply_method_errorf(call, SD_BUS_ERROR_ACCESS_DENIED, "%s", text);
}

/// Reads a logind session's LockedHint now (org.freedesktop.DBus.Properties.Get on
/// /org/freedesktop/login1/session/ID), waiting at most `timeout_usec`: 1 locked, 0 not, or a
/// negative errno (-ETIMEDOUT when logind did not answer in time). The uinput key service asks
/// this for every request, on a connection of its own that no event loop reads.
static inline int csystemd_get_locked_hint_now(sd_bus *bus, const char *session, uint64_t timeout_usec) {
    char *path = NULL;
    int r = sd_bus_path_encode("/org/freedesktop/login1/session", session, &path);
    if (r < 0) return r;
    sd_bus_message *call = NULL, *reply = NULL;
    r = sd_bus_message_new_method_call(bus, &call, "org.freedesktop.login1", path,
                                       "org.freedesktop.DBus.Properties", "Get");
    free(path);
    if (r < 0) return r;
    r = sd_bus_message_append(call, "ss", "org.freedesktop.login1.Session", "LockedHint");
    if (r >= 0) r = sd_bus_call(bus, call, timeout_usec, NULL, &reply);
    sd_bus_message_unref(call);
    if (r < 0) return r;
    r = csystemd_read_locked_hint_reply(reply);
    sd_bus_message_unref(reply);
    return r;
}
