/* SPDX-License-Identifier: MIT
 *
 * libtransitiond from C: subscribe, declare a paged transition, animate it.
 *
 *   pager [--socket PATH] [--exit-after N]
 *
 * Declares `pager`, three pages driven by a three-finger swipe (left: the next page, right: the
 * previous one), prints the position while the fingers move, then runs each `ended` animation
 * itself at 60 frames per second and prints it.
 *   cc pager.c $(pkg-config --cflags --libs transitiond-1.0)
 */
#include <stdio.h>
#include <transitiond.h>

static GMainLoop *loop;
static TransitiondEvent *animation; /* the running `ended`, sampled by a 60 Hz timer */
static int completions, exit_after;

static void
declared (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) gestures = transitiond_client_declare_finish (TRANSITIOND_CLIENT (source), result, &error);
  if (gestures == NULL) /* an older transitiond: the configured transitions still play */
    printf ("declare refused: %s\n", error->message);
  else
    {
      g_autofree char *list = g_strjoinv (" ", gestures);
      printf ("declared pager: %s\n", list);
    }
}

static gboolean
tick (gpointer data)
{
  if (animation == NULL)
    return G_SOURCE_REMOVE;
  double value = transitiond_event_sample_value (animation, g_get_monotonic_time ());
  printf ("animating %s %.6f\n", transitiond_event_get_transition (animation), value);
  return G_SOURCE_CONTINUE;
}

static void
on_connected (TransitiondClient *client, TransitiondEvent *hello, gpointer data)
{
  printf ("connected %s\n", transitiond_event_get_string_member (hello, "server"));
}

static void
on_disconnected (TransitiondClient *client, GError *error, gpointer data)
{
  printf ("disconnected: %s\n", error->message);
}

static void
on_updated (TransitiondClient *client, TransitiondEvent *event, gpointer data)
{
  printf ("updated %s %.6f\n", transitiond_event_get_transition (event), transitiond_event_get_progress (event));
}

static void
on_ended (TransitiondClient *client, TransitiondEvent *event, gpointer data)
{
  printf ("ended %s %s %.6f -> %.6f\n", transitiond_event_get_transition (event), transitiond_event_get_outcome (event),
          transitiond_event_get_from (event), transitiond_event_get_to (event));
  if (animation == NULL)
    g_timeout_add (16, tick, NULL);
  g_set_object (&animation, event);
}

static void
on_completed (TransitiondClient *client, TransitiondEvent *event, gpointer data)
{
  g_clear_object (&animation);
  printf ("completed %s %.6f\n", transitiond_event_get_transition (event), transitiond_event_get_progress (event));
  if (exit_after > 0 && ++completions >= exit_after)
    g_main_loop_quit (loop);
}

int
main (int argc, char **argv)
{
  const char *socket = NULL;
  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (g_str_equal (argv[i], "--socket"))
        socket = argv[i + 1];
      else if (g_str_equal (argv[i], "--exit-after"))
        exit_after = atoi (argv[i + 1]);
    }
  setvbuf (stdout, NULL, _IOLBF, 0);
  loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (TransitiondClient) client = transitiond_client_new (socket);
  transitiond_client_subscribe (client, NULL, NULL, 0);
  const char *gestures[] = { "swipe3-left", NULL };
  transitiond_client_declare_async (client, "pager", gestures, 3, 0, NULL, NULL, declared, NULL);
  g_signal_connect (client, "connected", G_CALLBACK (on_connected), NULL);
  g_signal_connect (client, "disconnected", G_CALLBACK (on_disconnected), NULL);
  g_signal_connect (client, "updated", G_CALLBACK (on_updated), NULL);
  g_signal_connect (client, "ended", G_CALLBACK (on_ended), NULL);
  g_signal_connect (client, "completed", G_CALLBACK (on_completed), NULL);
  g_main_loop_run (loop);
  g_clear_object (&animation);
  g_main_loop_unref (loop);
  return 0;
}
