/* The LE optimizer's per-iteration record (letrace.h). le.c fills it. */
#include "core/solvers/letrace.h"

#include <math.h>

LescLeTrace *
lesc_le_trace_new (double max_bytes)
{
  LescLeTrace *t = g_new0 (LescLeTrace, 1);
  t->max_bytes = max_bytes > 0.0 ? max_bytes : 64e6;
  t->points = g_array_new (FALSE, FALSE, sizeof (LescLeTracePoint));
  t->snapshot_iterations = g_array_new (FALSE, FALSE, sizeof (guint));
  t->snapshots = g_ptr_array_new_with_free_func ((GDestroyNotify) lesc_matrix_free);
  t->stride = 1;
  return t;
}

void
lesc_le_trace_free (LescLeTrace *t)
{
  if (t == NULL)
    return;
  g_array_unref (t->points);
  g_array_unref (t->snapshot_iterations);
  g_ptr_array_unref (t->snapshots);
  g_free (t);
}

void
lesc_le_trace_reset (LescLeTrace *t, gsize n, gsize c, guint max_iterations)
{
  g_array_set_size (t->points, 0);
  g_array_set_size (t->snapshot_iterations, 0);
  g_ptr_array_set_size (t->snapshots, 0);
  t->max_iterations = max_iterations;
  /* (n + 1)×c while the fit runs (W), n×c after */
  double each = 8.0 * (double) (n + 1) * (double) MAX (c, 1);
  double fit = floor (t->max_bytes / each);
  /* iterations 0, stride, 2·stride, … and the last; at least the first and the last */
  t->stride = 1;
  while (t->stride <= max_iterations && (double) (max_iterations / t->stride + 2) > fit)
    t->stride++;
}

guint
lesc_le_trace_snapshot_at (const LescLeTrace *t, guint iteration)
{
  guint best = 0;
  for (guint i = 0; i < t->snapshot_iterations->len; i++)
    if (g_array_index (t->snapshot_iterations, guint, i) <= iteration)
      best = i;
  return best;
}
