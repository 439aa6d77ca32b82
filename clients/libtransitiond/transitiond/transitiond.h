/* SPDX-License-Identifier: MIT
 *
 * libtransitiond: a GObject client of transitiond's socket (docs/protocol.md, docs/clients.md).
 * Include this header only: #include <transitiond.h> (pkg-config transitiond-1.0).
 */
#pragma once

#define TRANSITIOND_INSIDE
#include "transitiond-error.h"
#include "transitiond-event.h"
#include "transitiond-client.h"
#include "transitiond-tracker.h"
#include "transitiond-enums.h"
#undef TRANSITIOND_INSIDE
