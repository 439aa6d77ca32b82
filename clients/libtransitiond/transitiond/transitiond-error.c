/* SPDX-License-Identifier: MIT */
#include "transitiond-private.h"

#include <string.h>

G_DEFINE_QUARK (transitiond-error-quark, transitiond_error)

TransitiondError
transitiond_error_from_code (const char *code)
{
  static const struct { const char *code; TransitiondError error; } codes[] = {
    { "invalid_json", TRANSITIOND_ERROR_INVALID_JSON },
    { "invalid_request", TRANSITIOND_ERROR_INVALID_REQUEST },
    { "unknown_request", TRANSITIOND_ERROR_UNKNOWN_REQUEST },
    { "unknown_transition", TRANSITIOND_ERROR_UNKNOWN_TRANSITION },
    { "unavailable", TRANSITIOND_ERROR_UNAVAILABLE },
    { "delivery_paused", TRANSITIOND_ERROR_DELIVERY_PAUSED },
    { "not_permitted", TRANSITIOND_ERROR_NOT_PERMITTED },
    { "transition_exists", TRANSITIOND_ERROR_TRANSITION_EXISTS },
    { "gesture_taken", TRANSITIOND_ERROR_GESTURE_TAKEN },
  };
  for (gsize i = 0; code != NULL && i < G_N_ELEMENTS (codes); i++)
    if (strcmp (code, codes[i].code) == 0)
      return codes[i].error;
  return TRANSITIOND_ERROR_FAILED;
}
