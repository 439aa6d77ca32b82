/* SPDX-License-Identifier: MIT
 *
 * TransitiondClient: one connection to transitiond at a time, on the thread-default main
 * context of the thread that made the client; reconnects by itself with a doubling backoff
 * (the project's ReconnectBackoff rule, with TransitionClient's 0.1 s to 5 s) and then sends
 * the subscription and the declarations again, so a daemon restart is a `disconnected`, a
 * `connected` and a `snapshot`.
 *
 * Reading: GDataInputStream lines, at most MAX_LINE_BYTES each; json-glib parses each. Writing: one GString of pending
 * request lines, written by one asynchronous write at a time.
 */
#include "transitiond-private.h"

#include <gio/gunixsocketaddress.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#define BACKOFF_INITIAL_MS 100
#define BACKOFF_MAXIMUM_MS 5000

/**
 * TransitiondClient:
 *
 * A client of transitiond's socket. It connects as soon as the main context runs, reconnects
 * whenever the connection drops, and emits a signal per message: `began`, `updated`, `ended`,
 * `frame`, `paused` and `completed` (detailed by the transition's name, so
 * `"updated::overview"` follows one transition), `snapshot`, `transitions-changed`,
 * `delivery`, `goodbye`, `connected` (with the `hello`) and `disconnected`; `message` for
 * every message, including kinds this library does not know.
 *
 * Requests are asynchronous (GTask): `trigger`, `cancel`, and the transitions a client
 * declares (`declare`, `update`, `withdraw`), which the client keeps and declares again on
 * every reconnection and every `delivery` `resumed`. transitiond_client_subscribe() is kept
 * and sent again on every reconnection.
 */

typedef struct _Connection Connection;

struct _TransitiondClient {
  GObject parent_instance;
  char *explicit_path;
  char **candidates;
  char *path;
  GMainContext *context;
  Connection *connection;   /* the attempt or connection in use; NULL while waiting to retry */
  gboolean connected;       /* its `hello` has arrived */
  gboolean closed;
  gboolean outage_reported; /* `disconnected` was emitted for this outage */
  guint attempts;           /* failed attempts since the last connection (the backoff) */
  GSource *retry;
  TransitiondEvent *hello;
  JsonObject *subscription;
  GHashTable *pending;      /* request id (gint64 *) -> Pending */
  GPtrArray *declarations;  /* Declaration, in the order they were made */
  gint64 next_id;
  guint64 next_serial;
};

G_DEFINE_FINAL_TYPE (TransitiondClient, transitiond_client, G_TYPE_OBJECT)

enum { PROP_0, PROP_SOCKET_PATH, PROP_CONNECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CONNECTED,
  SIGNAL_DISCONNECTED,
  SIGNAL_MESSAGE,
  SIGNAL_BEGAN,
  SIGNAL_UPDATED,
  SIGNAL_ENDED,
  SIGNAL_FRAME,
  SIGNAL_PAUSED,
  SIGNAL_COMPLETED,
  SIGNAL_SNAPSHOT,
  SIGNAL_TRANSITIONS_CHANGED,
  SIGNAL_DELIVERY,
  SIGNAL_GOODBYE,
  SIGNAL_REFUSED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

typedef struct {
  GTask *task;        /* NULL for a request the client sends on its own (subscribe, a re-declare) */
  char *request;
  char *declaration;  /* the name of a `declare`'s transition */
  guint64 serial;     /* and which declaration of that name (one made later replaces it) */
} Pending;

typedef struct {
  char *name;
  guint64 serial;      /* tells a declaration from a later one of the same name */
  gboolean held;       /* refused with delivery_paused: declared again when delivery resumes */
  JsonObject *request; /* the `declare` request, without its id; `page` follows `completed` */
  GTask *waiting;      /* a declare_async whose reply has not come */
} Declaration;

struct _Connection {
  TransitiondClient *client; /* not a reference: the client cancels its connection when it goes */
  GCancellable *cancellable;
  GSocketClient *socket_client;
  GSocketConnection *stream;
  GDataInputStream *input;
  GOutputStream *output;
  GString *unsent;
  gboolean writing;
  JsonParser *parser;
  guint candidate;
  GError *last_error;
};

static void start_connecting (TransitiondClient *self);
static void read_lines (Connection *connection);

/* ---- Small parts ----------------------------------------------------------------------- */

static void
pending_free (gpointer data)
{
  Pending *pending = data;
  g_clear_object (&pending->task);
  g_free (pending->request);
  g_free (pending->declaration);
  g_free (pending);
}

static void
declaration_free (gpointer data)
{
  Declaration *declaration = data;
  g_free (declaration->name);
  json_object_unref (declaration->request);
  if (declaration->waiting)
    {
      g_task_return_new_error (declaration->waiting, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "the declaration of %s was withdrawn or replaced", declaration->name);
      g_object_unref (declaration->waiting);
    }
  g_free (declaration);
}

static Declaration *
find_declaration (TransitiondClient *self, const char *name, guint *index);

/* The declaration a request was about, if it is still the one in force. */
static Declaration *
pending_declaration (TransitiondClient *self, Pending *pending, guint *index)
{
  Declaration *declaration = pending->declaration ? find_declaration (self, pending->declaration, index) : NULL;
  return declaration && declaration->serial == pending->serial ? declaration : NULL;
}

static Declaration *
find_declaration (TransitiondClient *self, const char *name, guint *index)
{
  for (guint i = 0; i < self->declarations->len; i++)
    {
      Declaration *declaration = g_ptr_array_index (self->declarations, i);
      if (strcmp (declaration->name, name) == 0)
        {
          if (index)
            *index = i;
          return declaration;
        }
    }
  return NULL;
}

static Connection *
connection_new (TransitiondClient *client)
{
  Connection *connection = g_rc_box_new0 (Connection);
  connection->client = client;
  connection->cancellable = g_cancellable_new ();
  connection->unsent = g_string_new (NULL);
  connection->parser = json_parser_new_immutable ();
  return connection;
}

static void
connection_clear (Connection *connection)
{
  g_clear_object (&connection->cancellable);
  g_clear_object (&connection->socket_client);
  g_clear_object (&connection->input);
  g_clear_object (&connection->stream);
  g_string_free (connection->unsent, TRUE);
  g_clear_object (&connection->parser);
  g_clear_error (&connection->last_error);
}

static Connection *
connection_ref (Connection *connection)
{
  return g_rc_box_acquire (connection);
}

static void
connection_unref (Connection *connection)
{
  g_rc_box_release_full (connection, (GDestroyNotify) connection_clear);
}

/* Whether a callback of this connection may still act: the client has not dropped it. */
static gboolean
connection_alive (Connection *connection)
{
  return connection->client != NULL && !g_cancellable_is_cancelled (connection->cancellable);
}

/* The paths a client tries, in order (docs/protocol.md, "Connecting"): the one given alone,
 * else $TRANSITIOND_SOCKET alone, else a daemon of this user's, then the system's. */
static char **
socket_candidates (const char *explicit_path)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  const char *from_environment = g_getenv ("TRANSITIOND_SOCKET");
  const char *runtime = g_getenv ("XDG_RUNTIME_DIR");
  if (explicit_path != NULL && *explicit_path != '\0')
    g_strv_builder_add (builder, explicit_path);
  else if (from_environment != NULL && *from_environment != '\0')
    g_strv_builder_add (builder, from_environment);
  else
    {
      if (getuid () != 0 && runtime != NULL && *runtime != '\0')
        {
          g_autofree char *path = g_build_filename (runtime, "transitiond", "transitiond.sock", NULL);
          g_strv_builder_add (builder, path);
        }
      g_strv_builder_add (builder, "/run/transitiond/transitiond.sock");
    }
  char **candidates = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return candidates;
}

