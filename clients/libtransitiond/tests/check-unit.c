/* SPDX-License-Identifier: MIT
 *
 * libtransitiond's own logic, without transitiond: events read from lines, the socket's
 * discovery, requests without a connection, and a client against a scripted server on a private
 * socket in this process (its replies to declare, update, withdraw and trigger, a refused
 * declaration forgotten, the page that `completed` leaves, a declaration sent again on
 * reconnection, a server whose first line is not `hello` or not JSON, and one whose line never
 * ends). Nothing waits on a
 * clock: every step runs the main context until a condition holds (or fails after 10 s, which
 * only a broken library reaches).
 */
#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>
#include <math.h>
#include <transitiond.h>

/* ---- Events ---------------------------------------------------------------------------- */

static void
test_event_members (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TransitiondEvent) updated = transitiond_event_new_from_json (
    "{\"event\":\"updated\",\"seq\":5,\"transition\":\"swipe3-left\",\"gesture\":7,\"time_us\":1016000,"
    "\"progress\":0.25,\"raw_progress\":0.3,\"velocity\":1.5,\"newer\":\"x\"}", &error);
  g_assert_no_error (error);
  g_assert_cmpint (transitiond_event_get_kind (updated), ==, TRANSITIOND_EVENT_UPDATED);
  g_assert_cmpstr (transitiond_event_get_name (updated), ==, "updated");
  g_assert_cmpstr (transitiond_event_get_transition (updated), ==, "swipe3-left");
  g_assert_cmpint (transitiond_event_get_gesture (updated), ==, 7);
  g_assert_cmpint (transitiond_event_get_time_us (updated), ==, 1016000);
  g_assert_cmpint (transitiond_event_get_seq (updated), ==, 5);
  g_assert_cmpfloat (transitiond_event_get_progress (updated), ==, 0.25);
  g_assert_cmpfloat (transitiond_event_get_raw_progress (updated), ==, 0.3);
  g_assert_cmpfloat (transitiond_event_get_velocity (updated), ==, 1.5);
  g_assert_cmpstr (transitiond_event_get_string_member (updated, "newer"), ==, "x");
  g_assert_cmpint (transitiond_event_get_page (updated), ==, -1);
  g_assert_cmpint (transitiond_event_get_pages (updated), ==, -1);
  g_assert_null (transitiond_event_get_outcome (updated));
  /* Not an `ended`: its sample is its progress. */
  g_assert_cmpfloat (transitiond_event_sample_value (updated, 0), ==, 0.25);
  double progress = 0;
  g_object_get (updated, "progress", &progress, NULL);
  g_assert_cmpfloat (progress, ==, 0.25);

  g_autoptr (TransitiondEvent) other = transitiond_event_new_from_json ("{\"event\":\"from_the_future\",\"seq\":9}", &error);
  g_assert_cmpint (transitiond_event_get_kind (other), ==, TRANSITIOND_EVENT_OTHER);
  g_assert_null (transitiond_event_new_from_json ("[1]", &error));
  g_assert_error (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY);
  g_clear_error (&error);
  g_assert_null (transitiond_event_new_from_json ("{\"event\":", &error));
  g_assert_nonnull (error);
}

static void
test_ended_animation (void)
{
  g_autoptr (TransitiondEvent) ended = transitiond_event_new_from_json (
    "{\"event\":\"ended\",\"transition\":\"workspaces\",\"gesture\":1,\"time_us\":5000000,\"outcome\":\"finish\","
    "\"reason\":\"velocity\",\"from\":1.4,\"to\":2.0,\"page\":2,\"pages\":4,\"velocity\":3.0,"
    "\"animation\":{\"type\":\"spring\",\"mass\":1.0,\"stiffness\":1000.0,\"damping_ratio\":0.8,\"epsilon\":0.0001,"
    "\"initial_velocity\":3.0,\"duration\":0.25}}", NULL);
  g_assert_cmpint (transitiond_event_get_page (ended), ==, 2);
  g_assert_cmpint (transitiond_event_get_pages (ended), ==, 4);
  g_assert_cmpstr (transitiond_event_get_animation_type (ended), ==, "spring");
  g_assert_cmpfloat (transitiond_event_sample_value (ended, 4000000), ==, 1.4);
  g_assert_cmpfloat (transitiond_event_sample_value (ended, 5000000), ==, 1.4);
  g_assert_cmpfloat (transitiond_event_sample_velocity (ended, 5000000), ==, 3.0);
  g_assert_cmpint (transitiond_event_get_end_time_us (ended), ==, 5250000);
  g_assert_cmpfloat (transitiond_event_sample_value (ended, 5250000), ==, 2.0);
  g_assert_cmpfloat (transitiond_event_sample_velocity (ended, 5250000), ==, 0.0);
  double mid = transitiond_event_sample_value (ended, 5050000);
  g_assert_cmpfloat (mid, >, 1.4);

  /* An animation this library cannot evaluate jumps to `to`, as `none` does. */
  g_autoptr (TransitiondEvent) strange = transitiond_event_new_from_json (
    "{\"event\":\"ended\",\"time_us\":10,\"from\":0.2,\"to\":1.0,\"animation\":{\"type\":\"teleport\",\"duration\":1.0}}", NULL);
  g_assert_cmpfloat (transitiond_event_sample_value (strange, 11), ==, 1.0);
  g_autoptr (TransitiondEvent) broken = transitiond_event_new_from_json (
    "{\"event\":\"ended\",\"time_us\":10,\"from\":0.2,\"to\":1.0,\"animation\":{\"type\":\"spring\",\"stiffness\":-1,"
    "\"damping_ratio\":1,\"duration\":1.0}}", NULL);
  g_assert_cmpfloat (transitiond_event_sample_value (broken, 11), ==, 1.0);
}

