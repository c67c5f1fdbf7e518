/* Experiments over the results store: shards, folds, canonical texts, selection
 * (see experiment.h). */
#include "config.h"
#include "core/experiments/experiment.h"
#include "core/methods/baseline.h"
#include "core/methods/lp.h"
#include "core/data/csv.h"
#include "core/base/error.h"
#include "core/base/random.h"
#include "core/eval/stats.h"

#include <math.h>
#include <string.h>


const double lesc_tune_lambda12[6] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10 };
const double lesc_tune_lambda_glle[5] = { 1e-2, 1e-1, 1, 10, 100 };
const double lesc_grid_default[8] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100, 1000 };

const char *const lesc_known_datasets[] = {
  "artificial", "sjaffe", "sbu-3dfe", "movie", "yeast-alpha", "yeast-cdc", "yeast-cold", "yeast-diau",
  "yeast-dtt", "yeast-elu", "yeast-heat", "yeast-spo", "yeast-spo5", "yeast-spoem", NULL,
};

/* ---- shards and folds -------------------------------------------------------------- */

gboolean
lesc_shard_parse (const char *text, LescShard *out, GError **error)
{
  guint64 i = 0, n = 0;
  char *end = NULL;
  if (text != NULL)
    {
      i = g_ascii_strtoull (text, &end, 10);
      if (end != text && *end == '/')
        {
          const char *rest = end + 1;
          n = g_ascii_strtoull (rest, &end, 10);
          if (end == rest || *end != '\0')
            n = 0;
        }
    }
  if (n == 0 || i < 1 || i > n || n > G_MAXUINT)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--shard: expected I/N with 1 ≤ I ≤ N (e.g. 3/8), got '%s'", text ? text : "");
      return FALSE;
    }
  out->index = (guint) (i - 1);
  out->count = (guint) n;
  return TRUE;
}

gboolean
lesc_shard_owns (const LescShard *s, guint unit)
{
  return s == NULL || s->count <= 1 || unit % s->count == s->index;
}

guint *
lesc_fold_assign (gsize n, guint folds, guint32 seed)
{
  g_return_val_if_fail (folds >= 1, NULL);
  gsize *perm = g_new (gsize, n > 0 ? n : 1);
  for (gsize i = 0; i < n; i++)
    perm[i] = i;
  LescRandom r;
  lesc_random_init (&r, seed);
  for (gsize i = n; i-- > 1;)
    {
      gsize j = (gsize) floor (lesc_random_double (&r) * (double) (i + 1));
      gsize t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
  guint *fold = g_new (guint, n > 0 ? n : 1);
  for (gsize q = 0; q < n; q++)
    fold[perm[q]] = (guint) (q % folds);
  g_free (perm);
  return fold;
}

void
lesc_fold_rows (gsize n, guint folds, guint32 seed, guint fold, gsize *train, gsize *n_train,
                gsize *test, gsize *n_test)
{
  g_autofree guint *assigned = lesc_fold_assign (n, folds, seed);
  *n_train = *n_test = 0;
  for (gsize i = 0; i < n; i++)
    {
      if (assigned[i] == fold)
        test[(*n_test)++] = i;
      else
        train[(*n_train)++] = i;
    }
}

/* ---- canonical texts --------------------------------------------------------------- */

char *
lesc_run_params_text (const LescMethod *m, const LescRunParams *p)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < m->n_params; i++)
    {
      g_autofree char *v = lesc_format_number (p->values[i]);
      g_string_append_printf (s, "%s%s=%s", i ? " " : "", m->params[i].name, v);
    }
  return g_string_free (s, FALSE);
}

char **
lesc_run_settings (const LescDataset *ds, const LescMethod *m, const LescRunParams *p)
{
  GPtrArray *a = g_ptr_array_new ();
#define PAIR(k, v) (g_ptr_array_add (a, g_strdup (k)), g_ptr_array_add (a, (v)))
  PAIR ("dataset", g_strdup (ds->name));
  PAIR ("data_checksum", g_strdup (ds->checksum));
  PAIR ("method", g_strdup (m->display_name));
  for (guint i = 0; i < m->n_params; i++)
    PAIR (m->params[i].name, lesc_format_number (p->values[i]));
  if (m->uses_seed)
    PAIR ("seed", g_strdup_printf ("%u", p->seed));
  g_autofree char *variant = lesc_run_variant_text (m, p);
  if (*variant)
    PAIR ("variant", g_strdup (variant));
  PAIR ("lesc_version", g_strdup (LESC_VERSION));
#undef PAIR
  g_ptr_array_add (a, NULL);
  return (char **) g_ptr_array_free (a, FALSE);
}

static gboolean
name_in (const char *name, const char *const *list)
{
  for (; *list; list++)
    if (g_ascii_strcasecmp (name, *list) == 0)
      return TRUE;
  return FALSE;
}

