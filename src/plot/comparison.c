#include "config.h"
#include "plot/comparison.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

LescStatsResult *
lesc_comparison_stats (const LescRecoveryTable *t, LescMeasure measure, LescPosthoc posthoc, double alpha,
                       GError **error)
{
  g_autoptr (LescMatrix) values = lesc_recovery_table_values (t, measure);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (guint j = 0; j < t->n_methods; j++)
    g_ptr_array_add (names, (gpointer) t->methods[j]->display_name);
  g_ptr_array_add (names, NULL);
  LescStatsOptions options;
  lesc_stats_options_init (&options);
  options.posthoc = posthoc;
  options.alpha = alpha;
  return lesc_stats_compare (values, (const char *const *) names->pdata, lesc_measure_lower_is_better (measure),
                             &options, error);
}

/* "data/sjaffe.mat" → "sjaffe" */
static char *
stem (const char *spec)
{
  char *base = g_path_get_basename (spec);
  char *dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  return base;
}

static gboolean
is_chosen (const char *name, const char *const *chosen)
{
  if (chosen == NULL)
    return TRUE;
  g_autofree char *s = stem (name);
  for (guint i = 0; chosen[i] != NULL; i++)
    {
      g_autofree char *c = stem (chosen[i]);
      if (g_str_equal (name, chosen[i]) || g_str_equal (s, c))
        return TRUE;
    }
  return FALSE;
}

void
lesc_comparison_coverage (const LescRecoveryTable *t, const char *const *chosen, LescComparisonCoverage *out)
{
  *out = (LescComparisonCoverage) { 0, t->n_methods, 0, 0 };
  for (guint d = 0; d < t->n_datasets; d++)
    {
      if (!is_chosen (t->datasets[d], chosen))
        continue;
      guint have = 0;
      for (guint j = 0; j < t->n_methods; j++)
        have += t->cells[(gsize) d * t->n_methods + j].id != 0;
      out->datasets++;
      out->stored += have;
      out->complete += have == t->n_methods;
    }
}

char *
lesc_comparison_coverage_text (const LescComparisonCoverage *c)
{
  /* TRANSLATORS: the Comparison's empty state: runs in the store, of how many; complete
   * data sets, of how many */
  return g_strdup_printf (_("The results store has %u of the %u runs asked for (%u data sets × %u methods); %u of "
                            "the %u data sets have a result of every method, and a diagram needs at least two."),
                          c->stored, c->datasets * c->methods, c->datasets, c->methods, c->complete, c->datasets);
}

guint *
lesc_comparison_rank_order (const double *ranks, guint k)
{
  guint *order = g_new (guint, MAX (k, 1));
  for (guint j = 0; j < k; j++)
    order[j] = j;
  /* insertion sort: stable, k is small */
  for (guint a = 1; a < k; a++)
    for (guint b = a; b > 0 && ranks[order[b]] < ranks[order[b - 1]]; b--)
      {
        guint t = order[b];
        order[b] = order[b - 1];
        order[b - 1] = t;
      }
  return order;
}

char *
lesc_format_p (double p)
{
  if (isnan (p))
    return g_strdup ("p = –");
  if (p < 1e-300)
    return g_strdup ("p < 1e-300");
  if (p >= 0.001)
    return g_strdup_printf ("p = %.3f", p);
  return g_strdup_printf ("p = %.1e", p);
}