static void
test_snapshot_ended (void)
{
  g_autoptr (TransitiondEvent) snapshot = transitiond_event_new_from_json (
    "{\"event\":\"snapshot\",\"seq\":3,\"time_us\":2979007492,\"transitions\":["
    "{\"name\":\"swipe3-left\",\"phase\":\"idle\",\"gesture\":null,\"progress\":0.0,\"velocity\":0.0},"
    "{\"name\":\"overview\",\"phase\":\"animating\",\"gesture\":8,\"progress\":0.2,\"velocity\":-0.4,"
    "\"ended\":{\"outcome\":\"cancel\",\"reason\":\"release\",\"from\":0.3,\"to\":0.0,\"velocity\":-0.5,"
    "\"animation\":{\"type\":\"curve\",\"curve\":\"linear\",\"duration\":1.0},\"time_us\":2000000}}]}", NULL);
  g_assert_null (transitiond_event_dup_snapshot_ended (snapshot, "swipe3-left"));
  g_assert_null (transitiond_event_dup_snapshot_ended (snapshot, "nothing"));
  g_autoptr (TransitiondEvent) ended = transitiond_event_dup_snapshot_ended (snapshot, "overview");
  g_assert_nonnull (ended);
  g_assert_cmpint (transitiond_event_get_kind (ended), ==, TRANSITIOND_EVENT_ENDED);
  g_assert_cmpstr (transitiond_event_get_transition (ended), ==, "overview");
  g_assert_cmpint (transitiond_event_get_gesture (ended), ==, 8);
  g_assert_cmpfloat (fabs (transitiond_event_sample_value (ended, 2500000) - 0.15), <, 1e-12);
}

/* ---- The tracker ----------------------------------------------------------------------- */

static TransitiondEvent *
event (const char *line)
{
  g_autoptr (GError) error = NULL;
  TransitiondEvent *parsed = transitiond_event_new_from_json (line, &error);
  g_assert_no_error (error);
  return parsed;
}

static void
count_changes (TransitiondTracker *tracker, int *changes)
{
  (void) tracker;
  (*changes)++;
}

static gboolean
apply_line (TransitiondTracker *tracker, const char *line)
{
  g_autoptr (TransitiondEvent) parsed = event (line);
  return transitiond_tracker_apply (tracker, parsed);
}

