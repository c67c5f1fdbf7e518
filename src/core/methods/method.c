/* The method registry and what every run shares: parameters, results, stage timing,
 * the LE stage. Each method lives in its own file (fcm.c … glesc.c). */
#include "core/methods/method.h"
#include "core/numeric/optimizer.h"
#include "core/base/blasthreads.h"
#include "core/base/error.h"
#include "core/base/number.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"

#include <math.h>
#include <string.h>

extern const LescMethod lesc_method_fcm, lesc_method_km, lesc_method_lp, lesc_method_ml,
  lesc_method_glle, lesc_method_lesc, lesc_method_glesc;

static const LescMethod *const methods[] = {
  &lesc_method_fcm, &lesc_method_km, &lesc_method_lp, &lesc_method_ml,
  &lesc_method_glle, &lesc_method_lesc, &lesc_method_glesc,
};

static const char *const flavour_keys[] = {
  [LESC_FLAVOUR_PUBLISHED] = "published",
  [LESC_FLAVOUR_PAPER] = "paper",
  [LESC_FLAVOUR_PYLDL] = "pyldl",
};

const char *
lesc_flavour_key (LescFlavour f)
{
  g_return_val_if_fail (f <= LESC_FLAVOUR_PYLDL, NULL);
  return flavour_keys[f];
}

gboolean
lesc_flavour_from_string (const char *s, LescFlavour *out)
{
  for (guint f = 0; s != NULL && f < G_N_ELEMENTS (flavour_keys); f++)
    if (g_ascii_strcasecmp (s, flavour_keys[f]) == 0)
      {
        *out = (LescFlavour) f;
        return TRUE;
      }
  return FALSE;
}

const LescMethod *const *
lesc_methods (guint *n)
{
  if (n != NULL)
    *n = G_N_ELEMENTS (methods);
  return methods;
}

const LescMethod *
lesc_method_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (g_ascii_strcasecmp (name, methods[i]->name) == 0)
      return methods[i];
  return NULL;
}

gboolean
lesc_method_has_lambda_grid (const LescMethod *m)
{
  return m->smoothness != NULL && lesc_method_param_index (m, "lambda1") >= 0
         && lesc_method_param_index (m, "lambda2") >= 0;
}

int
lesc_method_param_index (const LescMethod *m, const char *name)
{
  for (guint i = 0; i < m->n_params; i++)
    if (g_ascii_strcasecmp (name, m->params[i].name) == 0)
      return (int) i;
  return -1;
}

void
lesc_run_params_init (LescRunParams *p, const LescMethod *m)
{
  memset (p, 0, sizeof *p);
  for (guint i = 0; i < m->n_params && i < LESC_MAX_PARAMS; i++)
    p->values[i] = m->params[i].default_value;
  p->seed = LESC_DEFAULT_SEED;
  p->variant = LESC_VARIANT_REFERENCE;
}

double
lesc_run_params_get (const LescRunParams *p, const LescMethod *m, const char *name, double fallback)
{
  int i = lesc_method_param_index (m, name);
  return i < 0 ? fallback : p->values[i];
}

gboolean
lesc_run_params_set (LescRunParams *p, const LescMethod *m, const char *name, double value)
{
  int i = lesc_method_param_index (m, name);
  if (i < 0)
    return FALSE;
  p->values[i] = value;
  p->given |= 1u << i;
  return TRUE;
}

gboolean
lesc_param_spec_check (const LescParamSpec *s, double v, GError **error)
{
  if (!isfinite (v) || v < s->min || v > s->max)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s = %g is out of range; expected %g ≤ %s ≤ %g",
                   s->name, v, s->min, s->name, s->max);
      return FALSE;
    }
  if (s->integer && v != floor (v))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s = %g; expected a whole number", s->name, v);
      return FALSE;
    }
  return TRUE;
}

gboolean
lesc_param_spec_parse (const LescParamSpec *s, const char *text, double *out, GError **error)
{
  double v;
  if (!lesc_number_parse (text, &v, error))
    {
      g_prefix_error (error, "%s: ", s->name);
      return FALSE;
    }
  if (!lesc_param_spec_check (s, v, error))
    return FALSE;
  *out = v;
  return TRUE;
}

