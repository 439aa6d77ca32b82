// SPDX-License-Identifier: MIT
/* A minimal transitiond client for latency measurements: connects to the daemon's socket, sends
 * one request line (the subscription), then blocks in read() and, for every line it receives,
 * prints "<CLOCK_MONOTONIC ns at read> <kind> [<time_us>]" where kind is the line's "event" value
 * and time_us its own timestamp (for `updated`: the input frame's kernel time, CLOCK_MONOTONIC µs)
 * (updated, began, ended, ...). Timestamps are taken as soon as read() returns, before any parsing,
 * so the figure is what a client at its best would see. Only non-update lines are flushed as
 * they come (so a script can wait for the reply to the subscription).
 *
 * With -p N it is N passive subscribers instead, in one process: each connection sends the
 * request, and every 50 ms all of them are drained without timestamps. They make the server do
 * its full fan-out (a line written to each subscriber per update) without N processes to wake per
 * update, which on a machine with few (or emulated) CPUs would measure the readers, not the server.
 *
 *   cc -O2 -o probe probe.c
 *   probe SOCKET 'REQUEST-LINE' > times        (stops at EOF, SIGTERM or SIGINT)
 *   probe -p N SOCKET 'REQUEST-LINE'           (prints "subscribed N" once every one has a reply)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "reader.h"

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

static int connect_and_request(const char *path, const char *line) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        fprintf(stderr, "probe: cannot connect to %s: %s\n", path, strerror(errno));
        exit(1);
    }
    size_t len = strlen(line);
    char *request = malloc(len + 2);
    memcpy(request, line, len);
    request[len] = '\n';
    if (write(fd, request, len + 1) != (ssize_t)(len + 1)) { perror("probe: write"); exit(1); }
    free(request);
    return fd;
}

/* -p N: N passive subscribers, drained every 50 ms. */
static int passive(int n, const char *path, const char *line) {
    int *fds = calloc((size_t)n, sizeof *fds), *replied = calloc((size_t)n, sizeof *replied);
    static char buf[1 << 16];
    for (int i = 0; i < n; i++) {
        fds[i] = connect_and_request(path, line);
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    }
    int announced = 0;
    while (!stop) {
        int ready = 0;
        for (int i = 0; i < n; i++) {
            ssize_t r;
            while ((r = read(fds[i], buf, sizeof buf)) > 0)
                if (!replied[i] && memmem(buf, (size_t)r, "\"reply\"", 7)) replied[i] = 1;
            if (r == 0) { fprintf(stderr, "probe: subscriber %d closed\n", i); return 1; }
            ready += replied[i];
        }
        if (!announced && ready == n) { printf("subscribed %d\n", n); fflush(stdout); announced = 1; }
        usleep(50000);
    }
    return 0;
}

int main(int argc, char **argv) {
    stop_on_signals();
    if (argc == 5 && strcmp(argv[1], "-p") == 0) return passive(atoi(argv[2]), argv[3], argv[4]);
    if (argc != 3) { fprintf(stderr, "usage: probe [-p N] SOCKET REQUEST-LINE\n"); return 2; }
    int fd = connect_and_request(argv[1], argv[2]);
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