static void
test_tracker (void)
{
  g_autoptr (TransitiondTracker) tracker = transitiond_tracker_new ("overview");
  int changes = 0;
  g_signal_connect (tracker, "changed", G_CALLBACK (count_changes), &changes);
  g_assert_cmpint (transitiond_tracker_get_phase (tracker), ==, TRANSITIOND_PHASE_IDLE);
  g_assert_true (apply_line (tracker, "{\"event\":\"began\",\"transition\":\"overview\",\"gesture\":1,\"time_us\":1000,\"from\":0.0}"));
  g_assert_false (apply_line (tracker, "{\"event\":\"updated\",\"transition\":\"other\",\"gesture\":2,\"time_us\":1010,\"progress\":0.9}"));
  g_assert_true (apply_line (tracker, "{\"event\":\"updated\",\"transition\":\"overview\",\"gesture\":1,\"time_us\":1020,\"progress\":0.4,\"velocity\":2.0}"));
  g_assert_cmpint (transitiond_tracker_get_phase (tracker), ==, TRANSITIOND_PHASE_INTERACTIVE);
  g_assert_cmpfloat (transitiond_tracker_get_progress (tracker, 99999999), ==, 0.4);
  g_assert_cmpfloat (transitiond_tracker_get_velocity (tracker, 0), ==, 2.0);
  g_assert_true (apply_line (tracker, "{\"event\":\"ended\",\"transition\":\"overview\",\"gesture\":1,\"time_us\":2000000,"
                                      "\"outcome\":\"finish\",\"from\":0.4,\"to\":1.0,\"velocity\":2.0,"
                                      "\"animation\":{\"type\":\"curve\",\"curve\":\"linear\",\"duration\":1.0}}"));
  g_assert_true (transitiond_tracker_is_animating (tracker));
  g_assert_cmpfloat (fabs (transitiond_tracker_get_progress (tracker, 2500000) - 0.7), <, 1e-12);
  g_assert_cmpfloat (fabs (transitiond_tracker_get_velocity (tracker, 2500000) - 0.6), <, 1e-12);
  g_assert_true (apply_line (tracker, "{\"event\":\"paused\",\"transition\":\"overview\",\"gesture\":1,\"time_us\":2600000,\"progress\":0.76}"));
  g_assert_cmpint (transitiond_tracker_get_phase (tracker), ==, TRANSITIOND_PHASE_PAUSED);
  g_assert_false (transitiond_tracker_is_animating (tracker));
  g_assert_cmpfloat (transitiond_tracker_get_progress (tracker, 2900000), ==, 0.76);
  g_assert_cmpfloat (transitiond_tracker_get_velocity (tracker, 2900000), ==, 0.0);
  g_assert_true (apply_line (tracker, "{\"event\":\"completed\",\"transition\":\"overview\",\"gesture\":1,\"time_us\":3000000,\"finished\":true,\"progress\":1.0}"));
  g_assert_cmpint (transitiond_tracker_get_phase (tracker), ==, TRANSITIOND_PHASE_IDLE);
  g_assert_cmpfloat (transitiond_tracker_get_progress (tracker, 0), ==, 1.0);
  g_assert_cmpint (changes, ==, 5);

  /* A snapshot taken mid-animation puts it in sync at once. */
  g_assert_true (apply_line (tracker, "{\"event\":\"snapshot\",\"time_us\":2979007492,\"transitions\":["
                                      "{\"name\":\"overview\",\"phase\":\"animating\",\"gesture\":8,\"progress\":0.2,\"velocity\":-0.4,"
                                      "\"ended\":{\"outcome\":\"cancel\",\"reason\":\"release\",\"from\":0.3,\"to\":0.0,\"velocity\":-0.5,"
                                      "\"animation\":{\"type\":\"curve\",\"curve\":\"linear\",\"duration\":1.0},\"time_us\":2000000}}]}"));
  g_assert_cmpint (transitiond_tracker_get_phase (tracker), ==, TRANSITIOND_PHASE_ANIMATING);
  g_assert_cmpfloat (fabs (transitiond_tracker_get_progress (tracker, 2500000) - 0.15), <, 1e-12);
  g_assert_false (apply_line (tracker, "{\"event\":\"snapshot\",\"time_us\":1,\"transitions\":[{\"name\":\"other\",\"phase\":\"idle\"}]}"));
  g_assert_true (apply_line (tracker, "{\"event\":\"snapshot\",\"time_us\":1,\"transitions\":[{\"name\":\"overview\",\"phase\":\"idle\",\"progress\":0.0}]}"));
  g_assert_false (transitiond_tracker_is_animating (tracker));
  g_assert_cmpint (changes, ==, 7);
}

/* ---- Without a connection -------------------------------------------------------------- */

static void
test_socket_discovery (void)
{
  g_setenv ("TRANSITIOND_SOCKET", "/tmp/from-environment.sock", TRUE);
  g_autoptr (TransitiondClient) explicit = transitiond_client_new ("/tmp/explicit.sock");
  g_assert_cmpstr (transitiond_client_get_socket_path (explicit), ==, "/tmp/explicit.sock");
  g_autoptr (TransitiondClient) environment = transitiond_client_new (NULL);
  g_assert_cmpstr (transitiond_client_get_socket_path (environment), ==, "/tmp/from-environment.sock");
  g_unsetenv ("TRANSITIOND_SOCKET");
  g_setenv ("XDG_RUNTIME_DIR", "/run/user/1000", TRUE);
  g_autoptr (TransitiondClient) fallback = transitiond_client_new (NULL);
  /* As root the per-user daemon is skipped (transitionctl's rule). */
  g_assert_cmpstr (transitiond_client_get_socket_path (fallback), ==,
                   getuid () == 0 ? "/run/transitiond/transitiond.sock" : "/run/user/1000/transitiond/transitiond.sock");
}

