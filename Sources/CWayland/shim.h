// SPDX-License-Identifier: MIT
#pragma once
// libwayland's client API: the display, proxies, and the core protocol's inline requests.
#include <wayland-client.h>
