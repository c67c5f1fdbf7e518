/* Validation of a loaded data set (see validate.h for the rules). */
#include "core/data/validate.h"
#include "core/data/binarize.h"
#include "core/base/error.h"
#include "core/numeric/preprocess.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *
where (const LescDataset *ds)
{
  return ds->source ? ds->source : ds->name;
}

double
lesc_dataset_estimate_bytes (double n, double q, double o)
{
  return 8.0 * n * (q + 2.0 * o);
}

double
lesc_dataset_max_bytes (void)
{
  const char *env = g_getenv ("LESC_MAX_DATA_BYTES");
  if (env != NULL && *env != '\0')
    {
      char *end = NULL;
      double v = g_ascii_strtod (env, &end);
      if (end != env && *end == '\0' && v > 0)
        return v;
    }
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return 64.0 * 1024 * 1024 * 1024; /* unknown: 64 GiB */
  return (double) pages * (double) size;
}

/* g_format_size with a plain space (it puts a no-break space before the unit). */
static char *
format_size (double bytes)
{
  if (bytes >= 1e18)
    return g_strdup_printf ("%.3g bytes", bytes);
  g_autofree char *s = g_format_size ((guint64) bytes);
  g_auto (GStrv) parts = g_strsplit (s, "\u00a0", -1);
  return g_strjoinv (" ", parts);
}

gboolean
lesc_dataset_check_bytes (const char *what, double bytes, GError **error)
{
  double limit = lesc_dataset_max_bytes ();
  if (bytes <= limit)
    return TRUE;
  g_autofree char *need = format_size (bytes);
  g_autofree char *have = format_size (limit);
  g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
               "%s needs %s, more than the limit of %s (the physical memory, or "
               "$LESC_MAX_DATA_BYTES)", what, need, have);
  return FALSE;
}

gboolean
lesc_dataset_check_size (const char *where, double n, double q, double o, GError **error)
{
  g_autofree char *what = g_strdup_printf ("%s: a data set of %.0f samples, %.0f features and "
                                           "%.0f labels", where, n, q, o);
  return lesc_dataset_check_bytes (what, lesc_dataset_estimate_bytes (n, q, o), error);
}

static gboolean
check_finite (const LescDataset *ds, const LescMatrix *m, const char *table, GError **error)
{
  gsize i, j;
  if (m == NULL || lesc_matrix_all_finite (m, &i, &j))
    return TRUE;
  double v = LESC_AT (m, i, j);
  g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
               "%s: %s row %zu, column %zu is %s (expected finite numbers)", where (ds), table,
               i + 1, j + 1, isnan (v) ? "NaN" : v > 0 ? "+Inf" : "-Inf");
  return FALSE;
}

static gboolean
check_shapes (const LescDataset *ds, GError **error)
{
  const char *w = where (ds);
  gsize n = ds->features->rows, o = ds->logical->cols;
  if (n == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: no samples (n = 0; expected at least one row of features)", w);
      return FALSE;
    }
  if (ds->features->cols == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: no features (q = 0; expected at least one feature column)", w);
      return FALSE;
    }
  if (o < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: %zu label%s (o = %zu; label enhancement needs at least 2 labels)", w, o,
                   o == 1 ? "" : "s", o);
      return FALSE;
    }
  const LescMatrix *t = ds->truth, *l = ds->logical;
  const LescMatrix *bad = t != NULL && t->rows != n ? t : l->rows != n ? l : NULL;
  if (bad != NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: the features have %zu rows but the %s have %zu (expected one row per "
                   "sample in both)", w, n, bad == t ? "label distributions" : "logical labels",
                   bad->rows);
      return FALSE;
    }
  if (t != NULL && t->cols != o)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: the label distributions have %zu columns but the logical labels %zu "
                   "(expected one column per label in both)", w, t->cols, o);
      return FALSE;
    }
  return lesc_dataset_check_size (w, (double) n, (double) ds->features->cols, (double) o, error);
}