typedef struct {
  GAsyncResult *result;
} Wait;

static void
keep_result (GObject *source, GAsyncResult *result, gpointer data)
{
  (void) source;
  ((Wait *) data)->result = g_object_ref (result);
}

static GAsyncResult *
wait_result (Wait *wait)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (wait->result == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  return wait->result;
}

static void
test_requests_without_connection (void)
{
  g_autoptr (TransitiondClient) client = transitiond_client_new ("/nonexistent/transitiond.sock");
  g_autoptr (GError) error = NULL;
  Wait trigger = { 0 }, update = { 0 }, withdraw = { 0 }, declare = { 0 };
  transitiond_client_trigger_async (client, "overview", FALSE, 0, NULL, keep_result, &trigger);
  g_assert_cmpint (transitiond_client_trigger_finish (client, wait_result (&trigger), &error), ==, 0);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_clear_error (&error);
  transitiond_client_update_async (client, "never-declared", 3, 1, NULL, keep_result, &update);
  g_assert_false (transitiond_client_update_finish (client, wait_result (&update), &error));
  g_assert_error (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_UNKNOWN_TRANSITION);
  g_clear_error (&error);
  transitiond_client_withdraw_async (client, "never-declared", NULL, keep_result, &withdraw);
  g_assert_false (transitiond_client_withdraw_finish (client, wait_result (&withdraw), &error));
  g_assert_error (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_UNKNOWN_TRANSITION);
  g_clear_error (&error);

  /* A declaration waits for a connection; its page is known at once; closing ends the wait. */
  const char *gestures[] = { "swipe3-left", NULL };
  transitiond_client_declare_async (client, "pager", gestures, 3, 1, NULL, NULL, keep_result, &declare);
  g_assert_cmpint (transitiond_client_get_page (client, "pager"), ==, 1);
  g_assert_cmpint (transitiond_client_get_page (client, "other"), ==, -1);
  transitiond_client_close (client);
  g_assert_null (transitiond_client_declare_finish (client, wait_result (&declare), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_object_unref (trigger.result);
  g_object_unref (update.result);
  g_object_unref (withdraw.result);
  g_object_unref (declare.result);
}

/* ---- A scripted server ----------------------------------------------------------------- */

/* One connection at a time: greets with `first_line`, answers each request line with what
 * `answer` makes of it, and keeps every request it read. */
typedef struct {
  GSocketService *service;
  char *path;
  const char *first_line;
  GPtrArray *requests;          /* JsonObject, in order */
  GSocketConnection *connection;
  GDataInputStream *input;
  GOutputStream *output;
  gboolean accepted;
  char *(*answer) (JsonObject *request);
  GBytes *flood;                /* sent after the first line, without a newline; NULL: none */
  GThread *flooding;            /* writes `flood` (blocking): the client reads on this thread */
} Server;

static gpointer
flood (gpointer data)
{
  Server *server = data;
  gsize size = 0;
  const void *bytes = g_bytes_get_data (server->flood, &size);
  /* Ends when all is written or the client has closed (EPIPE, without SIGPIPE: GSocket sends
   * with MSG_NOSIGNAL). */
  g_output_stream_write_all (server->output, bytes, size, NULL, NULL, NULL);
  return NULL;
}

static void
server_write (Server *server, const char *line)
{
  g_output_stream_write_all (server->output, line, strlen (line), NULL, NULL, NULL);
  g_output_stream_write_all (server->output, "\n", 1, NULL, NULL, NULL);
}

static void on_request_line (GObject *source, GAsyncResult *result, gpointer data);

static void
read_request (Server *server)
{
  g_data_input_stream_read_line_async (server->input, G_PRIORITY_DEFAULT, NULL, on_request_line, server);
}

static void
on_request_line (GObject *source, GAsyncResult *result, gpointer data)
{
  Server *server = data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, NULL, NULL);
  if (line == NULL || G_DATA_INPUT_STREAM (source) != server->input)
    return;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, line, -1, NULL));
  JsonObject *request = json_node_get_object (json_parser_get_root (parser));
  g_ptr_array_add (server->requests, json_object_ref (request));
  g_autofree char *reply = server->answer (request);
  if (reply)
    server_write (server, reply);
  read_request (server);
}

