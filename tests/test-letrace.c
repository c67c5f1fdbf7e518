/* Watching the LE optimizer: provisional frames (progress.h) and the per-iteration record
 * (letrace.h). Watching changes no bit of the result; the last frame is the batch result
 * bit for bit; the record has one point per iteration, ends at the reported objective and
 * keeps snapshots within its memory bound; frames come at most every ~100 ms. Both in the
 * original coordinates (BFGS) and in the basis of Q's tridiagonal form (L-BFGS, many
 * labels). */
#include "core/methods/glle.h"
#include "core/numeric/optimizer.h"
#include "core/numeric/preprocess.h"
#include "core/solvers/le.h"
#include "testrandom.h"

#include <string.h>

typedef struct {
  gsize n, c;
  LescMatrix *x, *l;
  LescSmoothness *m;
} Problem;

static void
problem_init (Problem *p, gsize n, gsize c)
{
  g_autofree double *raw = lesc_test_uniform (n * 3, 31);
  g_autoptr (LescMatrix) f = lesc_matrix_new_from (n, 3, raw);
  p->n = n;
  p->c = c;
  p->x = lesc_zscore (f);
  p->l = lesc_matrix_new (n, c);
  g_autofree double *u = lesc_test_uniform (n * c, 32);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (p->l, i, i % c) = 1.0;
      for (gsize j = 0; j < c; j++)
        if (u[i + j * n] > 0.3)
          LESC_AT (p->l, i, j) = 1.0;
    }
  g_autoptr (GError) error = NULL;
  p->m = lesc_glle_laplacian (p->x, 10, 10.0, NULL, &error);
  g_assert_no_error (error);
}

static void
problem_clear (Problem *p)
{
  lesc_matrix_free (p->x);
  lesc_matrix_free (p->l);
  lesc_smoothness_free (p->m);
}

typedef struct {
  guint iteration, max_iterations;
  gboolean final;
  double objective;
  LescMatrix *values;
  gint64 time_us;
} Frame;

static void
frame_free (Frame *f)
{
  lesc_matrix_free (f->values);
  g_free (f);
}

static void
collect (const LescProgressFrame *frame, gpointer data)
{
  Frame *f = g_new0 (Frame, 1);
  f->iteration = frame->iteration;
  f->max_iterations = frame->max_iterations;
  f->final = frame->final;
  f->objective = frame->objective;
  f->values = lesc_matrix_new_from (frame->rows, frame->cols, frame->values);
  f->time_us = g_get_monotonic_time ();
  g_ptr_array_add (data, f);
}

/* The fit, watched or not; the distributions (row softmax of Φ̂W) as the registry makes them. */
static LescMatrix *
fit (const Problem *p, GPtrArray *frames, LescLeTrace *trace, LescLeReport *report)
{
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, NULL);
  if (frames != NULL)
    lesc_progress_set_frames (&progress, collect, frames);
  LescMatrix *d = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_le_fit_with (p->x, p->l, p->m, 1.0, LESC_VARIANT_REFERENCE, 5489, NULL, trace,
                                   &progress, report, NULL, &d, &error));
  g_assert_no_error (error);
  lesc_matrix_row_softmax (d);
  return d;
}

static void
assert_same (const LescMatrix *a, const LescMatrix *b)
{
  g_assert_cmpuint (a->rows * a->cols, ==, b->rows * b->cols);
  g_assert_cmpmem (a->data, a->rows * a->cols * sizeof (double), b->data,
                   b->rows * b->cols * sizeof (double));
}

