/* How long a recovery table would take before it starts: runs already in the results
 * store cost nothing, a run of a method on a data set the store has timed before costs
 * the median of those times, and any other run a rough guess from the data set's size. */
#pragma once
#include "core/experiments/experiment.h"

G_BEGIN_DECLS

/* Rough seconds of one run of `m` on one core: a·(n/1000)²·(1 + q/50) + b·(n/1000)·q·o/100
 * with a, b per method fitted to timed runs of the benchmark sets (artificial, SJAFFE,
 * Yeast-spoem, Yeast-alpha); off by up to a factor of 3 on those. */
double lesc_run_seconds_guess (const LescMethod *m, gsize n, gsize q, gsize o);

/* The runs a cell of the recovery table needs: the tuning grid's size when tuning (λ₁ × λ₂,
 * or GLLE's λ), else 1. */
guint lesc_tuning_points (const LescMethod *m, const LescTuning *tuning);

typedef struct {
  guint runs_stored;       /* cells already in the store */
  guint runs_to_compute;   /* runs to compute (tuning: every point of a missing cell) */
  double seconds;          /* for those, on one core */
  guint timed_from_store;  /* of the computed cells: estimated from stored times */
} LescEstimate;

/* What lesc_recovery_table (the same arguments; options->store_only is ignored) would
 * compute, and about how long it would take. Reads every data set. */
gboolean lesc_recovery_table_estimate (const char *const *datasets, guint n_datasets,
                                       const LescMethodSetup *methods, guint n_methods,
                                       const LescTuning *tuning,
                                       const LescExperimentOptions *options,
                                       LescEstimate *out, GError **error);

G_END_DECLS
