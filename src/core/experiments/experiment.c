/* Experiments over the results store (see experiment.h). */
#include "config.h"
#include "core/experiments/experiment.h"
#include "core/data/csv.h"
#include "core/base/error.h"
#include "core/solvers/le.h"
#include "core/solvers/lrr.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/solvers/smoothness.h"
#include "core/eval/stats.h"
#include "core/solvers/tensor.h"
#include "core/data/open.h"
#include "core/methods/run.h"

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

/* ---- canonical texts --------------------------------------------------------------- */

char *
lesc_format_number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  return g_strdup (lesc_format_double (buf, v));
}

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
  /* which option applies to which method: algorithms.md, "Named variants" */
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
  if (p->flavour_pyldl && name_in (m->name, baselines))
    g_ptr_array_add (parts, "flavour=pyldl");
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
  memset (c, 0, sizeof *c);
}

/* ---- the engine -------------------------------------------------------------------- */

typedef struct {
  char *spec;
  char *name;
  char *checksum;   /* NULL: unknown (store_only, data absent, store silent) */
  gsize n;
} DataInfo;

typedef struct {
  LescRunRecord *rec;     /* key and results; points into the caller's arrays */
  LescRunParams params;
  gboolean have;          /* found in the store or computed (and stored) */
} Run;

typedef enum {
  UNIT_RECOVER,  /* one recovery run through the registry */
  UNIT_SHARED,   /* LESC/gLESC: one correlation step, an LE step per λ₁ */
  UNIT_FOLD,     /* one CV fold */
} UnitKind;

typedef struct {
  UnitKind kind;
  guint data;
  const LescMethodSetup *setup;
  int fold;
  guint folds;
  guint32 fold_seed;
  GArray *runs;           /* Run */
  double cost;
} Unit;

typedef struct {
  const LescExperimentOptions *o;
  LescExperimentCounts *counts;
  GPtrArray *infos;       /* DataInfo* */
  GPtrArray *units;       /* Unit* */
  /* the data set being computed on */
  guint loaded_index;
  LescDataset *ds;
  LescMatrix *xz;         /* z-scored features, made on demand */
} Engine;

static void
data_info_free (DataInfo *d)
{
  g_free (d->spec);
  g_free (d->name);
  g_free (d->checksum);
  g_free (d);
}

static void
unit_free (Unit *u)
{
  g_array_unref (u->runs);
  g_free (u);
}

static void
engine_init (Engine *e, const LescExperimentOptions *o, LescExperimentCounts *counts)
{
  memset (e, 0, sizeof *e);
  e->o = o;
  e->counts = counts;
  memset (counts, 0, sizeof *counts);
  counts->failures = g_ptr_array_new_with_free_func (g_free);
  e->infos = g_ptr_array_new_with_free_func ((GDestroyNotify) data_info_free);
  e->units = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_free);
  e->loaded_index = G_MAXUINT;
}

static void
engine_unload (Engine *e)
{
  g_clear_pointer (&e->ds, lesc_dataset_free);
  g_clear_pointer (&e->xz, lesc_matrix_free);
  e->loaded_index = G_MAXUINT;
}

static void
engine_clear (Engine *e)
{
  engine_unload (e);
  g_ptr_array_unref (e->infos);
  g_ptr_array_unref (e->units);
}

static gboolean
check_options (const LescExperimentOptions *o, guint n_datasets, GError **error)
{
  if (o == NULL || o->store == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "an experiment needs a results store");
      return FALSE;
    }
  if (n_datasets == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "no data sets given");
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_setup (const LescMethodSetup *s, GError **error)
{
  if (s->method == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "a method setup without a method");
      return FALSE;
    }
  return lesc_run_params_check (&s->params, s->method, error);
}

/* A data set as the options say to read it. */
static LescDataset *
open_dataset (const LescExperimentOptions *o, const char *spec, GError **error)
{
  LescOpenOptions open = { 0 };
  if (o->open != NULL)
    open = *o->open;
  if (open.data_dir == NULL)
    open.data_dir = o->data_dir;
  return lesc_dataset_open_with (spec, &open, NULL, error);
}

/* Learns each data set's name, checksum and size (opening it; in store_only mode a data
 * set that cannot be opened is looked up by name in the store). */
