/* SPDX-License-Identifier: MIT
 *
 * TransitiondTracker: one transition followed through the stream, as the Swift client's
 * TransitionTracker does: the finger's progress while interactive, the `ended` animation
 * sampled while animating, the caught value while paused. Pure: events in, a value at a time out.
 */
#include "transitiond-private.h"

#include <string.h>

/**
 * TransitiondTracker:
 *
 * Follows one transition and answers "where is it at this frame?":
 * transitiond_tracker_get_progress() at the frame's time. It is what a widget needs from the
 * stream (UIKit's `UIPercentDrivenInteractiveTransition` role): drive any animation from it.
 *
 * Made with transitiond_tracker_new_for_client(), it follows the client's events and
 * snapshots by itself (a `snapshot` puts it in sync at once: after connecting mid-animation, or
 * after a reconnection); made with transitiond_tracker_new(), it is fed with
 * transitiond_tracker_apply(). The #TransitiondTracker::changed signal says when to redraw,
 * and while transitiond_tracker_is_animating() redraw at every frame (a GTK tick callback).
 */
struct _TransitiondTracker {
  GObject parent_instance;
  char *transition;
  TransitiondPhase phase;
  TransitiondEvent *ended; /* the running animation, while animating */
  double progress, velocity;
};

G_DEFINE_FINAL_TYPE (TransitiondTracker, transitiond_tracker, G_TYPE_OBJECT)

enum { PROP_0, PROP_TRANSITION, PROP_PHASE, N_PROPS };
static GParamSpec *properties[N_PROPS];
enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
transitiond_tracker_finalize (GObject *object)
{
  TransitiondTracker *self = TRANSITIOND_TRACKER (object);
  g_free (self->transition);
  g_clear_object (&self->ended);
  G_OBJECT_CLASS (transitiond_tracker_parent_class)->finalize (object);
}

