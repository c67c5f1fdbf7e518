#include "config.h"
#include "app/measure-names.h"

#include <glib/gi18n.h>

const char *
lesc_measure_display_name (LescMeasure m)
{
  switch (m)
    {
    case LESC_MEASURE_CHEB: return _("Chebyshev");
    case LESC_MEASURE_CLARK: return _("Clark");
    case LESC_MEASURE_CANBER: return _("Canberra");
    case LESC_MEASURE_KL: return _("Kullback–Leibler");
    case LESC_MEASURE_COSINE: return _("Cosine");
    case LESC_MEASURE_INTERSEC: return _("Intersection");
    case LESC_N_MEASURES: break;
    }
  return lesc_measure_title (m);
}

const char *
lesc_measure_short_name (LescMeasure m)
{
  switch (m)
    {
    /* TRANSLATORS: short names of the measures, as in the paper's tables */
    case LESC_MEASURE_CHEB: return C_("measure", "Cheb");
    case LESC_MEASURE_CLARK: return C_("measure", "Clark");
    case LESC_MEASURE_CANBER: return C_("measure", "Canber");
    case LESC_MEASURE_KL: return C_("measure", "KL");
    case LESC_MEASURE_COSINE: return C_("measure", "Cosine");
    case LESC_MEASURE_INTERSEC: return C_("measure", "Intersec");
    case LESC_N_MEASURES: break;
    }
  return lesc_measure_key (m);
}

char *
lesc_measure_display_title (LescMeasure m)
{
  return g_strdup_printf ("%s %s", lesc_measure_short_name (m),
                          lesc_measure_lower_is_better (m) ? "↓" : "↑");
}
