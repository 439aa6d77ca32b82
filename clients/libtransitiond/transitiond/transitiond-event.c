/* SPDX-License-Identifier: MIT
 *
 * TransitiondEvent: one message from transitiond, read-only, over the JSON object json-glib
 * parsed (nothing is copied: each getter reads its member).
 */
#include "transitiond-private.h"

#include <math.h>
#include <string.h>

/**
 * TransitiondEvent:
 *
 * One message from transitiond (docs/protocol.md, "Messages from the server"): a transition
 * event (`began`, `updated`, `ended`, `frame`, `paused`, `completed`), a `snapshot`, `hello`,
 * `transitions_changed`, `delivery`, `goodbye`, or a kind a newer daemon sends.
 *
 * The getters and the properties of the same names read the members the protocol defines;
 * a member the message does not have reads as 0, %NULL, %FALSE or -1 (page numbers).
 * transitiond_event_get_object() and the `get_*_member` functions read any other member.
 *
 * An `ended` event (or the `ended` of an animating transition in a `snapshot`, from
 * transitiond_event_dup_snapshot_ended()) carries its whole completion animation:
 * transitiond_event_sample_value() evaluates it at any CLOCK_MONOTONIC time, the time of a
 * frame (g_get_monotonic_time(), gdk_frame_clock_get_frame_time()) with the engine's own
 * arithmetic.
 */
struct _TransitiondEvent {
  GObject parent_instance;
  JsonObject *object;
  TransitiondEventKind kind;
  TransitiondSamplerAnimation animation;
};

G_DEFINE_FINAL_TYPE (TransitiondEvent, transitiond_event, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_NAME,
  PROP_TRANSITION,
  PROP_GESTURE,
  PROP_TIME_US,
  PROP_PROGRESS,
  PROP_RAW_PROGRESS,
  PROP_VELOCITY,
  PROP_FROM,
  PROP_TO,
  PROP_OUTCOME,
  PROP_REASON,
  PROP_FINISHED,
  PROP_PAGE,
  PROP_PAGES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- JSON helpers ---------------------------------------------------------------------- */

double
transitiond_json_double (JsonObject *object, const char *member, double fallback)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return fallback;
  GType type = json_node_get_value_type (node);
  if (type == G_TYPE_DOUBLE || type == G_TYPE_INT64)
    return json_node_get_double (node);
  return fallback;
}

gint64
transitiond_json_int (JsonObject *object, const char *member, gint64 fallback)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return fallback;
  GType type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return json_node_get_int (node);
  if (type == G_TYPE_DOUBLE)
    {
      double value = json_node_get_double (node);
      /* An integer written as 3.0, within gint64's range; anything else is not an integer. */
      if (isfinite (value) && value >= -9.2e18 && value <= 9.2e18)
        return (gint64) value;
    }
  return fallback;
}

