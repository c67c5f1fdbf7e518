#include "core/methods/baseline.h"

#include "core/base/error.h"

gboolean
lesc_baseline_check_problem (const LescProblem *problem, const char *method, GError **error)
{
  const LescMatrix *x = problem ? problem->x : NULL, *l = problem ? problem->l : NULL;
  if (x == NULL || l == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s: features or logical labels missing",
                   method);
      return FALSE;
    }
  if (x->rows < 2 || x->cols < 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: features are %zu×%zu, expected at least 2 samples and 1 feature", method,
                   x->rows, x->cols);
      return FALSE;
    }
  if (l->rows != x->rows || l->cols < 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: logical labels are %zu×%zu, expected %zu rows (one per sample) and at "
                   "least 1 label", method, l->rows, l->cols, x->rows);
      return FALSE;
    }
  gsize bi, bj;
  if (!lesc_matrix_all_finite (x, &bi, &bj))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: features (%zu, %zu) is not finite", method, bi + 1, bj + 1);
      return FALSE;
    }
  for (gsize j = 0; j < l->cols; j++)
    for (gsize i = 0; i < l->rows; i++)
      {
        double v = LESC_AT (l, i, j);
        if (v != 0.0 && v != 1.0)
          {
            g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                         "%s: logical labels (%zu, %zu) = %g, expected 0 or 1", method, i + 1,
                         j + 1, v);
            return FALSE;
          }
      }
  return TRUE;
}
