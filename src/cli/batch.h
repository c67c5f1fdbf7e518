/* What the experiment commands (table, cv, grid, cd, runs, merge) share: the results
 * store option, the run options (methods, parameters, variants, seed, KL direction,
 * shards), the progress bar with ETA on stderr, and Ctrl-C → cancel → exit 130. */
#pragma once
#include "core/experiments/experiment.h"
#include "plot/export.h"

G_BEGIN_DECLS

enum { LESC_EXIT_INTERRUPTED = 130 };

/* Option values, filled by the entries below. */
typedef struct {
  char *results;      /* --results FILE */
  gboolean recompute;
  char *shard;        /* --shard I/N */
  gint jobs;          /* --jobs N (0: one unit at a time) */
  char *methods;      /* --methods LIST */
  char **params;      /* --param [METHOD.]NAME=VALUE, repeatable */
  gint64 seed;        /* --seed S (−1: default) */
  char *kl;           /* --kl truth-recovered|recovered-truth */
  char *run_options[8]; /* --variant, --c-orientation, …: core/methods/options.h's order */
  double memory_gb;   /* --memory-limit GB (-1, not given: 80 % of physical memory) */
  double cache_gb;    /* --cache-limit GB (0: a quarter of physical memory) */
  gboolean tune;      /* --tune */
  char *select_by;    /* --select-by MEASURE|average-rank */
  char *format;       /* --format */
  char *output;       /* --output FILE */
} LescBatchOptions;

extern LescBatchOptions lesc_batch;

/* Entry groups; `lesc_batch_entries` concatenates the command's own entries with them
 * (free the result with g_free). */
enum {
  LESC_BATCH_RESULTS = 1 << 0, /* --results */
  LESC_BATCH_RECOMPUTE = 1 << 6, /* --recompute */
  LESC_BATCH_STORE = LESC_BATCH_RESULTS | LESC_BATCH_RECOMPUTE,
  LESC_BATCH_PARAM = 1 << 1,   /* --param */
  LESC_BATCH_SETTINGS = 1 << 7, /* --seed, --variant, the variant switches */
  LESC_BATCH_KL = 1 << 8,      /* --kl */
  LESC_BATCH_MEMORY = 1 << 9,  /* --memory-limit */
  LESC_BATCH_RUN = LESC_BATCH_PARAM | LESC_BATCH_SETTINGS | LESC_BATCH_KL,
  LESC_BATCH_SHARD = 1 << 2,   /* --shard */
  LESC_BATCH_FORMAT = 1 << 3,  /* --format, --output */
  LESC_BATCH_TUNE = 1 << 4,    /* --tune, --select-by */
  LESC_BATCH_METHODS = 1 << 5, /* --methods */
  LESC_BATCH_CACHE = 1 << 10,  /* --cache-limit (the run cache of the experiment) */
};
GOptionEntry *lesc_batch_entries (const GOptionEntry *own, guint groups);

/* --format among `allowed` (a NULL-terminated list of "text", "csv", "json", "latex"). */
gboolean lesc_batch_format (const char *const *allowed, LescFormat *out, GError **error);

/* The method setups from --methods (default `default_methods`, a comma list; "all" =
 * every method) and the run options. Methods must all have a mapping when
 * `need_mapping`. Returns an array of LescMethodSetup. */
GArray *lesc_batch_methods (const char *default_methods, gboolean need_mapping, GError **error);

/* The run settings (--seed, --variant, the variant switches, --memory-limit) applied to
 * `p` (initialised for its method): what every command that runs a method shares. */
gboolean lesc_batch_settings (LescRunParams *p, GError **error);
/* --kl (unchanged when not given). */
gboolean lesc_batch_kl (LescKlDirection *kl, GError **error);

/* --tune and --select-by. */
gboolean lesc_batch_tuning (LescTuning *out, GError **error);

/* The data sets: the DATA arguments (argv[1..argc−1]) or, with none, the default list
 * (lesc_default_datasets), or with `from_store` the data sets of the store's recovery
 * runs. */
GPtrArray *lesc_batch_datasets (int argc, char **argv, LescStore *from_store, GError **error);

/* Opens the store of --results (creating it unless `existing`), parses --shard and
 * --kl into `o`, and installs the progress bar and the Ctrl-C handler. */
gboolean lesc_batch_begin (LescExperimentOptions *o, gboolean existing, GError **error);
/* Ends what begin started; returns the exit status: 0, 1 (error or failed runs), 2
 * (usage) or 130 (interrupted, with a message saying how to resume). Prints the
 * failures and a one-line summary of `counts` (may be NULL) on stderr; frees `error`. */
int lesc_batch_end (LescExperimentOptions *o, const LescExperimentCounts *counts, GError *error);

/* The recovery table of the stored runs (computes nothing): the DATA arguments or the
 * default data sets × --methods (default all), chosen as `lesc table` with the same
 * --tune/--select-by/run options chooses them. `o` comes from lesc_batch_begin. */
LescRecoveryTable *lesc_batch_stored_table (int argc, char **argv, LescExperimentOptions *o,
                                            LescExperimentCounts *counts, GError **error);

/* Writes `out` to --output or standard output; returns an exit status. */
int lesc_batch_write (GString *out);

G_END_DECLS