gboolean
lesc_run_params_check (const LescRunParams *p, const LescMethod *m, GError **error)
{
  for (guint i = 0; i < m->n_params && i < LESC_MAX_PARAMS; i++)
    if (!lesc_param_spec_check (&m->params[i], p->values[i], error))
      {
        g_prefix_error (error, "%s: ", m->display_name);
        return FALSE;
      }
  if (p->memory_limit < 0.0 || !isfinite (p->memory_limit))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "memory limit %g bytes; expected a positive number (0 = 80%% of physical memory)",
                   p->memory_limit);
      return FALSE;
    }
  return TRUE;
}

gboolean
lesc_run_params_equal (const LescMethod *m, const LescRunParams *a, const LescRunParams *b)
{
  for (guint i = 0; i < m->n_params; i++)
    if (a->values[i] != b->values[i])
      return FALSE;
  if (m->uses_seed && a->seed != b->seed)
    return FALSE;
  if (m->uses_variant && a->variant != b->variant)
    return FALSE;
  return a->c_paper_orientation == b->c_paper_orientation
         && a->tensor_fft_views == b->tensor_fft_views
         && a->odd_n_single_shrink == b->odd_n_single_shrink
         && a->flavour == b->flavour   /* the memory bound decides whether it runs, not what */
         && a->scale == b->scale && a->landmarks == b->landmarks
         && a->neighbours == b->neighbours && a->knn == b->knn;
}

gsize
lesc_run_params_neighbours (const LescRunParams *p)
{
  return p->neighbours > 0 ? (gsize) p->neighbours : (gsize) LESC_LARGE_NEIGHBOURS;
}

gsize
lesc_run_params_landmarks (const LescRunParams *p, gsize n)
{
  return MIN (n, p->landmarks > 0 ? (gsize) p->landmarks : (gsize) LESC_LARGE_LANDMARKS);
}

void
lesc_run_result_clear (LescRunResult *r)
{
  lesc_le_model_free (r->model);
  lesc_le_trace_free (r->trace);
  g_free (r->note);
  memset (r, 0, sizeof *r);
}

void
lesc_run_result_add_stage (LescRunResult *r, const char *name, double seconds)
{
  if (r == NULL || r->n_stages >= LESC_MAX_STAGES)
    return;
  r->stage_names[r->n_stages] = name;
  r->stage_seconds[r->n_stages] = seconds;
  r->n_stages++;
}

void
lesc_run_result_lap (LescRunResult *r, const char *name, gint64 *since)
{
  gint64 now = g_get_monotonic_time ();
  lesc_run_result_add_stage (r, name, (double) (now - *since) / 1e6);
  *since = now;
}

double
lesc_seconds_since (gint64 start_us)
{
  return (double) (g_get_monotonic_time () - start_us) / 1e6;
}

LescMatrix *
lesc_method_le_stage (const LescProblem *problem, const LescRunParams *params,
                      const LescSmoothness *m, double lambda, const LescLeParts *parts,
                      gboolean want_model, LescProgress *progress, LescRunResult *result,
                      GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  LescMatrix *numerical = NULL;
  if (params->trace_bytes > 0.0 && result->trace == NULL)
    result->trace = lesc_le_trace_new (params->trace_bytes);
  int threads = lesc_blas_serial_begin_for (problem->x->rows);
  g_autoptr (LescLeKernel) landmarks = NULL;
  LescLeParts large = { NULL, NULL, NULL };
  if (params->scale == LESC_SCALE_LARGE)
    {
      /* Φ̂ on m landmarks (docs/methods.md §11); a cache's parts are the reference's */
      gsize n = problem->x->rows, mm = lesc_run_params_landmarks (params, n);
      large.kernel = landmarks = lesc_le_kernel_new_landmarks (problem->x, mm, params->seed, error);
      if (landmarks == NULL)
        {
          lesc_blas_serial_end (threads);
          return NULL;
        }
      parts = &large;
      result->large = TRUE;
      result->landmarks = (guint) mm;
    }
  gboolean ok = lesc_le_fit_with (problem->x, problem->l, m, lambda, params->variant, params->seed,
                                  parts, result->trace, progress, &result->le,
                                  want_model ? &result->model : NULL, &numerical, error);
  lesc_blas_serial_end (threads);
  if (!ok)
    return NULL;
  lesc_matrix_row_softmax (numerical);
  lesc_run_result_add_stage (result, "le", lesc_seconds_since (t0));
  return numerical;
}

