#include "core/numeric/matrix.h"
#include "core/base/error.h"
#include "core/base/prefault.h"

#include <math.h>
#include <string.h>

static LescMatrix *
matrix_alloc (gsize rows, gsize cols, gboolean try_only)
{
  if (cols != 0 && rows > G_MAXSIZE / sizeof (double) / cols)
    return NULL;
  LescMatrix *m = g_new0 (LescMatrix, 1);
  m->rows = rows;
  m->cols = cols;
  gsize bytes = MAX (rows * cols, 1) * sizeof (double);
  m->data = try_only ? g_try_malloc0 (bytes) : g_malloc0 (bytes);
  if (m->data == NULL)
    {
      g_free (m);
      return NULL;
    }
  lesc_prefault (m->data, bytes);
  return m;
}

LescMatrix *
lesc_matrix_new (gsize rows, gsize cols)
{
  LescMatrix *m = matrix_alloc (rows, cols, FALSE);
  if (m == NULL)
    g_error ("matrix %zu×%zu does not fit in the address space", rows, cols);
  return m;
}

LescMatrix *
lesc_matrix_try_new (gsize rows, gsize cols, GError **error)
{
  LescMatrix *m = matrix_alloc (rows, cols, TRUE);
  if (m == NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                 "cannot allocate a %zu×%zu matrix (%.1f MB)", rows, cols,
                 (double) rows * (double) cols * 8.0 / 1e6);
  return m;
}

LescMatrix *
lesc_matrix_new_from (gsize rows, gsize cols, const double *data)
{
  LescMatrix *m = lesc_matrix_new (rows, cols);
  if (rows * cols > 0)
    memcpy (m->data, data, rows * cols * sizeof (double));
  return m;
}

LescMatrix *
lesc_matrix_copy (const LescMatrix *m)
{
  return lesc_matrix_new_from (m->rows, m->cols, m->data);
}

void
lesc_matrix_free (LescMatrix *m)
{
  if (m == NULL)
    return;
  g_free (m->data);
  g_free (m);
}

LescMatrix *
lesc_matrix_transpose (const LescMatrix *m)
{
  LescMatrix *t = lesc_matrix_new (m->cols, m->rows);
  for (gsize j = 0; j < m->cols; j++)
    for (gsize i = 0; i < m->rows; i++)
      LESC_AT (t, j, i) = LESC_AT (m, i, j);
  return t;
}

LescMatrix *
lesc_matrix_select_rows (const LescMatrix *m, const gsize *rows, gsize n)
{
  LescMatrix *s = lesc_matrix_new (n, m->cols);
  for (gsize j = 0; j < m->cols; j++)
    for (gsize k = 0; k < n; k++)
      LESC_AT (s, k, j) = LESC_AT (m, rows[k], j);
  return s;
}

gboolean
lesc_matrix_all_finite (const LescMatrix *m, gsize *bad_row, gsize *bad_col)
{
  for (gsize j = 0; j < m->cols; j++)
    for (gsize i = 0; i < m->rows; i++)
      if (!isfinite (LESC_AT (m, i, j)))
        {
          if (bad_row)
            *bad_row = i;
          if (bad_col)
            *bad_col = j;
          return FALSE;
        }
  return TRUE;
}

gboolean
lesc_matrix_same_shape (const LescMatrix *a, const LescMatrix *b)
{
  return a->rows == b->rows && a->cols == b->cols;
}

double
lesc_matrix_max_abs_diff (const LescMatrix *a, const LescMatrix *b)
{
  if (!lesc_matrix_same_shape (a, b))
    return INFINITY;
  double d = 0.0;
  for (gsize k = 0; k < a->rows * a->cols; k++)
    d = fmax (d, fabs (a->data[k] - b->data[k]));
  return d;
}

void
lesc_matrix_row_softmax (LescMatrix *m)
{
  for (gsize i = 0; i < m->rows; i++)
    {
      double mx = -INFINITY, sum = 0.0;
      for (gsize j = 0; j < m->cols; j++)
        mx = fmax (mx, LESC_AT (m, i, j));
      for (gsize j = 0; j < m->cols; j++)
        {
          double e = exp (LESC_AT (m, i, j) - mx);
          LESC_AT (m, i, j) = e;
          sum += e;
        }
      for (gsize j = 0; j < m->cols; j++)
        LESC_AT (m, i, j) /= sum;
    }
}