const char *
transitiond_json_string (JsonObject *object, const char *member)
{
  JsonNode *node = object ? json_object_get_member (object, member) : NULL;
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* ---- Construction ---------------------------------------------------------------------- */

static TransitiondEventKind
kind_from_name (const char *name)
{
  static const struct { const char *name; TransitiondEventKind kind; } kinds[] = {
    { "hello", TRANSITIOND_EVENT_HELLO },
    { "began", TRANSITIOND_EVENT_BEGAN },
    { "updated", TRANSITIOND_EVENT_UPDATED },
    { "ended", TRANSITIOND_EVENT_ENDED },
    { "frame", TRANSITIOND_EVENT_FRAME },
    { "paused", TRANSITIOND_EVENT_PAUSED },
    { "completed", TRANSITIOND_EVENT_COMPLETED },
    { "snapshot", TRANSITIOND_EVENT_SNAPSHOT },
    { "transitions_changed", TRANSITIOND_EVENT_TRANSITIONS_CHANGED },
    { "delivery", TRANSITIOND_EVENT_DELIVERY },
    { "goodbye", TRANSITIOND_EVENT_GOODBYE },
    { "reply", TRANSITIOND_EVENT_REPLY },
  };
  for (gsize i = 0; name != NULL && i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (name, kinds[i].name) == 0)
      return kinds[i].kind;
  return TRANSITIOND_EVENT_OTHER;
}

/* The animation of an `ended` object, read once. */
static void
read_animation (JsonObject *ended, TransitiondSamplerAnimation *out)
{
  memset (out, 0, sizeof *out);
  out->type = TRANSITIOND_ANIMATION_NONE;
  out->from = transitiond_json_double (ended, "from", 0);
  out->to = transitiond_json_double (ended, "to", 0);
  JsonNode *node = json_object_get_member (ended, "animation");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;
  JsonObject *a = json_node_get_object (node);
  const char *type = transitiond_json_string (a, "type");
  double duration = transitiond_json_double (a, "duration", NAN);
  if (type == NULL || !isfinite (duration))
    return;
  out->duration = duration;
  if (strcmp (type, "curve") == 0)
    {
      out->type = TRANSITIOND_ANIMATION_CURVE;
      out->curve = transitiond_sampler_curve_from_name (transitiond_json_string (a, "curve"));
    }
  else if (strcmp (type, "spring") == 0)
    {
      out->mass = transitiond_json_double (a, "mass", 1);
      out->stiffness = transitiond_json_double (a, "stiffness", NAN);
      out->damping_ratio = transitiond_json_double (a, "damping_ratio", NAN);
      out->initial_velocity = transitiond_json_double (a, "initial_velocity", 0);
      /* A spring that cannot be evaluated jumps to its end, as an unknown type does. */
      if (isfinite (out->stiffness) && out->stiffness > 0 && isfinite (out->mass) && out->mass > 0 &&
          isfinite (out->damping_ratio) && out->damping_ratio > 0)
        out->type = TRANSITIOND_ANIMATION_SPRING;
    }
}

/**
 * transitiond_event_new_from_object:
 * @object: a message as json-glib reads it
 *
 * Wraps a message already parsed (it is referenced, not copied).
 *
 * Returns: (transfer full): the event
 */
TransitiondEvent *
transitiond_event_new_from_object (JsonObject *object)
{
  g_return_val_if_fail (object != NULL, NULL);
  TransitiondEvent *self = g_object_new (TRANSITIOND_TYPE_EVENT, NULL);
  self->object = json_object_ref (object);
  self->kind = kind_from_name (transitiond_json_string (object, "event"));
  if (self->kind == TRANSITIOND_EVENT_ENDED)
    read_animation (object, &self->animation);
  return self;
}

/**
 * transitiond_event_new_from_json:
 * @line: one line of the protocol: a JSON object
 * @error: where a line that is not a JSON object is reported
 *
 * Reads a message, for a program that reads the socket itself or a test (a recorded stream).
 *
 * Returns: (transfer full) (nullable): the event, or %NULL with @error set
 */
TransitiondEvent *
transitiond_event_new_from_json (const char *line, GError **error)
{
  g_return_val_if_fail (line != NULL, NULL);
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, line, -1, error))
    return NULL;
  JsonNode *root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY, "not a JSON object: %.80s", line);
      return NULL;
    }
  return transitiond_event_new_from_object (json_node_get_object (root));
}

static void
transitiond_event_finalize (GObject *object)
{
  TransitiondEvent *self = TRANSITIOND_EVENT (object);
  g_clear_pointer (&self->object, json_object_unref);
  G_OBJECT_CLASS (transitiond_event_parent_class)->finalize (object);
}

