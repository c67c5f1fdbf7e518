/* The six LE measures (docs/methods.md §3): per row, then the plain mean over rows. */
#include "core/eval/measures.h"
#include "core/base/error.h"
#include "core/eval/stats.h"

#include <math.h>

static const struct {
  const char *key;
  const char *title;
  const char *alias; /* another accepted spelling */
  gboolean lower_is_better;
} measure_info[LESC_N_MEASURES] = {
  [LESC_MEASURE_CHEB] = { "cheb", "Chebyshev", "chebyshev", TRUE },
  [LESC_MEASURE_CLARK] = { "clark", "Clark", "clark", TRUE },
  [LESC_MEASURE_CANBER] = { "canber", "Canberra", "canberra", TRUE },
  [LESC_MEASURE_KL] = { "kl", "Kullback-Leibler", "kullback-leibler", TRUE },
  [LESC_MEASURE_COSINE] = { "cosine", "Cosine", "cosine", FALSE },
  [LESC_MEASURE_INTERSEC] = { "intersec", "Intersection", "intersection", FALSE },
};

static const char *const kl_keys[] = {
  [LESC_KL_TRUTH_RECOVERED] = "truth-recovered",
  [LESC_KL_RECOVERED_TRUTH] = "recovered-truth",
};

const char *
lesc_measure_key (LescMeasure m)
{
  g_return_val_if_fail (m < LESC_N_MEASURES, NULL);
  return measure_info[m].key;
}

const char *
lesc_measure_title (LescMeasure m)
{
  g_return_val_if_fail (m < LESC_N_MEASURES, NULL);
  return measure_info[m].title;
}

gboolean
lesc_measure_lower_is_better (LescMeasure m)
{
  g_return_val_if_fail (m < LESC_N_MEASURES, TRUE);
  return measure_info[m].lower_is_better;
}

gboolean
lesc_measure_from_string (const char *s, LescMeasure *out)
{
  if (s == NULL)
    return FALSE;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    if (g_ascii_strcasecmp (s, measure_info[m].key) == 0
        || g_ascii_strcasecmp (s, measure_info[m].alias) == 0)
      {
        *out = (LescMeasure) m;
        return TRUE;
      }
  return FALSE;
}

const char *
lesc_kl_direction_key (LescKlDirection d)
{
  g_return_val_if_fail (d <= LESC_KL_RECOVERED_TRUTH, NULL);
  return kl_keys[d];
}

const char *
lesc_kl_direction_title (LescKlDirection d)
{
  g_return_val_if_fail (d <= LESC_KL_RECOVERED_TRUTH, NULL);
  return d == LESC_KL_TRUTH_RECOVERED ? "KL(truth‖recovered)" : "KL(recovered‖truth)";
}

gboolean
lesc_kl_direction_from_string (const char *s, LescKlDirection *out)
{
  if (s == NULL)
    return FALSE;
  for (int d = 0; d < (int) G_N_ELEMENTS (kl_keys); d++)
    if (g_ascii_strcasecmp (s, kl_keys[d]) == 0)
      {
        *out = (LescKlDirection) d;
        return TRUE;
      }
  return FALSE;
}

/* One term a·ln(a/b) of KL(a‖b): 0·ln(0/b) = 0 for every b ≥ 0 (the usual convention;
 * MATLAB's arithmetic, and so the official demos, give NaN for 0·ln(0/0), a case their
 * softmax outputs never meet but the `published` baselines' exact zeros do); a > 0 = b
 * gives +Inf. */
static double
kl_term (double a, double b)
{
  if (a == 0.0)
    return 0.0;
  if (b == 0.0)
    return INFINITY;
  return a * log (a / b);
}

static gboolean
check_input (const LescMatrix *truth, const LescMatrix *recovered, GError **error)
{
  if (!lesc_matrix_same_shape (truth, recovered))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "measures: recovered distributions are %zu×%zu, expected the truth's shape "
                   "%zu×%zu", recovered->rows, recovered->cols, truth->rows, truth->cols);
      return FALSE;
    }
  if (truth->rows == 0 || truth->cols == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "measures: distributions are %zu×%zu, expected at least one row and one label",
                   truth->rows, truth->cols);
      return FALSE;
    }
  const LescMatrix *m[2] = { truth, recovered };
  const char *name[2] = { "truth", "recovered" };
  for (int t = 0; t < 2; t++)
    {
      gsize i, j;
      if (!lesc_matrix_all_finite (m[t], &i, &j))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "measures: %s distribution has a non-finite value (%g) at row %zu, "
                       "label %zu; expected finite numbers",
                       name[t], LESC_AT (m[t], i, j), i + 1, j + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* The six measures of row i (KL may be +Inf). */
static void
row_measures (const LescMatrix *truth, const LescMatrix *recovered, gsize i, LescKlDirection kl,
              double out[LESC_N_MEASURES])
{
  double cheb = 0, clark = 0, canber = 0, kld = 0, dot = 0, rr = 0, pp = 0, inter = 0;
  for (gsize j = 0; j < truth->cols; j++)
    {
      const double r = LESC_AT (truth, i, j), p = LESC_AT (recovered, i, j);
      const double ad = fabs (r - p), s = r + p;
      cheb = MAX (cheb, ad);
      if (!(r == 0.0 && p == 0.0)) /* a 0/0 term contributes 0 */
        {
          clark += (r - p) * (r - p) / (s * s);
          canber += ad / s;
        }
      kld += kl == LESC_KL_TRUTH_RECOVERED ? kl_term (r, p) : kl_term (p, r);
      dot += r * p;
      rr += r * r;
      pp += p * p;
      inter += MIN (r, p);
    }
  out[LESC_MEASURE_CHEB] = cheb;
  out[LESC_MEASURE_CLARK] = sqrt (clark);
  out[LESC_MEASURE_CANBER] = canber;
  out[LESC_MEASURE_KL] = kld;
  out[LESC_MEASURE_COSINE] = dot / (sqrt (rr) * sqrt (pp));
  out[LESC_MEASURE_INTERSEC] = inter;
}

static gboolean
check_kl (LescKlDirection kl, GError **error)
{
  if (kl != LESC_KL_TRUTH_RECOVERED && kl != LESC_KL_RECOVERED_TRUTH)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "measures: unknown KL direction %d", kl);
      return FALSE;
    }
  return TRUE;
}