static gboolean
on_incoming (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer data)
{
  (void) service, (void) source;
  Server *server = data;
  g_clear_object (&server->input);
  g_clear_object (&server->connection);
  server->connection = g_object_ref (connection);
  server->input = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  server->output = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  server->accepted = TRUE;
  server_write (server, server->first_line);
  if (server->flood && server->flooding == NULL)
    server->flooding = g_thread_new ("flood", flood, server);
  read_request (server);
  return TRUE;
}

static char *
reply_ok (JsonObject *request, const char *result)
{
  return g_strdup_printf ("{\"event\":\"reply\",\"seq\":2,\"id\":%" G_GINT64_FORMAT ",\"request\":\"%s\",\"ok\":true,\"result\":%s}",
                          json_object_get_int_member (request, "id"), json_object_get_string_member (request, "request"),
                          result);
}

static gboolean delivery_paused;

static char *
daemon_with_declare (JsonObject *request)
{
  const char *name = json_object_get_string_member (request, "request");
  if (g_str_equal (name, "declare"))
    {
      const char *transition = json_object_get_string_member (request, "transition");
      if (delivery_paused)
        return g_strdup_printf ("{\"event\":\"reply\",\"seq\":2,\"id\":%" G_GINT64_FORMAT ",\"request\":\"declare\",\"ok\":false,"
                                "\"error\":{\"code\":\"delivery_paused\",\"message\":\"the screen is locked\"}}\n"
                                /* a marker: once the client has seen it, it has seen the refusal */
                                "{\"event\":\"transitions_changed\",\"seq\":3,\"time_us\":1,\"transitions\":[]}",
                                json_object_get_int_member (request, "id"));
      if (g_str_equal (transition, "taken") || (json_object_has_member (request, "pages") &&
                                                json_object_get_int_member (request, "pages") == 7))
        return g_strdup_printf ("{\"event\":\"reply\",\"seq\":2,\"id\":%" G_GINT64_FORMAT ",\"request\":\"declare\",\"ok\":false,"
                                "\"error\":{\"code\":\"gesture_taken\",\"message\":\"swipe3-left is drawer's (pid 42)\"}}",
                                json_object_get_int_member (request, "id"));
      return reply_ok (request, "{\"transition\":\"pager\",\"gestures\":[\"swipe3-left\",\"swipe3-right\"]}");
    }
  if (g_str_equal (name, "trigger"))
    return reply_ok (request, "{\"gesture\":12}");
  return reply_ok (request, "{}");
}

static Server *
server_new (const char *first_line, char *(*answer) (JsonObject *))
{
  Server *server = g_new0 (Server, 1);
  g_autofree char *dir = g_dir_make_tmp ("libtransitiond-unit-XXXXXX", NULL);
  server->path = g_build_filename (dir, "server.sock", NULL);
  server->first_line = first_line;
  server->answer = answer;
  server->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  server->service = g_socket_service_new ();
  g_autoptr (GSocketAddress) address = g_unix_socket_address_new (server->path);
  g_assert_true (g_socket_listener_add_address (G_SOCKET_LISTENER (server->service), address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_DEFAULT, NULL, NULL, NULL));
  g_signal_connect (server->service, "incoming", G_CALLBACK (on_incoming), server);
  return server;
}

/* Drops the connection (the client sees its daemon go) and keeps listening. */
static void
server_hang_up (Server *server)
{
  g_io_stream_close (G_IO_STREAM (server->connection), NULL, NULL);
  g_clear_object (&server->input);
  g_clear_object (&server->connection);
  server->accepted = FALSE;
}

static void
server_free (Server *server)
{
  g_socket_service_stop (server->service);
  g_socket_listener_close (G_SOCKET_LISTENER (server->service));
  g_object_unref (server->service);
  g_clear_object (&server->input);
  g_clear_object (&server->connection);
  g_ptr_array_unref (server->requests);
  g_clear_pointer (&server->flooding, g_thread_join);
  g_clear_pointer (&server->flood, g_bytes_unref);
  g_autofree char *dir = g_path_get_dirname (server->path);
  g_unlink (server->path);
  g_rmdir (dir);
  g_free (server->path);
  g_free (server);
}

static const char *HELLO = "{\"event\":\"hello\",\"seq\":1,\"protocol\":1,\"server\":\"transitiond test\",\"transitions\":[]}";

typedef struct {
  int connected, disconnected, refused, completed;
  GError *last_error;
} Seen;

