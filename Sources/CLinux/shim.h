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
