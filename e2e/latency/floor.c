/* The latency floor: the least any libinput consumer can do with a touchpad swipe.
 *
 * A bare libinput path-backend loop on one device node that blocks in poll(), dispatches, and for
 * every gesture update takes CLOCK_MONOTONIC and prints "<ns> <event>". transitiond's latency is
 * compared against this loop run in the same VM boot (e2e/latency/run): whatever the daemon adds
 * on top (engine, JSON, socket, the client's wake-up) is the difference.
 *
 *   cc -O2 -o floor floor.c $(pkg-config --cflags --libs libinput)
 *   floor /dev/input/eventN > times      (stops on SIGTERM/SIGINT)
 */
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_signal(int signo) { (void)signo; stop = 1; }

static int open_restricted(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
static void close_restricted(int fd, void *data) { (void)data; close(fd); }
static const struct libinput_interface interface = { open_restricted, close_restricted };

static unsigned long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor /dev/input/eventN\n"); return 2; }
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    struct libinput *li = libinput_path_create_context(&interface, NULL);
    if (!li || !libinput_path_add_device(li, argv[1])) {
        fprintf(stderr, "floor: cannot open %s with libinput\n", argv[1]);
        return 1;
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
            switch (libinput_event_get_type(ev)) {
            case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: printf("%llu begin\n", t); break;
            case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: printf("%llu update\n", t); break;
            case LIBINPUT_EVENT_GESTURE_SWIPE_END: printf("%llu end\n", t); break;
            default: break;
            }
            libinput_event_destroy(ev);
        }
    }
    fflush(stdout);
    libinput_unref(li);
    return 0;
}