char *
lesc_run_variant_text (const LescMethod *m, const LescRunParams *p)
{
  /* which option applies to which method: docs/methods.md, "Named variants" */
  static const char *const correlation[] = { "lesc", "glesc", NULL };
  static const char *const tensor[] = { "glesc", NULL };
  static const char *const baselines[] = { "fcm", "km", "lp", "ml", NULL };
  GPtrArray *parts = g_ptr_array_new ();
  if (m->uses_variant)
    g_ptr_array_add (parts, (gpointer) lesc_variant_key (p->variant));
  if (p->c_paper_orientation && name_in (m->name, correlation))
    g_ptr_array_add (parts, "c-orientation=paper");
  if (p->tensor_fft_views && name_in (m->name, tensor))
    g_ptr_array_add (parts, "tensor-fft=views");
  if (p->odd_n_single_shrink && name_in (m->name, tensor))
    g_ptr_array_add (parts, "odd-n-double-shrink=off");
  /* `paper` writes nothing: stores made before `published` existed hold its runs under
   * "". FCM and ML run `published` as `paper` and share those runs. */
  if (p->flavour == LESC_FLAVOUR_PYLDL && name_in (m->name, baselines))
    g_ptr_array_add (parts, "flavour=pyldl");
  if (p->flavour == LESC_FLAVOUR_PUBLISHED && m->published_flavour)
    g_ptr_array_add (parts, "flavour=published");
  /* the large-data formulation (docs/methods.md §11) with its m and k as they apply;
   * the reference writes nothing, as before it existed */
  g_autofree char *large = NULL;
  if (p->scale == LESC_SCALE_LARGE && m->reference_max_n > 0)
    {
      GString *s = g_string_new ("large");
      /* LP: a form named by --landmarks or --neighbours alone writes only its own size */
      char named = m == &lesc_method_lp ? lesc_lp_large_form_named (p) : 0;
      if (m->large_landmarks && named != 'k')
        g_string_append_printf (s, " m=%u", (guint) lesc_run_params_landmarks (p, G_MAXSIZE));
      if (m->large_neighbours > 0 && named != 'm')
        g_string_append_printf (s, " k=%u", (guint) lesc_run_params_get (p, m, "k",
                                                                         (double) lesc_run_params_neighbours (p)));
      if (m->large_knn && p->knn != LESC_KNN_EXACT && named != 'm')   /* LP low-rank: no neighbours */
        g_string_append (s, p->knn == LESC_KNN_APPROXIMATE ? " knn=hnsw" : " knn=auto");
      large = g_string_free (s, FALSE);
      g_ptr_array_add (parts, large);
    }
  g_ptr_array_add (parts, NULL);
  char *text = g_strjoinv (" ", (char **) parts->pdata);
  g_ptr_array_free (parts, TRUE);
  return text;
}

GPtrArray *
lesc_default_datasets (const char *data_dir)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (out, g_strdup ("artificial"));
  for (const char *const *k = lesc_known_datasets + 1; *k; k++)
    {
      g_autofree char *path = lesc_dataset_find (*k, data_dir, NULL);
      if (path != NULL)
        g_ptr_array_add (out, g_strdup (*k));
    }
  return out;
}

void
lesc_experiment_counts_clear (LescExperimentCounts *c)
{
  if (c->failures != NULL)
    g_ptr_array_unref (c->failures);
  if (c->notes != NULL)
    g_ptr_array_unref (c->notes);
  memset (c, 0, sizeof *c);
}

/* ---- selection --------------------------------------------------------------------- */

guint
lesc_select_best (const LescRunRecord *const *runs, guint n, int select_by)
{
  if (n <= 1)
    return 0;
  g_autofree guint *valid = g_new (guint, n);
  guint nv = 0;
  for (guint i = 0; i < n; i++)
    {
      gboolean ok = runs[i] != NULL && runs[i]->id != 0;
      for (int m = 0; ok && m < LESC_N_MEASURES; m++)
        ok = !isnan (runs[i]->measures[m]);
      if (ok)
        valid[nv++] = i;
    }
  if (nv == 0)
    return 0;
  g_autofree double *score_sum = g_new0 (double, nv);
  g_autofree double *v = g_new (double, nv);
  g_autofree double *ranks = g_new (double, nv);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      if (select_by >= 0 && m != select_by)
        continue;
      for (guint i = 0; i < nv; i++)
        v[i] = runs[valid[i]]->measures[m];
      lesc_stats_rank (v, nv, lesc_measure_lower_is_better ((LescMeasure) m), LESC_RANK_TIES_MID,
                       ranks);
      for (guint i = 0; i < nv; i++)
        score_sum[i] += ranks[i];
    }
  guint best = 0;
  for (guint i = 1; i < nv; i++)
    if (score_sum[i] < score_sum[best])
      best = i;
  return valid[best];
}
