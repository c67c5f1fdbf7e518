/* What the four baselines FCM, KM, LP and ML (docs/methods.md §8) share: their registry
 * entries and the input check (parameters: lesc_run_params_check, stages:
 * lesc_run_result_lap). */
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

G_END_DECLS