/* ---- Writing --------------------------------------------------------------------------- */

static void drop_connection (TransitiondClient *self, GError *error);

static void write_unsent (Connection *connection);

static void
on_written (GObject *source, GAsyncResult *result, gpointer data)
{
  Connection *connection = data;
  g_autoptr (GError) error = NULL;
  gssize written = g_output_stream_write_bytes_finish (G_OUTPUT_STREAM (source), result, &error);
  if (connection_alive (connection))
    {
      if (written < 0)
        drop_connection (connection->client, error);
      else
        {
          g_string_erase (connection->unsent, 0, written);
          connection->writing = FALSE;
          write_unsent (connection);
        }
    }
  connection_unref (connection);
}

static void
write_unsent (Connection *connection)
{
  if (connection->writing || connection->unsent->len == 0)
    return;
  connection->writing = TRUE;
  g_autoptr (GBytes) bytes = g_bytes_new (connection->unsent->str, connection->unsent->len);
  g_output_stream_write_bytes_async (connection->output, bytes, G_PRIORITY_DEFAULT, connection->cancellable,
                                     on_written, connection_ref (connection));
}

/* Sends `request` (its `id` is set here) on the connection, which must be up; `task` (or NULL)
 * is completed by the reply. */
static void
send_request (TransitiondClient *self, JsonObject *request, GTask *task, Declaration *declaration)
{
  Connection *connection = self->connection;
  gint64 id = self->next_id++;
  json_object_set_int_member (request, "id", id);
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), request);
  g_autofree char *line = json_to_string (node, FALSE);
  json_object_remove_member (request, "id");
  g_string_append (connection->unsent, line);
  g_string_append_c (connection->unsent, '\n');

  Pending *pending = g_new0 (Pending, 1);
  pending->task = task ? g_object_ref (task) : NULL;
  pending->request = g_strdup (transitiond_json_string (request, "request"));
  pending->declaration = declaration ? g_strdup (declaration->name) : NULL;
  pending->serial = declaration ? declaration->serial : 0;
  g_hash_table_insert (self->pending, g_memdup2 (&id, sizeof id), pending);
  write_unsent (connection);
}

static void
send_declaration (TransitiondClient *self, Declaration *declaration)
{
  send_request (self, declaration->request, declaration->waiting, declaration);
  g_clear_object (&declaration->waiting); /* the pending request holds it now */
}

/* ---- Replies --------------------------------------------------------------------------- */

static GError *
reply_error (JsonObject *reply)
{
  JsonNode *node = json_object_get_member (reply, "error");
  JsonObject *error = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *code = transitiond_json_string (error, "code");
  const char *message = transitiond_json_string (error, "message");
  return g_error_new (TRANSITIOND_ERROR, transitiond_error_from_code (code), "%s (%s)",
                      message ? message : "refused", code ? code : "no code");
}

static void
handle_reply (TransitiondClient *self, JsonObject *reply)
{
  gint64 id = transitiond_json_int (reply, "id", -1);
  Pending *pending = NULL;
  gpointer key = NULL;
  if (!g_hash_table_steal_extended (self->pending, &id, &key, (gpointer *) &pending))
    return; /* not ours (an id the daemon could not read is null) */
  g_free (key);
  JsonNode *ok = json_object_get_member (reply, "ok");
  gboolean succeeded = ok && JSON_NODE_TYPE (ok) == JSON_NODE_VALUE && json_node_get_boolean (ok);
  if (succeeded)
    {
      if (pending->task)
        {
          JsonNode *result = json_object_get_member (reply, "result");
          JsonObject *object = result && JSON_NODE_HOLDS_OBJECT (result) ? json_node_get_object (result) : NULL;
          g_task_return_pointer (pending->task, object ? json_object_ref (object) : json_object_new (),
                                 (GDestroyNotify) json_object_unref);
        }
    }
  else
    {
      GError *error = reply_error (reply);
      guint index;
      Declaration *declaration = pending_declaration (self, pending, &index);
      if (declaration && g_error_matches (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_DELIVERY_PAUSED))
        {
          /* This connection receives no events now (another user's session is in front, or
           * the screen is locked): the declaration waits, with its reply, for `delivery`
           * `resumed`. */
          declaration->held = TRUE;
          if (pending->task && declaration->waiting == NULL)
            declaration->waiting = g_steal_pointer (&pending->task);
          g_error_free (error);
          pending_free (pending);
          return;
        }
      /* A refused declaration is not in force: forget it, so it is not declared again. */
      if (declaration)
        g_ptr_array_remove_index (self->declarations, index);
      if (pending->task)
        g_task_return_error (pending->task, error);
      else
        {
          g_signal_emit (self, signals[SIGNAL_REFUSED], 0, pending->request, error);
          g_error_free (error);
        }
    }
  pending_free (pending);
}

/* ---- Messages -------------------------------------------------------------------------- */