static void
test_watched_fit (gconstpointer data)
{
  gboolean tridiagonal = GPOINTER_TO_INT (data);
  Problem p;
  /* BFGS (453 unknowns) in the original coordinates; L-BFGS with 8 labels in the basis */
  problem_init (&p, tridiagonal ? 400 : 150, tridiagonal ? 8 : 3);
  LescLeReport plain_report;
  g_autoptr (LescMatrix) plain = fit (&p, NULL, NULL, &plain_report);
  g_assert_true (plain_report.tridiagonal == tridiagonal);

  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) frame_free);
  g_autoptr (LescLeTrace) trace = lesc_le_trace_new (0.0);
  LescLeReport r;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescMatrix) watched = fit (&p, frames, trace, &r);
  gint64 elapsed = g_get_monotonic_time () - t0;
  g_test_message ("%u iterations, exit %d, f = %.10g, %u frames in %.3f s", r.iterations,
                  r.exit_flag, r.objective, frames->len, elapsed / 1e6);

  /* watching changes nothing */
  assert_same (watched, plain);
  g_assert_cmpuint (r.iterations, ==, plain_report.iterations);
  g_assert_cmpfloat (r.objective, ==, plain_report.objective);
  g_assert_true (r.exit_flag == LESC_OPT_EXIT_GRADIENT || r.exit_flag == LESC_OPT_EXIT_STEP
                 || r.exit_flag == LESC_OPT_EXIT_MAX_ITER);

  /* frames: provisional ones in order, then the final one = the batch result, bit for bit */
  g_assert_cmpuint (frames->len, >=, 2);
  Frame *last = frames->pdata[frames->len - 1];
  g_assert_true (last->final);
  g_assert_cmpuint (last->iteration, ==, r.iterations);
  g_assert_cmpfloat (last->objective, ==, r.objective);
  assert_same (last->values, plain);
  for (guint i = 0; i + 1 < frames->len; i++)
    {
      Frame *f = frames->pdata[i];
      g_assert_false (f->final);
      g_assert_cmpuint (f->iteration, >=, 1);
      g_assert_cmpuint (f->max_iterations, ==, 300);
      if (i > 0)
        {
          Frame *prev = frames->pdata[i - 1];
          g_assert_cmpuint (f->iteration, >, prev->iteration);
          g_assert_cmpfloat (f->objective, <=, prev->objective);
          /* never two provisional frames within 100 ms */
          g_assert_cmpint (f->time_us - prev->time_us, >=, 100000);
        }
      for (gsize k = 0; k < p.n; k++)
        {
          double s = 0.0;
          for (gsize j = 0; j < p.c; j++)
            s += LESC_AT (f->values, k, j);
          g_assert_cmpfloat (fabs (s - 1.0), <, 1e-12);
        }
    }

  /* the record: iterations 0 … r.iterations, f non-increasing to the reported objective */
  g_assert_cmpuint (trace->points->len, ==, r.iterations + 1);
  g_assert_cmpuint (trace->max_iterations, ==, 300);
  for (guint i = 0; i < trace->points->len; i++)
    {
      LescLeTracePoint *pt = &g_array_index (trace->points, LescLeTracePoint, i);
      g_assert_cmpuint (pt->iteration, ==, i);
      g_assert_true (isfinite (pt->grad_norm) && pt->grad_norm > 0.0);
      g_assert_true (tridiagonal ? isnan (pt->grad_inf)
                                 : pt->grad_inf <= pt->grad_norm && pt->grad_inf > 0.0);
      if (i == 0)
        g_assert_cmpfloat (pt->step, ==, 0.0);
      else
        {
          g_assert_cmpfloat (pt->step, >, 0.0);
          g_assert_cmpfloat (pt->objective, <=, g_array_index (trace->points, LescLeTracePoint,
                                                                 i - 1).objective);
        }
    }
  LescLeTracePoint *end = &g_array_index (trace->points, LescLeTracePoint, r.iterations);
  g_assert_cmpfloat (end->objective, ==, r.objective);
  if (!tridiagonal)
    g_assert_cmpfloat (end->grad_inf, ==, r.grad_inf);
  /* small enough for a snapshot at every iteration */
  g_assert_cmpuint (trace->stride, ==, 1);
  g_assert_cmpuint (trace->snapshots->len, ==, trace->points->len);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (trace->snapshots->pdata[r.iterations], plain), <,
                     1e-13);
  /* a provisional frame shows the snapshot of its iteration */
  Frame *first = frames->pdata[0];
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (trace->snapshots->pdata[first->iteration],
                                               first->values), <, 1e-13);

  /* a bound of ten snapshots: every k-th iteration and the last, the same distributions */
  double each = 8.0 * (double) (p.n + 1) * (double) p.c;
  g_autoptr (LescLeTrace) thin = lesc_le_trace_new (10.0 * each);
  LescLeReport r2;
  g_autoptr (LescMatrix) again = fit (&p, NULL, thin, &r2);
  assert_same (again, plain);
  g_assert_cmpuint (thin->points->len, ==, trace->points->len);
  g_assert_cmpuint (thin->stride, >, 1);
  g_assert_cmpuint (thin->snapshots->len, <=, 10);
  g_assert_cmpuint (thin->snapshots->len, ==, r.iterations / thin->stride + 1
                                              + (r.iterations % thin->stride != 0));
  for (guint s = 0; s < thin->snapshots->len; s++)
    {
      guint it = g_array_index (thin->snapshot_iterations, guint, s);
      g_assert_true (it % thin->stride == 0 || it == r.iterations);
      g_assert_cmpuint (lesc_le_trace_snapshot_at (thin, it), ==, s);
      g_assert_cmpfloat (lesc_matrix_max_abs_diff (thin->snapshots->pdata[s],
                                                   trace->snapshots->pdata[it]), <, 1e-13);
    }
  g_assert_cmpuint (g_array_index (thin->snapshot_iterations, guint, thin->snapshots->len - 1), ==,
                    r.iterations);
  problem_clear (&p);
}

