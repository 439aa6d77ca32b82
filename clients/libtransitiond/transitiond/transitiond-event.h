/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TRANSITIOND_INSIDE) && !defined(TRANSITIOND_COMPILATION)
#error "Only <transitiond.h> can be included directly."
#endif

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * TransitiondEventKind:
 * @TRANSITIOND_EVENT_OTHER: a kind this library does not know (a newer daemon's): ignore it,
 *   or read it with transitiond_event_to_json()
 * @TRANSITIOND_EVENT_HELLO: `hello`, the first message of every connection
 * @TRANSITIOND_EVENT_BEGAN: `began`: a gesture locked onto a transition, or a trigger started
 * @TRANSITIOND_EVENT_UPDATED: `updated`: the fingers moved
 * @TRANSITIOND_EVENT_ENDED: `ended`: the decision and the complete completion animation
 * @TRANSITIOND_EVENT_FRAME: `frame`: a server-driven sample of the animation
 * @TRANSITIOND_EVENT_PAUSED: `paused`: a touch caught the animation
 * @TRANSITIOND_EVENT_COMPLETED: `completed`: the animation reached its end
 * @TRANSITIOND_EVENT_SNAPSHOT: `snapshot`: the state of every subscribed transition
 * @TRANSITIOND_EVENT_TRANSITIONS_CHANGED: `transitions_changed`: the list of transitions changed
 * @TRANSITIOND_EVENT_DELIVERY: `delivery`: events stop or flow again for this connection
 * @TRANSITIOND_EVENT_GOODBYE: `goodbye`: the daemon closes the connection
 * @TRANSITIOND_EVENT_REPLY: `reply`: the answer to a request
 *
 * The kind of a message from transitiond (its `event` member; docs/protocol.md).
 */
typedef enum {
  TRANSITIOND_EVENT_OTHER,
  TRANSITIOND_EVENT_HELLO,
  TRANSITIOND_EVENT_BEGAN,
  TRANSITIOND_EVENT_UPDATED,
  TRANSITIOND_EVENT_ENDED,
  TRANSITIOND_EVENT_FRAME,
  TRANSITIOND_EVENT_PAUSED,
  TRANSITIOND_EVENT_COMPLETED,
  TRANSITIOND_EVENT_SNAPSHOT,
  TRANSITIOND_EVENT_TRANSITIONS_CHANGED,
  TRANSITIOND_EVENT_DELIVERY,
  TRANSITIOND_EVENT_GOODBYE,
  TRANSITIOND_EVENT_REPLY,
} TransitiondEventKind;

#define TRANSITIOND_TYPE_EVENT (transitiond_event_get_type ())
G_DECLARE_FINAL_TYPE (TransitiondEvent, transitiond_event, TRANSITIOND, EVENT, GObject)

TransitiondEvent *transitiond_event_new_from_json (const char *line, GError **error);
TransitiondEvent *transitiond_event_new_from_object (JsonObject *object);

TransitiondEventKind transitiond_event_get_kind (TransitiondEvent *self);
const char *transitiond_event_get_name (TransitiondEvent *self);
const char *transitiond_event_get_transition (TransitiondEvent *self);
gint64 transitiond_event_get_gesture (TransitiondEvent *self);
gint64 transitiond_event_get_time_us (TransitiondEvent *self);
gint64 transitiond_event_get_seq (TransitiondEvent *self);
double transitiond_event_get_progress (TransitiondEvent *self);
double transitiond_event_get_raw_progress (TransitiondEvent *self);
double transitiond_event_get_velocity (TransitiondEvent *self);
double transitiond_event_get_from (TransitiondEvent *self);
double transitiond_event_get_to (TransitiondEvent *self);
const char *transitiond_event_get_outcome (TransitiondEvent *self);
const char *transitiond_event_get_reason (TransitiondEvent *self);
const char *transitiond_event_get_source (TransitiondEvent *self);
const char *transitiond_event_get_direction (TransitiondEvent *self);
gboolean transitiond_event_get_finished (TransitiondEvent *self);
gboolean transitiond_event_get_interactive (TransitiondEvent *self);
int transitiond_event_get_page (TransitiondEvent *self);
int transitiond_event_get_pages (TransitiondEvent *self);
const char *transitiond_event_get_state (TransitiondEvent *self);
const char *transitiond_event_get_message (TransitiondEvent *self);

gboolean transitiond_event_has_member (TransitiondEvent *self, const char *member);
double transitiond_event_get_double_member (TransitiondEvent *self, const char *member, double fallback);
gint64 transitiond_event_get_int_member (TransitiondEvent *self, const char *member, gint64 fallback);
const char *transitiond_event_get_string_member (TransitiondEvent *self, const char *member);
JsonObject *transitiond_event_get_object (TransitiondEvent *self);
char *transitiond_event_to_json (TransitiondEvent *self);

const char *transitiond_event_get_animation_type (TransitiondEvent *self);
double transitiond_event_get_duration (TransitiondEvent *self);
gint64 transitiond_event_get_end_time_us (TransitiondEvent *self);
double transitiond_event_sample_value (TransitiondEvent *self, gint64 time_us);
double transitiond_event_sample_velocity (TransitiondEvent *self, gint64 time_us);
TransitiondEvent *transitiond_event_dup_snapshot_ended (TransitiondEvent *self, const char *transition);

G_END_DECLS