char *
lesc_run_result_formulation (const LescRunResult *r)
{
  if (!r->large)
    return g_strdup ("reference");
  GString *s = g_string_new ("large");
  if (r->landmarks > 0)
    g_string_append_printf (s, " m=%u", r->landmarks);
  if (r->neighbours > 0)
    g_string_append_printf (s, " k=%u", r->neighbours);
  if (r->knn_approximate)
    g_string_append (s, " knn=hnsw");
  return g_string_free (s, FALSE);
}

void
lesc_run_result_set_graph (LescRunResult *r, guint k, LescKnnSearch search, double recall,
                           double dimension)
{
  if (r == NULL)
    return;
  r->neighbours = k;
  r->knn_approximate = search == LESC_KNN_APPROXIMATE;
  r->knn_recall = recall;
  r->knn_dimension = dimension;
}

char *
lesc_run_result_knn_note (const LescRunResult *r)
{
  if (!r->large || r->knn_dimension <= 0.0)
    return NULL;
  if (r->knn_approximate)
    return g_strdup_printf ("neighbours by approximate kNN (HNSW, recall %.3f on 100 rows; "
                            "intrinsic dimension %.1f); --knn exact to insist",
                            r->knn_recall, r->knn_dimension);
  return g_strdup_printf ("neighbours by the exact search (intrinsic dimension %.1f, above "
                          "%g where HNSW misses many); --knn approximate to insist",
                          r->knn_dimension, LESC_KNN_MAX_DIMENSION);
}

gboolean
lesc_run_result_fcm_collapsed (const LescRunResult *r)
{
  return r->fcm_clusters > 0 && (r->fcm_spread < LESC_FCM_COLLAPSED
                                 || r->fcm_row_spread < LESC_FCM_FLAT);
}

char *
lesc_run_result_warning (const LescRunResult *r)
{
  if (lesc_run_result_fcm_collapsed (r))
    {
      /* what the output is, said as it is: uniform 1/c, or one row of degrees for all */
      g_autofree char *output = r->fcm_uniform_spread < LESC_FCM_FLAT
        ? g_strdup_printf ("so every sample gets the uniform distribution (each degree within "
                           "%.2g%% of 1/c: no information from the features or the labels)",
                           100 * r->fcm_uniform_spread)
        : r->fcm_row_spread < LESC_FCM_FLAT
          ? g_strdup ("so every sample gets the same label degrees, made from the label "
                      "frequencies alone")
          : g_strdup ("so the samples' label degrees barely differ");
      if (r->fcm_spread < LESC_FCM_COLLAPSED)
        return g_strdup_printf ("FCM's memberships collapsed to uniform: each of the %u clusters "
                                "holds every sample with 1/%u (largest relative deviation %.2g), "
                                "%s. Fuzzy c-means finds no clusters in these features with "
                                "this fuzzifier β; the published FCM rows are sample-specific and "
                                "no public definition reproduces them", r->fcm_clusters,
                                r->fcm_clusters, r->fcm_spread, output);
      return g_strdup_printf ("FCM gave every sample the same output (its %u clusters' "
                              "memberships deviate from 1/%u by up to %.2g, too little to "
                              "change the composed degrees), %s. The published FCM rows are "
                              "sample-specific and no public definition reproduces them",
                              r->fcm_clusters, r->fcm_clusters, r->fcm_spread, output);
    }
  int flag = r->le.exit_flag;
  gboolean failed = flag == LESC_OPT_EXIT_LINE_SEARCH || flag == LESC_OPT_EXIT_EVALUATIONS
                    || flag == LESC_OPT_EXIT_F_MINIMUM;
  if (!failed || r->le.iterations > 3)
    return NULL;
  return g_strdup_printf ("the LE optimizer stopped after %u iteration%s (line search exit %d, "
                          "objective %.4g): the distributions are close to the random start W0. "
                          "The official optimizer fails like this on badly scaled problems; %s",
                          r->le.iterations, r->le.iterations == 1 ? "" : "s", flag, r->le.objective,
                          /* the large-data formulation has no converged variant (methods.md §11) */
                          r->large ? "the large-data formulation runs only this optimizer"
                                   : "--variant converged gives the exact optimum");
}