static void
connected (TransitiondClient *self, TransitiondEvent *hello)
{
  self->connected = TRUE;
  self->attempts = 0;
  self->outage_reported = FALSE;
  g_set_object (&self->hello, hello);
  if (self->subscription)
    send_request (self, self->subscription, NULL, NULL);
  for (guint i = 0; i < self->declarations->len; i++)
    {
      Declaration *declaration = g_ptr_array_index (self->declarations, i);
      declaration->held = FALSE;
      send_declaration (self, declaration);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
  g_signal_emit (self, signals[SIGNAL_CONNECTED], 0, hello);
}

/* A declared paged transition's page is its `completed` progress (docs/protocol.md). */
static void
follow_page (TransitiondClient *self, TransitiondEvent *completed)
{
  const char *name = transitiond_event_get_transition (completed);
  Declaration *declaration = name ? find_declaration (self, name, NULL) : NULL;
  if (declaration == NULL || !json_object_has_member (declaration->request, "pages"))
    return;
  double progress = transitiond_event_get_progress (completed);
  if (isfinite (progress) && progress >= 0 && progress < G_MAXINT)
    json_object_set_int_member (declaration->request, "page", (gint64) lround (progress));
}

/* Handles one line; FALSE when the connection was dropped on the way. */
static gboolean
handle_line (Connection *connection, const char *line, gsize length)
{
  TransitiondClient *self = connection->client;
  g_autoptr (GError) error = NULL;
  if (length > 0 && line[length - 1] == '\r')
    length--;
  if (length == 0)
    return TRUE;
  if (!json_parser_load_from_data (connection->parser, line, (gssize) length, &error))
    {
      g_autoptr (GError) unreadable = g_error_new (TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY,
                                                   "transitiond sent a line that is not JSON: %s", error->message);
      drop_connection (self, unreadable);
      return FALSE;
    }
  JsonNode *root = json_parser_get_root (connection->parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_autoptr (GError) unreadable = g_error_new_literal (TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY,
                                                           "transitiond sent a line that is not a JSON object");
      drop_connection (self, unreadable);
      return FALSE;
    }
  JsonObject *object = json_node_get_object (root);
  g_autoptr (TransitiondEvent) event = transitiond_event_new_from_object (object);
  TransitiondEventKind kind = transitiond_event_get_kind (event);

  if (kind == TRANSITIOND_EVENT_REPLY)
    {
      handle_reply (self, object);
      return connection_alive (connection);
    }
  if (!self->connected && kind != TRANSITIOND_EVENT_HELLO && kind != TRANSITIOND_EVENT_GOODBYE)
    {
      g_autoptr (GError) unexpected = g_error_new (TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY,
                                                   "transitiond's first message is %s, not hello",
                                                   transitiond_event_get_name (event));
      drop_connection (self, unexpected);
      return FALSE;
    }
  if (kind == TRANSITIOND_EVENT_COMPLETED)
    follow_page (self, event);
  /* A connection whose delivery pauses loses its declarations (docs/protocol.md): when it
   * resumes, every one is declared again, at its current page, with the replies still awaited
   * (those refused while paused). */
  if (kind == TRANSITIOND_EVENT_DELIVERY && g_strcmp0 (transitiond_event_get_state (event), "resumed") == 0)
    for (guint i = 0; i < self->declarations->len; i++)
      {
        Declaration *declaration = g_ptr_array_index (self->declarations, i);
        declaration->held = FALSE;
        send_declaration (self, declaration);
      }

  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, event);
  if (!connection_alive (connection))
    return FALSE;
  const char *transition = transitiond_event_get_transition (event);
  GQuark detail = transition ? g_quark_from_string (transition) : 0;
  switch (kind)
    {
    case TRANSITIOND_EVENT_HELLO: connected (self, event); break;
    case TRANSITIOND_EVENT_BEGAN: g_signal_emit (self, signals[SIGNAL_BEGAN], detail, event); break;
    case TRANSITIOND_EVENT_UPDATED: g_signal_emit (self, signals[SIGNAL_UPDATED], detail, event); break;
    case TRANSITIOND_EVENT_ENDED: g_signal_emit (self, signals[SIGNAL_ENDED], detail, event); break;
    case TRANSITIOND_EVENT_FRAME: g_signal_emit (self, signals[SIGNAL_FRAME], detail, event); break;
    case TRANSITIOND_EVENT_PAUSED: g_signal_emit (self, signals[SIGNAL_PAUSED], detail, event); break;
    case TRANSITIOND_EVENT_COMPLETED: g_signal_emit (self, signals[SIGNAL_COMPLETED], detail, event); break;
    case TRANSITIOND_EVENT_SNAPSHOT: g_signal_emit (self, signals[SIGNAL_SNAPSHOT], 0, event); break;
    case TRANSITIOND_EVENT_TRANSITIONS_CHANGED: g_signal_emit (self, signals[SIGNAL_TRANSITIONS_CHANGED], 0, event); break;
    case TRANSITIOND_EVENT_DELIVERY: g_signal_emit (self, signals[SIGNAL_DELIVERY], 0, event); break;
    case TRANSITIOND_EVENT_GOODBYE: g_signal_emit (self, signals[SIGNAL_GOODBYE], 0, event); break;
    case TRANSITIOND_EVENT_REPLY:
    case TRANSITIOND_EVENT_OTHER:
    default: break;
    }
  return connection_alive (connection);
}

/* ---- Reading --------------------------------------------------------------------------- */

/* The longest line read from the daemon, newline excluded: the most it queues for one client
 * (`max_queued_bytes`, 4 MiB, docs/protocol.md "Limits and slow clients"), which none of its
 * lines can exceed. A longer one (a process at $TRANSITIOND_SOCKET that is not transitiond, or
 * a broken daemon) closes the connection with TRANSITIOND_ERROR_INVALID_REPLY, and the client
 * reconnects as after any outage: its memory stays bounded whatever the peer sends. */
#define MAX_LINE_BYTES ((gsize) 4 << 20)

static void
line_too_long (TransitiondClient *self)
{
  g_autoptr (GError) error = g_error_new (TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY,
                                          "transitiond sent a line longer than %" G_GSIZE_FORMAT " bytes", MAX_LINE_BYTES);
  drop_connection (self, error);
}

