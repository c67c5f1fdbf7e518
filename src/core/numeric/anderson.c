/* Anderson acceleration (anderson.h). The differences live in two ring buffers; γ comes
 * from LAPACK's SVD least squares (dgelss), which copes with nearly dependent differences
 * by dropping directions below a relative singular value of 1e-12. */
#include "core/numeric/anderson.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

struct _LescAnderson {
  gsize size;
  guint memory, count, head;   /* differences held; slot of the oldest */
  double *df, *dg;             /* memory × size each: f_{j+1} − f_j, g_{j+1} − g_j */
  double *f_prev, *g_prev;
  gboolean have_prev;
  double *a, *b, *s;           /* the least-squares problem and its singular values */
};

LescAnderson *
lesc_anderson_new (gsize size, guint memory)
{
  LescAnderson *a = g_new0 (LescAnderson, 1);
  a->size = size;
  a->memory = (guint) MIN ((gsize) MAX (memory, 1), MAX (size, 1));
  a->df = g_new (double, a->memory * size);
  a->dg = g_new (double, a->memory * size);
  a->f_prev = g_new (double, size);
  a->g_prev = g_new (double, size);
  a->a = g_new (double, a->memory * size);
  a->b = g_new (double, MAX (size, a->memory));
  a->s = g_new (double, a->memory);
  return a;
}

void
lesc_anderson_free (LescAnderson *a)
{
  if (a == NULL)
    return;
  g_free (a->df);
  g_free (a->dg);
  g_free (a->f_prev);
  g_free (a->g_prev);
  g_free (a->a);
  g_free (a->b);
  g_free (a->s);
  g_free (a);
}

void
lesc_anderson_reset (LescAnderson *a)
{
  a->count = a->head = 0;
  a->have_prev = FALSE;
}

gboolean
lesc_anderson_step (LescAnderson *a, const double *x, const double *g, double *next)
{
  gsize n = a->size;
  /* f = g − x into b (the right-hand side), the new differences into the ring */
  for (gsize i = 0; i < n; i++)
    a->b[i] = g[i] - x[i];
  if (a->have_prev)
    {
      guint slot = (a->head + a->count) % a->memory;
      if (a->count == a->memory)
        {
          slot = a->head;
          a->head = (a->head + 1) % a->memory;
        }
      else
        a->count++;
      for (gsize i = 0; i < n; i++)
        {
          a->df[slot * n + i] = a->b[i] - a->f_prev[i];
          a->dg[slot * n + i] = g[i] - a->g_prev[i];
        }
    }
  memcpy (a->f_prev, a->b, n * sizeof (double));
  memcpy (a->g_prev, g, n * sizeof (double));
  a->have_prev = TRUE;
  memcpy (next, g, n * sizeof (double));
  guint m = a->count;
  if (m == 0)
    return FALSE;
  for (guint j = 0; j < m; j++)
    memcpy (a->a + j * n, a->df + ((a->head + j) % a->memory) * n, n * sizeof (double));
  lapack_int rank;
  lapack_int info = LAPACKE_dgelss (LAPACK_COL_MAJOR, (lapack_int) n, (lapack_int) m, 1, a->a,
                                    (lapack_int) n, a->b, (lapack_int) MAX (n, m), a->s, 1e-12,
                                    &rank);
  if (info != 0)
    return FALSE;
  for (guint j = 0; j < m; j++)
    if (!isfinite (a->b[j]))
      return FALSE;
  for (guint j = 0; j < m; j++)
    {
      const double *dg = a->dg + ((a->head + j) % a->memory) * n;
      for (gsize i = 0; i < n; i++)
        next[i] -= a->b[j] * dg[i];
    }
  return TRUE;
}
