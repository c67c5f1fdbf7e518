#include "lib/arrays.h"

#include <math.h>

LescMatrix *
lesc_lib_matrix_in (const char *what, gsize n, gsize cols, const double *data, GError **error)
{
  if (data == NULL && n * cols > 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s: no array given", what);
      return NULL;
    }
  LescMatrix *m = lesc_matrix_try_new (n, cols, error);
  if (m == NULL)
    return NULL;
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < cols; j++)
      {
        double v = data[i * cols + j];
        if (!isfinite (v))
          {
            g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                         "%s: row %zu, column %zu is %s (every entry must be finite)", what, i,
                         j, isnan (v) ? "NaN" : v > 0 ? "+Inf" : "-Inf");
            lesc_matrix_free (m);
            return NULL;
          }
        LESC_AT (m, i, j) = v;
      }
  return m;
}

void
lesc_lib_matrix_out (const LescMatrix *m, double *out)
{
  for (gsize i = 0; i < m->rows; i++)
    for (gsize j = 0; j < m->cols; j++)
      out[i * m->cols + j] = LESC_AT (m, i, j);
}

gboolean
lesc_lib_check_shapes (gsize n, gsize q, gsize c, const void *features, const void *logical,
                       GError **error)
{
  const char *problem = n < 2 ? "at least 2 samples (rows) are needed"
                        : q < 1 ? "at least 1 feature (column of the features) is needed"
                        : c < 2 ? "at least 2 labels (columns of the logical labels) are needed"
                        : features == NULL ? "no features given"
                        : logical == NULL ? "no logical labels given" : NULL;
  if (problem == NULL)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_DATA, "%s (got n = %zu, q = %zu, c = %zu)",
               problem, n, q, c);
  return FALSE;
}

gboolean
lesc_lib_check_logical (const LescMatrix *l, GError **error)
{
  for (gsize i = 0; i < l->rows; i++)
    {
      gboolean any = FALSE;
      for (gsize j = 0; j < l->cols; j++)
        {
          double v = LESC_AT (l, i, j);
          if (v != 0.0 && v != 1.0)
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                           "logical labels: row %zu, column %zu is %g (expected 0 or 1)", i, j, v);
              return FALSE;
            }
          any |= v == 1.0;
        }
      if (!any)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "logical labels: row %zu has no 1 (every sample needs a label)", i);
          return FALSE;
        }
    }
  return TRUE;
}
