/* The LE optimizer's run as a figure (the explorer's optimizer view; teaching): the
 * objective f against the iteration on a log scale, the reference optimizer's iteration
 * cap marked and the converged optimum's f as a line; below it the six measures against
 * the iteration; a marker at the iteration the scrubber shows. */
#pragma once
#include "core/eval/measures.h"
#include "plot/text.h"

G_BEGIN_DECLS

typedef struct {
  char *title;                 /* "gLESC on artificial, λ₁ = 10" */
  guint n_points;
  double *iterations;          /* n_points, rising from 0 */
  double *objective;           /* n_points, f > 0 */
  guint n_snapshots;
  double *snapshot_iterations; /* n_snapshots */
  double *measures;            /* n_snapshots × LESC_N_MEASURES, row by row; NULL: none */
  guint cap;                   /* the reference's MaxIter (300) */
  double optimum;              /* f at the exact optimum; NaN: not known (no line) */
  double marker;               /* the iteration shown by the scrubber; NaN: none */
} LescOptimizerModel;

/* Copies the arrays (`measures` may be NULL). */
LescOptimizerModel *lesc_optimizer_model_new (const char *title, guint n_points,
                                              const double *iterations, const double *objective,
                                              guint n_snapshots, const double *snapshot_iterations,
                                              const double *measures, guint cap, double optimum);
LescOptimizerModel *lesc_optimizer_model_copy (const LescOptimizerModel *m);
void lesc_optimizer_model_free (LescOptimizerModel *m);

typedef struct {
  LescRect objective;                 /* the plot area of f */
  LescRect measures[LESC_N_MEASURES]; /* the measures' plot areas (empty without measures) */
  double x_max;                       /* the iteration axis runs 0 … x_max (past the cap) */
  double log_lo, log_hi;              /* the f axis: log₁₀ range */
  double lo[LESC_N_MEASURES], hi[LESC_N_MEASURES];   /* the measures' axes */
} LescOptimizerLayout;

void lesc_optimizer_layout (double width, double height, const LescOptimizerModel *m,
                            LescOptimizerLayout *l);
/* User-space x of an iteration in `area`, and y of f in the objective's area. */
double lesc_optimizer_x (const LescOptimizerLayout *l, const LescRect *area, double iteration);
double lesc_optimizer_y (const LescOptimizerLayout *l, double f);

void lesc_plot_optimizer_paint (cairo_t *cr, double width, double height,
                                const LescOptimizerModel *model);

/* The curve: '#' lines (title, cap, optimum), then iteration,objective and the six
 * measures (empty where no snapshot was kept). */
char *lesc_optimizer_model_to_csv (const LescOptimizerModel *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescOptimizerModel, lesc_optimizer_model_free)

G_END_DECLS