static gboolean
engine_add_datasets (Engine *e, const char *const *specs, guint n, GError **error)
{
  for (guint i = 0; i < n; i++)
    {
      DataInfo *d = g_new0 (DataInfo, 1);
      d->spec = g_strdup (specs[i]);
      g_ptr_array_add (e->infos, d);
      GError *local = NULL;
      LescDataset *ds = open_dataset (e->o, specs[i], &local);
      if (ds != NULL)
        {
          d->name = g_strdup (ds->name);
          d->checksum = g_strdup (ds->checksum);
          d->n = lesc_dataset_n (ds);
          lesc_dataset_free (ds);
          continue;
        }
      if (!e->o->store_only)
        {
          g_propagate_error (error, local);
          return FALSE;
        }
      g_clear_error (&local);
      d->name = g_strdup (specs[i]);
      d->checksum = lesc_store_find_checksum (e->o->store, specs[i], &local);
      if (local != NULL)
        {
          g_propagate_error (error, local);
          return FALSE;
        }
    }
  return TRUE;
}

static void
fill_key (LescRunRecord *rec, const DataInfo *d, const LescMethodSetup *s,
          const LescRunParams *p, LescKlDirection kl, int fold, guint folds, guint32 fold_seed)
{
  const LescMethod *m = s->method;
  memset (rec, 0, sizeof *rec);
  rec->checksum = g_strdup (d->checksum ? d->checksum : "");
  rec->dataset = g_strdup (d->name);
  rec->method = g_strdup (m->name);
  rec->params = lesc_run_params_text (m, p);
  rec->has_seed = m->uses_seed;
  rec->seed = m->uses_seed ? p->seed : 0;
  rec->variant = lesc_run_variant_text (m, p);
  rec->kl = kl;
  rec->fold = fold;
  rec->folds = fold >= 0 ? (int) folds : 0;
  rec->fold_seed = fold >= 0 ? fold_seed : 0;
  int i1 = lesc_method_param_index (m, "lambda1");
  if (i1 < 0)
    i1 = lesc_method_param_index (m, "lambda");
  int i2 = lesc_method_param_index (m, "lambda2");
  rec->lambda1 = i1 >= 0 ? p->values[i1] : NAN;
  rec->lambda2 = i2 >= 0 ? p->values[i2] : NAN;
  for (int k = 0; k < LESC_N_MEASURES; k++)
    rec->measures[k] = NAN;
}

static Unit *
engine_add_unit (Engine *e, UnitKind kind, guint data, const LescMethodSetup *s, int fold,
                 guint folds, guint32 fold_seed)
{
  Unit *u = g_new0 (Unit, 1);
  u->kind = kind;
  u->data = data;
  u->setup = s;
  u->fold = fold;
  u->folds = folds;
  u->fold_seed = fold_seed;
  u->runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_ptr_array_add (e->units, u);
  return u;
}

/* Adds a run to `u` whose record is `rec` (key filled here). */
static void
unit_add_run (Engine *e, Unit *u, LescRunRecord *rec, const LescRunParams *p)
{
  Run r = { rec, *p, FALSE };
  fill_key (rec, g_ptr_array_index (e->infos, u->data), u->setup, p, e->o->kl, u->fold,
            u->folds, u->fold_seed);
  g_array_append_val (u->runs, r);
}

static gboolean
is_correlation_method (const LescMethod *m)
{
  return m->correlation != NULL && lesc_method_param_index (m, "lambda1") >= 0
         && lesc_method_param_index (m, "lambda2") >= 0;
}

/* Looks every run up; decides which units have work in this shard. */
static gboolean
engine_lookup (Engine *e, GError **error)
{
  LescExperimentCounts *c = e->counts;
  c->units = e->units->len;
  for (guint k = 0; k < e->units->len; k++)
    {
      Unit *u = g_ptr_array_index (e->units, k);
      gboolean mine = lesc_shard_owns (&e->o->shard, k);
      if (mine)
        c->units_in_shard++;
      DataInfo *d = g_ptr_array_index (e->infos, u->data);
      for (guint r = 0; r < u->runs->len; r++)
        {
          Run *run = &g_array_index (u->runs, Run, r);
          if (d->checksum == NULL || (e->o->recompute && mine && !e->o->store_only))
            continue;
          LescRunRecord found = { 0 };
          GError *local = NULL;
          if (lesc_store_lookup (e->o->store, run->rec, &found, &local))
            {
              lesc_run_record_clear (run->rec);
              *run->rec = found;
              run->have = TRUE;
              c->runs_reused++;
            }
          else if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
        }
      guint todo = 0;
      for (guint r = 0; r < u->runs->len; r++)
        todo += !g_array_index (u->runs, Run, r).have;
      double n = (double) d->n;
      if (u->kind == UNIT_FOLD)
        n *= (double) (u->folds - 1) / u->folds;
      u->cost = (mine && todo > 0 && !e->o->store_only)
                  ? n * n * (todo + (u->kind == UNIT_SHARED ? 2 : 0)) : 0;
    }
  return TRUE;
}

