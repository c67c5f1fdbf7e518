/* Progress and cancellation for long work.
 *
 * A LescProgress may be NULL anywhere (no reporting, no cancel). Solvers call
 * lesc_progress_check() at every iteration and return G_IO_ERROR_CANCELLED promptly;
 * they report with lesc_progress_report(), which forwards at most ~10 reports a
 * second (and every change of stage) to the callback. A stage of a larger job gets a
 * sub-range of the parent's [0, 1] with lesc_progress_sub(). */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

typedef void (*LescProgressFunc) (double fraction, const char *stage, gpointer user_data);

typedef struct _LescProgress LescProgress;
struct _LescProgress {
  LescProgressFunc func;
  gpointer user_data;
  GCancellable *cancellable;
  double lo, hi;          /* this part's share of the root's [0, 1] */
  LescProgress *root;     /* where the rate limiter lives (self for a root) */
  gint64 last_report_us;
  char last_stage[96];
};

/* A root progress. `func` and `cancellable` may be NULL. */
void lesc_progress_init (LescProgress *p, LescProgressFunc func, gpointer user_data,
                         GCancellable *cancellable);
/* The part [lo, hi] of `parent` (fractions of the parent's own range). `parent` may be
 * NULL, in which case the result reports nothing and cannot be cancelled. */
LescProgress lesc_progress_sub (LescProgress *parent, double lo, double hi);

void lesc_progress_report (LescProgress *p, double fraction, const char *stage);
/* TRUE and G_IO_ERROR_CANCELLED set when the work was cancelled. */
gboolean lesc_progress_cancelled (LescProgress *p, GError **error);

G_END_DECLS
