// SPDX-License-Identifier: MIT
#pragma once
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <errno.h>
#include <string.h>

/// Whether the kernel state of the evdev node `fd` looks like a device being disconnected: every
/// touch key (BTN_TOUCH, BTN_TOOL_FINGER … QUINTTAP) released while multitouch contacts are still
/// active. That is what the kernel's input core does to a device it disconnects (it releases all
/// keys, never the slots); a real lift ends the contacts (tracking id -1) in the same frame, and a
/// partial lift keeps a key pressed. Returns 1 (disconnecting), 0 (not, or cannot tell: a device
/// with none of these keys), or -errno.
static inline int cevdev_is_disconnecting(int fd) {
    enum { LONG_BITS = 8 * sizeof(unsigned long) };
    unsigned long bits[(KEY_MAX + 1) / LONG_BITS + 1];
    unsigned long keys[(KEY_MAX + 1) / LONG_BITS + 1];
    static const int touch_keys[] = { BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
                                      BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP };
    memset(bits, 0, sizeof bits);
    memset(keys, 0, sizeof keys);
    if (ioctl(fd, EVIOCGBIT(EV_KEY, sizeof bits), bits) < 0) return -errno;
    if (ioctl(fd, EVIOCGKEY(sizeof keys), keys) < 0) return -errno;
    int has_any = 0;
    for (unsigned i = 0; i < sizeof touch_keys / sizeof touch_keys[0]; i++) {
        int k = touch_keys[i];
        if ((bits[k / LONG_BITS] >> (k % LONG_BITS)) & 1) {
            has_any = 1;
            if ((keys[k / LONG_BITS] >> (k % LONG_BITS)) & 1) return 0;
        }
    }
    if (!has_any) return 0;
    struct { __u32 code; __s32 values[64]; } slots;
    slots.code = ABS_MT_TRACKING_ID;
    for (int i = 0; i < 64; i++) slots.values[i] = -1;
    if (ioctl(fd, EVIOCGMTSLOTS(sizeof slots), &slots) < 0) return -errno;
    for (int i = 0; i < 64; i++) {
        if (slots.values[i] >= 0) return 1;
    }
    return 0;
}
