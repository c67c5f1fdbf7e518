/* What a result was computed from, and the words a face shows with it: every figure and
 * table of the explorers carries its provenance in its title or caption. */
#pragma once
#include "core/base/task.h"
#include "core/methods/outcome.h"

G_BEGIN_DECLS

typedef struct {
  char *dataset;           /* the data set's name */
  char *checksum;          /* its checksum (dataset.h) */
  const LescMethod *method;
  LescRunParams params;    /* the parameters, seed and variant options of the run */
  LescTaskState state;     /* DONE, FAILED or CANCELLED */
  char *warning;           /* the run's warning (lesc_run_result_warning), or NULL */
  char *failure;           /* why it FAILED, or NULL */
  guint iterations;        /* the LE optimizer's, when the method has one */
  double wall_seconds;     /* the run's own time: measures included, waits excluded */
  double cpu_seconds;      /* the worker thread's CPU time (BLAS threads not counted) */
  gboolean background;     /* run as background work */
} LescProvenance;

/* The provenance of a finished run task of `method` on the data set `dataset`/`checksum`:
 * its outcome (DONE, may be NULL otherwise), the task's state, message and times. */
LescProvenance *lesc_provenance_new (const char *dataset, const char *checksum,
                                     const LescMethod *method, const LescRunParams *params,
                                     LescTask *task, const LescRunOutcome *outcome,
                                     gboolean background);
LescProvenance *lesc_provenance_copy (const LescProvenance *p);
void lesc_provenance_free (LescProvenance *p);

/* "GLLE on artificial · λ = 0.01 · K = 20", with the variant options when not the
 * defaults ("· converged"). */
char *lesc_provenance_title (const LescProvenance *p);
/* The short form of the warning: "warning: optimizer stopped after 1 iteration",
 * "warning: FCM's memberships collapsed to uniform", or NULL without one. */
char *lesc_provenance_short_warning (const LescProvenance *p);

/* The short warning of a run's report alone (the same words), or NULL. */
char *lesc_run_result_short_warning (const LescRunResult *report);

/* What a caption adds to the title: whether the figure is the final result, a provisional
 * frame of a run under way or stale (its inputs no longer match the session). */
typedef enum {
  LESC_SHOWN_FINAL,
  LESC_SHOWN_PROVISIONAL,
  LESC_SHOWN_STALE,
} LescShown;

/* The words of a stale figure, alone: "stale — recomputing" or "stale" (a face marks a
 * picture whose inputs no longer match with them, as the caption does). */
const char *lesc_shown_stale_words (gboolean recomputing);
/* The words of a provisional figure: "provisional · iteration 12" (free them). */
char *lesc_shown_provisional_words (guint iteration);

/* The caption: the title, then "provisional · iteration k" or "stale — recomputing" (or
 * "stale" when nothing recomputes), then the short warning, then the run's time
 * ("3.96 s"), joined with " · ". */
char *lesc_provenance_caption (const LescProvenance *p, LescShown shown, guint iteration,
                               gboolean recomputing);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescProvenance, lesc_provenance_free)

G_END_DECLS
