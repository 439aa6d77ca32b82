/* SPDX-License-Identifier: MIT
 *
 * The completion animation of an `ended` event, evaluated locally: the engine's arithmetic
 * (Sources/TransitionCore/Animation), in the same order and the same IEEE doubles as the
 * Python client's `animation_value` (examples/python/transitiond_client.py), so both agree
 * with the vectors the Swift engine writes (tests/python/animation-vectors.jsonl) to a few ulps.
 * Pure: no GLib, no clock, no allocation.
 */
#include "transitiond-sampler.h"

#include <math.h>
#include <string.h>

/* ---- Curves ---------------------------------------------------------------------------- */

/* A CSS/UIKit timing curve: the cubic Bézier from (0, 0) to (1, 1) through (x1, y1), (x2, y2). */
typedef struct {
  double ax, bx, cx, ay, by, cy;
} Bezier;

static Bezier
bezier_make (double x1, double y1, double x2, double y2)
{
  Bezier b;
  b.cx = 3 * x1;
  b.cy = 3 * y1;
  b.bx = 3 * (x2 - x1) - b.cx;
  b.by = 3 * (y2 - y1) - b.cy;
  b.ax = 1 - b.cx - b.bx;
  b.ay = 1 - b.cy - b.by;
  return b;
}

static double
bezier_x (const Bezier *b, double s)
{
  return ((b->ax * s + b->bx) * s + b->cx) * s;
}

static double
bezier_dx (const Bezier *b, double s)
{
  return (3 * b->ax * s + 2 * b->bx) * s + b->cx;
}

/* The parameter s with x(s) = u: Newton's method, falling back to bisection. */
static double
bezier_solve_x (const Bezier *b, double u)
{
  double s = u;
  for (int i = 0; i < 8; i++)
    {
      double err = bezier_x (b, s) - u;
      if (fabs (err) < 1e-12)
        return s;
      double d = bezier_dx (b, s);
      if (fabs (d) < 1e-9)
        break;
      s -= err / d;
    }
  double lo = 0.0, hi = 1.0;
  s = u;
  for (int i = 0; i < 60; i++)
    {
      double xs = bezier_x (b, s);
      if (fabs (xs - u) < 1e-12)
        return s;
      if (xs < u)
        lo = s;
      else
        hi = s;
      s = 0.5 * (lo + hi);
    }
  return s;
}

static double
bezier_value (const Bezier *b, double u)
{
  double s = bezier_solve_x (b, u);
  return ((b->ay * s + b->by) * s + b->cy) * s;
}

static double
bezier_slope (const Bezier *b, double u)
{
  double s = bezier_solve_x (b, u);
  if (bezier_dx (b, s) < 1e-9) /* at an end whose control point sits on it: the limit, a hair inside */
    s = fmin (fmax (s, 1e-6), 1 - 1e-6);
  return ((3 * b->ay * s + 2 * b->by) * s + b->cy) / bezier_dx (b, s);
}

static int
curve_bezier (TransitiondCurve curve, Bezier *out)
{
  switch (curve)
    {
    case TRANSITIOND_CURVE_EASE_IN: *out = bezier_make (0.42, 0, 1, 1); return 1;
    case TRANSITIOND_CURVE_EASE_OUT: *out = bezier_make (0, 0, 0.58, 1); return 1;
    case TRANSITIOND_CURVE_EASE_IN_OUT: *out = bezier_make (0.42, 0, 0.58, 1); return 1;
    default: return 0;
    }
}

static double
curve_value (TransitiondCurve curve, double u)
{
  Bezier b;
  if (curve == TRANSITIOND_CURVE_EASE_OUT_CUBIC)
    {
      double r = 1 - u;
      return 1 - r * r * r;
    }
  if (curve_bezier (curve, &b))
    return bezier_value (&b, u);
  return u; /* linear */
}

static double
curve_slope (TransitiondCurve curve, double u)
{
  Bezier b;
  if (curve == TRANSITIOND_CURVE_EASE_OUT_CUBIC)
    {
      double r = 1 - u;
      return 3 * r * r;
    }
  if (curve_bezier (curve, &b))
    return bezier_slope (&b, u);
  return 1.0; /* linear */
}

