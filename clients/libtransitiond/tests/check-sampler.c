/* SPDX-License-Identifier: MIT
 *
 * The library's sampler against the engine's: transitiond_event_sample_value() and
 * transitiond_event_sample_velocity() on every case of tests/python/animation-vectors.jsonl,
 * the vectors the Swift test AnimationVectorsTests writes (every preset, sampled by
 * TransitionCore from the `ended` line as the wire carries it); tests/python/check-sampler
 * checks the Python client against the same file, with the same tolerances:
 * 1e-12, except at the spring's last microsecond, where the wire's rounded settle time and
 * the engine's own may disagree on whether it has arrived (within `epsilon` then).
 *
 *   check-sampler VECTORS.jsonl
 */
#include <math.h>
#include <stdio.h>
#include <transitiond.h>

#define TOLERANCE 1e-12

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: check-sampler VECTORS.jsonl\n");
      return 64;
    }
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  if (!g_file_get_contents (argv[1], &text, NULL, &error))
    {
      fprintf (stderr, "check-sampler: %s\n", error->message);
      return 1;
    }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint cases = 0, samples = 0, failures = 0;
  double worst = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        continue;
      g_autoptr (JsonParser) parser = json_parser_new ();
      if (!json_parser_load_from_data (parser, lines[i], -1, &error))
        {
          fprintf (stderr, "check-sampler: line %u: %s\n", i + 1, error->message);
          return 1;
        }
      JsonObject *vector = json_node_get_object (json_parser_get_root (parser));
      JsonObject *ended = json_object_get_object_member (vector, "ended");
      JsonObject *animation = json_object_get_object_member (ended, "animation");
      gboolean spring = g_strcmp0 (json_object_get_string_member (animation, "type"), "spring") == 0;
      double duration = json_object_get_double_member_with_default (animation, "duration", 0);
      double epsilon = json_object_get_double_member_with_default (animation, "epsilon", 0);
      g_autoptr (TransitiondEvent) event = transitiond_event_new_from_object (ended);
      gint64 start = transitiond_event_get_time_us (event);
      cases++;
      JsonArray *list = json_object_get_array_member (vector, "samples");
      for (guint j = 0; j < json_array_get_length (list); j++)
        {
          JsonArray *sample = json_array_get_array_element (list, j);
          gint64 t_us = json_array_get_int_element (sample, 0);
          double value = json_array_get_double_element (sample, 1);
          double velocity = json_array_get_double_element (sample, 2);
          double got_value = transitiond_event_sample_value (event, start + t_us);
          double got_velocity = transitiond_event_sample_velocity (event, start + t_us);
          double value_error = fabs (got_value - value), velocity_error = fabs (got_velocity - velocity);
          gboolean ok;
          samples++;
          if (spring && fabs (t_us / 1e6 - duration) <= 1e-6)
            ok = value_error <= epsilon + fabs (velocity) * 1e-6; /* ε, and a µs of motion */
          else
            {
              ok = value_error <= TOLERANCE && velocity_error <= TOLERANCE * fmax (1.0, fabs (velocity));
              worst = fmax (worst, value_error);
            }
          if (!ok && failures++ < 20)
            fprintf (stderr, "check-sampler: %s, t = %" G_GINT64_FORMAT " µs: value %.17g (engine %.17g), velocity %.17g (engine %.17g)\n",
                     json_object_get_string_member (vector, "name"), t_us, got_value, value, got_velocity, velocity);
        }
    }
  if (failures)
    {
      fprintf (stderr, "check-sampler: %u of %u samples differ from the engine's\n", failures, samples);
      return 1;
    }
  if (cases < 40)
    {
      fprintf (stderr, "check-sampler: only %u cases in %s\n", cases, argv[1]);
      return 1;
    }
  printf ("check-sampler: libtransitiond: %u samples of %u animations agree with the engine's (largest difference %.1e)\n",
          samples, cases, worst);
  return 0;
}