static void
on_filled (GObject *source, GAsyncResult *result, gpointer data)
{
  Connection *connection = data;
  g_autoptr (GError) error = NULL;
  gssize read = g_buffered_input_stream_fill_finish (G_BUFFERED_INPUT_STREAM (source), result, &error);
  if (connection_alive (connection))
    {
      TransitiondClient *self = g_object_ref (connection->client);
      if (read <= 0)
        {
          if (error == NULL)
            error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED, "transitiond closed the connection");
          drop_connection (self, error);
        }
      else
        read_lines (connection);
      g_object_unref (self);
    }
  connection_unref (connection);
}

/* Handles the lines already buffered without going back to the main loop, then waits for more.
 * The buffer grows (doubling from 64 KiB) only while a line is incomplete, up to
 * MAX_LINE_BYTES + 1: GDataInputStream's own read_line would grow it without bound. */
static void
read_lines (Connection *connection)
{
  GBufferedInputStream *buffered = G_BUFFERED_INPUT_STREAM (connection->input);
  for (;;)
    {
      gsize available = 0;
      const char *buffer = g_buffered_input_stream_peek_buffer (buffered, &available);
      const char *newline = available > 0 ? memchr (buffer, '\n', available) : NULL;
      if (newline == NULL ? available > MAX_LINE_BYTES : (gsize) (newline - buffer) > MAX_LINE_BYTES)
        {
          line_too_long (connection->client);
          return;
        }
      if (newline == NULL)
        break;
      gsize length = 0;
      g_autoptr (GError) error = NULL;
      g_autofree char *line = g_data_input_stream_read_line (connection->input, &length, NULL, &error);
      if (line == NULL)
        {
          drop_connection (connection->client, error);
          return;
        }
      if (!handle_line (connection, line, length))
        return;
    }
  gsize available = g_buffered_input_stream_get_available (buffered);
  gsize size = g_buffered_input_stream_get_buffer_size (buffered);
  if (available == size)
    g_buffered_input_stream_set_buffer_size (buffered, MIN (size * 2, MAX_LINE_BYTES + 1));
  g_buffered_input_stream_fill_async (buffered, -1, G_PRIORITY_DEFAULT, connection->cancellable, on_filled,
                                      connection_ref (connection));
}

/* ---- Connecting ------------------------------------------------------------------------ */

static void try_candidate (Connection *connection);

static gboolean
on_retry (gpointer data)
{
  TransitiondClient *self = data;
  g_clear_pointer (&self->retry, g_source_unref);
  g_main_context_push_thread_default (self->context);
  start_connecting (self);
  g_main_context_pop_thread_default (self->context);
  return G_SOURCE_REMOVE;
}

static void
schedule_retry (TransitiondClient *self)
{
  if (self->closed || self->retry)
    return;
  guint shift = MIN (self->attempts, 16u);
  guint delay = MIN ((guint) BACKOFF_INITIAL_MS << shift, (guint) BACKOFF_MAXIMUM_MS);
  self->attempts++;
  self->retry = g_timeout_source_new (delay);
  g_source_set_callback (self->retry, on_retry, self, NULL);
  g_source_set_name (self->retry, "transitiond reconnection");
  g_source_attach (self->retry, self->context);
}

/* Drops the connection in use (NULL `error`: silently, as closing does), fails the requests
 * waiting for a reply, reports the outage once and schedules the next attempt. */
static void
drop_connection (TransitiondClient *self, GError *error)
{
  Connection *connection = self->connection;
  if (connection == NULL)
    return;
  self->connection = NULL;
  g_cancellable_cancel (connection->cancellable);
  connection->client = NULL;
  if (connection->stream)
    g_io_stream_close (G_IO_STREAM (connection->stream), NULL, NULL);
  connection_unref (connection);

  gboolean was_connected = self->connected;
  self->connected = FALSE;
  g_object_ref (self);
  /* Replies that will never come: a declaration's waits for the next connection instead. */
  GHashTableIter iter;
  Pending *pending;
  g_hash_table_iter_init (&iter, self->pending);
  GPtrArray *failed = g_ptr_array_new_with_free_func (pending_free);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pending))
    {
      g_hash_table_iter_steal (&iter);
      Declaration *declaration = pending_declaration (self, pending, NULL);
      if (declaration && pending->task && !self->closed && declaration->waiting == NULL)
        declaration->waiting = g_steal_pointer (&pending->task);
      g_ptr_array_add (failed, pending);
    }
  for (guint i = 0; i < failed->len; i++)
    {
      Pending *lost = g_ptr_array_index (failed, i);
      if (lost->task)
        g_task_return_new_error (lost->task, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                                 "the connection to transitiond closed before its reply to %s", lost->request);
    }
  g_ptr_array_unref (failed);

  if (was_connected)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
  if (error != NULL && !self->closed && !self->outage_reported)
    {
      self->outage_reported = TRUE;
      g_signal_emit (self, signals[SIGNAL_DISCONNECTED], 0, error);
    }
  schedule_retry (self);
  g_object_unref (self);
}

static void
on_connected (GObject *source, GAsyncResult *result, gpointer data)
{
  Connection *connection = data;
  g_autoptr (GError) error = NULL;
  GSocketConnection *stream = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (!connection_alive (connection))
    {
      g_clear_object (&stream);
      connection_unref (connection);
      return;
    }
  TransitiondClient *self = connection->client;
  if (stream == NULL)
    {
      if (connection->last_error == NULL)
        connection->last_error = g_error_copy (error);
      else
        g_prefix_error (&connection->last_error, "%s; ", error->message);
      connection->candidate++;
      try_candidate (connection);
      connection_unref (connection);
      return;
    }
  connection->stream = stream;
  g_free (self->path);
  self->path = g_strdup (self->candidates[connection->candidate]);
  connection->input = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (stream)));
  g_data_input_stream_set_newline_type (connection->input, G_DATA_STREAM_NEWLINE_TYPE_LF);
  g_buffered_input_stream_set_buffer_size (G_BUFFERED_INPUT_STREAM (connection->input), 65536);
  connection->output = g_io_stream_get_output_stream (G_IO_STREAM (stream));
  read_lines (connection);
  connection_unref (connection);
}

static void
try_candidate (Connection *connection)
{
  TransitiondClient *self = connection->client;
  const char *path = self->candidates[connection->candidate];
  if (path == NULL)
    {
      g_autoptr (GError) error = g_steal_pointer (&connection->last_error);
      g_prefix_error (&error, "cannot connect to transitiond: ");
      drop_connection (self, error);
      return;
    }
  g_autoptr (GSocketAddress) address = g_unix_socket_address_new (path);
  g_socket_client_connect_async (connection->socket_client, G_SOCKET_CONNECTABLE (address), connection->cancellable,
                                 on_connected, connection_ref (connection));
}

