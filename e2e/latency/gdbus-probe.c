// SPDX-License-Identifier: MIT
/* A GDBus client of transitiond's Touchégg endpoint for latency measurements, written as
 * Touchégg's clients are (g_dbus_connection_new_for_address_sync with AUTHENTICATION_CLIENT, a
 * signal subscription on Touchégg's interface): for every signal it prints
 * "<CLOCK_MONOTONIC ns when the callback ran> <kind>", kind `updated` for OnGestureUpdate,
 * `began` and `ended` for the others, in probe.c's format (without the event's own time, which
 * Touchégg's signals do not carry: analyze.py pairs it with the frame log). Prints "connected"
 * once subscribed; stops on SIGTERM or SIGINT.
 *
 * With WORKER-TIMES, it also writes there, in the same format, when GDBus's worker thread had
 * read and parsed each signal (a connection filter, which runs on that thread before the message
 * is handed to the main context): the latency splits into the sender's part plus GDBus's read,
 * and GDBus's hop from its worker thread to the callback's (docs/performance.md, "The Touchégg
 * endpoint").
 *
 *   cc -O2 -o gdbus-probe gdbus-probe.c $(pkg-config --cflags --libs gio-2.0)
 *   gdbus-probe [ADDRESS [WORKER-TIMES]] > times       (default unix:abstract=touchegg)
 */
#include <gio/gio.h>
#include <glib-unix.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "reader.h"

static void on_signal(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                      const gchar *name, GVariant *parameters, gpointer data) {
    (void)connection; (void)sender; (void)path; (void)interface; (void)parameters; (void)data;
    unsigned long long t = now_ns();
    if (strcmp(name, "OnGestureUpdate") == 0) {
        printf("%llu updated\n", t);
    } else {
        printf("%llu %s\n", t, strcmp(name, "OnGestureBegin") == 0 ? "began" : "ended");
        fflush(stdout);
    }
}

static FILE *worker_times;

/* On GDBus's worker thread, for every message read; only this thread writes worker_times. */
static GDBusMessage *on_message(GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data) {
    (void)connection; (void)data;
    if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_SIGNAL) return message;
    unsigned long long t = now_ns();
    const char *name = g_dbus_message_get_member(message);
    if (name == NULL) return message;
    if (strcmp(name, "OnGestureUpdate") == 0) {
        fprintf(worker_times, "%llu updated\n", t);
    } else {
        fprintf(worker_times, "%llu %s\n", t, strcmp(name, "OnGestureBegin") == 0 ? "began" : "ended");
        fflush(worker_times);
    }
    return message;
}

static gboolean on_stop(gpointer loop) {
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    const char *address = argc > 1 ? argv[1] : "unix:abstract=touchegg";
    GError *error = NULL;
    GDBusConnection *connection = g_dbus_connection_new_for_address_sync(
        address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT, NULL, NULL, &error);
    if (!connection) {
        fprintf(stderr, "gdbus-probe: %s\n", error->message);
        return 1;
    }
    if (argc > 2) {
        worker_times = fopen(argv[2], "w");
        if (!worker_times) {
            perror(argv[2]);
            return 1;
        }
        g_dbus_connection_add_filter(connection, on_message, NULL, NULL);
    }
    g_dbus_connection_signal_subscribe(connection, NULL, "io.github.joseexposito.Touchegg", NULL,
                                       "/io/github/joseexposito/Touchegg", NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                       on_signal, NULL, NULL);
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    g_unix_signal_add(SIGTERM, on_stop, loop);
    g_unix_signal_add(SIGINT, on_stop, loop);
    printf("connected\n");
    fflush(stdout);
    g_main_loop_run(loop);
    fflush(stdout);
    /* The worker thread may still write: flush, never close. */
    if (worker_times) fflush(worker_times);
    return 0;
}
