// SPDX-License-Identifier: MIT
// The project's malloc counter, preloaded by tests/allocations/run (LD_PRELOAD): counts every
// malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc, valloc and pvalloc made by the
// calling thread, and exports the count as `unsigned long malloc_probe_count(void)`, which
// HotPathAllocationTests and ToucheggHotPathTests look up with dlsym. Per thread: Swift Testing
// runs other tests on other threads meanwhile, and their allocations are not the probe's.
// The allocations go on to glibc's own functions (__libc_*), so nothing is resolved lazily here.
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

static __thread unsigned long count;

unsigned long malloc_probe_count(void) { return count; }

void *malloc(size_t size) { count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count++; return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }
void *valloc(size_t size) { count++; return __libc_valloc(size); }
void *pvalloc(size_t size) { count++; return __libc_pvalloc(size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    count++;
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}