static void
count_connected (TransitiondClient *client, TransitiondEvent *hello, Seen *seen)
{
  (void) client;
  g_assert_cmpint (transitiond_event_get_kind (hello), ==, TRANSITIOND_EVENT_HELLO);
  seen->connected++;
}

static void
count_disconnected (TransitiondClient *client, GError *error, Seen *seen)
{
  (void) client;
  g_clear_error (&seen->last_error);
  seen->last_error = g_error_copy (error);
  seen->disconnected++;
}

static void
count_refused (TransitiondClient *client, const char *request, GError *error, Seen *seen)
{
  (void) client, (void) request, (void) error;
  seen->refused++;
}

static void
count_completed (TransitiondClient *client, TransitiondEvent *event, Seen *seen)
{
  (void) client, (void) event;
  seen->completed++;
}

static gboolean
requests_reach (Server *server, guint count)
{
  return server->requests->len >= count;
}

#define RUN_UNTIL(expression)                                                                  \
  G_STMT_START                                                                                 \
  {                                                                                            \
    gint64 deadline_ = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;                          \
    while (!(expression))                                                                      \
      {                                                                                        \
        g_assert_cmpint (g_get_monotonic_time (), <, deadline_);                               \
        g_main_context_iteration (NULL, TRUE);                                                 \
      }                                                                                        \
  }                                                                                            \
  G_STMT_END

static void
count_list_changes (TransitiondClient *client, TransitiondEvent *event, int *changes)
{
  (void) client, (void) event;
  (*changes)++;
}