static gboolean
engine_load (Engine *e, guint data, GError **error)
{
  if (e->loaded_index == data)
    return TRUE;
  engine_unload (e);
  DataInfo *d = g_ptr_array_index (e->infos, data);
  e->ds = open_dataset (e->o, d->spec, error);
  if (e->ds == NULL)
    return FALSE;
  e->loaded_index = data;
  return TRUE;
}

static const LescMatrix *
engine_xz (Engine *e)
{
  if (e->xz == NULL)
    e->xz = lesc_zscore (e->ds->features);
  return e->xz;
}

static char *
stages_text (const LescRunResult *res)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < res->n_stages && i < LESC_MAX_STAGES; i++)
    g_string_append_printf (s, "%s%s=%.3f", i ? " " : "",
                            res->stage_names[i] ? res->stage_names[i] : "stage",
                            res->stage_seconds[i]);
  return g_string_free (s, FALSE);
}

/* What the solvers report, for the record: iterations and how the LE optimizer ended. */
static char *
solver_text (const LescRunResult *res)
{
  GString *s = g_string_new (NULL);
  if (res->correlation_iterations > 0)
    g_string_append_printf (s, "correlation_iterations=%u", res->correlation_iterations);
  if (res->le.evaluations > 0)
    {
      g_autofree char *obj = lesc_format_number (res->le.objective);
      g_string_append_printf (s, "%sle_iterations=%u le_evaluations=%u le_exit=%d le_objective=%s",
                              s->len ? " " : "", res->le.iterations, res->le.evaluations,
                              res->le.exit_flag, obj);
    }
  return g_string_free (s, FALSE);
}

/* Scores `recovered` against `truth` into the run's record. */
static gboolean
score (Engine *e, Run *run, const LescMatrix *truth, const LescMatrix *recovered, GError **error)
{
  if (!lesc_measures_compute (truth, recovered, e->o->kl, run->rec->measures, error))
    return FALSE;
  run->rec->n_rows = (guint) truth->rows;
  return TRUE;
}

/* Forwards a unit's progress into the experiment's, prefixed with the unit's label. */
typedef struct {
  LescProgress *parent;
  const char *label;
  double lo, hi;
} Forward;

static void
forward_progress (double fraction, const char *stage, gpointer data)
{
  Forward *f = data;
  char text[200];
  g_snprintf (text, sizeof text, "%s%s%s", f->label, stage && *stage ? " · " : "",
              stage ? stage : "");
  lesc_progress_report (f->parent, f->lo + (f->hi - f->lo) * fraction, text);
}

/* Stores a run just computed, in its own transaction: an interruption loses at most
 * the run in progress. */
static gboolean
store_run (Engine *e, Run *run, GError **error)
{
  g_free (run->rec->version);
  run->rec->version = g_strdup (LESC_VERSION);
  if (!lesc_store_put (e->o->store, run->rec, e->o->recompute, error))
    return FALSE;
  run->have = TRUE;
  e->counts->runs_computed++;
  return TRUE;
}

static gboolean
run_recover (Engine *e, Unit *u, Run *run, LescProgress *p, GError **error)
{
  LescRunResult res = { 0 };
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescMatrix) d = lesc_method_run (u->setup->method, e->ds, &run->params, p, &res,
                                              error);
  gboolean ok = d != NULL && score (e, run, e->ds->truth, d, error);
  if (ok)
    {
      run->rec->stages = stages_text (&res);
      run->rec->solver = solver_text (&res);
      run->rec->seconds = (g_get_monotonic_time () - t0) / 1e6;
    }
  lesc_run_result_clear (&res);
  return ok && store_run (e, run, error);
}

