#include "core/numeric/preprocess.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
lesc_zscore_stats (const LescMatrix *x, double *mean_out, double *sd_out)
{
  gsize n = x->rows;
  for (gsize j = 0; j < x->cols; j++)
    {
      const double *col = x->data + j * n;
      double mean = 0.0, ss = 0.0;
      for (gsize i = 0; i < n; i++)
        mean += col[i];
      mean /= (double) MAX (n, 1);
      if (!isfinite (mean))
        {
          /* the sum overflowed (values near 1e308): a running mean stays in range */
          mean = 0.0;
          for (gsize i = 0; i < n; i++)
            mean += (col[i] - mean) / (double) (i + 1);
        }
      for (gsize i = 0; i < n; i++)
        ss += (col[i] - mean) * (col[i] - mean);
      if (!isfinite (ss) || (ss < 1e-280 && ss >= 0.0))
        {
          /* squares beyond the double range (values around 1e160) or below it: the sum of
           * squares scaled by the largest deviation, so that a spread column never looks
           * constant */
          double big = 0.0;
          for (gsize i = 0; i < n; i++)
            big = fmax (big, fabs (col[i] - mean));
          double scaled = 0.0;
          for (gsize i = 0; big > 0.0 && isfinite (big) && i < n; i++)
            scaled += ((col[i] - mean) / big) * ((col[i] - mean) / big);
          if (big > 0.0 && isfinite (big))
            {
              double sd = n > 1 ? big * sqrt (scaled / (double) (n - 1)) : 0.0;
              mean_out[j] = mean;
              sd_out[j] = sd > 0.0 && isfinite (sd) ? sd : 1.0;
              continue;
            }
        }
      double sd = n > 1 ? sqrt (ss / (double) (n - 1)) : 0.0;
      if (sd == 0.0)
        sd = 1.0; /* MATLAB divides a constant column by 1: it becomes zeros */
      mean_out[j] = mean;
      sd_out[j] = sd;
    }
}

LescMatrix *
lesc_zscore_apply (const LescMatrix *x, const double *mean, const double *sd)
{
  gsize n = x->rows;
  LescMatrix *z = lesc_matrix_new (n, x->cols);
  for (gsize j = 0; j < x->cols; j++)
    for (gsize i = 0; i < n; i++)
      z->data[j * n + i] = (x->data[j * n + i] - mean[j]) / sd[j];
  return z;
}

LescMatrix *
lesc_zscore (const LescMatrix *x)
{
  g_autofree double *mean = g_new (double, MAX (x->cols, 1));
  g_autofree double *sd = g_new (double, MAX (x->cols, 1));
  lesc_zscore_stats (x, mean, sd);
  return lesc_zscore_apply (x, mean, sd);
}

typedef struct {
  const LescMatrix *x;
} RowCompare;

static int
compare_rows (const void *a, const void *b, void *data)
{
  const LescMatrix *x = ((RowCompare *) data)->x;
  gsize i = *(const gsize *) a, k = *(const gsize *) b;
  for (gsize j = 0; j < x->cols; j++)
    {
      double u = LESC_AT (x, i, j), v = LESC_AT (x, k, j);
      if (u < v)
        return -1;
      if (u > v)
        return 1;
    }
  return (i > k) - (i < k);
}

static gboolean
rows_equal (const LescMatrix *x, gsize i, gsize k)
{
  for (gsize j = 0; j < x->cols; j++)
    if (LESC_AT (x, i, j) != LESC_AT (x, k, j))
      return FALSE;
  return TRUE;
}

gsize
lesc_distinct_rows (const LescMatrix *x, gsize *group, gsize *first)
{
  gsize n = x->rows;
  if (n == 0)
    return 0;
  g_autofree gsize *order = g_new (gsize, n);
  g_autofree gsize *leader = g_new (gsize, n); /* smallest row index of each row's group */
  for (gsize i = 0; i < n; i++)
    order[i] = i;
  RowCompare rc = { x };
  g_qsort_with_data (order, (gint) n, sizeof (gsize), (GCompareDataFunc) compare_rows, &rc);
  for (gsize k = 0; k < n;)
    {
      gsize e = k + 1;
      while (e < n && rows_equal (x, order[k], order[e]))
        e++;
      for (gsize t = k; t < e; t++)
        leader[order[t]] = order[k]; /* sorted by index within equal rows: order[k] is smallest */
      k = e;
    }
  gsize m = 0;
  g_autofree gsize *id = g_new (gsize, n);
  for (gsize i = 0; i < n; i++)
    {
      if (leader[i] == i)
        {
          id[i] = m;
          if (first)
            first[m] = i;
          m++;
        }
      group[i] = id[leader[i]];
    }
  return m;
}
