/* SPDX-License-Identifier: MIT
 *
 * What libtransitiond costs over reading the socket yourself (docs/performance.md,
 * "libtransitiond: overhead over the bare socket"). A thread of this program plays the daemon
 * on a private Unix socket: `hello`, then N `updated` lines as transitiond writes them, as fast
 * as the reader takes them. Read three ways, on one core:
 *
 *   bare      read(2) into 64 KiB and count the lines (the floor: what any client pays)
 *   parsed    the same, plus json-glib parsing each line (what a client parsing JSON pays)
 *   library   a TransitiondClient: GIO reads, json-glib, a TransitiondEvent, the `updated`
 *             signal to a handler that reads `progress`
 *
 *   bench-overhead [N]     (default 200000)
 */
#include <gio/gunixsocketaddress.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <transitiond.h>
#include <unistd.h>

static const char *HELLO =
  "{\"event\":\"hello\",\"seq\":1,\"protocol\":1,\"server\":\"transitiond 0.1.0\",\"pid\":1,\"time_us\":1,"
  "\"transitions\":[],\"limits\":{\"max_line_bytes\":65536}}\n";

typedef struct {
  int listener;
  guint count;
} Server;

static char *
updated_line (guint i)
{
  return g_strdup_printf ("{\"event\":\"updated\",\"seq\":%u,\"transition\":\"swipe3-left\",\"gesture\":7,"
                          "\"time_us\":%" G_GUINT64_FORMAT ",\"progress\":%.6f,\"raw_progress\":%.6f,\"velocity\":1.5}\n",
                          i + 2, (guint64) 1000000 + i * 8000, (i % 1000) / 1000.0, (i % 1000) / 1000.0);
}

/* Accepts one connection and writes hello and the lines, pre-encoded in one buffer. */
static gpointer
serve (gpointer data)
{
  Server *server = data;
  GString *all = g_string_new (HELLO);
  for (guint i = 0; i < server->count; i++)
    {
      g_autofree char *line = updated_line (i);
      g_string_append (all, line);
    }
  int fd = accept (server->listener, NULL, NULL);
  gsize written = 0;
  while (written < all->len)
    {
      ssize_t n = write (fd, all->str + written, all->len - written);
      if (n <= 0)
        break;
      written += (gsize) n;
    }
  close (fd);
  g_string_free (all, TRUE);
  return NULL;
}

static int
listen_on (const char *path)
{
  int fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  struct sockaddr_un address = { .sun_family = AF_UNIX };
  g_strlcpy (address.sun_path, path, sizeof address.sun_path);
  unlink (path);
  if (bind (fd, (struct sockaddr *) &address, sizeof address) != 0 || listen (fd, 4) != 0)
    g_error ("cannot listen on %s", path);
  return fd;
}

static int
connect_to (const char *path)
{
  int fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  struct sockaddr_un address = { .sun_family = AF_UNIX };
  g_strlcpy (address.sun_path, path, sizeof address.sun_path);
  if (connect (fd, (struct sockaddr *) &address, sizeof address) != 0)
    g_error ("cannot connect to %s", path);
  return fd;
}

/* bare (parse = FALSE) or parsed: lines read by hand; returns the lines seen. */
static guint
read_by_hand (const char *path, gboolean parse)
{
  int fd = connect_to (path);
  static char buffer[65536];
  GString *partial = g_string_new (NULL);
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  guint lines = 0;
  double sum = 0;
  ssize_t n;
  while ((n = read (fd, buffer, sizeof buffer)) > 0)
    {
      const char *p = buffer, *end = buffer + n;
      const char *newline;
      while ((newline = memchr (p, '\n', (size_t) (end - p))) != NULL)
        {
          if (parse)
            {
              g_string_append_len (partial, p, newline - p);
              if (json_parser_load_from_data (parser, partial->str, (gssize) partial->len, NULL))
                sum += json_object_get_double_member_with_default (json_node_get_object (json_parser_get_root (parser)),
                                                                   "progress", 0);
              g_string_truncate (partial, 0);
            }
          lines++;
          p = newline + 1;
        }
      if (parse)
        g_string_append_len (partial, p, end - p);
    }
  close (fd);
  g_string_free (partial, TRUE);
  (void) sum;
  return lines;
}

typedef struct {
  GMainLoop *loop;
  guint updated, expected;
  double sum;
} Library;

static void
on_updated (TransitiondClient *client, TransitiondEvent *event, gpointer data)
{
  (void) client;
  Library *library = data;
  library->sum += transitiond_event_get_progress (event);
  if (++library->updated == library->expected)
    g_main_loop_quit (library->loop);
}

static void
on_disconnected (TransitiondClient *client, GError *error, gpointer data)
{
  (void) client, (void) error;
  g_main_loop_quit (((Library *) data)->loop);
}

static guint
read_with_library (const char *path, guint expected)
{
  Library library = { .loop = g_main_loop_new (NULL, FALSE), .expected = expected };
  TransitiondClient *client = transitiond_client_new (path);
  g_signal_connect (client, "updated", G_CALLBACK (on_updated), &library);
  g_signal_connect (client, "disconnected", G_CALLBACK (on_disconnected), &library);
  g_main_loop_run (library.loop);
  g_object_unref (client);
  g_main_loop_unref (library.loop);
  return library.updated;
}

int
main (int argc, char **argv)
{
  guint count = argc > 1 ? (guint) atoi (argv[1]) : 200000;
  g_autofree char *dir = g_dir_make_tmp ("libtransitiond-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bench.sock", NULL);
  const char *names[] = { "bare", "parsed", "library" };
  double per_line[3] = { 0 };
  for (int way = 0; way < 3; way++)
    {
      double best = G_MAXDOUBLE;
      for (int round = 0; round < 3; round++) /* the best of three: the machine is shared */
        {
          Server server = { .listener = listen_on (path), .count = count };
          GThread *thread = g_thread_new ("server", serve, &server);
          gint64 start = g_get_monotonic_time ();
          guint got = way == 2 ? read_with_library (path, count) : read_by_hand (path, way == 1) - 1;
          gint64 elapsed = g_get_monotonic_time () - start;
          g_thread_join (thread);
          close (server.listener);
          if (got != count)
            g_error ("%s: %u of %u lines", names[way], got, count);
          best = MIN (best, (double) elapsed / count);
        }
      per_line[way] = best;
      printf ("%-8s %7.3f µs per updated, %9.0f per second\n", names[way], best, 1e6 / best);
    }
  printf ("library over bare: +%.3f µs per updated; over parsed: +%.3f µs\n", per_line[2] - per_line[0],
          per_line[2] - per_line[1]);
  unlink (path);
  rmdir (dir);
  return 0;
}
