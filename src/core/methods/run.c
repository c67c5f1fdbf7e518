/* A run of a method on a data set: checks, z-score, memory estimate, the (cached)
 * recovery. */
#include "core/methods/run.h"
#include "core/base/blasthreads.h"
#include "core/base/error.h"
#include "core/numeric/preprocess.h"

#include <string.h>
#include <unistd.h>

double
lesc_memory_default_limit (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGE_SIZE);
  if (pages <= 0 || size <= 0)
    return 8e9;
  return 0.8 * (double) pages * (double) size;
}

gboolean
lesc_memory_check (double bytes, double limit, const char *what, GError **error)
{
  if (limit <= 0.0)
    limit = lesc_memory_default_limit ();
  if (bytes <= limit)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
               "%s needs about %.2f GB of memory, more than the limit of %.2f GB "
               "(raise it with --memory-limit)", what, bytes / 1e9, limit / 1e9);
  return FALSE;
}

gboolean
lesc_method_memory_check (const LescMethod *m, const char *dataset, gsize n, gsize q, gsize c,
                          const LescRunParams *p, double *bytes, GError **error)
{
  double need = 8.0 * (double) n * (double) (q + 2 * c);
  if (m->memory_estimate != NULL)
    need += m->memory_estimate (n, q, c, p);
  if (bytes != NULL)
    *bytes = need;
  g_autofree char *what = g_strdup_printf ("%s on %s (n = %zu)", m->display_name, dataset, n);
  return lesc_memory_check (need, p->memory_limit, what, error);
}

static gboolean
choose_scale (const LescMethod *m, const char *dataset, gsize n, gsize q, gsize c,
              const LescRunParams *p, LescRunParams *chosen, double *bytes, char **note,
              GError **error)
{
  *chosen = *p;
  if (note != NULL)
    *note = NULL;
  if (m->reference_max_n == 0 || p->scale != LESC_SCALE_AUTO)
    {
      if (p->scale == LESC_SCALE_LARGE && m->reference_max_n == 0)
        chosen->scale = LESC_SCALE_REFERENCE;  /* no large form: the method as it is */
      if (p->scale == LESC_SCALE_LARGE && m->reference_max_n > 0 && p->variant != LESC_VARIANT_REFERENCE)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s: the large-data formulation runs the reference optimizer only "
                       "(not --variant %s)", m->display_name, lesc_variant_key (p->variant));
          return FALSE;
        }
      return lesc_method_memory_check (m, dataset, n, q, c, chosen, bytes, error);
    }
  chosen->scale = LESC_SCALE_REFERENCE;
  double limit = p->memory_limit > 0.0 ? p->memory_limit : lesc_memory_default_limit ();
  double need = 8.0 * (double) n * (double) (q + 2 * c) + m->memory_estimate (n, q, c, chosen);
  if ((need <= limit && n <= m->reference_max_n) || p->variant != LESC_VARIANT_REFERENCE)
    return lesc_method_memory_check (m, dataset, n, q, c, chosen, bytes, error);
  chosen->scale = LESC_SCALE_LARGE;
  double large = 8.0 * (double) n * (double) (q + 2 * c) + m->memory_estimate (n, q, c, chosen);
  if (large > limit)
    {
      /* neither form fits: the refusal names both estimates */
      g_autofree char *what = g_strdup_printf ("%s on %s (n = %zu; the reference needs about "
                                               "%.2f GB, the large-data formulation)",
                                               m->display_name, dataset, n, need / 1e9);
      return lesc_memory_check (large, p->memory_limit, what, error);
    }
  if (bytes != NULL)
    *bytes = large;
  if (note != NULL)
    {
      GString *s = g_string_new (NULL);
      g_string_append_printf (s, "%s: n = %zu: using the large-data formulation (", dataset, n);
      if (m->large_landmarks)
        g_string_append_printf (s, "m = %zu%s", lesc_run_params_landmarks (chosen, n),
                                m->large_neighbours > 0 ? ", " : "");
      if (m->large_neighbours > 0)
        g_string_append_printf (s, "k = %u",
                                (guint) lesc_run_params_get (chosen, m, "k",
                                                             (double) lesc_run_params_neighbours (chosen)));
      LescKnnSearch knn = lesc_knn_search_resolve (p->knn, n);
      if (m->large_knn && knn != LESC_KNN_EXACT)
        g_string_append_printf (s, "%s%s", m->large_neighbours > 0 ? ", " : "",
                                knn == LESC_KNN_APPROXIMATE ? "approximate kNN by HNSW"
                                                            : "kNN by HNSW if the data's intrinsic "
                                                              "dimension allows");
      g_string_append_printf (s, "); --variant reference to insist (%s)",
                              need > limit ? "the reference does not fit the memory limit"
                                           : "the reference would take more than a few minutes");
      *note = g_string_free (s, FALSE);
    }
  return TRUE;
}