static void
test_declare_and_reconnect (void)
{
  Server *server = server_new (HELLO, daemon_with_declare);
  TransitiondClient *client = transitiond_client_new (server->path);
  Seen seen = { 0 };
  g_signal_connect (client, "connected", G_CALLBACK (count_connected), &seen);
  g_signal_connect (client, "disconnected", G_CALLBACK (count_disconnected), &seen);
  g_signal_connect (client, "refused", G_CALLBACK (count_refused), &seen);
  g_signal_connect (client, "completed::pager", G_CALLBACK (count_completed), &seen);
  TransitiondTracker *tracker = transitiond_tracker_new_for_client (client, "pager");
  transitiond_client_subscribe (client, (const char *[]) { "pager", NULL }, NULL, 0);
  const char *gestures[] = { "swipe3-left", NULL };
  Wait declare = { 0 }, taken = { 0 };
  transitiond_client_declare_async (client, "pager", gestures, 3, 0, "{\"distance\":300}", NULL, keep_result, &declare);
  transitiond_client_declare_async (client, "taken", gestures, 0, 0, NULL, NULL, keep_result, &taken);

  g_autoptr (GError) error = NULL;
  g_auto (GStrv) owned = transitiond_client_declare_finish (client, wait_result (&declare), &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (owned, ((const char *[]) { "swipe3-left", "swipe3-right", NULL }));
  g_assert_null (transitiond_client_declare_finish (client, wait_result (&taken), &error));
  g_assert_error (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_GESTURE_TAKEN);
  g_assert_nonnull (strstr (error->message, "pid 42"));
  g_clear_error (&error);
  g_assert_true (transitiond_client_is_connected (client));
  g_assert_cmpint (seen.connected, ==, 1);
  /* What went out: the subscription first, then the declarations as made. */
  g_assert_cmpuint (server->requests->len, ==, 3);
  JsonObject *subscribe = g_ptr_array_index (server->requests, 0);
  g_assert_cmpstr (json_object_get_string_member (subscribe, "request"), ==, "subscribe");
  JsonObject *first = g_ptr_array_index (server->requests, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "request"), ==, "declare");
  g_assert_cmpint (json_object_get_int_member (first, "pages"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (first, "page"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (first, "distance"), ==, 300);
  /* The refused one is forgotten. */
  g_assert_cmpint (transitiond_client_get_page (client, "taken"), ==, -1);

  /* A gesture moves the pager to page 2: the client follows it. */
  server_write (server, "{\"event\":\"completed\",\"seq\":9,\"transition\":\"pager\",\"gesture\":1,\"time_us\":5,"
                        "\"finished\":true,\"progress\":2.0}");
  RUN_UNTIL (seen.completed == 1);
  g_assert_cmpint (transitiond_client_get_page (client, "pager"), ==, 2);
  g_assert_cmpfloat (transitiond_tracker_get_progress (tracker, 0), ==, 2.0);

  Wait trigger = { 0 };
  transitiond_client_trigger_async (client, "overview", TRUE, 0.5, NULL, keep_result, &trigger);
  g_assert_cmpint (transitiond_client_trigger_finish (client, wait_result (&trigger), &error), ==, 12);
  g_assert_no_error (error);
  JsonObject *sent = g_ptr_array_index (server->requests, 3);
  g_assert_true (json_object_get_boolean_member (sent, "reverse"));
  g_assert_cmpfloat (json_object_get_double_member (sent, "duration"), ==, 0.5);

  /* The daemon goes and comes back: subscribed and declared again, at page 2. */
  guint before = server->requests->len;
  server_hang_up (server);
  RUN_UNTIL (seen.disconnected == 1);
  g_assert_false (transitiond_client_is_connected (client));
  g_assert_error (seen.last_error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  RUN_UNTIL (seen.connected == 2 && requests_reach (server, before + 2));
  JsonObject *again = g_ptr_array_index (server->requests, before + 1);
  g_assert_cmpstr (json_object_get_string_member (again, "request"), ==, "declare");
  g_assert_cmpstr (json_object_get_string_member (again, "transition"), ==, "pager");
  g_assert_cmpint (json_object_get_int_member (again, "page"), ==, 2);

  /* update and withdraw. */
  Wait update = { 0 }, withdraw = { 0 };
  transitiond_client_update_async (client, "pager", 5, -1, NULL, keep_result, &update);
  g_assert_true (transitiond_client_update_finish (client, wait_result (&update), &error));
  transitiond_client_withdraw_async (client, "pager", NULL, keep_result, &withdraw);
  g_assert_true (transitiond_client_withdraw_finish (client, wait_result (&withdraw), &error));
  g_assert_cmpint (transitiond_client_get_page (client, "pager"), ==, -1);
  JsonObject *updated = g_ptr_array_index (server->requests, server->requests->len - 2);
  g_assert_cmpint (json_object_get_int_member (updated, "pages"), ==, 5);
  g_assert_false (json_object_has_member (updated, "page"));
  g_assert_cmpint (seen.refused, ==, 0);

  /* A declaration replaced before its reply: the old one's refusal leaves the new one alone. */
  Wait refused = { 0 }, replacing = { 0 };
  transitiond_client_declare_async (client, "pager", gestures, 7, 0, NULL, NULL, keep_result, &refused);
  transitiond_client_declare_async (client, "pager", gestures, 3, 1, NULL, NULL, keep_result, &replacing);
  g_assert_null (transitiond_client_declare_finish (client, wait_result (&refused), &error));
  g_assert_error (error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_GESTURE_TAKEN);
  g_clear_error (&error);
  g_auto (GStrv) replaced = transitiond_client_declare_finish (client, wait_result (&replacing), &error);
  g_assert_no_error (error);
  g_assert_cmpint (transitiond_client_get_page (client, "pager"), ==, 1);
  g_object_unref (refused.result);
  g_object_unref (replacing.result);

  /* Declared while delivery is paused: it waits, with its reply, for `delivery` `resumed`. */
  Wait held = { 0 };
  delivery_paused = TRUE;
  guint before_lock = server->requests->len;
  transitiond_client_declare_async (client, "locked", gestures, 2, 0, NULL, NULL, keep_result, &held);
  int changes = 0;
  g_signal_connect (client, "transitions-changed", G_CALLBACK (count_list_changes), &changes);
  RUN_UNTIL (changes == 1); /* the refusal arrived before it, and is held: no reply yet */
  g_assert_null (held.result);
  g_assert_cmpint (transitiond_client_get_page (client, "locked"), ==, 0);
  delivery_paused = FALSE;
  server_write (server, "{\"event\":\"delivery\",\"seq\":30,\"state\":\"resumed\",\"time_us\":9,\"message\":\"again\"}");
  g_auto (GStrv) unlocked = transitiond_client_declare_finish (client, wait_result (&held), &error);
  g_assert_no_error (error);
  /* Delivery resumed: the pause withdrew every declaration, so both are declared again. */
  RUN_UNTIL (requests_reach (server, before_lock + 3));
  g_assert_cmpuint (server->requests->len, ==, before_lock + 3);
  g_autoptr (GPtrArray) again_names = g_ptr_array_new ();
  for (guint i = before_lock + 1; i < server->requests->len; i++)
    {
      JsonObject *resent = g_ptr_array_index (server->requests, i);
      g_assert_cmpstr (json_object_get_string_member (resent, "request"), ==, "declare");
      g_ptr_array_add (again_names, (gpointer) json_object_get_string_member (resent, "transition"));
    }
  g_assert_true (g_strcmp0 (g_ptr_array_index (again_names, 0), "pager") == 0 ||
                 g_strcmp0 (g_ptr_array_index (again_names, 1), "pager") == 0);
  g_assert_true (g_strcmp0 (g_ptr_array_index (again_names, 0), "locked") == 0 ||
                 g_strcmp0 (g_ptr_array_index (again_names, 1), "locked") == 0);
  g_assert_cmpint (seen.refused, ==, 0);
  g_object_unref (held.result);

  g_object_unref (declare.result);
  g_object_unref (taken.result);
  g_object_unref (trigger.result);
  g_object_unref (update.result);
  g_object_unref (withdraw.result);
  g_clear_error (&seen.last_error);
  g_object_unref (client);
  g_object_unref (tracker); /* after its client: it outlives the signal connections harmlessly */
  server_free (server);
}

static char *
never_answer (JsonObject *request)
{
  (void) request;
  return NULL;
}

static void
check_bad_server (const char *first_line, const char *expected)
{
  Server *server = server_new (first_line, never_answer);
  TransitiondClient *client = transitiond_client_new (server->path);
  Seen seen = { 0 };
  g_signal_connect (client, "disconnected", G_CALLBACK (count_disconnected), &seen);
  g_signal_connect (client, "connected", G_CALLBACK (count_connected), &seen);
  RUN_UNTIL (seen.disconnected == 1);
  g_assert_error (seen.last_error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY);
  g_assert_nonnull (strstr (seen.last_error->message, expected));
  g_assert_cmpint (seen.connected, ==, 0);
  /* Once per outage: the next attempts, refused alike, say nothing more. */
  server->accepted = FALSE;
  RUN_UNTIL (server->accepted);
  server->accepted = FALSE;
  RUN_UNTIL (server->accepted);
  g_assert_cmpint (seen.disconnected, ==, 1);
  g_clear_error (&seen.last_error);
  g_object_unref (client);
  server_free (server);
}

static void
test_bad_servers (void)
{
  check_bad_server ("{\"event\":\"updated\",\"seq\":1}", "not hello");
  check_bad_server ("this is not JSON", "not JSON");
  check_bad_server ("[1,2]", "not a JSON object");
}

/* A peer that greets, then sends one endless line: the client reads at most 4 MiB of it
 * (the protocol's max_queued_bytes), drops the connection with a clear error, and connects
 * again as after any outage; its buffer never grows past the cap. */
static void
test_endless_line (void)
{
  Server *server = server_new (HELLO, never_answer);
  gsize size = ((gsize) 4 << 20) + 65536;
  server->flood = g_bytes_new_take (memset (g_malloc (size), 'x', size), size);
  TransitiondClient *client = transitiond_client_new (server->path);
  Seen seen = { 0 };
  g_signal_connect (client, "disconnected", G_CALLBACK (count_disconnected), &seen);
  g_signal_connect (client, "connected", G_CALLBACK (count_connected), &seen);
  RUN_UNTIL (seen.disconnected == 1);
  g_assert_cmpint (seen.connected, ==, 1);
  g_assert_error (seen.last_error, TRANSITIOND_ERROR, TRANSITIOND_ERROR_INVALID_REPLY);
  g_assert_nonnull (strstr (seen.last_error->message, "line longer than 4194304 bytes"));
  /* It reconnects by itself: a daemon that sends sane lines is read again. */
  g_clear_pointer (&server->flooding, g_thread_join);
  g_clear_pointer (&server->flood, g_bytes_unref);
  server_hang_up (server);
  RUN_UNTIL (seen.connected == 2);
  g_clear_error (&seen.last_error);
  g_object_unref (client);
  server_free (server);
}

static void
quiet (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  (void) domain, (void) level, (void) message, (void) data;
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_log_set_handler ("GLib-GIO", G_LOG_LEVEL_DEBUG, quiet, NULL); /* GSocketClient's every step */
  g_test_add_func ("/event/members", test_event_members);
  g_test_add_func ("/event/ended-animation", test_ended_animation);
  g_test_add_func ("/event/snapshot-ended", test_snapshot_ended);
  g_test_add_func ("/tracker/events-and-snapshots", test_tracker);
  g_test_add_func ("/client/socket-discovery", test_socket_discovery);
  g_test_add_func ("/client/requests-without-connection", test_requests_without_connection);
  g_test_add_func ("/client/declare-and-reconnect", test_declare_and_reconnect);
  g_test_add_func ("/client/bad-servers", test_bad_servers);
  g_test_add_func ("/client/endless-line", test_endless_line);
  return g_test_run ();
}