static void
transitiond_tracker_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TransitiondTracker *self = TRANSITIOND_TRACKER (object);
  switch (prop_id)
    {
    case PROP_TRANSITION: self->transition = g_value_dup_string (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
transitiond_tracker_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TransitiondTracker *self = TRANSITIOND_TRACKER (object);
  switch (prop_id)
    {
    case PROP_TRANSITION: g_value_set_string (value, self->transition); break;
    case PROP_PHASE: g_value_set_enum (value, self->phase); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
transitiond_tracker_class_init (TransitiondTrackerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = transitiond_tracker_finalize;
  object_class->set_property = transitiond_tracker_set_property;
  object_class->get_property = transitiond_tracker_get_property;
  /**
   * TransitiondTracker:transition:
   *
   * The transition followed.
   */
  properties[PROP_TRANSITION] = g_param_spec_string ("transition", NULL, NULL, NULL,
                                                     G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * TransitiondTracker:phase:
   *
   * Where the transition is in its life.
   */
  properties[PROP_PHASE] = g_param_spec_enum ("phase", NULL, NULL, TRANSITIOND_TYPE_PHASE, TRANSITIOND_PHASE_IDLE,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /**
   * TransitiondTracker::changed:
   * @self: the tracker
   *
   * An event of the transition arrived: draw it again (and while it is animating, at every
   * frame).
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", TRANSITIOND_TYPE_TRACKER, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
}

static void
transitiond_tracker_init (TransitiondTracker *self)
{
  self->phase = TRANSITIOND_PHASE_IDLE;
}

/**
 * transitiond_tracker_new:
 * @transition: the transition to follow
 *
 * A tracker fed by hand with transitiond_tracker_apply().
 *
 * Returns: (transfer full): the tracker
 */
TransitiondTracker *
transitiond_tracker_new (const char *transition)
{
  g_return_val_if_fail (transition != NULL, NULL);
  return g_object_new (TRANSITIOND_TYPE_TRACKER, "transition", transition, NULL);
}

static void
on_event (TransitiondClient *client, TransitiondEvent *event, gpointer self)
{
  (void) client;
  transitiond_tracker_apply (self, event);
}

/**
 * transitiond_tracker_new_for_client:
 * @client: a client (subscribed to the transition)
 * @transition: the transition to follow
 *
 * A tracker that follows @client's events of @transition and its snapshots for as long as
 * both live.
 *
 * Returns: (transfer full): the tracker
 */
TransitiondTracker *
transitiond_tracker_new_for_client (TransitiondClient *client, const char *transition)
{
  g_return_val_if_fail (TRANSITIOND_IS_CLIENT (client), NULL);
  TransitiondTracker *self = transitiond_tracker_new (transition);
  static const char *const kinds[] = { "began", "updated", "ended", "frame", "paused", "completed" };
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *detailed = g_strdup_printf ("%s::%s", kinds[i], transition);
      g_signal_connect_object (client, detailed, G_CALLBACK (on_event), self, 0);
    }
  g_signal_connect_object (client, "snapshot", G_CALLBACK (on_event), self, 0);
  return self;
}

static void
set_phase (TransitiondTracker *self, TransitiondPhase phase)
{
  if (self->phase == phase)
    return;
  self->phase = phase;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
}

static TransitiondPhase
phase_from_name (const char *name)
{
  if (g_strcmp0 (name, "interactive") == 0)
    return TRANSITIOND_PHASE_INTERACTIVE;
  if (g_strcmp0 (name, "animating") == 0)
    return TRANSITIOND_PHASE_ANIMATING;
  if (g_strcmp0 (name, "paused") == 0)
    return TRANSITIOND_PHASE_PAUSED;
  return TRANSITIOND_PHASE_IDLE;
}

static gboolean
apply_snapshot (TransitiondTracker *self, TransitiondEvent *snapshot)
{
  JsonNode *list = json_object_get_member (transitiond_event_get_object (snapshot), "transitions");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return FALSE;
  JsonArray *array = json_node_get_array (list);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *state = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      if (state == NULL || g_strcmp0 (transitiond_json_string (state, "name"), self->transition) != 0)
        continue;
      self->progress = transitiond_json_double (state, "progress", 0);
      self->velocity = transitiond_json_double (state, "velocity", 0);
      g_clear_object (&self->ended);
      TransitiondPhase phase = phase_from_name (transitiond_json_string (state, "phase"));
      if (phase == TRANSITIOND_PHASE_ANIMATING)
        self->ended = transitiond_event_dup_snapshot_ended (snapshot, self->transition);
      if (phase == TRANSITIOND_PHASE_ANIMATING && self->ended == NULL)
        phase = TRANSITIOND_PHASE_IDLE; /* an animation it cannot read: shown where it is */
      set_phase (self, phase);
      return TRUE;
    }
  return FALSE;
}

/**
 * transitiond_tracker_apply:
 * @self: a tracker
 * @event: any message
 *
 * Takes one message into account: the events of the tracked transition and snapshots; it
 * ignores the rest. Emits #TransitiondTracker::changed when it concerned the transition.
 *
 * Returns: whether it concerned the transition
 */
gboolean
transitiond_tracker_apply (TransitiondTracker *self, TransitiondEvent *event)
{
  g_return_val_if_fail (TRANSITIOND_IS_TRACKER (self), FALSE);
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (event), FALSE);
  TransitiondEventKind kind = transitiond_event_get_kind (event);
  gboolean concerned;
  if (kind == TRANSITIOND_EVENT_SNAPSHOT)
    concerned = apply_snapshot (self, event);
  else if (g_strcmp0 (transitiond_event_get_transition (event), self->transition) != 0)
    concerned = FALSE;
  else
    {
      concerned = TRUE;
      switch (kind)
        {
        case TRANSITIOND_EVENT_BEGAN:
          g_clear_object (&self->ended);
          self->progress = transitiond_event_get_from (event);
          self->velocity = 0;
          set_phase (self, TRANSITIOND_PHASE_INTERACTIVE);
          break;
        case TRANSITIOND_EVENT_UPDATED:
          g_clear_object (&self->ended);
          self->progress = transitiond_event_get_progress (event);
          self->velocity = transitiond_event_get_velocity (event);
          set_phase (self, TRANSITIOND_PHASE_INTERACTIVE);
          break;
        case TRANSITIOND_EVENT_ENDED:
          g_set_object (&self->ended, event);
          self->progress = transitiond_event_get_from (event);
          self->velocity = transitiond_event_get_velocity (event);
          set_phase (self, TRANSITIOND_PHASE_ANIMATING);
          break;
        case TRANSITIOND_EVENT_FRAME: /* the server's sample: kept for when no animation runs here */
          self->progress = transitiond_event_get_progress (event);
          self->velocity = transitiond_event_get_velocity (event);
          break;
        case TRANSITIOND_EVENT_PAUSED:
        case TRANSITIOND_EVENT_COMPLETED:
          g_clear_object (&self->ended);
          self->progress = transitiond_event_get_progress (event);
          self->velocity = 0;
          set_phase (self, kind == TRANSITIOND_EVENT_PAUSED ? TRANSITIOND_PHASE_PAUSED : TRANSITIOND_PHASE_IDLE);
          break;
        default:
          concerned = FALSE;
        }
    }
  if (concerned)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return concerned;
}

/**
 * transitiond_tracker_get_transition:
 * @self: a tracker
 *
 * Returns: the transition followed
 */
const char *
transitiond_tracker_get_transition (TransitiondTracker *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_TRACKER (self), NULL);
  return self->transition;
}

/**
 * transitiond_tracker_get_phase:
 * @self: a tracker
 *
 * Returns: where the transition is in its life
 */
TransitiondPhase
transitiond_tracker_get_phase (TransitiondTracker *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_TRACKER (self), TRANSITIOND_PHASE_IDLE);
  return self->phase;
}

/**
 * transitiond_tracker_is_animating:
 * @self: a tracker
 *
 * Returns: whether its completion animation runs (draw at every frame until `completed`)
 */
gboolean
transitiond_tracker_is_animating (TransitiondTracker *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_TRACKER (self), FALSE);
  return self->ended != NULL;
}

/**
 * transitiond_tracker_get_progress:
 * @self: a tracker
 * @time_us: the frame's time, CLOCK_MONOTONIC µs (gdk_frame_clock_get_frame_time(),
 *   g_get_monotonic_time())
 *
 * Returns: the progress to show at @time_us: the animation's value while animating, else the
 *   last progress transitiond sent
 */
double
transitiond_tracker_get_progress (TransitiondTracker *self, gint64 time_us)
{
  g_return_val_if_fail (TRANSITIOND_IS_TRACKER (self), 0);
  return self->ended ? transitiond_event_sample_value (self->ended, time_us) : self->progress;
}

/**
 * transitiond_tracker_get_velocity:
 * @self: a tracker
 * @time_us: the frame's time, CLOCK_MONOTONIC µs
 *
 * Returns: the velocity at @time_us, progress per second (0 at rest or paused)
 */
double
transitiond_tracker_get_velocity (TransitiondTracker *self, gint64 time_us)
{
  g_return_val_if_fail (TRANSITIOND_IS_TRACKER (self), 0);
  if (self->ended)
    return transitiond_event_sample_velocity (self->ended, time_us);
  return self->phase == TRANSITIOND_PHASE_INTERACTIVE ? self->velocity : 0;
}