/* The converged variant: no iterations; one final frame, one point, one snapshot. */
static void
test_converged (void)
{
  Problem p;
  problem_init (&p, 120, 3);
  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) frame_free);
  g_autoptr (LescLeTrace) trace = lesc_le_trace_new (0.0);
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, NULL);
  lesc_progress_set_frames (&progress, collect, frames);
  LescLeReport r;
  g_autoptr (LescMatrix) d = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_le_fit_with (p.x, p.l, p.m, 1.0, LESC_VARIANT_CONVERGED, 5489, NULL, trace,
                                   &progress, &r, NULL, &d, &error));
  lesc_matrix_row_softmax (d);
  g_assert_cmpuint (frames->len, ==, 1);
  Frame *f = frames->pdata[0];
  g_assert_true (f->final);
  assert_same (f->values, d);
  g_assert_cmpuint (trace->points->len, ==, 1);
  g_assert_cmpfloat (g_array_index (trace->points, LescLeTracePoint, 0).objective, ==, r.objective);
  g_assert_cmpuint (trace->snapshots->len, ==, 1);
  assert_same (trace->snapshots->pdata[0], d);
  problem_clear (&p);
}

/* The rate limit itself: however often a solver offers frames, at most one per 100 ms
 * passes (an upper bound on the count, which elapsed time can only loosen); final frames
 * always pass. */
static void
test_rate_limit (void)
{
  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) frame_free);
  LescProgress root;
  lesc_progress_init (&root, NULL, NULL, NULL);
  g_assert_false (lesc_progress_wants_frames (&root));
  g_assert_false (lesc_progress_frame_due (&root));
  lesc_progress_set_frames (&root, collect, frames);
  LescProgress sub = lesc_progress_sub (&root, 0.5, 1.0);
  g_assert_true (lesc_progress_wants_frames (&sub));
  g_assert_true (lesc_progress_frame_due (&sub));
  double v[2] = { 0.25, 0.75 };
  LescProgressFrame frame = { 1, 300, 1.0, v, 1, 2, FALSE };
  gint64 t0 = g_get_monotonic_time ();
  guint offered = 0;
  while (g_get_monotonic_time () - t0 < 250000)
    {
      lesc_progress_frame (&sub, &frame);
      offered++;
    }
  gint64 elapsed = g_get_monotonic_time () - t0;
  g_assert_cmpuint (offered, >, 10);
  g_assert_cmpuint (frames->len, >=, 1);
  g_assert_cmpuint (frames->len, <=, elapsed / 100000 + 1);
  guint before = frames->len;
  frame.final = TRUE;
  lesc_progress_frame (&sub, &frame);
  g_assert_cmpuint (frames->len, ==, before + 1);
  g_assert_true (((Frame *) frames->pdata[before])->final);
  /* no receiver: nothing due, nothing sent */
  lesc_progress_set_frames (&root, NULL, NULL);
  g_assert_false (lesc_progress_frame_due (&sub));
  lesc_progress_frame (&sub, &frame);
  g_assert_cmpuint (frames->len, ==, before + 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/letrace/bfgs", GINT_TO_POINTER (FALSE), test_watched_fit);
  g_test_add_data_func ("/letrace/tridiagonal", GINT_TO_POINTER (TRUE), test_watched_fit);
  g_test_add_func ("/letrace/converged", test_converged);
  g_test_add_func ("/letrace/rate-limit", test_rate_limit);
  return g_test_run ();
}
