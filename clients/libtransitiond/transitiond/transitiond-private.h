/* SPDX-License-Identifier: MIT
 * Internal declarations shared by the library's files; not installed. */
#pragma once

#include "transitiond.h"
#include "transitiond-sampler.h"

/* The #TransitiondError of a reply's `error.code`. */
TransitiondError transitiond_error_from_code (const char *code);

/* The number in `member`, or `fallback` when it is absent, null or not a number. */
double transitiond_json_double (JsonObject *object, const char *member, double fallback);
/* The integer in `member` (a number with a fraction is truncated), or `fallback`. */
gint64 transitiond_json_int (JsonObject *object, const char *member, gint64 fallback);
/* The string in `member`, or NULL. */
const char *transitiond_json_string (JsonObject *object, const char *member);