static void
transitiond_event_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TransitiondEvent *self = TRANSITIOND_EVENT (object);
  switch (prop_id)
    {
    case PROP_KIND: g_value_set_enum (value, self->kind); break;
    case PROP_NAME: g_value_set_string (value, transitiond_event_get_name (self)); break;
    case PROP_TRANSITION: g_value_set_string (value, transitiond_event_get_transition (self)); break;
    case PROP_GESTURE: g_value_set_int64 (value, transitiond_event_get_gesture (self)); break;
    case PROP_TIME_US: g_value_set_int64 (value, transitiond_event_get_time_us (self)); break;
    case PROP_PROGRESS: g_value_set_double (value, transitiond_event_get_progress (self)); break;
    case PROP_RAW_PROGRESS: g_value_set_double (value, transitiond_event_get_raw_progress (self)); break;
    case PROP_VELOCITY: g_value_set_double (value, transitiond_event_get_velocity (self)); break;
    case PROP_FROM: g_value_set_double (value, transitiond_event_get_from (self)); break;
    case PROP_TO: g_value_set_double (value, transitiond_event_get_to (self)); break;
    case PROP_OUTCOME: g_value_set_string (value, transitiond_event_get_outcome (self)); break;
    case PROP_REASON: g_value_set_string (value, transitiond_event_get_reason (self)); break;
    case PROP_FINISHED: g_value_set_boolean (value, transitiond_event_get_finished (self)); break;
    case PROP_PAGE: g_value_set_int (value, transitiond_event_get_page (self)); break;
    case PROP_PAGES: g_value_set_int (value, transitiond_event_get_pages (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
transitiond_event_class_init (TransitiondEventClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = transitiond_event_finalize;
  object_class->get_property = transitiond_event_get_property;
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  /**
   * TransitiondEvent:kind:
   *
   * The message's kind.
   */
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, TRANSITIOND_TYPE_EVENT_KIND, TRANSITIOND_EVENT_OTHER, flags);
  /**
   * TransitiondEvent:name:
   *
   * The message's `event` member as sent: `updated`, `ended`, or a newer kind's name.
   */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  /**
   * TransitiondEvent:transition:
   *
   * The transition's name (transition events), or %NULL.
   */
  properties[PROP_TRANSITION] = g_param_spec_string ("transition", NULL, NULL, NULL, flags);
  /**
   * TransitiondEvent:gesture:
   *
   * The gesture id, shared by every event from a `began` to its `completed`.
   */
  properties[PROP_GESTURE] = g_param_spec_int64 ("gesture", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  /**
   * TransitiondEvent:time-us:
   *
   * CLOCK_MONOTONIC microseconds of the event (g_get_monotonic_time()'s clock).
   */
  properties[PROP_TIME_US] = g_param_spec_int64 ("time-us", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  /**
   * TransitiondEvent:progress:
   *
   * `progress`: what to show (rubber-banded), for `updated`, `frame`, `paused`, `completed`;
   * for a paged transition a position in pages.
   */
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /**
   * TransitiondEvent:raw-progress:
   *
   * `raw_progress` of an `updated`: the position without the rubber band.
   */
  properties[PROP_RAW_PROGRESS] = g_param_spec_double ("raw-progress", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /**
   * TransitiondEvent:velocity:
   *
   * `velocity`, progress (or pages) per second.
   */
  properties[PROP_VELOCITY] = g_param_spec_double ("velocity", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /**
   * TransitiondEvent:from:
   *
   * `from`: where a `began` starts, where an `ended` animation starts.
   */
  properties[PROP_FROM] = g_param_spec_double ("from", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /**
   * TransitiondEvent:to:
   *
   * `to`: where an `ended` animation ends.
   */
  properties[PROP_TO] = g_param_spec_double ("to", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  /**
   * TransitiondEvent:outcome:
   *
   * `outcome` of an `ended`: `finish` or `cancel`.
   */
  properties[PROP_OUTCOME] = g_param_spec_string ("outcome", NULL, NULL, NULL, flags);
  /**
   * TransitiondEvent:reason:
   *
   * `reason` of an `ended`, a `delivery` or a `goodbye`.
   */
  properties[PROP_REASON] = g_param_spec_string ("reason", NULL, NULL, NULL, flags);
  /**
   * TransitiondEvent:finished:
   *
   * `finished` of a `completed`.
   */
  properties[PROP_FINISHED] = g_param_spec_boolean ("finished", NULL, NULL, FALSE, flags);
  /**
   * TransitiondEvent:page:
   *
   * `page` of a paged transition's `ended`: the target page; -1 when absent.
   */
  properties[PROP_PAGE] = g_param_spec_int ("page", NULL, NULL, -1, G_MAXINT, -1, flags);
  /**
   * TransitiondEvent:pages:
   *
   * `pages` of a paged transition's `ended`; -1 when absent.
   */
  properties[PROP_PAGES] = g_param_spec_int ("pages", NULL, NULL, -1, G_MAXINT, -1, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
transitiond_event_init (TransitiondEvent *self)
{
  (void) self;
}

/* ---- Members --------------------------------------------------------------------------- */

/**
 * transitiond_event_get_kind:
 * @self: an event
 *
 * Returns: the message's kind
 */
TransitiondEventKind
transitiond_event_get_kind (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), TRANSITIOND_EVENT_OTHER);
  return self->kind;
}

#define STRING_GETTER(function, member)                                                         \
  const char *function (TransitiondEvent *self)                                                  \
  {                                                                                              \
    g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), NULL);                                    \
    return transitiond_json_string (self->object, member);                                       \
  }
#define DOUBLE_GETTER(function, member)                                                         \
  double function (TransitiondEvent *self)                                                       \
  {                                                                                              \
    g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), 0);                                       \
    return transitiond_json_double (self->object, member, 0);                                    \
  }
#define INT_GETTER(function, member, fallback)                                                  \
  gint64 function (TransitiondEvent *self)                                                       \
  {                                                                                              \
    g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), fallback);                                \
    return transitiond_json_int (self->object, member, fallback);                                \
  }

/**
 * transitiond_event_get_name:
 * @self: an event
 *
 * Returns: (nullable): the `event` member as sent
 */
STRING_GETTER (transitiond_event_get_name, "event")
/**
 * transitiond_event_get_transition:
 * @self: an event
 *
 * Returns: (nullable): the transition's name (transition events)
 */
STRING_GETTER (transitiond_event_get_transition, "transition")
/**
 * transitiond_event_get_outcome:
 * @self: an event
 *
 * Returns: (nullable): `outcome` of an `ended`: `finish` or `cancel`
 */
STRING_GETTER (transitiond_event_get_outcome, "outcome")
/**
 * transitiond_event_get_reason:
 * @self: an event
 *
 * Returns: (nullable): `reason` of an `ended`, a `delivery` or a `goodbye`
 */
STRING_GETTER (transitiond_event_get_reason, "reason")
/**
 * transitiond_event_get_source:
 * @self: an event
 *
 * Returns: (nullable): `source` of a `began` (`swipe`, `edge`, `trigger`, …)
 */
STRING_GETTER (transitiond_event_get_source, "source")
/**
 * transitiond_event_get_direction:
 * @self: an event
 *
 * Returns: (nullable): `direction` of a `began`, %NULL when it has none
 */
STRING_GETTER (transitiond_event_get_direction, "direction")
/**
 * transitiond_event_get_state:
 * @self: an event
 *
 * Returns: (nullable): `state` of a `delivery`: `paused` or `resumed`
 */
STRING_GETTER (transitiond_event_get_state, "state")
/**
 * transitiond_event_get_message:
 * @self: an event
 *
 * Returns: (nullable): `message` of a `delivery` or a `goodbye`, for people
 */
STRING_GETTER (transitiond_event_get_message, "message")
/**
 * transitiond_event_get_progress:
 * @self: an event
 *
 * Returns: `progress` (`updated`, `frame`, `paused`, `completed`)
 */
DOUBLE_GETTER (transitiond_event_get_progress, "progress")
/**
 * transitiond_event_get_raw_progress:
 * @self: an event
 *
 * Returns: `raw_progress` of an `updated`
 */
DOUBLE_GETTER (transitiond_event_get_raw_progress, "raw_progress")
/**
 * transitiond_event_get_velocity:
 * @self: an event
 *
 * Returns: `velocity`, progress per second
 */
DOUBLE_GETTER (transitiond_event_get_velocity, "velocity")
/**
 * transitiond_event_get_from:
 * @self: an event
 *
 * Returns: `from` of a `began` or an `ended`
 */
DOUBLE_GETTER (transitiond_event_get_from, "from")
/**
 * transitiond_event_get_to:
 * @self: an event
 *
 * Returns: `to` of an `ended`
 */
DOUBLE_GETTER (transitiond_event_get_to, "to")
/**
 * transitiond_event_get_gesture:
 * @self: an event
 *
 * Returns: the gesture id, 0 when absent
 */
INT_GETTER (transitiond_event_get_gesture, "gesture", 0)
/**
 * transitiond_event_get_time_us:
 * @self: an event
 *
 * Returns: `time_us`, CLOCK_MONOTONIC µs, 0 when absent
 */
INT_GETTER (transitiond_event_get_time_us, "time_us", 0)
/**
 * transitiond_event_get_seq:
 * @self: an event
 *
 * Returns: `seq`, the message's number on this connection
 */
INT_GETTER (transitiond_event_get_seq, "seq", 0)

/**
 * transitiond_event_get_page:
 * @self: an event
 *
 * Returns: `page` of a paged transition's `ended` (the target page), -1 when absent
 */
int
transitiond_event_get_page (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), -1);
  return (int) CLAMP (transitiond_json_int (self->object, "page", -1), -1, G_MAXINT);
}