static gboolean
run_fold (Engine *e, Unit *u, Run *run, LescProgress *p, GError **error)
{
  const LescMatrix *xz = engine_xz (e);
  gsize n = xz->rows;
  if (u->folds < 2 || u->folds > n)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: %u folds for %zu samples (expected 2 ≤ folds ≤ n)", e->ds->name,
                   u->folds, n);
      return FALSE;
    }
  g_autofree guint *fold = lesc_fold_assign (n, u->folds, u->fold_seed);
  g_autofree gsize *train = g_new (gsize, n);
  g_autofree gsize *test = g_new (gsize, n);
  gsize n_train = 0, n_test = 0;
  for (gsize i = 0; i < n; i++)
    {
      if (fold[i] == (guint) u->fold)
        test[n_test++] = i;
      else
        train[n_train++] = i;
    }
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescMatrix) x_train = lesc_matrix_select_rows (xz, train, n_train);
  g_autoptr (LescMatrix) l_train = lesc_matrix_select_rows (e->ds->logical, train, n_train);
  g_autoptr (LescMatrix) x_test = lesc_matrix_select_rows (xz, test, n_test);
  g_autoptr (LescMatrix) y_test = lesc_matrix_select_rows (e->ds->truth, test, n_test);
  LescProblem problem = { x_train, l_train };
  LescRunResult res = { 0 };
  g_autoptr (LescMatrix) d_train = u->setup->method->recover (&problem, &run->params, TRUE, p,
                                                              &res, error);
  gboolean ok = d_train != NULL;
  if (ok && res.model == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no mapping to new samples: cross-validation needs GLLE, LESC or gLESC",
                   u->setup->method->display_name);
      ok = FALSE;
    }
  if (ok)
    {
      gint64 t1 = g_get_monotonic_time ();
      g_autoptr (LescMatrix) d_test = lesc_le_predict (res.model, x_test);
      ok = score (e, run, y_test, d_test, error);
      if (ok)
        {
          g_autofree char *stages = stages_text (&res);
          run->rec->solver = solver_text (&res);
          run->rec->stages = g_strdup_printf ("%s%spredict=%.3f", stages, *stages ? " " : "",
                                              (g_get_monotonic_time () - t1) / 1e6);
          run->rec->seconds = (g_get_monotonic_time () - t0) / 1e6;
        }
    }
  lesc_run_result_clear (&res);
  return ok && store_run (e, run, error);
}

/* LESC / gLESC: the LE smoothness of λ₂ by the method's own correlation step (so grid
 * cells equal `lesc recover` runs), after the memory check. */
static LescSmoothness *
correlation_step (Engine *e, const LescMethodSetup *s, const LescRunParams *p, LescProgress *prog,
                  guint *iterations, GError **error)
{
  const LescMatrix *xz = engine_xz (e);
  gsize n = xz->rows, q = xz->cols, c = e->ds->logical->cols;
  const LescMethod *m = s->method;
  double bytes = 8.0 * (double) n * (double) (q + 2 * c);
  if (m->memory_estimate != NULL)
    bytes += m->memory_estimate (n, q, c, p);
  g_autofree char *what = g_strdup_printf ("%s on %s (n = %zu)", m->display_name, e->ds->name, n);
  if (!lesc_memory_check (bytes, p->memory_limit, what, error))
    return NULL;
  /* the method's own correlation step: grid cells equal `lesc recover` runs */
  LescProblem problem = { xz, e->ds->logical };
  LescRunResult res = { 0 };
  LescSmoothness *smooth = m->correlation (&problem, p, prog, &res, error);
  *iterations = res.correlation_iterations;
  lesc_run_result_clear (&res);
  return smooth;
}

/* Runs of one unit that share the correlation step (same λ₂; one LE step per λ₁). */
static gboolean
run_shared (Engine *e, Unit *u, LescProgress *p, GError **error)
{
  const LescMethod *m = u->setup->method;
  int i1 = lesc_method_param_index (m, "lambda1");
  Run *first = &g_array_index (u->runs, Run, 0);
  guint todo = 0;
  for (guint r = 0; r < u->runs->len; r++)
    todo += !g_array_index (u->runs, Run, r).have;
  gint64 t0 = g_get_monotonic_time ();
  LescProgress sub = lesc_progress_sub (p, 0.0, 0.5);
  guint corr_iterations = 0;
  g_autoptr (LescSmoothness) smooth = correlation_step (e, u->setup, &first->params, &sub,
                                                        &corr_iterations, error);
  if (smooth == NULL)
    return FALSE;
  double t_corr = (g_get_monotonic_time () - t0) / 1e6;
  LescProblem problem = { engine_xz (e), e->ds->logical };
  guint done = 0;
  for (guint r = 0; r < u->runs->len; r++)
    {
      Run *run = &g_array_index (u->runs, Run, r);
      if (run->have)
        continue;
      LescProgress le = lesc_progress_sub (p, 0.5 + 0.5 * done / todo, 0.5 + 0.5 * (done + 1) / todo);
      gint64 t1 = g_get_monotonic_time ();
      LescRunResult res = { 0 };
      g_autoptr (LescMatrix) d = lesc_method_le_stage (&problem, &run->params, smooth,
                                                      run->params.values[i1], FALSE, &le, &res,
                                                      error);
      res.correlation_iterations = corr_iterations;
      run->rec->solver = solver_text (&res);
      lesc_run_result_clear (&res);
      if (d == NULL || !score (e, run, e->ds->truth, d, error))
        return FALSE;
      double t_le = (g_get_monotonic_time () - t1) / 1e6;
      /* the correlation time is shared by every λ₁ of this λ₂ */
      run->rec->stages = g_strdup_printf ("%s=%.3f le=%.3f",
                                          g_ascii_strcasecmp (m->name, "lesc") == 0 ? "lrr" : "tensor",
                                          t_corr, t_le);
      run->rec->seconds = t_corr + t_le;
      if (!store_run (e, run, error))
        return FALSE;
      done++;
    }
  return TRUE;
}

