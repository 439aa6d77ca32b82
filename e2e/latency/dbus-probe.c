// SPDX-License-Identifier: MIT
/* A D-Bus peer client of a Touchégg endpoint with no D-Bus library: it authenticates (EXTERNAL,
 * the uid), says BEGIN, then blocks in read() and, for every whole signal in what it read,
 * prints "<CLOCK_MONOTONIC ns at read> <kind>" in gdbus-probe.c's format (kind `updated` for
 * OnGestureUpdate, `began` and `ended` for the others). The time is taken as read() returns,
 * before any parsing, as probe.c does for the native socket: what it measures is the sending
 * daemon's part alone (its input, its work, its write and the socket), without a client library's
 * read, parse and thread hop. Against gdbus-probe's worker-thread times for the same daemon, it
 * splits a GDBus client's latency into the daemon's part and GDBus's (docs/performance.md, "The
 * Touchégg endpoint"). Prints "connected" once authenticated; stops at EOF, SIGTERM or SIGINT.
 *
 *   cc -O2 -o dbus-probe dbus-probe.c
 *   dbus-probe [ABSTRACT-NAME (default touchegg)] > times
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "reader.h"

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

static uint32_t u32(const unsigned char *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
                  : (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
}

/* The MEMBER header field (code 3, a string) of the message at m, whose header fields end at
 * end; "" when absent. Each field is a struct (byte code, variant), aligned to 8 from the start
 * of the message. */
static const char *member(const unsigned char *m, size_t end, int little) {
    size_t at = 16;
    while (at + 4 <= end) {
        unsigned code = m[at];
        size_t sig_len = m[at + 1];
        const char *sig = (const char *)m + at + 2;
        size_t value = at + 2 + sig_len + 1;
        size_t next;
        if (sig_len == 1 && (sig[0] == 's' || sig[0] == 'o')) {
            value = (value + 3) & ~(size_t)3;
            if (value + 4 > end) return "";
            uint32_t len = u32(m + value, little);
            if (code == 3) return (const char *)m + value + 4;
            next = value + 4 + len + 1;
        } else if (sig_len == 1 && sig[0] == 'g') {
            next = value + 1 + m[value] + 1;
        } else if (sig_len == 1 && sig[0] == 'u') {
            next = ((value + 3) & ~(size_t)3) + 4;
        } else {
            return "";
        }
        at = align8(next);
    }
    return "";
}

int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "touchegg";
    stop_on_signals();
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    size_t name_len = strlen(name);
    if (fd < 0 || name_len + 1 > sizeof address.sun_path) return 1;
    memcpy(address.sun_path + 1, name, name_len);
    if (connect(fd, (struct sockaddr *)&address, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + name_len)) < 0) {
        perror("dbus-probe: connect");
        return 1;
    }
    /* The credentials byte, then EXTERNAL with the uid in hex-encoded decimal, then BEGIN. */
    char uid[32], hex[64], auth[128];
    snprintf(uid, sizeof uid, "%u", (unsigned)getuid());
    for (size_t i = 0; uid[i]; i++) snprintf(hex + 2 * i, 3, "%02x", (unsigned char)uid[i]);
    int n = snprintf(auth, sizeof auth, "%cAUTH EXTERNAL %s\r\n", 0, hex);
    if (write(fd, auth, (size_t)n) != n) return 1;
    char reply[256];
    ssize_t got = read(fd, reply, sizeof reply - 1);
    if (got < 3 || strncmp(reply, "OK ", 3) != 0) {
        fprintf(stderr, "dbus-probe: the server did not accept EXTERNAL (%.*s)\n", got > 0 ? (int)got : 0, reply);
        return 1;
    }
    if (write(fd, "BEGIN\r\n", 7) != 7) return 1;
    printf("connected\n");
    fflush(stdout);

    static unsigned char buffer[1 << 16];
    size_t have = 0;
    while (!stop) {
        ssize_t r = read(fd, buffer + have, sizeof buffer - have);
        unsigned long long t = now_ns();
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        have += (size_t)r;
        size_t at = 0;
        while (have - at >= 16) {
            const unsigned char *m = buffer + at;
            int little = m[0] == 'l';
            size_t fields_end = 16 + u32(m + 12, little);
            size_t total = align8(fields_end) + u32(m + 4, little);
            if (total > sizeof buffer) {
                fprintf(stderr, "dbus-probe: a message of %zu bytes\n", total);
                return 1;
            }
            if (have - at < total) break;
            if (m[1] == 4) { /* a signal */
                const char *kind = member(m, fields_end, little);
                if (strcmp(kind, "OnGestureUpdate") == 0) {
                    printf("%llu updated\n", t);
                } else {
                    printf("%llu %s\n", t, strcmp(kind, "OnGestureBegin") == 0 ? "began" : "ended");
                    fflush(stdout);
                }
            }
            at += total;
        }
        memmove(buffer, buffer + at, have - at);
        have -= at;
    }
    fflush(stdout);
    return 0;
}
