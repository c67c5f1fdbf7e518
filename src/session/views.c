/* The views by name (views.h). */
#include "config.h"
#include "session/views.h"

#include <glib/gi18n.h>

static const LescViewInfo views[LESC_VIEW_N] = {
  { "distributions", N_("Distributions") },
  { "measures", N_("Measures") },
  { "sensitivity", N_("Sensitivity") },
  { "comparison", N_("Comparison") },
  { "cv", N_("Cross-validation") },
  { "optimizer", N_("Optimizer") },
  { "strip", N_("λ Strip") },
  { "correlations", N_("Correlations") },
};

const LescViewInfo *
lesc_views (void)
{
  return views;
}

int
lesc_view_find (const char *name)
{
  for (int i = 0; name != NULL && i < LESC_VIEW_N; i++)
    if (g_ascii_strcasecmp (views[i].name, name) == 0)
      return i;
  return -1;
}

char *
lesc_view_names (void)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < LESC_VIEW_N; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", views[i].name);
  return g_string_free (s, FALSE);
}