static char *
unit_label (Engine *e, Unit *u)
{
  DataInfo *d = g_ptr_array_index (e->infos, u->data);
  const LescMethod *m = u->setup->method;
  if (u->kind == UNIT_FOLD)
    return g_strdup_printf ("%s · %s · fold %d/%u", d->name, m->display_name, u->fold + 1, u->folds);
  if (u->runs->len > 1 || u->kind == UNIT_SHARED)
    {
      Run *r = &g_array_index (u->runs, Run, 0);
      g_autofree char *l2 = lesc_format_number (r->rec->lambda2);
      return g_strdup_printf ("%s · %s · lambda2=%s", d->name, m->display_name, l2);
    }
  return g_strdup_printf ("%s · %s · %s", d->name, m->display_name,
                          g_array_index (u->runs, Run, 0).rec->params);
}

static gboolean
is_cancel (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Computes every unit of this shard that has work, in order. */
static gboolean
engine_compute (Engine *e, GError **error)
{
  if (e->o->store_only)
    return TRUE;
  double total = 0, done = 0;
  for (guint k = 0; k < e->units->len; k++)
    total += ((Unit *) g_ptr_array_index (e->units, k))->cost;
  LescProgress *parent = e->o->progress;
  GCancellable *cancellable = parent ? parent->cancellable : NULL;
  for (guint k = 0; k < e->units->len; k++)
    {
      Unit *u = g_ptr_array_index (e->units, k);
      if (u->cost <= 0)
        continue;
      if (lesc_progress_cancelled (parent, error))
        return FALSE;
      g_autofree char *label = unit_label (e, u);
      Forward fwd = { parent, label, done / total, (done + u->cost) / total };
      lesc_progress_report (parent, fwd.lo, label);
      LescProgress p;
      lesc_progress_init (&p, parent ? forward_progress : NULL, &fwd, cancellable);
      if (!engine_load (e, u->data, error))
        return FALSE;

      GError *local = NULL;
      Run *first = &g_array_index (u->runs, Run, 0);
      gboolean ok = u->kind == UNIT_SHARED ? run_shared (e, u, &p, &local)
                    : u->kind == UNIT_FOLD ? run_fold (e, u, first, &p, &local)
                                           : run_recover (e, u, first, &p, &local);
      if (!ok)
        {
          if (is_cancel (local) || g_error_matches (local, LESC_ERROR, LESC_ERROR_STORE))
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          g_ptr_array_add (e->counts->failures, g_strdup_printf ("%s: %s", label, local->message));
          g_error_free (local);
        }
      done += u->cost;
      lesc_progress_report (parent, done / total, label);
    }
  engine_unload (e);
  return TRUE;
}

static void
engine_count_missing (Engine *e)
{
  for (guint k = 0; k < e->units->len; k++)
    {
      Unit *u = g_ptr_array_index (e->units, k);
      for (guint r = 0; r < u->runs->len; r++)
        e->counts->runs_missing += !g_array_index (u->runs, Run, r).have;
    }
}

static void
set_param (const LescMethod *m, LescRunParams *p, const char *name, double v)
{
  int i = lesc_method_param_index (m, name);
  if (i >= 0)
    p->values[i] = v;
}

static void
copy_names (Engine *e, char ***names, char ***checksums)
{
  guint n = e->infos->len;
  *names = g_new0 (char *, n + 1);
  *checksums = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      DataInfo *d = g_ptr_array_index (e->infos, i);
      (*names)[i] = g_strdup (d->name);
      (*checksums)[i] = g_strdup (d->checksum);
    }
}

static void
free_records (LescRunRecord *recs, gsize n)
{
  if (recs == NULL)
    return;
  for (gsize i = 0; i < n; i++)
    lesc_run_record_clear (&recs[i]);
  g_free (recs);
}

