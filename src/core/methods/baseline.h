/* What the four baselines FCM, KM, LP and ML (algorithms.md §8) share: their registry
 * entries, the input check and the stage clock. */
#pragma once
#include "core/methods/method.h"

G_BEGIN_DECLS

extern const LescMethod lesc_method_fcm;
extern const LescMethod lesc_method_km;
extern const LescMethod lesc_method_lp;
extern const LescMethod lesc_method_ml;

/* x n×q finite with n ≥ 2 and q ≥ 1, l n×c (c ≥ 1) holding only 0 and 1. The message
 * names `method` and the offending variable. */
gboolean lesc_baseline_check_problem (const LescProblem *problem, const char *method,
                                      GError **error);

/* A parameter value against its spec (range, integer); LESC_ERROR_USAGE naming the
 * method and parameter otherwise. */
gboolean lesc_baseline_check_param (const LescMethod *m, const LescRunParams *p, guint index,
                                    GError **error);

/* Each row of the degrees `d` (n×c, ≥ 0) divided by its sum, the `published` flavour's
 * normalisation. A row summing to 0 becomes uniform over its relevant labels in `l` (over
 * all labels when it has none); `method` names such rows in a message. */
void lesc_baseline_normalise_rows (LescMatrix *d, const LescMatrix *l, const char *method);

/* Record a finished stage: name and the seconds since *since (monotonic µs), which is then
 * reset to now. `result` may be NULL. */
void lesc_baseline_stage (LescRunResult *result, const char *name, gint64 *since);

G_END_DECLS