static void
start_connecting (TransitiondClient *self)
{
  if (self->closed || self->connection)
    return;
  self->connection = connection_new (self);
  self->connection->socket_client = g_socket_client_new ();
  try_candidate (self->connection);
}

/* ---- GObject --------------------------------------------------------------------------- */

static void
transitiond_client_constructed (GObject *object)
{
  TransitiondClient *self = TRANSITIOND_CLIENT (object);
  G_OBJECT_CLASS (transitiond_client_parent_class)->constructed (object);
  self->candidates = socket_candidates (self->explicit_path);
  self->path = g_strdup (self->candidates[0]);
  self->context = g_main_context_ref_thread_default ();
  /* The first attempt once the context runs, so that signal handlers are connected first. */
  self->retry = g_idle_source_new ();
  g_source_set_callback (self->retry, on_retry, self, NULL);
  g_source_attach (self->retry, self->context);
}

static void
transitiond_client_dispose (GObject *object)
{
  transitiond_client_close (TRANSITIOND_CLIENT (object));
  G_OBJECT_CLASS (transitiond_client_parent_class)->dispose (object);
}

static void
transitiond_client_finalize (GObject *object)
{
  TransitiondClient *self = TRANSITIOND_CLIENT (object);
  g_free (self->explicit_path);
  g_strfreev (self->candidates);
  g_free (self->path);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_object (&self->hello);
  g_clear_pointer (&self->subscription, json_object_unref);
  g_hash_table_unref (self->pending);
  g_ptr_array_unref (self->declarations);
  G_OBJECT_CLASS (transitiond_client_parent_class)->finalize (object);
}