static void
mark_missing (Engine *e)
{
  /* a record that was neither found nor computed reports id 0 and NaN measures */
  for (guint k = 0; k < e->units->len; k++)
    {
      Unit *u = g_ptr_array_index (e->units, k);
      for (guint r = 0; r < u->runs->len; r++)
        {
          Run *run = &g_array_index (u->runs, Run, r);
          if (!run->have)
            {
              run->rec->id = 0;
              for (int m = 0; m < LESC_N_MEASURES; m++)
                run->rec->measures[m] = NAN;
            }
        }
    }
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

/* ---- the recovery table ------------------------------------------------------------ */

/* The tuning points of a method: λ₁ × λ₂ (shared per λ₂ when possible), GLLE's λ, or
 * only its own parameters. */
static void
table_points (const LescMethod *m, const LescTuning *t, guint *n1, guint *n2, const double **g1,
              const double **g2, const char **name1)
{
  *n1 = *n2 = 1;
  *g1 = *g2 = NULL;
  *name1 = NULL;
  if (t == NULL || !t->enabled)
    return;
  if (lesc_method_param_index (m, "lambda1") >= 0 && lesc_method_param_index (m, "lambda2") >= 0)
    {
      *n1 = *n2 = G_N_ELEMENTS (lesc_tune_lambda12);
      *g1 = *g2 = lesc_tune_lambda12;
      *name1 = "lambda1";
    }
  else if (lesc_method_param_index (m, "lambda1") >= 0 || lesc_method_param_index (m, "lambda") >= 0)
    {
      /* one LE trade-off λ: GLLE */
      *n1 = G_N_ELEMENTS (lesc_tune_lambda_glle);
      *g1 = lesc_tune_lambda_glle;
      *name1 = lesc_method_param_index (m, "lambda1") >= 0 ? "lambda1" : "lambda";
    }
}

LescRecoveryTable *
lesc_recovery_table (const char *const *datasets, guint n_datasets,
                     const LescMethodSetup *methods, guint n_methods, const LescTuning *tuning,
                     const LescExperimentOptions *o, LescExperimentCounts *counts, GError **error)
{
  LescExperimentCounts scratch = { 0 };
  if (counts == NULL)
    counts = &scratch;
  if (!check_options (o, n_datasets, error))
    return NULL;
  if (n_methods == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "no methods given");
      return NULL;
    }
  for (guint j = 0; j < n_methods; j++)
    if (!check_setup (&methods[j], error))
      return NULL;

  Engine e;
  engine_init (&e, o, counts);
  LescRecoveryTable *t = NULL;
  LescRunRecord *cand = NULL;
  gsize n_cand = 0;
  g_autofree gsize *offset = g_new (gsize, (gsize) n_datasets * n_methods + 1);
  if (!engine_add_datasets (&e, datasets, n_datasets, error))
    goto out;

  /* candidates: per data set and method, the tuning points (one without tuning) */
  for (guint d = 0; d < n_datasets; d++)
    for (guint j = 0; j < n_methods; j++)
      {
        guint n1, n2;
        const double *g1, *g2;
        const char *name1;
        table_points (methods[j].method, tuning, &n1, &n2, &g1, &g2, &name1);
        offset[d * n_methods + j] = n_cand;
        n_cand += (gsize) n1 * n2;
      }
  offset[(gsize) n_datasets * n_methods] = n_cand;
  cand = g_new0 (LescRunRecord, n_cand);
  for (guint d = 0; d < n_datasets; d++)
    for (guint j = 0; j < n_methods; j++)
      {
        const LescMethodSetup *s = &methods[j];
        guint n1, n2;
        const double *g1, *g2;
        const char *name1;
        table_points (s->method, tuning, &n1, &n2, &g1, &g2, &name1);
        gboolean shared = n2 > 1 && is_correlation_method (s->method);
        LescRunRecord *rec = cand + offset[d * n_methods + j];
        for (guint b = 0; b < n2; b++)
          {
            Unit *u = NULL;
            for (guint a = 0; a < n1; a++)
              {
                LescRunParams p = s->params;
                if (g1 != NULL)
                  set_param (s->method, &p, name1, g1[a]);
                if (g2 != NULL)
                  set_param (s->method, &p, "lambda2", g2[b]);
                if (u == NULL || !shared)
                  u = engine_add_unit (&e, shared ? UNIT_SHARED : UNIT_RECOVER, d, s, -1, 0, 0);
                unit_add_run (&e, u, rec++, &p);
              }
          }
      }
  if (!engine_lookup (&e, error) || !engine_compute (&e, error))
    goto out;
  engine_count_missing (&e);
  mark_missing (&e);

  t = g_new0 (LescRecoveryTable, 1);
  t->n_datasets = n_datasets;
  t->n_methods = n_methods;
  copy_names (&e, &t->datasets, &t->checksums);
  t->methods = g_new (const LescMethod *, n_methods);
  for (guint j = 0; j < n_methods; j++)
    t->methods[j] = methods[j].method;
  if (tuning != NULL)
    t->tuning = *tuning;
  t->cells = g_new0 (LescRunRecord, (gsize) n_datasets * n_methods);
  for (gsize c = 0; c < (gsize) n_datasets * n_methods; c++)
    {
      gsize lo = offset[c], n = offset[c + 1] - lo;
      gboolean complete = TRUE;
      g_autofree const LescRunRecord **ptrs = g_new (const LescRunRecord *, n);
      for (gsize i = 0; i < n; i++)
        {
          ptrs[i] = &cand[lo + i];
          complete = complete && cand[lo + i].id != 0;
        }
      if (complete)
        lesc_run_record_copy (&t->cells[c], ptrs[lesc_select_best (ptrs, (guint) n,
                                                                   t->tuning.select_by)]);
      else
        {
          /* a tuned cell needs every point: keep the key of the first, no results */
          lesc_run_record_copy (&t->cells[c], &cand[lo]);
          t->cells[c].id = 0;
          for (int m = 0; m < LESC_N_MEASURES; m++)
            t->cells[c].measures[m] = NAN;
        }
    }

out:
  free_records (cand, n_cand);
  engine_clear (&e);
  if (counts == &scratch)
    lesc_experiment_counts_clear (&scratch);
  return t;
}