/**
 * transitiond_event_get_pages:
 * @self: an event
 *
 * Returns: `pages` of a paged transition's `ended`, -1 when absent
 */
int
transitiond_event_get_pages (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), -1);
  return (int) CLAMP (transitiond_json_int (self->object, "pages", -1), -1, G_MAXINT);
}

static gboolean
boolean_member (TransitiondEvent *self, const char *member)
{
  JsonNode *node = json_object_get_member (self->object, member);
  return node != NULL && JSON_NODE_TYPE (node) == JSON_NODE_VALUE &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN && json_node_get_boolean (node);
}

/**
 * transitiond_event_get_finished:
 * @self: an event
 *
 * Returns: `finished` of a `completed`: it ended at its target
 */
gboolean
transitiond_event_get_finished (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), FALSE);
  return boolean_member (self, "finished");
}

/**
 * transitiond_event_get_interactive:
 * @self: an event
 *
 * Returns: `interactive` of a `began`: a finger drives it
 */
gboolean
transitiond_event_get_interactive (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), FALSE);
  return boolean_member (self, "interactive");
}

/**
 * transitiond_event_has_member:
 * @self: an event
 * @member: a member's name
 *
 * Returns: whether the message has @member (%TRUE for a member that is `null`)
 */
gboolean
transitiond_event_has_member (TransitiondEvent *self, const char *member)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), FALSE);
  return json_object_has_member (self->object, member);
}

