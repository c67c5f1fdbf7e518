/* The LE optimizer's record (letrace.h) as a table for people: per iteration f, the
 * gradient norms, the step length and — where a snapshot was kept — the six measures of
 * the distributions then. `lesc recover --trace` writes it; the explorer's optimizer view
 * draws and exports it. */
#pragma once
#include "core/eval/measures.h"
#include "core/solvers/letrace.h"

G_BEGIN_DECLS

/* The snapshot bound of the explorer's runs (its optimizer view), which `lesc bench
 * --interactive` replays: every iteration of the artificial set (301 × 62 KB). */
#define LESC_TRACE_INTERACTIVE_BYTES 20e6

/* The six measures of every snapshot against `truth`: snapshots × LESC_N_MEASURES values,
 * row by row (g_free). NULL and an error when the shapes differ. */
double *lesc_trace_measures (const LescLeTrace *trace, const LescMatrix *truth,
                             LescKlDirection kl, GError **error);
/* The table as CSV: iteration,objective,grad_norm,grad_inf,step,cheb,…,intersec; the
 * measures (may be NULL: columns left out) are empty on iterations without a snapshot,
 * grad_inf where it was not recorded. */
char *lesc_trace_csv (const LescLeTrace *trace, const double *measures);

G_END_DECLS