/* What a table and a CV result own besides their cells. */
static void
free_names (char **datasets, char **checksums, guint n, const LescMethod **methods)
{
  g_strfreev (datasets);
  for (guint i = 0; i < n; i++)
    g_free (checksums[i]);
  g_free (checksums);
  g_free (methods);
}

void
lesc_recovery_table_free (LescRecoveryTable *t)
{
  if (t == NULL)
    return;
  free_names (t->datasets, t->checksums, t->n_datasets, t->methods);
  free_records (t->cells, (gsize) t->n_datasets * t->n_methods);
  g_free (t);
}

LescMatrix *
lesc_recovery_table_values (const LescRecoveryTable *t, LescMeasure m)
{
  LescMatrix *v = lesc_matrix_new (t->n_datasets, t->n_methods);
  for (guint d = 0; d < t->n_datasets; d++)
    for (guint j = 0; j < t->n_methods; j++)
      {
        const LescRunRecord *r = &t->cells[d * t->n_methods + j];
        LESC_AT (v, d, j) = r->id != 0 ? r->measures[m] : NAN;
      }
  return v;
}

/* ---- cross-validation -------------------------------------------------------------- */

LescCvResult *
lesc_cross_validate (const char *const *datasets, guint n_datasets,
                     const LescMethodSetup *methods, guint n_methods, guint folds,
                     guint32 fold_seed, const LescExperimentOptions *o,
                     LescExperimentCounts *counts, GError **error)
{
  LescExperimentCounts scratch = { 0 };
  if (counts == NULL)
    counts = &scratch;
  if (!check_options (o, n_datasets, error))
    return NULL;
  if (folds < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--folds: expected at least 2, got %u", folds);
      return NULL;
    }
  for (guint j = 0; j < n_methods; j++)
    {
      if (!check_setup (&methods[j], error))
        return NULL;
      if (!methods[j].method->has_mapping)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s has no mapping to new samples: cross-validation needs methods that "
                       "learn one (GLLE, LESC, gLESC)", methods[j].method->display_name);
          return NULL;
        }
    }
  Engine e;
  engine_init (&e, o, counts);
  LescCvResult *r = NULL;
  gsize n_cells = (gsize) n_datasets * n_methods * folds;
  LescRunRecord *cells = g_new0 (LescRunRecord, n_cells);
  if (!engine_add_datasets (&e, datasets, n_datasets, error))
    goto out;
  for (guint d = 0; d < n_datasets; d++)
    {
      DataInfo *info = g_ptr_array_index (e.infos, d);
      if (info->checksum != NULL && info->n < folds)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s: %u folds for %zu samples (expected folds ≤ n)", info->name, folds,
                       info->n);
          goto out;
        }
      for (guint j = 0; j < n_methods; j++)
        for (guint f = 0; f < folds; f++)
          {
            Unit *u = engine_add_unit (&e, UNIT_FOLD, d, &methods[j], (int) f, folds, fold_seed);
            unit_add_run (&e, u, &cells[((gsize) d * n_methods + j) * folds + f], &methods[j].params);
          }
    }
  if (!engine_lookup (&e, error) || !engine_compute (&e, error))
    goto out;
  engine_count_missing (&e);
  mark_missing (&e);
  r = g_new0 (LescCvResult, 1);
  r->n_datasets = n_datasets;
  r->n_methods = n_methods;
  r->folds = folds;
  r->fold_seed = fold_seed;
  copy_names (&e, &r->datasets, &r->checksums);
  r->methods = g_new (const LescMethod *, n_methods);
  for (guint j = 0; j < n_methods; j++)
    r->methods[j] = methods[j].method;
  r->cells = cells;
  cells = NULL;
