// SPDX-License-Identifier: MIT
/* What every latency reader here shares (floor.c, probe.c, dbus-probe.c, gdbus-probe.c): the
 * clock its timestamps are read from, the one the vdev's frame log and libinput's event times
 * use, and, for the readers with a loop of their own, a flag SIGTERM and SIGINT set. */
#ifndef LATENCY_READER_H
#define LATENCY_READER_H
#include <signal.h>
#include <time.h>

/* CLOCK_MONOTONIC in ns. */
static inline unsigned long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

/* Set by SIGTERM and SIGINT once stop_on_signals() ran; a blocked read(2) returns EINTR. */
static volatile sig_atomic_t stop;
static void on_stop_signal(int signo) { (void)signo; stop = 1; }
static inline void stop_on_signals(void) {
    struct sigaction sa = {.sa_handler = on_stop_signal};
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}
#endif
