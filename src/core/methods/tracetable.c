/* The LE optimizer's record as a table (tracetable.h). */
#include "core/methods/tracetable.h"
#include "core/base/format.h"

#include <math.h>

double *
lesc_trace_measures (const LescLeTrace *t, const LescMatrix *truth, LescKlDirection kl,
                     GError **error)
{
  guint s = t->snapshots->len;
  double *out = g_new (double, MAX (s, 1) * LESC_N_MEASURES);
  for (guint i = 0; i < s; i++)
    if (!lesc_measures_compute (truth, t->snapshots->pdata[i], kl, out + i * LESC_N_MEASURES,
                                error))
      {
        g_free (out);
        return NULL;
      }
  return out;
}

static void
append_number (GString *s, double v)
{
  g_string_append_c (s, ',');
  lesc_format_append (s, v, LESC_FORMAT_CSV, "%.10g");
}

char *
lesc_trace_csv (const LescLeTrace *t, const double *measures)
{
  GString *s = g_string_new ("iteration,objective,grad_norm,grad_inf,step");
  if (measures != NULL)
    for (int k = 0; k < LESC_N_MEASURES; k++)
      g_string_append_printf (s, ",%s", lesc_measure_key (k));
  g_string_append_c (s, '\n');
  guint next = 0;   /* the next snapshot */
  for (guint i = 0; i < t->points->len; i++)
    {
      const LescLeTracePoint *p = &g_array_index (t->points, LescLeTracePoint, i);
      g_string_append_printf (s, "%u", p->iteration);
      append_number (s, p->objective);
      append_number (s, p->grad_norm);
      append_number (s, p->grad_inf);
      append_number (s, p->step);
      gboolean have = next < t->snapshot_iterations->len
                      && g_array_index (t->snapshot_iterations, guint, next) == p->iteration;
      if (measures != NULL)
        for (int k = 0; k < LESC_N_MEASURES; k++)
          append_number (s, have ? measures[next * LESC_N_MEASURES + k] : NAN);
      next += have;
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
