/* The run options' table. */
#include "core/methods/options.h"
#include "core/base/error.h"

#include <string.h>

/* Each member is read and written as an int: the two-valued ones as gboolean (FALSE = the
 * first value), the variant and the flavour as their enums, whose first value is 0. */
G_STATIC_ASSERT (LESC_VARIANT_REFERENCE == 0 && LESC_VARIANT_CONVERGED == 1);
G_STATIC_ASSERT (LESC_FLAVOUR_PUBLISHED == 0 && LESC_FLAVOUR_PAPER == 1 && LESC_FLAVOUR_PYLDL == 2);
G_STATIC_ASSERT (LESC_KNN_AUTO == 0 && LESC_KNN_EXACT == 1 && LESC_KNN_APPROXIMATE == 2);
G_STATIC_ASSERT (sizeof (LescVariant) == sizeof (int) && sizeof (LescFlavour) == sizeof (int)
                 && sizeof (LescKnnSearch) == sizeof (int));

static const LescRunOption options[] = {
  { "variant", { "reference", "converged", "large" }, 3,
    "GLLE, LESC, gLESC: the LE step, reference (official optimizer, default) or converged "
    "(exact optimum); all methods: large (the large-data formulation, which the program "
    "chooses itself above a few minutes' work; docs/methods.md §11)",
    G_STRUCT_OFFSET (LescRunParams, variant) },
  { "c-orientation", { "code", "paper" }, 2, "LESC/gLESC: code (default) or paper",
    G_STRUCT_OFFSET (LescRunParams, c_paper_orientation) },
  { "tensor-fft", { "samples", "views" }, 2,
    "gLESC: samples (official code, default) or views (paper text)",
    G_STRUCT_OFFSET (LescRunParams, tensor_fft_views) },
  { "odd-n-double-shrink", { "on", "off" }, 2, "gLESC: on (official code, default) or off",
    G_STRUCT_OFFSET (LescRunParams, odd_n_single_shrink) },
  { "flavour", { "published", "paper", "pyldl" }, 3,
    "FCM, KM, LP, ML: published (default: LP and KM as their published rows, FCM and ML as "
    "paper), paper (the papers' text: z-scored features, softmax; far from the published "
    "rows) or pyldl (the PyLDL library)",
    G_STRUCT_OFFSET (LescRunParams, flavour) },
  { "knn", { "auto", "exact", "approximate" }, 3,
    "GLLE, LP, ML in the large-data formulation: the neighbour search, auto (default: exact "
    "up to " G_STRINGIFY (LESC_KNN_EXACT_MAX_N) " samples; above, approximate where the data's estimated intrinsic dimension is at most 20), "
    "exact, or approximate (HNSW, re-ranked "
    "exactly; docs/methods.md §11)",
    G_STRUCT_OFFSET (LescRunParams, knn) },
};

const LescRunOption *
lesc_run_options (guint *n)
{
  *n = G_N_ELEMENTS (options);
  return options;
}

const LescRunOption *
lesc_run_option_find (const char *key)
{
  for (gsize i = 0; i < G_N_ELEMENTS (options); i++)
    if (strcmp (options[i].key, key) == 0)
      return &options[i];
  return NULL;
}

/* The variant's third value is not a LescVariant: "large" fixes the formulation
 * (p->scale) and keeps the reference LE step; the other two leave the program's own choice
 * of formulation (LESC_SCALE_AUTO) unless large was set before. */
static gboolean
is_variant (const LescRunOption *o)
{
  return o->offset == G_STRUCT_OFFSET (LescRunParams, variant);
}

guint
lesc_run_option_get_index (const LescRunOption *o, const LescRunParams *p)
{
  if (is_variant (o) && p->scale == LESC_SCALE_LARGE)
    return 2;
  int v = G_STRUCT_MEMBER (int, p, o->offset);
  return v >= 0 && (guint) v < o->n_values ? (guint) v : 0;
}

void
lesc_run_option_set_index (const LescRunOption *o, LescRunParams *p, guint index)
{
  g_return_if_fail (index < o->n_values);
  if (is_variant (o))
    {
      p->scale = index == 2 ? LESC_SCALE_LARGE : p->scale == LESC_SCALE_LARGE ? LESC_SCALE_AUTO : p->scale;
      p->variant = index == 2 ? LESC_VARIANT_REFERENCE : (LescVariant) index;
      return;
    }
  G_STRUCT_MEMBER (int, p, o->offset) = (int) index;
}

const char *
lesc_run_option_get (const LescRunOption *o, const LescRunParams *p)
{
  return o->values[lesc_run_option_get_index (o, p)];
}

char *
lesc_run_option_expected (const LescRunOption *o)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < o->n_values; i++)
    g_string_append_printf (s, "%s%s", i == 0 ? "" : i + 1 == o->n_values ? " or " : ", ", o->values[i]);
  return g_string_free (s, FALSE);
}

gboolean
lesc_run_option_set (const LescRunOption *o, LescRunParams *p, const char *value, GError **error)
{
  for (guint i = 0; i < o->n_values; i++)
    if (g_ascii_strcasecmp (value, o->values[i]) == 0)
      {
        lesc_run_option_set_index (o, p, i);
        return TRUE;
      }
  g_autofree char *expected = lesc_run_option_expected (o);
  g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s '%s': expected %s", o->key, value, expected);
  return FALSE;
}