static void
transitiond_client_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TransitiondClient *self = TRANSITIOND_CLIENT (object);
  switch (prop_id)
    {
    case PROP_SOCKET_PATH: self->explicit_path = g_value_dup_string (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
transitiond_client_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TransitiondClient *self = TRANSITIOND_CLIENT (object);
  switch (prop_id)
    {
    case PROP_SOCKET_PATH: g_value_set_string (value, self->path); break;
    case PROP_CONNECTED: g_value_set_boolean (value, self->connected); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static guint
event_signal (const char *name, gboolean detailed)
{
  return g_signal_new (name, TRANSITIOND_TYPE_CLIENT, G_SIGNAL_RUN_LAST | (detailed ? G_SIGNAL_DETAILED : 0), 0,
                       NULL, NULL, g_cclosure_marshal_VOID__OBJECT, G_TYPE_NONE, 1, TRANSITIOND_TYPE_EVENT);
}

static void
transitiond_client_class_init (TransitiondClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->constructed = transitiond_client_constructed;
  object_class->dispose = transitiond_client_dispose;
  object_class->finalize = transitiond_client_finalize;
  object_class->set_property = transitiond_client_set_property;
  object_class->get_property = transitiond_client_get_property;

  /**
   * TransitiondClient:socket-path:
   *
   * The socket: as given at construction, or (%NULL given) the one connected to last, else the
   * first one tried: `$TRANSITIOND_SOCKET`, else `$XDG_RUNTIME_DIR/transitiond/transitiond.sock`
   * (not as root), then `/run/transitiond/transitiond.sock`, as `transitionctl` finds it.
   */
  properties[PROP_SOCKET_PATH] = g_param_spec_string ("socket-path", NULL, NULL, NULL,
                                                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * TransitiondClient:is-connected:
   *
   * Whether a connection is up (its `hello` has arrived): between the `connected` and the
   * `disconnected` signals.
   */
  properties[PROP_CONNECTED] = g_param_spec_boolean ("is-connected", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TransitiondClient::connected:
   * @self: the client
   * @hello: the daemon's `hello` (its `transitions`, `server`, `limits`)
   *
   * A connection is up. The subscription and the declarations have just been sent again; the
   * `snapshot` that follows the subscription puts the client back in sync.
   */
  signals[SIGNAL_CONNECTED] = event_signal ("connected", FALSE);
  /**
   * TransitiondClient::disconnected:
   * @self: the client
   * @error: why: the connection closed, or could not be made
   *
   * The connection dropped or could not be made: emitted once per outage. The client tries
   * again by itself, 0.1 s later, then twice as late each time up to 5 s.
   */
  signals[SIGNAL_DISCONNECTED] = g_signal_new ("disconnected", TRANSITIOND_TYPE_CLIENT, G_SIGNAL_RUN_LAST, 0, NULL,
                                               NULL, g_cclosure_marshal_VOID__BOXED, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * TransitiondClient::message:
   * @self: the client
   * @event: the message
   *
   * Every message but replies, before the signal of its kind: also kinds this library does
   * not know (#TRANSITIOND_EVENT_OTHER).
   */
  signals[SIGNAL_MESSAGE] = event_signal ("message", FALSE);
  /**
   * TransitiondClient::began:
   * @self: the client
   * @event: the `began` (`source`, `from`, `interactive`, `direction`)
   *
   * A gesture locked onto a transition, or a trigger started. Detailed by the transition's
   * name: `"began::overview"`.
   */
  signals[SIGNAL_BEGAN] = event_signal ("began", TRUE);
  /**
   * TransitiondClient::updated:
   * @self: the client
   * @event: the `updated` (`progress`, `raw_progress`, `velocity`)
   *
   * The fingers moved. Detailed by the transition's name.
   */
  signals[SIGNAL_UPDATED] = event_signal ("updated", TRUE);
  /**
   * TransitiondClient::ended:
   * @self: the client
   * @event: the `ended` (`outcome`, `reason`, `from`, `to`, the animation; `page` and `pages`
   *   for a paged transition)
   *
   * The decision and the whole completion animation: sample it at each frame with
   * transitiond_event_sample_value(). Detailed by the transition's name.
   */
  signals[SIGNAL_ENDED] = event_signal ("ended", TRUE);
  /**
   * TransitiondClient::frame:
   * @self: the client
   * @event: the `frame` (`progress`, `velocity`)
   *
   * A server-driven sample of the animation (subscribed with a frame rate). Detailed by the
   * transition's name.
   */
  signals[SIGNAL_FRAME] = event_signal ("frame", TRUE);
  /**
   * TransitiondClient::paused:
   * @self: the client
   * @event: the `paused` (`progress`: the frozen value)
   *
   * A touch caught the running animation. Detailed by the transition's name.
   */
  signals[SIGNAL_PAUSED] = event_signal ("paused", TRUE);
  /**
   * TransitiondClient::completed:
   * @self: the client
   * @event: the `completed` (`finished`, `progress`)
   *
   * The animation reached its end (for a paged transition, `progress` is the new page).
   * Detailed by the transition's name.
   */
  signals[SIGNAL_COMPLETED] = event_signal ("completed", TRUE);
  /**
   * TransitiondClient::snapshot:
   * @self: the client
   * @event: the `snapshot` (transitiond_event_dup_snapshot_ended() for an animating one)
   *
   * The state of every subscribed transition, after each subscription (and reconnection).
   */
  signals[SIGNAL_SNAPSHOT] = event_signal ("snapshot", FALSE);
  /**
   * TransitiondClient::transitions-changed:
   * @self: the client
   * @event: the `transitions_changed` (`transitions`: the new list)
   *
   * A reload, user settings or a declaration changed the list of transitions.
   */
  signals[SIGNAL_TRANSITIONS_CHANGED] = event_signal ("transitions-changed", FALSE);
  /**
   * TransitiondClient::delivery:
   * @self: the client
   * @event: the `delivery` (`state`: `paused` or `resumed`, `reason`, `message`)
   *
   * Transition events stop (another user's session is in front, the screen is locked) or
   * flow again for this connection.
   */
  signals[SIGNAL_DELIVERY] = event_signal ("delivery", FALSE);
  /**
   * TransitiondClient::goodbye:
   * @self: the client
   * @event: the `goodbye` (`reason`, `message`)
   *
   * The daemon is closing the connection (`disconnected` follows, then a new attempt).
   */
  signals[SIGNAL_GOODBYE] = event_signal ("goodbye", FALSE);
  /**
   * TransitiondClient::refused:
   * @self: the client
   * @request: the request's name: `subscribe` or `declare`
   * @error: why (#TRANSITIOND_ERROR)
   *
   * transitiond refused a request the client sent on its own: the subscription, or a
   * declaration sent again on reconnection (which is then forgotten).
   */
  signals[SIGNAL_REFUSED] = g_signal_new ("refused", TRANSITIOND_TYPE_CLIENT, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);
}

static void
transitiond_client_init (TransitiondClient *self)
{
  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, pending_free);
  self->declarations = g_ptr_array_new_with_free_func (declaration_free);
  self->next_id = 1;
}

/* ---- Public API ------------------------------------------------------------------------ */

/**
 * transitiond_client_new:
 * @socket_path: (nullable): the socket, or %NULL for the one `transitionctl` finds
 *
 * Makes a client on the thread-default main context. It connects once that context runs, and
 * reconnects by itself.
 *
 * Returns: (transfer full): the client
 */
TransitiondClient *
transitiond_client_new (const char *socket_path)
{
  return g_object_new (TRANSITIOND_TYPE_CLIENT, "socket-path", socket_path, NULL);
}

/**
 * transitiond_client_get_socket_path:
 * @self: a client
 *
 * Returns: the socket connected to last, or the first one tried
 */
const char *
transitiond_client_get_socket_path (TransitiondClient *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_CLIENT (self), NULL);
  return self->path;
}

/**
 * transitiond_client_is_connected:
 * @self: a client
 *
 * Returns: whether a connection is up (the #TransitiondClient:is-connected property)
 */
gboolean
transitiond_client_is_connected (TransitiondClient *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_CLIENT (self), FALSE);
  return self->connected;
}

/**
 * transitiond_client_get_hello:
 * @self: a client
 *
 * Returns: (transfer none) (nullable): the last connection's `hello`, %NULL before the first
 */
TransitiondEvent *
transitiond_client_get_hello (TransitiondClient *self)
{
  g_return_val_if_fail (TRANSITIOND_IS_CLIENT (self), NULL);
  return self->hello;
}

/**
 * transitiond_client_close:
 * @self: a client
 *
 * Disconnects for good: requests waiting for a reply fail with %G_IO_ERROR_CONNECTION_CLOSED, no signal
 * follows, nothing reconnects. (Dropping the last reference does the same.)
 */
void
transitiond_client_close (TransitiondClient *self)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  if (self->closed)
    return;
  self->closed = TRUE;
  if (self->retry)
    {
      g_source_destroy (self->retry);
      g_clear_pointer (&self->retry, g_source_unref);
    }
  drop_connection (self, NULL);
  g_ptr_array_set_size (self->declarations, 0);
  gboolean was_connected = self->connected;
  self->connected = FALSE;
  if (was_connected)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

static JsonArray *
string_array (const char *const *strings)
{
  JsonArray *array = json_array_new ();
  for (gsize i = 0; strings[i] != NULL; i++)
    json_array_add_string_element (array, strings[i]);
  return array;
}

/**
 * transitiond_client_subscribe:
 * @self: a client
 * @transitions: (nullable) (array zero-terminated=1): the transitions to follow, %NULL for all
 * @events: (nullable) (array zero-terminated=1): the kinds of events (`began`, `updated`,
 *   `ended`, `paused`, `completed`, `frame`), %NULL for the default (all but `frame`)
 * @frame_rate: `frame` events per second, 0 for none
 *
 * Subscribes now when connected, and on every reconnection; a second call replaces the
 * subscription. Each subscription is followed by a `snapshot`. A refusal (an unknown
 * transition) is the #TransitiondClient::refused signal.
 */
void
transitiond_client_subscribe (TransitiondClient *self, const char *const *transitions, const char *const *events,
                              guint frame_rate)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  JsonObject *request = json_object_new ();
  json_object_set_string_member (request, "request", "subscribe");
  if (transitions)
    json_object_set_array_member (request, "transitions", string_array (transitions));
  if (events)
    json_object_set_array_member (request, "events", string_array (events));
  if (frame_rate > 0)
    json_object_set_int_member (request, "frame_rate", frame_rate);
  g_clear_pointer (&self->subscription, json_object_unref);
  self->subscription = request;
  if (self->connected)
    send_request (self, self->subscription, NULL, NULL);
}

/* A task for a request, which its reply completes with the `result` object; or NULL after
 * failing it at once when there is no connection and the request needs one. */
static GTask *
request_task (TransitiondClient *self, gpointer tag, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data, gboolean needs_connection)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tag);
  if (needs_connection && !self->connected)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "not connected to transitiond");
      g_object_unref (task);
      return NULL;
    }
  return task;
}

