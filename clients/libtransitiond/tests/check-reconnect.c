/* SPDX-License-Identifier: MIT
 *
 * A client for tests/run's reconnection check: says what the library tells it, one line each,
 * and quits when its standard input closes (or after 60 s).
 *
 *   check-reconnect SOCKET
 *
 * It subscribes and declares `pager` (three pages on swipe3-left) once, before the first
 * connection; the library must send both again on every reconnection. Lines:
 *   connected N            the N-th `connected` signal
 *   snapshot N             a `snapshot` (one follows each subscription)
 *   disconnected           the `disconnected` signal (once per outage)
 *   declared GESTURES      the declare's reply
 *   declare refused: MSG   its error (a transitiond without `declare`)
 *   refused REQUEST: MSG   the `refused` signal (the subscription or a re-declaration)
 */
#include <stdio.h>
#include <transitiond.h>

static int connections, snapshots;

static void
on_connected (TransitiondClient *client, TransitiondEvent *hello, gpointer data)
{
  (void) client, (void) data;
  g_assert_true (transitiond_event_get_kind (hello) == TRANSITIOND_EVENT_HELLO);
  printf ("connected %d\n", ++connections);
}

static void
on_snapshot (TransitiondClient *client, TransitiondEvent *snapshot, gpointer data)
{
  (void) client, (void) snapshot, (void) data;
  printf ("snapshot %d\n", ++snapshots);
}

static void
on_disconnected (TransitiondClient *client, GError *error, gpointer data)
{
  (void) data;
  g_assert_false (transitiond_client_is_connected (client));
  printf ("disconnected: %s\n", error->message);
}

static void
on_refused (TransitiondClient *client, const char *request, GError *error, gpointer data)
{
  (void) client, (void) data;
  printf ("refused %s: %s\n", request, error->message);
}

static void
declared (GObject *source, GAsyncResult *result, gpointer data)
{
  (void) data;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) gestures = transitiond_client_declare_finish (TRANSITIOND_CLIENT (source), result, &error);
  if (gestures == NULL)
    printf ("declare refused: %s\n", error->message);
  else
    {
      g_autofree char *list = g_strjoinv (" ", gestures);
      printf ("declared %s\n", list);
    }
}

static gboolean
on_stdin (GIOChannel *channel, GIOCondition condition, gpointer loop)
{
  (void) channel, (void) condition;
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static gboolean
on_timeout (gpointer loop)
{
  printf ("timed out\n");
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: check-reconnect SOCKET\n");
      return 64;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  TransitiondClient *client = transitiond_client_new (argv[1]);
  g_signal_connect (client, "connected", G_CALLBACK (on_connected), NULL);
  g_signal_connect (client, "snapshot", G_CALLBACK (on_snapshot), NULL);
  g_signal_connect (client, "disconnected", G_CALLBACK (on_disconnected), NULL);
  g_signal_connect (client, "refused", G_CALLBACK (on_refused), NULL);
  transitiond_client_subscribe (client, NULL, NULL, 0);
  const char *gestures[] = { "swipe3-left", NULL };
  transitiond_client_declare_async (client, "pager", gestures, 3, 0, NULL, NULL, declared, NULL);

  GIOChannel *input = g_io_channel_unix_new (0);
  guint watch = g_io_add_watch (input, G_IO_IN | G_IO_HUP | G_IO_ERR, on_stdin, loop);
  guint timeout = g_timeout_add_seconds (60, on_timeout, loop);
  g_main_loop_run (loop);
  g_source_remove (timeout);
  if (g_main_context_find_source_by_id (NULL, watch))
    g_source_remove (watch);
  g_io_channel_unref (input);
  /* Dropping the client closes it: nothing may be left behind (AddressSanitizer's leak check). */
  g_object_unref (client);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_main_loop_unref (loop);
  printf ("closed\n");
  return 0;
}