/**
 * transitiond_event_get_double_member:
 * @self: an event
 * @member: a member's name
 * @fallback: the value when @member is absent or not a number
 *
 * Returns: the number in @member
 */
double
transitiond_event_get_double_member (TransitiondEvent *self, const char *member, double fallback)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), fallback);
  return transitiond_json_double (self->object, member, fallback);
}

/**
 * transitiond_event_get_int_member:
 * @self: an event
 * @member: a member's name
 * @fallback: the value when @member is absent or not a number
 *
 * Returns: the integer in @member
 */
gint64
transitiond_event_get_int_member (TransitiondEvent *self, const char *member, gint64 fallback)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), fallback);
  return transitiond_json_int (self->object, member, fallback);
}

/**
 * transitiond_event_get_string_member:
 * @self: an event
 * @member: a member's name
 *
 * Returns: (nullable): the string in @member, %NULL when absent or not a string
 */
const char *
transitiond_event_get_string_member (TransitiondEvent *self, const char *member)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), NULL);
  return transitiond_json_string (self->object, member);
}

/**
 * transitiond_event_get_object:
 * @self: an event
 *
 * The whole message, for members this library has no getter for (`snapshot`'s
 * `transitions`, `hello`'s `transitions` and `limits`, a newer daemon's members).
 *
 * Returns: (transfer none): the message as json-glib read it; do not change it
 */
JsonObject *
transitiond_event_get_object (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), NULL);
  return self->object;
}

/**
 * transitiond_event_to_json:
 * @self: an event
 *
 * Returns: (transfer full): the message as one line of JSON (not the bytes received: json-glib
 *   writes the numbers again)
 */
char *
transitiond_event_to_json (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), NULL);
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), self->object);
  return json_to_string (node, FALSE);
}

/* ---- The completion animation ---------------------------------------------------------- */

/**
 * transitiond_event_get_animation_type:
 * @self: an `ended` event
 *
 * Returns: (nullable): the animation's `type` (`spring`, `curve`, `none`), %NULL when the
 *   event has no animation
 */
const char *
transitiond_event_get_animation_type (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), NULL);
  JsonNode *node = json_object_get_member (self->object, "animation");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  return transitiond_json_string (json_node_get_object (node), "type");
}

