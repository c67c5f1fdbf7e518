/* Progress and cancellation for long work.
 *
 * A LescProgress may be NULL anywhere (no reporting, no cancel). Solvers call
 * lesc_progress_check() at every iteration and return G_IO_ERROR_CANCELLED promptly;
 * they report with lesc_progress_report(), which forwards at most ~10 reports a
 * second (and every change of stage) to the callback. A stage of a larger job gets a
 * sub-range of the parent's [0, 1] with lesc_progress_sub().
 *
 * Provisional results: an iterative solver whose iterate is worth showing while it runs
 * (the LE optimizer) publishes it as a frame. It asks lesc_progress_frame_due() at every
 * iteration — TRUE for the first frame and then at most every ~100 ms, so that a front
 * end is never flooded — and, only then, makes the frame and hands it to
 * lesc_progress_frame(). Its last frame (`final`) is its result and is always sent. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

typedef void (*LescProgressFunc) (double fraction, const char *stage, gpointer user_data);

/* The current estimate of an iterative solver. Valid during the callback only. */
typedef struct {
  guint iteration;          /* iterations done */
  guint max_iterations;     /* the solver's cap */
  double objective;
  const double *values;     /* rows×cols, column-major (the LE step: the distributions) */
  gsize rows, cols;
  gboolean final;           /* the solver's result */
} LescProgressFrame;

/* Called on the solver's thread. */
typedef void (*LescFrameFunc) (const LescProgressFrame *frame, gpointer user_data);

/* A pause point shared by background work: while it is closed (a foreground run is under
 * way), work under a root progress that holds it waits at its next cancel check
 * (lesc_progress_cancelled), so that it yields the cores; a cancel ends the wait. */
typedef struct _LescGate LescGate;
LescGate *lesc_gate_new (void);
LescGate *lesc_gate_ref (LescGate *g);
void      lesc_gate_unref (LescGate *g);
void      lesc_gate_close (LescGate *g);    /* nests: each close needs its open */
void      lesc_gate_open (LescGate *g);
gboolean  lesc_gate_is_closed (LescGate *g);
/* Seconds the work under `g` has waited so far (all the waits together). */
double    lesc_gate_waited_seconds (LescGate *g);

typedef struct _LescProgress LescProgress;
struct _LescProgress {
  LescProgressFunc func;
  gpointer user_data;
  GCancellable *cancellable;
  double lo, hi;          /* this part's share of the root's [0, 1] */
  LescProgress *root;     /* where the rate limiter lives (self for a root) */
  gint64 last_report_us;
  char last_stage[96];
  LescFrameFunc frame_func;  /* root only */
  gpointer frame_data;
  gint64 last_frame_us;      /* 0: no frame sent yet */
  LescGate *gate;            /* root only; NULL: never waits */
};

/* A root progress. `func` and `cancellable` may be NULL. */
void lesc_progress_init (LescProgress *p, LescProgressFunc func, gpointer user_data,
                         GCancellable *cancellable);
/* The part [lo, hi] of `parent` (fractions of the parent's own range). `parent` may be
 * NULL, in which case the result reports nothing and cannot be cancelled. */
LescProgress lesc_progress_sub (LescProgress *parent, double lo, double hi);

void lesc_progress_report (LescProgress *p, double fraction, const char *stage);
/* Receive the frames of the solvers running under the root `p` (func NULL: none). */
void lesc_progress_set_frames (LescProgress *p, LescFrameFunc func, gpointer user_data);
/* TRUE when frames are received at all. */
gboolean lesc_progress_wants_frames (LescProgress *p);
/* TRUE when a provisional frame would be taken now (see above). */
gboolean lesc_progress_frame_due (LescProgress *p);
/* Send a frame (a final frame whatever the time; others only when due). */
void lesc_progress_frame (LescProgress *p, const LescProgressFrame *frame);

/* Work under the root `p` waits at `gate` while it is closed (NULL: never; not owned). */
void lesc_progress_set_gate (LescProgress *p, LescGate *gate);

/* TRUE and G_IO_ERROR_CANCELLED set when the work was cancelled. Waits first while the
 * root's gate is closed. */
gboolean lesc_progress_cancelled (LescProgress *p, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescGate, lesc_gate_unref)

G_END_DECLS
