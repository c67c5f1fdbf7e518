/* The six measures through the public API. */
#include "lib/arrays.h"
#include "core/eval/measures.h"

G_STATIC_ASSERT (LESC_MEASURE_COUNT == LESC_N_MEASURES);

const char *
lesc_measure_get_key (guint i)
{
  return i < LESC_N_MEASURES ? lesc_measure_key ((LescMeasure) i) : NULL;
}

const char *
lesc_measure_get_title (guint i)
{
  return i < LESC_N_MEASURES ? lesc_measure_title ((LescMeasure) i) : NULL;
}

gboolean
lesc_measure_is_lower_better (guint i)
{
  return i < LESC_N_MEASURES && lesc_measure_lower_is_better ((LescMeasure) i);
}

gboolean
lesc_measures_evaluate (gsize n, gsize c, const double *truth, const double *recovered,
                        const char *kl, double values[LESC_MEASURE_COUNT], GError **error)
{
  g_return_val_if_fail (values != NULL, FALSE);
  LescKlDirection direction = LESC_KL_TRUTH_RECOVERED;
  if (kl != NULL && !lesc_kl_direction_from_string (kl, &direction))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "kl '%s': expected truth-recovered or recovered-truth", kl);
      return FALSE;
    }
  if (n == 0 || c == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "measures need at least one row and one label (got %zu×%zu)", n, c);
      return FALSE;
    }
  g_autoptr (LescMatrix) t = lesc_lib_matrix_in ("truth", n, c, truth, error);
  if (t == NULL)
    return FALSE;
  g_autoptr (LescMatrix) r = lesc_lib_matrix_in ("recovered", n, c, recovered, error);
  return r != NULL && lesc_measures_compute (t, r, direction, values, error);
}
