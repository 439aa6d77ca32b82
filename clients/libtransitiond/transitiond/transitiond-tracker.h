/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TRANSITIOND_INSIDE) && !defined(TRANSITIOND_COMPILATION)
#error "Only <transitiond.h> can be included directly."
#endif

#include "transitiond-client.h"

G_BEGIN_DECLS

/**
 * TransitiondPhase:
 * @TRANSITIOND_PHASE_IDLE: at rest
 * @TRANSITIOND_PHASE_INTERACTIVE: a finger drives it (or a trigger started it)
 * @TRANSITIOND_PHASE_ANIMATING: its completion animation runs
 * @TRANSITIOND_PHASE_PAUSED: a touch caught the animation
 *
 * Where a transition is in its life (the `snapshot`'s `phase`).
 */
typedef enum {
  TRANSITIOND_PHASE_IDLE,
  TRANSITIOND_PHASE_INTERACTIVE,
  TRANSITIOND_PHASE_ANIMATING,
  TRANSITIOND_PHASE_PAUSED,
} TransitiondPhase;

#define TRANSITIOND_TYPE_TRACKER (transitiond_tracker_get_type ())
G_DECLARE_FINAL_TYPE (TransitiondTracker, transitiond_tracker, TRANSITIOND, TRACKER, GObject)

TransitiondTracker *transitiond_tracker_new (const char *transition);
TransitiondTracker *transitiond_tracker_new_for_client (TransitiondClient *client, const char *transition);
gboolean transitiond_tracker_apply (TransitiondTracker *self, TransitiondEvent *event);
const char *transitiond_tracker_get_transition (TransitiondTracker *self);
TransitiondPhase transitiond_tracker_get_phase (TransitiondTracker *self);
gboolean transitiond_tracker_is_animating (TransitiondTracker *self);
double transitiond_tracker_get_progress (TransitiondTracker *self, gint64 time_us);
double transitiond_tracker_get_velocity (TransitiondTracker *self, gint64 time_us);

G_END_DECLS