static gboolean
check_truth (LescDataset *ds, LescValidateFlags flags, LescValidateReport *r, GError **error)
{
  const LescMatrix *t = ds->truth;
  gsize n = t->rows, o = t->cols;
  for (gsize j = 0; j < o; j++)
    for (gsize i = 0; i < n; i++)
      if (LESC_AT (t, i, j) < 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "%s: label distributions row %zu, column %zu is %g (expected degrees >= 0)",
                       where (ds), i + 1, j + 1, LESC_AT (t, i, j));
          return FALSE;
        }

  g_autofree double *sums = g_new0 (double, n);
  for (gsize j = 0; j < o; j++)
    for (gsize i = 0; i < n; i++)
      sums[i] += LESC_AT (t, i, j);
  r->sum_min = HUGE_VAL;
  r->sum_max = -HUGE_VAL;
  for (gsize i = 0; i < n; i++)
    {
      r->sum_min = MIN (r->sum_min, sums[i]);
      r->sum_max = MAX (r->sum_max, sums[i]);
      if (fabs (sums[i] - 1.0) > LESC_SUM_TOLERANCE)
        {
          if (r->not_distributions == 0)
            r->first_not_distribution = i;
          r->not_distributions++;
        }
    }
  if (r->not_distributions == 0)
    return TRUE;

  gsize first = r->first_not_distribution;
  r->truth_zero_one = TRUE;
  for (gsize e = 0; e < n * o && r->truth_zero_one; e++)
    r->truth_zero_one = t->data[e] == 0.0 || t->data[e] == 1.0;
  if (!(flags & LESC_VALIDATE_RENORMALIZE) || r->truth_zero_one)
    {
      /* 0/1 columns are logical labels: dividing them by their sums would make up a
       * ground truth, so they are refused even with --renormalize */
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: %zu row%s of the label distributions do%s not sum to 1 within %g (first: "
                   "row %zu sums to %.17g); %s", where (ds), r->not_distributions,
                   r->not_distributions == 1 ? "" : "s", r->not_distributions == 1 ? "es" : "",
                   LESC_SUM_TOLERANCE, first + 1, sums[first],
                   r->truth_zero_one ? "the labels are all 0 or 1: logical labels (read them "
                                       "with --logical-columns or --logical)"
                                     : "--renormalize divides each row by its sum");
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    if (sums[i] == 0.0)
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                     "%s: label distributions row %zu is all zeros (cannot be renormalized; "
                     "expected degrees summing to 1)", where (ds), i + 1);
        return FALSE;
      }
  for (gsize i = 0; i < n; i++)
    if (isinf (sums[i]))
      {
        /* finite degrees whose sum overflows (1e308, 1e308): scaled by the largest first,
         * so that the row becomes (0.5, 0.5) and not (0, 0) */
        double big = 0.0, scaled = 0.0;
        for (gsize j = 0; j < o; j++)
          big = fmax (big, LESC_AT (ds->truth, i, j));
        for (gsize j = 0; j < o; j++)
          scaled += LESC_AT (ds->truth, i, j) / big;
        for (gsize j = 0; j < o; j++)
          LESC_AT (ds->truth, i, j) = LESC_AT (ds->truth, i, j) / big / scaled;
      }
  for (gsize j = 0; j < o; j++)
    for (gsize i = 0; i < n; i++)
      if (fabs (sums[i] - 1.0) > LESC_SUM_TOLERANCE && isfinite (sums[i]))
        LESC_AT (ds->truth, i, j) /= sums[i];
  r->renormalized = r->not_distributions;
  lesc_dataset_add_note (ds, "%s: %zu row%s of the label distributions divided by %s sum%s "
                         "(--renormalize; the largest change: a row summing to %.17g)",
                         where (ds), r->renormalized, r->renormalized == 1 ? "" : "s",
                         r->renormalized == 1 ? "its" : "their", r->renormalized == 1 ? "" : "s",
                         fabs (r->sum_min - 1.0) > fabs (r->sum_max - 1.0) ? r->sum_min
                                                                            : r->sum_max);
  if (!ds->logical_from_file)
    {
      lesc_matrix_free (ds->logical);
      ds->logical = lesc_binarize (ds->truth, LESC_BINARIZE_THRESHOLD);
    }
  lesc_dataset_update_checksum (ds);
  return TRUE;
}