/**
 * transitiond_event_get_duration:
 * @self: an `ended` event
 *
 * Returns: the animation's duration in seconds; 0 for `none`, or for another kind of event
 */
double
transitiond_event_get_duration (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), 0);
  return self->animation.type == TRANSITIOND_ANIMATION_NONE ? 0 : self->animation.duration;
}

/**
 * transitiond_event_get_end_time_us:
 * @self: an `ended` event
 *
 * Returns: when the animation arrives: `time_us` + its duration, CLOCK_MONOTONIC µs (rounded
 *   up: from then on transitiond_event_sample_value() gives exactly `to`)
 */
gint64
transitiond_event_get_end_time_us (TransitiondEvent *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), 0);
  return transitiond_event_get_time_us (self) + (gint64) ceil (transitiond_event_get_duration (self) * 1e6);
}

/**
 * transitiond_event_sample_value:
 * @self: an `ended` event
 * @time_us: a CLOCK_MONOTONIC time in µs: the frame's (gdk_frame_clock_get_frame_time(),
 *   g_get_monotonic_time())
 *
 * The completion animation's value at @time_us, with the engine's arithmetic
 * (docs/protocol.md, "Running the completion animation yourself"): `from` before `time_us`,
 * exactly `to` once it has arrived. An event that is not an `ended` gives its `progress`.
 *
 * Returns: the progress to show
 */
double
transitiond_event_sample_value (TransitiondEvent *self, gint64 time_us)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), 0);
  if (self->kind != TRANSITIOND_EVENT_ENDED)
    return transitiond_event_get_progress (self);
  double t = (double) (time_us - transitiond_event_get_time_us (self)) / 1e6;
  return transitiond_sampler_value (&self->animation, t);
}

/**
 * transitiond_event_sample_velocity:
 * @self: an `ended` event
 * @time_us: a CLOCK_MONOTONIC time in µs
 *
 * Returns: the completion animation's velocity at @time_us, progress per second (0 once it has
 *   arrived, or for an event that is not an `ended`)
 */
double
transitiond_event_sample_velocity (TransitiondEvent *self, gint64 time_us)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), 0);
  if (self->kind != TRANSITIOND_EVENT_ENDED)
    return 0;
  double t = (double) (time_us - transitiond_event_get_time_us (self)) / 1e6;
  return transitiond_sampler_velocity (&self->animation, t);
}

/**
 * transitiond_event_dup_snapshot_ended:
 * @self: a `snapshot` event
 * @transition: a transition's name
 *
 * The `ended` of @transition when the snapshot found it animating, as an `ended` event (with
 * `transition` and the animation's `time_us`), to sample as if it had been received: a client
 * that connects mid-animation starts in sync.
 *
 * Returns: (transfer full) (nullable): the `ended` event, or %NULL when @transition is not
 *   animating in the snapshot
 */
TransitiondEvent *
transitiond_event_dup_snapshot_ended (TransitiondEvent *self, const char *transition)
{
  g_return_val_if_fail (TRANSITIOND_IS_EVENT (self), NULL);
  g_return_val_if_fail (transition != NULL, NULL);
  JsonNode *list = json_object_get_member (self->object, "transitions");
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    return NULL;
  JsonArray *array = json_node_get_array (list);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      JsonObject *state = json_node_get_object (node);
      const char *name = transitiond_json_string (state, "name");
      JsonNode *ended = json_object_get_member (state, "ended");
      if (name == NULL || strcmp (name, transition) != 0 || ended == NULL || !JSON_NODE_HOLDS_OBJECT (ended))
        continue;
      g_autoptr (JsonObject) copy = json_object_new ();
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;
      json_object_iter_init (&iter, json_node_get_object (ended));
      while (json_object_iter_next (&iter, &member, &value))
        json_object_set_member (copy, member, json_node_copy (value));
      json_object_set_string_member (copy, "event", "ended");
      json_object_set_string_member (copy, "transition", transition);
      json_object_set_int_member (copy, "gesture", transitiond_json_int (state, "gesture", 0));
      return transitiond_event_new_from_object (copy);
    }
  return NULL;
}
