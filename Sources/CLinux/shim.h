// SPDX-License-Identifier: MIT
#pragma once
// Linux interfaces that Swift's Glibc module does not export.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>

/// `struct ucred` needs _GNU_SOURCE; expose SO_PEERCRED through a helper instead.
static inline int clinux_peer_credentials(int fd, int *pid, unsigned *uid, unsigned *gid) {
    struct { int pid; unsigned uid; unsigned gid; } cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *pid = cred.pid; *uid = cred.uid; *gid = cred.gid;
    return 0;
}

static inline int clinux_errno(void) { return errno; }

/// epoll_event is packed on x86_64; pass its fields flat so Swift never sees the struct.
static inline int clinux_epoll_ctl(int epfd, int op, int fd, unsigned events, unsigned long long data) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = data;
    return epoll_ctl(epfd, op, fd, &ev);
}

/// Waits like epoll_wait and copies each ready event into `datas[i]` / `events[i]`.
static inline int clinux_epoll_wait(int epfd, unsigned long long *datas, unsigned *events, int max, int timeout) {
    struct epoll_event evs[64];
    if (max > 64) max = 64;
    int n = epoll_wait(epfd, evs, max, timeout);
    for (int i = 0; i < n; i++) { datas[i] = evs[i].data.u64; events[i] = evs[i].events; }
    return n;
}

#include <sys/prctl.h>
/// Names the calling thread (PR_SET_NAME; pthread_setname_np needs _GNU_SOURCE).
static inline void clinux_set_thread_name(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

/// pipe2 is declared only under _GNU_SOURCE: transitionctl run's child pipes need O_CLOEXEC
/// set atomically.
extern int pipe2(int pipefd[2], int flags);
static inline int clinux_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }

#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif
/// The peer's supplementary groups at connect time (SO_PEERGROUPS, Linux 4.13): how many were
/// written to `gids`, or -1 (errno set; ERANGE when `max` is too small).
static inline int clinux_peer_groups(int fd, unsigned *gids, int max) {
    socklen_t len = (socklen_t)(max * sizeof(unsigned));
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, gids, &len) != 0) return -1;
    return (int)(len / sizeof(unsigned));
}