/* The neighbour search of a large-data run, decided from n (ann.h); said in the note. */
static gboolean
choose_knn (const LescMethod *m, const char *dataset, gsize n, const LescRunParams *p,
            LescRunParams *chosen, char **note, GError **error)
{
  if (!m->large_knn)
    return TRUE;
  if (chosen->scale != LESC_SCALE_LARGE)
    {
      if (p->knn != LESC_KNN_APPROXIMATE)
        return TRUE;
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s on %s: --knn approximate applies to the large-data formulation only "
                   "(add --variant large)", m->display_name, dataset);
      return FALSE;
    }
  chosen->knn = lesc_knn_search_resolve (p->knn, n);
  /* `auto` above LESC_KNN_EXACT_MAX_N is decided from the data: said after the run */
  if (note != NULL && *note == NULL && chosen->knn == LESC_KNN_APPROXIMATE)
    *note = g_strdup_printf ("%s: n = %zu: %s by approximate kNN (HNSW, re-ranked exactly); "
                             "--knn exact to insist", dataset, n,
                             m->large_neighbours > 0 ? "the graph" : "the neighbours");
  return TRUE;
}

gboolean
lesc_method_choose_scale (const LescMethod *m, const char *dataset, gsize n, gsize q, gsize c,
                          const LescRunParams *p, LescRunParams *chosen, double *bytes,
                          char **note, GError **error)
{
  if (choose_scale (m, dataset, n, q, c, p, chosen, bytes, note, error)
      && choose_knn (m, dataset, n, p, chosen, note, error))
    return TRUE;
  if (note != NULL)
    g_clear_pointer (note, g_free);
  return FALSE;
}

LescMatrix *
lesc_method_run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                 LescProgress *progress, LescRunResult *result, GError **error)
{
  return lesc_method_run_cached (m, ds, p, NULL, progress, result, error);
}

static LescMatrix *
run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
     LescRunCache *cache, gboolean want_model, LescProgress *progress,
     LescRunResult *result, GError **error);

LescMatrix *
lesc_method_run_cached (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                        LescRunCache *cache, LescProgress *progress,
                        LescRunResult *result, GError **error)
{
  return run (m, ds, p, cache, FALSE, progress, result, error);
}

LescMatrix *
lesc_method_run_with_model (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                            LescProgress *progress, LescRunResult *result, GError **error)
{
  if (!m->has_mapping)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no mapping to new samples (GLLE, LESC and gLESC have one)",
                   m->display_name);
      return NULL;
    }
  return run (m, ds, p, NULL, TRUE, progress, result, error);
}

/* What every run does before its method: the checks, the formulation (into `chosen`),
 * room in the cache, the z-scored features. */