TransitiondCurve
transitiond_sampler_curve_from_name (const char *name)
{
  static const struct { const char *name; TransitiondCurve curve; } curves[] = {
    { "linear", TRANSITIOND_CURVE_LINEAR },
    { "ease_out_cubic", TRANSITIOND_CURVE_EASE_OUT_CUBIC },
    { "ease_in", TRANSITIOND_CURVE_EASE_IN },
    { "ease_out", TRANSITIOND_CURVE_EASE_OUT },
    { "ease_in_out", TRANSITIOND_CURVE_EASE_IN_OUT },
  };
  for (size_t i = 0; name != NULL && i < sizeof curves / sizeof curves[0]; i++)
    if (strcmp (name, curves[i].name) == 0)
      return curves[i].curve;
  return TRANSITIOND_CURVE_UNKNOWN;
}

/* ---- Springs --------------------------------------------------------------------------- */

/* e^(-βt)·C(t) and e^(-βt)·S(t), β and ω0² (docs/protocol.md's table). */
static void
spring_basis (const TransitiondSamplerAnimation *a, double t, double *c, double *s, double *beta,
              double *w0_squared)
{
  double zeta = a->damping_ratio;
  *w0_squared = a->stiffness / a->mass;
  double w0 = sqrt (*w0_squared);
  *beta = zeta * w0;
  if (zeta == 1)
    {
      double e = exp (-*beta * t);
      *c = e;
      *s = e * t;
    }
  else if (zeta < 1)
    {
      double w1 = w0 * sqrt ((1 - zeta) * (1 + zeta));
      double e = exp (-*beta * t);
      *c = e * cos (w1 * t);
      *s = e * sin (w1 * t) / w1;
    }
  else
    {
      /* e^(-βt)·cosh γt and e^(-βt)·sinh(γt)/γ from e^((-β±γ)t): neither overflows nor cancels. */
      double g = w0 * sqrt ((zeta - 1) * (zeta + 1));
      double slow = exp ((g - *beta) * t), fast = exp (-(*beta + g) * t);
      *c = 0.5 * (slow + fast);
      *s = 2 * g * t < 1 ? fast * expm1 (2 * g * t) / (2 * g) : (slow - fast) / (2 * g);
    }
}

/* ---- The animation --------------------------------------------------------------------- */

double
transitiond_sampler_value (const TransitiondSamplerAnimation *a, double t)
{
  if (a->type == TRANSITIOND_ANIMATION_NONE || t >= a->duration)
    return a->to;
  if (t <= 0)
    return a->from;
  if (a->type == TRANSITIOND_ANIMATION_CURVE)
    return a->from + (a->to - a->from) * curve_value (a->curve, t / a->duration);
  /* Spring: x(t) = e^(-βt)(x0·C(t) + B·S(t)), value = to + x(t). */
  double x0 = a->from - a->to, v0 = a->initial_velocity, c, s, beta, w0_squared;
  spring_basis (a, t, &c, &s, &beta, &w0_squared);
  return a->to + (x0 * c + (beta * x0 + v0) * s);
}

double
transitiond_sampler_velocity (const TransitiondSamplerAnimation *a, double t)
{
  if (a->type == TRANSITIOND_ANIMATION_NONE || t >= a->duration)
    return 0.0;
  t = fmax (t, 0.0);
  if (a->type == TRANSITIOND_ANIMATION_CURVE)
    return (a->to - a->from) * curve_slope (a->curve, fmin (t / a->duration, 1.0)) / a->duration;
  /* Spring: x'(t) = e^(-βt)(v0·C(t) - (ω0²·x0 + β·v0)·S(t)). */
  double x0 = a->from - a->to, v0 = a->initial_velocity, c, s, beta, w0_squared;
  spring_basis (a, t, &c, &s, &beta, &w0_squared);
  return v0 * c - (w0_squared * x0 + beta * v0) * s;
}