static JsonObject *
propagate_result (TransitiondClient *self, GAsyncResult *result, gpointer tag, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == tag, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * transitiond_client_trigger_async:
 * @self: a client
 * @transition: the transition to run
 * @reverse: run it towards 0
 * @duration: its duration in seconds, 0 for the transition's `trigger_duration`
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called with the reply
 * @user_data: for @callback
 *
 * Runs a transition without a finger (`trigger`): its `began` and `ended` come first.
 */
void
transitiond_client_trigger_async (TransitiondClient *self, const char *transition, gboolean reverse, double duration,
                                  GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  g_return_if_fail (transition != NULL);
  g_autoptr (GTask) task = request_task (self, transitiond_client_trigger_async, cancellable, callback,
                                         user_data, TRUE);
  if (task == NULL)
    return;
  g_autoptr (JsonObject) request = json_object_new ();
  json_object_set_string_member (request, "request", "trigger");
  json_object_set_string_member (request, "transition", transition);
  if (reverse)
    json_object_set_boolean_member (request, "reverse", TRUE);
  if (duration > 0)
    json_object_set_double_member (request, "duration", duration);
  send_request (self, request, task, NULL);
}

/**
 * transitiond_client_trigger_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: why it failed (#TRANSITIOND_ERROR, or #G_IO_ERROR without a connection)
 *
 * Returns: the run's gesture id, 0 on error
 */
gint64
transitiond_client_trigger_finish (TransitiondClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (JsonObject) object = propagate_result (self, result, transitiond_client_trigger_async, error);
  return object ? transitiond_json_int (object, "gesture", 0) : 0;
}

/**
 * transitiond_client_cancel_async:
 * @self: a client
 * @transition: (nullable): the transition to cancel, %NULL for every running one
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called with the reply
 * @user_data: for @callback
 *
 * Cancels a running transition: it animates back (`ended` with outcome `cancel`).
 */
void
transitiond_client_cancel_async (TransitiondClient *self, const char *transition, GCancellable *cancellable,
                                 GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  g_autoptr (GTask) task = request_task (self, transitiond_client_cancel_async, cancellable, callback,
                                         user_data, TRUE);
  if (task == NULL)
    return;
  g_autoptr (JsonObject) request = json_object_new ();
  json_object_set_string_member (request, "request", "cancel");
  if (transition)
    json_object_set_string_member (request, "transition", transition);
  send_request (self, request, task, NULL);
}

/**
 * transitiond_client_cancel_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: why it failed
 *
 * Returns: how many transitions were cancelled, -1 on error
 */
int
transitiond_client_cancel_finish (TransitiondClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (JsonObject) object = propagate_result (self, result, transitiond_client_cancel_async, error);
  return object ? (int) transitiond_json_int (object, "cancelled", 0) : -1;
}

/**
 * transitiond_client_declare_async:
 * @self: a client
 * @transition: its name
 * @gestures: (array zero-terminated=1): the gestures that drive it, as the configuration
 *   writes them (`swipe3-left`, `edge1-right`); a paged transition owns the opposite
 *   direction of each too
 * @pages: its pages (2 or more), or 0 for an ordinary transition from 0 to 1
 * @page: the current page (0-based)
 * @options_json: (nullable): more members of the `declare` request as a JSON object, such as
 *   `{"distance":300,"rubber_band":{"stiffness":0.5,"limit":0.05}}`, or %NULL
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called with the reply
 * @user_data: for @callback
 *
 * Declares a transition this client drives (docs/protocol.md, `declare`): while it lives its
 * gestures are the client's. The client keeps it and declares it again on every
 * reconnection and every `delivery` `resumed` (a connection whose delivery pauses loses its
 * declarations), at the page the last `completed` left it on; declaring before the connection
 * is up is fine (the reply comes once it is), and so is declaring while this connection's
 * delivery is paused (another user's session in front, a locked screen: the declaration and
 * its reply wait for `delivery` `resumed`). Declaring a name again replaces it.
 */
void
transitiond_client_declare_async (TransitiondClient *self, const char *transition, const char *const *gestures,
                                  int pages, int page, const char *options_json, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  g_return_if_fail (transition != NULL && gestures != NULL);
  g_autoptr (GTask) task = request_task (self, transitiond_client_declare_async, cancellable, callback,
                                         user_data, FALSE);
  JsonObject *request = json_object_new ();
  if (options_json != NULL)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      if (!json_parser_load_from_data (parser, options_json, -1, &error) ||
          !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        {
          g_task_return_new_error (task, TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REQUEST,
                                   "options_json is not a JSON object: %s", error ? error->message : options_json);
          json_object_unref (request);
          return;
        }
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;
      json_object_iter_init (&iter, json_node_get_object (json_parser_get_root (parser)));
      while (json_object_iter_next (&iter, &member, &value))
        json_object_set_member (request, member, json_node_copy (value));
    }
  json_object_set_string_member (request, "request", "declare");
  json_object_set_string_member (request, "transition", transition);
  json_object_set_array_member (request, "gestures", string_array (gestures));
  if (pages > 0)
    {
      json_object_set_int_member (request, "pages", pages);
      json_object_set_int_member (request, "page", MAX (page, 0));
    }

  guint index;
  if (find_declaration (self, transition, &index))
    g_ptr_array_remove_index (self->declarations, index);
  Declaration *declaration = g_new0 (Declaration, 1);
  declaration->name = g_strdup (transition);
  declaration->serial = ++self->next_serial;
  declaration->request = request;
  declaration->waiting = g_object_ref (task);
  g_ptr_array_add (self->declarations, declaration);
  if (self->connected)
    send_declaration (self, declaration);
}

/**
 * transitiond_client_declare_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: why it failed (`transition_exists`, `gesture_taken`, `invalid_request`, …); a
 *   refused declaration is forgotten. (One refused because this connection's delivery is
 *   paused waits for it to resume, and so does its reply.)
 *
 * Returns: (transfer full) (array zero-terminated=1) (nullable): the gestures the transition
 *   owns (both directions of a paged one), %NULL on error
 */
char **
transitiond_client_declare_finish (TransitiondClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (JsonObject) object = propagate_result (self, result, transitiond_client_declare_async, error);
  if (object == NULL)
    return NULL;
  GStrvBuilder *builder = g_strv_builder_new ();
  JsonNode *node = json_object_get_member (object, "gestures");
  if (node && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);
          if (JSON_NODE_TYPE (element) == JSON_NODE_VALUE && json_node_get_value_type (element) == G_TYPE_STRING)
            g_strv_builder_add (builder, json_node_get_string (element));
        }
    }
  char **gestures = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return gestures;
}