static LescMatrix *
prepare (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
         LescRunCache *cache, LescRunParams *chosen, LescRunResult *result, GError **error)
{
  if (!lesc_run_params_check (p, m, error))
    return NULL;
  gsize n = ds->features->rows, q = ds->features->cols, c = ds->logical->cols;
  const char *where = ds->source != NULL ? ds->source : ds->name;
  if (n < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: %zu sample%s (n = %zu); the methods need at least 2 samples", where, n,
                   n == 1 ? "" : "s", n);
      return NULL;
    }
  if (ds->logical->rows != n || c == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: features are %zu×%zu and logical labels %zu×%zu; expected the same "
                   "number of rows and at least one label", where, n, q, ds->logical->rows, c);
      return NULL;
    }
  if (!lesc_method_choose_scale (m, ds->name, n, q, c, p, chosen, &result->memory_estimate,
                                 &result->note, error))
    return NULL;
  if (cache != NULL && m->smoothness != NULL)
    lesc_run_cache_trim (cache, (chosen->memory_limit > 0.0 ? chosen->memory_limit
                                                            : lesc_memory_default_limit ())
                             - result->memory_estimate);
  gint64 t0 = g_get_monotonic_time ();
  LescMatrix *x = lesc_zscore (ds->features);
  lesc_run_result_add_stage (result, "z-score", lesc_seconds_since (t0));
  return x;
}

/* The solvers' messages say what failed; the run says on which data. */
static void
propagate (const LescDataset *ds, GError *local_error, GError **error)
{
  const char *where = ds->source != NULL ? ds->source : ds->name;
  if (local_error != NULL && !g_str_has_prefix (local_error->message, where))
    g_prefix_error (&local_error, "%s: ", where);
  if (local_error != NULL)
    g_propagate_error (error, local_error);
}

static LescMatrix *
run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
     LescRunCache *cache, gboolean want_model, LescProgress *progress,
     LescRunResult *result, GError **error)
{
  LescRunResult local;
  if (result == NULL)
    result = &local;
  memset (result, 0, sizeof *result);
  LescRunParams chosen;
  g_autoptr (LescMatrix) x = prepare (m, ds, p, cache, &chosen, result, error);
  if (x == NULL)
    {
      if (result == &local)
        lesc_run_result_clear (&local);
      return NULL;
    }
  p = &chosen;
  gboolean cached = cache != NULL && m->smoothness != NULL;
  LescProblem problem = { x, ds->logical, ds->features };
  int threads = lesc_blas_serial_begin_for (x->rows);
  GError *local_error = NULL;
  LescMatrix *d = cached
    ? lesc_method_cached_recover (m, ds, &problem, p, cache, progress, result, &local_error)
    : m->recover (&problem, p, want_model, progress, result, &local_error);
  lesc_blas_serial_end (threads);
  propagate (ds, local_error, error);
  result->large = result->large || chosen.scale == LESC_SCALE_LARGE;
  if (result == &local)
    lesc_run_result_clear (&local);
  return d;
}

gboolean
lesc_method_run_strip (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                       const double *lambda1, guint b, LescRunCache *cache,
                       LescProgress *progress, LescStripDone done, gpointer data,
                       GError **error)
{
  if (m->smoothness == NULL || lesc_method_param_index (m, "lambda1") < 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no λ₁ strip (GLLE, LESC and gLESC have one)", m->display_name);
      return FALSE;
    }
  for (guint v = 0; v < b; v++)
    {
      LescRunParams pv = *p;
      if (!lesc_run_params_set (&pv, m, "lambda1", lambda1[v])
          || !lesc_run_params_check (&pv, m, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "λ₁ = %g is not a valid value",
                         lambda1[v]);
          return FALSE;
        }
    }
  g_autoptr (LescRunCache) own = cache == NULL ? lesc_run_cache_new (0) : NULL;
  LescRunResult result = { 0 };
  LescRunParams chosen, plain = *p;
  plain.trace_bytes = 0.0;   /* a strip keeps no optimizer record */
  g_autoptr (LescMatrix) x = prepare (m, ds, &plain, cache ? cache : own, &chosen, &result, error);
  gboolean ok = x != NULL;
  if (ok)
    {
      LescProblem problem = { x, ds->logical, ds->features };
      int threads = lesc_blas_serial_begin_for (x->rows);
      GError *local_error = NULL;
      ok = lesc_method_cached_strip (m, ds, &problem, &chosen, lambda1, b, cache ? cache : own,
                                     progress, done, data, &local_error);
      lesc_blas_serial_end (threads);
      propagate (ds, local_error, error);
    }
  lesc_run_result_clear (&result);
  return ok;
}
