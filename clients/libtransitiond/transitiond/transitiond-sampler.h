/* SPDX-License-Identifier: MIT
 *
 * Internal: the completion animation of an `ended` event as plain numbers, and its sampler
 * (transitiond-sampler.c). Not installed; the public API is transitiond_event_sample_value().
 */
#pragma once

typedef enum {
  TRANSITIOND_ANIMATION_NONE,   /* {"type":"none"}, or a type this library does not know: jump to `to` */
  TRANSITIOND_ANIMATION_CURVE,
  TRANSITIOND_ANIMATION_SPRING,
} TransitiondAnimationKind;

typedef enum {
  TRANSITIOND_CURVE_UNKNOWN,    /* sampled as linear */
  TRANSITIOND_CURVE_LINEAR,
  TRANSITIOND_CURVE_EASE_OUT_CUBIC,
  TRANSITIOND_CURVE_EASE_IN,
  TRANSITIOND_CURVE_EASE_OUT,
  TRANSITIOND_CURVE_EASE_IN_OUT,
} TransitiondCurve;

/* The members of an `ended` event that its animation needs (docs/protocol.md, "ended"). */
typedef struct {
  TransitiondAnimationKind type;
  double from, to, duration;
  TransitiondCurve curve;                                        /* a curve */
  double mass, stiffness, damping_ratio, initial_velocity;      /* a spring */
} TransitiondSamplerAnimation;

/* The value `t` seconds after the `ended` event's time_us: `from` before it, exactly `to` from
 * `duration` on. */
double transitiond_sampler_value (const TransitiondSamplerAnimation *animation, double t);

/* Progress per second `t` seconds after it; 0 once it has arrived. */
double transitiond_sampler_velocity (const TransitiondSamplerAnimation *animation, double t);

/* A curve by its protocol name (`linear`, `ease_out_cubic`, `ease_in`, `ease_out`, `ease_in_out`). */
TransitiondCurve transitiond_sampler_curve_from_name (const char *name);
