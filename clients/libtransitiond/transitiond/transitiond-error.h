/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TRANSITIOND_INSIDE) && !defined(TRANSITIOND_COMPILATION)
#error "Only <transitiond.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * TRANSITIOND_ERROR:
 *
 * The error domain of a request transitiond refused: the reply's `error.code`
 * (docs/protocol.md, "reply") as a #TransitiondError, and its `message`.
 */
#define TRANSITIOND_ERROR (transitiond_error_quark ())

/**
 * TransitiondError:
 * @TRANSITIOND_ERROR_FAILED: a code this library does not know, or `failed` (the engine refused)
 * @TRANSITIOND_ERROR_INVALID_JSON: `invalid_json`
 * @TRANSITIOND_ERROR_INVALID_REQUEST: `invalid_request`: a member missing, mistyped or unknown
 * @TRANSITIOND_ERROR_UNKNOWN_REQUEST: `unknown_request`: the daemon is older than the request
 * @TRANSITIOND_ERROR_UNKNOWN_TRANSITION: `unknown_transition`
 * @TRANSITIOND_ERROR_UNAVAILABLE: `unavailable`: no engine attached
 * @TRANSITIOND_ERROR_DELIVERY_PAUSED: `delivery_paused`: this connection receives no events now
 *   (another user's session is in front, or the screen is locked)
 * @TRANSITIOND_ERROR_NOT_PERMITTED: `not_permitted`
 * @TRANSITIOND_ERROR_TRANSITION_EXISTS: `transition_exists`: a declared name is configured or
 *   another client's
 * @TRANSITIOND_ERROR_GESTURE_TAKEN: `gesture_taken`: another client owns a declared gesture
 *   (the message names it)
 * @TRANSITIOND_ERROR_INVALID_REPLY: the daemon's reply could not be read
 *
 * Why transitiond refused a request.
 */
typedef enum {
  TRANSITIOND_ERROR_FAILED,
  TRANSITIOND_ERROR_INVALID_JSON,
  TRANSITIOND_ERROR_INVALID_REQUEST,
  TRANSITIOND_ERROR_UNKNOWN_REQUEST,
  TRANSITIOND_ERROR_UNKNOWN_TRANSITION,
  TRANSITIOND_ERROR_UNAVAILABLE,
  TRANSITIOND_ERROR_DELIVERY_PAUSED,
  TRANSITIOND_ERROR_NOT_PERMITTED,
  TRANSITIOND_ERROR_TRANSITION_EXISTS,
  TRANSITIOND_ERROR_GESTURE_TAKEN,
  TRANSITIOND_ERROR_INVALID_REPLY,
} TransitiondError;

GQuark transitiond_error_quark (void);

G_END_DECLS
