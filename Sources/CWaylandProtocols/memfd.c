// SPDX-License-Identifier: MIT
// memfd_create is a GNU extension of <sys/mman.h>, which Swift's Glibc module does not export.
#define _GNU_SOURCE
#include <sys/mman.h>
#include "CWaylandProtocols.h"

int cwayland_memfd(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}
