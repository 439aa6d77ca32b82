// SPDX-License-Identifier: MIT
/* The latency floor: the least any libinput consumer can do with a touchpad swipe.
 *
 * A bare libinput path-backend loop on one device node that blocks in poll(), dispatches, and for
 * every swipe event takes CLOCK_MONOTONIC and prints "<ns> <kind> <µs>": the time it got the event,
 * begin/updated/end, and the event's own time (the kernel's timestamp of the evdev frame it came
 * from, CLOCK_MONOTONIC µs, which transitiond passes on as `time_us`). transitiond's latency is
 * compared against this loop run in the same VM boot (e2e/latency/run): whatever the daemon adds
 * on top (engine, JSON, socket, the client's wake-up) is the difference.
 *
 * With a SOCKET argument it is the floor of any client/server design instead: it listens there,
 * takes one client (e2e/latency/probe.c), answers it a `reply` line, and relays each update to it
 * as a line {"event":"updated","time_us":N}: libinput plus one socket hop and the client's wake-up,
 * and nothing else. transitiond's own share is its latency above this one.
 *
 *   cc -O2 -o floor floor.c $(pkg-config --cflags --libs libinput)
 *   floor /dev/input/eventN [SOCKET] > times      (stops on SIGTERM/SIGINT)
 */
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "reader.h"

static int open_restricted(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
static void close_restricted(int fd, void *data) { (void)data; close(fd); }
static const struct libinput_interface interface = { open_restricted, close_restricted };

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) { fprintf(stderr, "usage: floor /dev/input/eventN [SOCKET]\n"); return 2; }
    stop_on_signals();
    struct libinput *li = libinput_path_create_context(&interface, NULL);
    if (!li || !libinput_path_add_device(li, argv[1])) {
        fprintf(stderr, "floor: cannot open %s with libinput\n", argv[1]);
        return 1;
    }
    int client = -1;
    if (argc == 3) {
        int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un addr = { .sun_family = AF_UNIX };
        snprintf(addr.sun_path, sizeof addr.sun_path, "%s", argv[2]);
        unlink(argv[2]);
        if (listener < 0 || bind(listener, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(listener, 1) < 0) {
            perror("floor: listen");
            return 1;
        }
        fprintf(stderr, "floor: listening on %s\n", argv[2]);
        client = accept(listener, NULL, NULL);
        static const char reply[] = "{\"event\":\"reply\"}\n";
        if (client < 0 || write(client, reply, sizeof reply - 1) < 0) { perror("floor: accept"); return 1; }
    }
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    fprintf(stderr, "floor: reading %s\n", argv[1]);
    struct pollfd pfd = { .fd = libinput_get_fd(li), .events = POLLIN };
    while (!stop) {
        if (poll(&pfd, 1, -1) < 0) { if (errno == EINTR) continue; perror("poll"); break; }
        libinput_dispatch(li);
        struct libinput_event *ev;
        while ((ev = libinput_get_event(li))) {
            unsigned long long t = now_ns();
            enum libinput_event_type type = libinput_event_get_type(ev);
            const char *kind = type == LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN ? "begin"
                : type == LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE ? "updated"
                : type == LIBINPUT_EVENT_GESTURE_SWIPE_END ? "end" : NULL;
            if (kind) {
                struct libinput_event_gesture *g = libinput_event_get_gesture_event(ev);
                unsigned long long source = libinput_event_gesture_get_time_usec(g);
                printf("%llu %s %llu\n", t, kind, source);
                if (client >= 0 && type == LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE) {
                    char line[64];
                    int n = snprintf(line, sizeof line, "{\"event\":\"updated\",\"time_us\":%llu}\n", source);
                    if (send(client, line, (size_t)n, MSG_NOSIGNAL) != n) { perror("floor: send"); stop = 1; }
                }
            }
            libinput_event_destroy(ev);
        }
    }
    fflush(stdout);
    libinput_unref(li);
    return 0;
}
