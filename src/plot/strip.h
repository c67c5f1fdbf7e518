/* The λ strip (the explorer's teaching view): the recovered distributions of one method
 * for a row of λ₁ values — and, when asked, a row of λ₂ values — as small multiples in
 * the colours of the Distributions figure; cells not computed yet are left grey, the
 * cell of the current value is outlined. */
#pragma once
#include "core/numeric/matrix.h"
#include "plot/text.h"

G_BEGIN_DECLS

#define LESC_STRIP_MAX_ROWS 2

typedef struct {
  char *title;                              /* "gLESC on artificial" */
  guint rows, cols;                         /* rows ≤ LESC_STRIP_MAX_ROWS */
  char *row_names[LESC_STRIP_MAX_ROWS];     /* "λ₁ (λ₂ = 10)" */
  double *values;                           /* rows × cols: the parameter of each cell */
  LescMatrix **colors;                      /* rows × cols: n×3 RGB in [0, 1]; NULL: not yet */
  int current[LESC_STRIP_MAX_ROWS];         /* the outlined cell of each row, −1: none */
  LescMatrix *xy;                           /* n×2 sample positions */
  gboolean grid;                            /* positions on a regular grid: squares that
                                               tile the plot; else smaller, apart */
} LescStripModel;

/* An empty strip of rows × cols cells over the positions `xy` (copied). */
LescStripModel *lesc_strip_model_new (const char *title, guint rows, guint cols,
                                      const LescMatrix *xy);
/* Set row `row`: its name and the cols values of its cells. */
void lesc_strip_model_set_row (LescStripModel *m, guint row, const char *name,
                               const double *values, int current);
/* The colours of a cell (taken over; NULL clears it). */
void lesc_strip_model_set_cell (LescStripModel *m, guint row, guint col, LescMatrix *colors);
LescStripModel *lesc_strip_model_copy (const LescStripModel *m);
void lesc_strip_model_free (LescStripModel *m);

/* The cells' rectangles (rows × cols, row-major) at width × height. */
void lesc_strip_layout (double width, double height, const LescStripModel *m, LescRect *cells);
/* The cell under (x, y): TRUE with its row and column. */
gboolean lesc_strip_hit (double width, double height, const LescStripModel *m, double x,
                         double y, guint *row, guint *col);

void lesc_plot_strip_paint (cairo_t *cr, double width, double height, const LescStripModel *m);
/* row,col,value,sample,x,y,r,g,b for the computed cells. */
char *lesc_strip_model_to_csv (const LescStripModel *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescStripModel, lesc_strip_model_free)

G_END_DECLS
