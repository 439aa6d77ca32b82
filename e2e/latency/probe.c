/* A minimal transitiond client for latency measurements: connects to the daemon's socket, sends
 * one request line (the subscription), then blocks in read() and, for every line it receives,
 * prints "<CLOCK_MONOTONIC ns at read> <kind> [<time_us>]" where kind is the line's "event" value
 * and time_us its own timestamp (for `updated`: the input frame's kernel time, CLOCK_MONOTONIC µs)
 * (updated, began, ended, ...). Timestamps are taken as soon as read() returns, before any parsing,
 * so the figure is what a client at its best would see. Only non-update lines are flushed as
 * they come (so a script can wait for the reply to the subscription).
 *
 *   cc -O2 -o probe probe.c
 *   probe SOCKET 'REQUEST-LINE' > times        (stops at EOF, SIGTERM or SIGINT)
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_signal(int signo) { (void)signo; stop = 1; }

static unsigned long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

/* The value of the line's "event" key (or else "type"), or "?". */
static void kind_of(const char *line, char *out, size_t size) {
    static const char *keys[] = { "\"event\":\"", "\"type\":\"" };
    for (size_t k = 0; k < 2; k++) {
        const char *p = strstr(line, keys[k]);
        if (!p) continue;
        p += strlen(keys[k]);
        size_t n = strcspn(p, "\"");
        if (n >= size) n = size - 1;
        memcpy(out, p, n);
        out[n] = 0;
        return;
    }
    snprintf(out, size, "?");
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: probe SOCKET REQUEST-LINE\n"); return 2; }
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s", argv[1]);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        fprintf(stderr, "probe: cannot connect to %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    size_t len = strlen(argv[2]);
    char *request = malloc(len + 2);
    memcpy(request, argv[2], len);
    request[len] = '\n';
    if (write(fd, request, len + 1) != (ssize_t)(len + 1)) { perror("probe: write"); return 1; }
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    static char buf[1 << 16];
    size_t have = 0;
    while (!stop) {
        ssize_t n = read(fd, buf + have, sizeof buf - have - 1);
        unsigned long long t = now_ns();
        if (n < 0) { if (errno == EINTR) continue; perror("probe: read"); break; }
        if (n == 0) break;
        have += (size_t)n;
        buf[have] = 0;
        char *line = buf, *nl;
        while ((nl = memchr(line, '\n', have - (size_t)(line - buf)))) {
            *nl = 0;
            char kind[32];
            kind_of(line, kind, sizeof kind);
            const char *source = strstr(line, "\"time_us\":");
            if (source) {
                printf("%llu %s %llu\n", t, kind, strtoull(source + 10, NULL, 10));
            } else {
                printf("%llu %s\n", t, kind);
            }
            line = nl + 1;
            /* Lines other than updates (hello, reply, lifecycle) are flushed at once so a script
             * can wait for them; updates stay buffered, out of the way of the next one. */
            if (strcmp(kind, "updated") != 0) fflush(stdout);
        }
        have -= (size_t)(line - buf);
        memmove(buf, line, have);
        if (have == sizeof buf - 1) have = 0; /* a line longer than the buffer: drop it */
    }
    fflush(stdout);
    return 0;
}