static gboolean
check_logical (const LescDataset *ds, LescValidateReport *r, GError **error)
{
  const LescMatrix *l = ds->logical;
  gsize n = l->rows, o = l->cols, ones = 0;
  for (gsize i = 0; i < n; i++)
    {
      gsize row_ones = 0;
      for (gsize j = 0; j < o; j++)
        {
          double v = LESC_AT (l, i, j);
          if (v != 0.0 && v != 1.0)
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                           "%s: logical labels row %zu, column %zu is %g (expected 0 or 1)",
                           where (ds), i + 1, j + 1, v);
              return FALSE;
            }
          row_ones += v == 1.0;
        }
      if (row_ones == 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "%s: logical labels row %zu is all zeros (expected at least one relevant "
                       "label per sample)", where (ds), i + 1);
          return FALSE;
        }
      ones += row_ones;
    }
  r->label_cardinality = (double) ones / (double) n;
  /* a label no sample has carries nothing to enhance: a file's own column of zeros is a
   * mistake (binarized labels follow the truth and are left alone) */
  for (gsize j = 0; ds->logical_from_file && j < o; j++)
    {
      gsize i = 0;
      while (i < n && LESC_AT (l, i, j) == 0.0)
        i++;
      if (i == n)
        {
          g_autofree char *name = ds->label_names ? g_strdup_printf (" ('%s')", ds->label_names[j])
                                                  : g_strdup ("");
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "%s: logical labels column %zu%s is all zeros (no sample has that label; "
                       "expected every label on at least one sample)", where (ds), j + 1, name);
          return FALSE;
        }
    }
  return TRUE;
}

static void
count_zeros_and_duplicates (const LescDataset *ds, LescValidateReport *r)
{
  const LescMatrix *t = ds->truth;
  if (t != NULL)
    for (gsize i = 0; i < t->rows; i++)
      {
        gsize z = 0;
        for (gsize j = 0; j < t->cols; j++)
          z += LESC_AT (t, i, j) == 0.0;
        r->zero_entries += z;
        r->zero_rows += z > 0;
      }

  gsize n = ds->features->rows;
  g_autofree gsize *group = g_new (gsize, n);
  r->distinct_rows = lesc_distinct_rows (ds->features, group, NULL);
  g_autofree gsize *size = g_new0 (gsize, MAX (r->distinct_rows, 1));
  for (gsize i = 0; i < n; i++)
    size[group[i]]++;
  for (gsize g = 0; g < r->distinct_rows; g++)
    if (size[g] > 1)
      {
        r->duplicate_groups++;
        r->duplicate_rows += size[g];
      }
}

gboolean
lesc_dataset_validate (LescDataset *ds, LescValidateFlags flags, LescValidateReport *report,
                       GError **error)
{
  LescValidateReport local;
  LescValidateReport *r = report ? report : &local;
  memset (r, 0, sizeof *r);
  r->n = ds->features->rows;
  r->q = ds->features->cols;
  r->o = ds->logical->cols;
  r->has_truth = ds->truth != NULL;
  r->bytes = lesc_dataset_estimate_bytes ((double) r->n, (double) r->q, (double) r->o);

  if (!check_shapes (ds, error)
      || !check_finite (ds, ds->features, "features", error)
      || !check_finite (ds, ds->truth, "label distributions", error)
      || !check_finite (ds, ds->logical, "logical labels", error)
      || (ds->truth != NULL && !check_truth (ds, flags, r, error))
      || !check_logical (ds, r, error))
    return FALSE;
  count_zeros_and_duplicates (ds, r);
  return TRUE;
}

gsize
lesc_matrix_trailing_zero_one_columns (const LescMatrix *m)
{
  gsize k = 0;
  while (k + 1 < m->cols && m->rows > 0)
    {
      const double *col = m->data + (m->cols - 1 - k) * m->rows;
      gboolean zero_one = TRUE;
      for (gsize i = 0; i < m->rows && zero_one; i++)
        zero_one = col[i] == 0.0 || col[i] == 1.0;
      if (!zero_one)
        break;
      k++;
    }
  return k;
}