/**
 * transitiond_client_update_async:
 * @self: a client
 * @transition: a transition this client declared
 * @pages: its new page count, or -1 to keep it
 * @page: its current page, or -1 to keep it
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called with the reply
 * @user_data: for @callback
 *
 * Tells transitiond that a declared transition's pages changed (a workspace added, the page
 * changed by other means). Without a connection it is kept for the next one.
 */
void
transitiond_client_update_async (TransitiondClient *self, const char *transition, int pages, int page,
                                 GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  g_return_if_fail (transition != NULL);
  g_autoptr (GTask) task = request_task (self, transitiond_client_update_async, cancellable, callback,
                                         user_data, FALSE);
  Declaration *declaration = find_declaration (self, transition, NULL);
  if (declaration == NULL)
    {
      g_task_return_new_error (task, TRANSITIOND_ERROR, TRANSITIOND_ERROR_UNKNOWN_TRANSITION,
                               "this client did not declare %s", transition);
      return;
    }
  g_autoptr (JsonObject) request = json_object_new ();
  json_object_set_string_member (request, "request", "update");
  json_object_set_string_member (request, "transition", transition);
  if (pages >= 0)
    {
      json_object_set_int_member (request, "pages", pages);
      json_object_set_int_member (declaration->request, "pages", pages);
    }
  if (page >= 0)
    {
      json_object_set_int_member (request, "page", page);
      json_object_set_int_member (declaration->request, "page", page);
    }
  if (self->connected)
    send_request (self, request, task, NULL);
  else
    g_task_return_pointer (task, json_object_new (), (GDestroyNotify) json_object_unref);
}

/**
 * transitiond_client_update_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: why it failed
 *
 * Returns: whether transitiond took the update
 */
gboolean
transitiond_client_update_finish (TransitiondClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (JsonObject) object = propagate_result (self, result, transitiond_client_update_async, error);
  return object != NULL;
}

/**
 * transitiond_client_withdraw_async:
 * @self: a client
 * @transition: a transition this client declared
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called with the reply
 * @user_data: for @callback
 *
 * Ends a declared transition (a running gesture ends with reason `withdrawn`); its gestures go
 * back to the configuration. Without a connection it is simply forgotten.
 */
void
transitiond_client_withdraw_async (TransitiondClient *self, const char *transition, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  g_return_if_fail (transition != NULL);
  g_autoptr (GTask) task = request_task (self, transitiond_client_withdraw_async, cancellable, callback,
                                         user_data, FALSE);
  guint index;
  if (find_declaration (self, transition, &index) == NULL)
    {
      g_task_return_new_error (task, TRANSITIOND_ERROR, TRANSITIOND_ERROR_UNKNOWN_TRANSITION,
                               "this client did not declare %s", transition);
      return;
    }
  g_ptr_array_remove_index (self->declarations, index);
  if (!self->connected)
    {
      g_task_return_pointer (task, json_object_new (), (GDestroyNotify) json_object_unref);
      return;
    }
  g_autoptr (JsonObject) request = json_object_new ();
  json_object_set_string_member (request, "request", "withdraw");
  json_object_set_string_member (request, "transition", transition);
  send_request (self, request, task, NULL);
}

/**
 * transitiond_client_withdraw_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: why it failed
 *
 * Returns: whether transitiond took the withdrawal
 */
gboolean
transitiond_client_withdraw_finish (TransitiondClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (JsonObject) object = propagate_result (self, result, transitiond_client_withdraw_async, error);
  return object != NULL;
}

/**
 * transitiond_client_get_page:
 * @self: a client
 * @transition: a paged transition this client declared
 *
 * Returns: its current page as the client knows it (declared, updated, or the last
 *   `completed`), -1 when it declared no such paged transition
 */
int
transitiond_client_get_page (TransitiondClient *self, const char *transition)
{
  g_return_val_if_fail (TRANSITIOND_IS_CLIENT (self), -1);
  g_return_val_if_fail (transition != NULL, -1);
  Declaration *declaration = find_declaration (self, transition, NULL);
  if (declaration == NULL || !json_object_has_member (declaration->request, "pages"))
    return -1;
  return (int) transitiond_json_int (declaration->request, "page", -1);
}

/**
 * transitiond_client_request_async:
 * @self: a client
 * @request: the request's name: `list`, `status`, `sync`, or a newer one
 * @members_json: (nullable): its other members as a JSON object, or %NULL
 * @cancellable: (nullable): a #GCancellable
 * @callback: (scope async): called with the reply
 * @user_data: for @callback
 *
 * Any request (docs/protocol.md, "Requests"); the reply's `result` is given back as JSON.
 */
void
transitiond_client_request_async (TransitiondClient *self, const char *request, const char *members_json,
                                  GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (TRANSITIOND_IS_CLIENT (self));
  g_return_if_fail (request != NULL);
  g_autoptr (GTask) task = request_task (self, transitiond_client_request_async, cancellable, callback,
                                         user_data, TRUE);
  if (task == NULL)
    return;
  g_autoptr (JsonObject) object = NULL;
  if (members_json != NULL)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      if (!json_parser_load_from_data (parser, members_json, -1, &error) ||
          !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        {
          g_task_return_new_error (task, TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REQUEST,
                                   "members_json is not a JSON object: %s", error ? error->message : members_json);
          return;
        }
      object = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
    }
  else
    object = json_object_new ();
  json_object_set_string_member (object, "request", request);
  send_request (self, object, task, NULL);
}

/**
 * transitiond_client_request_finish:
 * @self: a client
 * @result: the result given to the callback
 * @error: why it failed
 *
 * Returns: (transfer full) (nullable): the reply's `result` as a JSON object's text, %NULL on
 *   error
 */
char *
transitiond_client_request_finish (TransitiondClient *self, GAsyncResult *result, GError **error)
{
  g_autoptr (JsonObject) object = propagate_result (self, result, transitiond_client_request_async, error);
  if (object == NULL)
    return NULL;
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), object);
  return json_to_string (node, FALSE);
}