out:
  free_records (cells, n_cells);
  engine_clear (&e);
  if (counts == &scratch)
    lesc_experiment_counts_clear (&scratch);
  return r;
}

void
lesc_cv_result_free (LescCvResult *r)
{
  if (r == NULL)
    return;
  free_names (r->datasets, r->checksums, r->n_datasets, r->methods);
  free_records (r->cells, (gsize) r->n_datasets * r->n_methods * r->folds);
  g_free (r);
}

void
lesc_cv_fold_values (const LescCvResult *r, guint dataset, guint method, LescMeasure m,
                     double *out)
{
  for (guint f = 0; f < r->folds; f++)
    {
      const LescRunRecord *c = &r->cells[((gsize) dataset * r->n_methods + method) * r->folds + f];
      out[f] = c->id != 0 ? c->measures[m] : NAN;
    }
}

void
lesc_cv_summary (const LescCvResult *r, guint dataset, guint method, LescMeasure m,
                 double *mean, double *std)
{
  g_autofree double *v = g_new (double, r->folds);
  lesc_cv_fold_values (r, dataset, method, m, v);
  double s = 0, ss = 0;
  for (guint f = 0; f < r->folds; f++)
    s += v[f];
  double mu = s / r->folds;
  for (guint f = 0; f < r->folds; f++)
    ss += (v[f] - mu) * (v[f] - mu);
  *mean = mu;
  *std = sqrt (ss / (r->folds - 1));
}

/* ---- the grid ---------------------------------------------------------------------- */

LescGrid *
lesc_grid_run (const char *dataset, const LescMethodSetup *method, const double *lambda1,
               guint n1, const double *lambda2, guint n2, const LescExperimentOptions *o,
               LescExperimentCounts *counts, GError **error)
{
  LescExperimentCounts scratch = { 0 };
  if (counts == NULL)
    counts = &scratch;
  if (!check_options (o, dataset ? 1 : 0, error) || !check_setup (method, error))
    return NULL;
  const LescMethod *m = method->method;
  if (lesc_method_param_index (m, "lambda1") < 0 || lesc_method_param_index (m, "lambda2") < 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no lambda1 and lambda2: the grid is for LESC and gLESC", m->display_name);
      return NULL;
    }
  if (n1 == 0 || n2 == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "the grid needs at least one λ₁ and one λ₂");
      return NULL;
    }
  for (guint i = 0; i < n1 + n2; i++)
    {
      double v = i < n1 ? lambda1[i] : lambda2[i - n1];
      if (!(v > 0) || !isfinite (v))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--%s: every value must be a positive number, got %g",
                       i < n1 ? "lambda1" : "lambda2", v);
          return NULL;
        }
    }
  Engine e;
  engine_init (&e, o, counts);
  LescGrid *g = NULL;
  gsize n_cells = (gsize) n1 * n2;
  LescRunRecord *cells = g_new0 (LescRunRecord, n_cells);
  gboolean shared = is_correlation_method (m);
  if (!engine_add_datasets (&e, &dataset, 1, error))
    goto out;
  for (guint b = 0; b < n2; b++)
    {
      Unit *u = NULL;
      for (guint a = 0; a < n1; a++)
        {
          LescRunParams p = method->params;
          set_param (m, &p, "lambda1", lambda1[a]);
          set_param (m, &p, "lambda2", lambda2[b]);
          if (u == NULL || !shared)
            u = engine_add_unit (&e, shared ? UNIT_SHARED : UNIT_RECOVER, 0, method, -1, 0, 0);
          unit_add_run (&e, u, &cells[(gsize) b * n1 + a], &p);
        }
    }
  if (!engine_lookup (&e, error) || !engine_compute (&e, error))
    goto out;
  engine_count_missing (&e);
  mark_missing (&e);
  g = g_new0 (LescGrid, 1);
  DataInfo *info = g_ptr_array_index (e.infos, 0);
  g->dataset = g_strdup (info->name);
  g->checksum = g_strdup (info->checksum);
  g->method = m;
  g->n1 = n1;
  g->n2 = n2;
  g->lambda1 = g_memdup2 (lambda1, n1 * sizeof (double));
  g->lambda2 = g_memdup2 (lambda2, n2 * sizeof (double));
  g->cells = cells;
  cells = NULL;
out:
  free_records (cells, n_cells);
  engine_clear (&e);
  if (counts == &scratch)
    lesc_experiment_counts_clear (&scratch);
  return g;
}

void
lesc_grid_free (LescGrid *g)
{
  if (g == NULL)
    return;
  g_free (g->dataset);
  g_free (g->checksum);
  g_free (g->lambda1);
  g_free (g->lambda2);
  free_records (g->cells, (gsize) g->n1 * g->n2);
  g_free (g);
}