gboolean
lesc_measures_compute_full (const LescMatrix *truth, const LescMatrix *recovered,
                            LescKlDirection kl, double out[LESC_N_MEASURES], gsize *kl_rows,
                            GError **error)
{
  if (!check_kl (kl, error) || !check_input (truth, recovered, error))
    return FALSE;

  const gsize n = truth->rows;
  double sum[LESC_N_MEASURES] = { 0 };
  gsize kl_n = 0;
  for (gsize i = 0; i < n; i++)
    {
      double row[LESC_N_MEASURES];
      row_measures (truth, recovered, i, kl, row);
      for (int m = 0; m < LESC_N_MEASURES; m++)
        if (m != LESC_MEASURE_KL)
          sum[m] += row[m];
      if (kl == LESC_KL_RECOVERED_TRUTH && row[LESC_MEASURE_KL] == INFINITY)
        continue; /* the official demos delete +Inf rows */
      sum[LESC_MEASURE_KL] += row[LESC_MEASURE_KL];
      kl_n++;
    }
  for (int m = 0; m < LESC_N_MEASURES; m++)
    out[m] = sum[m] / (double) (m == LESC_MEASURE_KL ? kl_n : n);
  if (kl_n == 0)
    out[LESC_MEASURE_KL] = NAN; /* the mean of no rows, as MATLAB's mean([]) */
  if (kl_rows != NULL)
    *kl_rows = kl_n;
  return TRUE;
}

gsize
lesc_kl_dropped_rows (const LescMatrix *truth)
{
  gsize rows = 0;
  for (gsize i = 0; i < truth->rows; i++)
    for (gsize j = 0; j < truth->cols; j++)
      if (LESC_AT (truth, i, j) == 0.0)
        {
          rows++;
          break;
        }
  return rows;
}

char *
lesc_kl_dropped_note (const char *where, gsize dropped, gsize n, gboolean exact)
{
  return g_strdup_printf ("%s: KL(recovered‖truth) leaves out %s%zu of the %zu rows (those "
                          "whose ground truth is 0 where the recovery is not: +Inf), as the "
                          "official demos do; it is the mean over the other %s%zu",
                          where, exact ? "" : "up to ", dropped, n, exact ? "" : "≥ ",
                          n - dropped);
}

gboolean
lesc_measures_per_sample (const LescMatrix *truth, const LescMatrix *recovered, LescKlDirection kl,
                          LescMeasure measure, double *out, GError **error)
{
  if (!check_kl (kl, error) || !check_input (truth, recovered, error))
    return FALSE;
  if (measure >= LESC_N_MEASURES)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "measures: unknown measure %d", measure);
      return FALSE;
    }
  for (gsize i = 0; i < truth->rows; i++)
    {
      double row[LESC_N_MEASURES];
      row_measures (truth, recovered, i, kl, row);
      out[i] = row[measure];
    }
  return TRUE;
}

gboolean
lesc_measures_compute (const LescMatrix *truth, const LescMatrix *recovered,
                       LescKlDirection kl, double out[LESC_N_MEASURES], GError **error)
{
  return lesc_measures_compute_full (truth, recovered, kl, out, NULL, error);
}

void
lesc_measures_rank (const double *values, gsize n, double *ranks, double *average)
{
  g_autofree double *column = g_new (double, MAX (n, 1));
  g_autofree double *column_ranks = g_new (double, MAX (n, 1));
  g_autofree gsize *row = g_new (gsize, MAX (n, 1));
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    {
      gsize m = 0;
      for (gsize i = 0; i < n; i++)
        {
          ranks[i * LESC_N_MEASURES + j] = NAN;
          if (!isnan (values[i * LESC_N_MEASURES + j]))
            {
              column[m] = values[i * LESC_N_MEASURES + j];
              row[m++] = i;
            }
        }
      if (m > 0)
        lesc_stats_rank (column, m, lesc_measure_lower_is_better (j), LESC_RANK_TIES_MID, column_ranks);
      for (gsize r = 0; r < m; r++)
        ranks[row[r] * LESC_N_MEASURES + j] = column_ranks[r];
    }
  for (gsize i = 0; average != NULL && i < n; i++)
    {
      double sum = 0.0;
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        sum += ranks[i * LESC_N_MEASURES + j];
      average[i] = sum / LESC_N_MEASURES;
    }
}

gboolean
lesc_measures_compute_both (const LescMatrix *truth, const LescMatrix *recovered,
                            double out[2][LESC_N_MEASURES], GError **error)
{
  for (guint k = 0; k < 2; k++)
    for (guint j = 0; j < LESC_N_MEASURES; j++)
      out[k][j] = NAN;
  return truth == NULL
         || (lesc_measures_compute (truth, recovered, LESC_KL_TRUTH_RECOVERED, out[LESC_KL_TRUTH_RECOVERED], error)
             && lesc_measures_compute (truth, recovered, LESC_KL_RECOVERED_TRUTH, out[LESC_KL_RECOVERED_TRUTH],
                                       error));
}
