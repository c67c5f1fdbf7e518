/* The experiment engine (engine.h). */
#include "config.h"
#include "core/experiments/engine.h"
#include "core/base/blasthreads.h"
#include "core/base/error.h"
#include "core/numeric/preprocess.h"
#include "core/methods/run.h"

#include <math.h>
#include <string.h>

/* ---- the engine -------------------------------------------------------------------- */

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

void
lesc_engine_init (Engine *e, const LescExperimentOptions *o, LescExperimentCounts *counts)
{
  memset (e, 0, sizeof *e);
  e->o = o;
  e->counts = counts != NULL ? counts : &e->own_counts;
  memset (e->counts, 0, sizeof *e->counts);
  e->counts->failures = g_ptr_array_new_with_free_func (g_free);
  e->counts->notes = g_ptr_array_new_with_free_func (g_free);
  e->infos = g_ptr_array_new_with_free_func ((GDestroyNotify) data_info_free);
  e->units = g_ptr_array_new_with_free_func ((GDestroyNotify) unit_free);
  e->loaded_index = G_MAXUINT;
  e->cache = o->cache;
}

static void
engine_unload (Engine *e)
{
  g_clear_pointer (&e->ds, lesc_dataset_free);
  g_clear_pointer (&e->xz, lesc_matrix_free);
  e->loaded_index = G_MAXUINT;
}

static void
engine_lock (Engine *e)
{
  if (e->lock != NULL)
    g_mutex_lock (e->lock);
}

static void
engine_unlock (Engine *e)
{
  if (e->lock != NULL)
    g_mutex_unlock (e->lock);
}

void
lesc_engine_clear (Engine *e)
{
  engine_unload (e);
  g_clear_pointer (&e->own_cache, lesc_run_cache_free);
  g_ptr_array_unref (e->infos);
  g_ptr_array_unref (e->units);
  if (e->counts == &e->own_counts)
    lesc_experiment_counts_clear (&e->own_counts);
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

gboolean
lesc_engine_check (const LescExperimentOptions *o, guint n_datasets,
                   const LescMethodSetup *methods, guint n_methods, GError **error)
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
  if (n_methods == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "no methods given");
      return FALSE;
    }
  for (guint j = 0; j < n_methods; j++)
    if (!check_setup (&methods[j], error))
      return FALSE;
  return TRUE;
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

/* What reading the data set chose, and the rows KL(recovered‖truth) leaves out: said
 * once (counts->notes). */
static void
note_dataset (Engine *e, const LescDataset *ds)
{
  for (char **n = ds->notes; n != NULL && *n != NULL; n++)
    g_ptr_array_add (e->counts->notes, g_strdup (*n));
  if (e->o->kl != LESC_KL_RECOVERED_TRUTH || ds->truth == NULL)
    return;
  gsize zero_rows = lesc_kl_dropped_rows (ds->truth);
  if (zero_rows > 0)
    g_ptr_array_add (e->counts->notes, lesc_kl_dropped_note (ds->source ? ds->source : ds->name,
                                                              zero_rows, ds->truth->rows, FALSE));
}

/* Learns each data set's name, checksum and size (opening it; in store_only mode a data
 * set that cannot be opened is looked up by name in the store). */
gboolean
lesc_engine_add_datasets (Engine *e, const char *const *specs, guint n, GError **error)
{
  for (guint i = 0; i < n; i++)
    {
      DataInfo *d = g_new0 (DataInfo, 1);
      d->spec = g_strdup (specs[i]);
      g_ptr_array_add (e->infos, d);
      GError *local = NULL;
      LescDataset *ds = open_dataset (e->o, specs[i], &local);
      if (ds != NULL && ds->truth == NULL)
        {
          /* labels-only data: every experiment scores against the ground truth */
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "%s: has no label distributions (only logical labels), so there is "
                       "nothing to score against: recovery tables, cross-validation, grids "
                       "and CD statistics need ground truth (recover the distributions "
                       "instead)", ds->source ? ds->source : ds->name);
          lesc_dataset_free (ds);
          return FALSE;
        }
      if (ds != NULL)
        {
          note_dataset (e, ds);
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
  rec->lambda1 = lesc_run_params_get (p, m, "lambda1", lesc_run_params_get (p, m, "lambda", NAN));
  rec->lambda2 = lesc_run_params_get (p, m, "lambda2", NAN);
  for (int k = 0; k < LESC_N_MEASURES; k++)
    rec->measures[k] = NAN;
}

Unit *
lesc_engine_add_unit (Engine *e, UnitKind kind, guint data, const LescMethodSetup *s, int fold,
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
void
lesc_engine_unit_add_run (Engine *e, Unit *u, LescRunRecord *rec, const LescRunParams *p)
{
  Run r = { rec, *p, FALSE };
  const DataInfo *d = g_ptr_array_index (e->infos, u->data);
  /* `auto` is decided here from n (docs/methods.md §11), so that the store's key says
   * which formulation the run is and the run is that one */
  if (r.params.scale == LESC_SCALE_AUTO)
    r.params.scale = u->setup->method->reference_max_n > 0 && d->n > u->setup->method->reference_max_n
                       ? LESC_SCALE_LARGE : LESC_SCALE_REFERENCE;
  if (r.params.scale == LESC_SCALE_LARGE && u->setup->method->large_knn)
    r.params.knn = lesc_knn_search_resolve (r.params.knn, d->n);
  fill_key (rec, d, u->setup, &r.params, e->o->kl, u->fold, u->folds, u->fold_seed);
  g_array_append_val (u->runs, r);
}

gboolean
lesc_engine_is_correlation_method (const LescMethod *m)
{
  return lesc_method_has_lambda_grid (m);
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
  engine_lock (e);   /* HDF5 (MAT v7.3) as Debian builds it is not thread-safe */
  e->ds = open_dataset (e->o, d->spec, error);
  engine_unlock (e);
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
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      /* one word per key: "correlation (cached)" → correlation_cached */
      for (const char *c = res->stage_names[i] ? res->stage_names[i] : "stage"; *c; c++)
        if (*c == ' ')
          g_string_append_c (s, '_');
        else if (*c != '(' && *c != ')')
          g_string_append_c (s, *c);
      g_string_append_printf (s, "=%.3f", res->stage_seconds[i]);
    }
  return g_string_free (s, FALSE);
}

/* What the solvers report, for the record: iterations (LESC's 0: LRR solved by an
 * optimality certificate, lrr.h) and how the LE optimizer ended. */
static char *
solver_text (const LescMethod *m, const LescRunResult *res)
{
  GString *s = g_string_new (NULL);
  if (res->correlation_iterations > 0 || lesc_engine_is_correlation_method (m))
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
  gsize kl_rows = 0;
  if (!lesc_measures_compute_full (truth, recovered, e->o->kl, run->rec->measures, &kl_rows,
                                   error))
    return FALSE;
  run->rec->n_rows = (guint) truth->rows;
  run->kl_rows = kl_rows < truth->rows ? kl_rows : 0;
  return TRUE;
}

/* Forwards a unit's progress into the experiment's, prefixed with the unit's label. */
typedef struct {
  LescProgress *parent;
  const char *label;
  double lo, hi;
  GMutex *lock;   /* units in parallel: one report at a time */
} Forward;

static void
forward_progress (double fraction, const char *stage, gpointer data)
{
  Forward *f = data;
  char text[200];
  g_snprintf (text, sizeof text, "%s%s%s", f->label, stage && *stage ? " · " : "",
              stage ? stage : "");
  if (f->lock != NULL)
    g_mutex_lock (f->lock);
  lesc_progress_report (f->parent, f->lo + (f->hi - f->lo) * fraction, text);
  if (f->lock != NULL)
    g_mutex_unlock (f->lock);
}

/* Stores a run just computed, in its own transaction: an interruption loses at most
 * the run in progress. */
static gboolean
store_run (Engine *e, Run *run, GError **error)
{
  g_free (run->rec->version);
  run->rec->version = g_strdup (LESC_VERSION);
  if (run->kl_rows > 0)
    {
      /* KL(recovered‖truth) left rows out: recorded with the run */
      char *solver = g_strdup_printf ("%s%skl_rows=%zu", run->rec->solver ? run->rec->solver : "",
                                      run->rec->solver && *run->rec->solver ? " " : "",
                                      run->kl_rows);
      g_free (run->rec->solver);
      run->rec->solver = solver;
    }
  engine_lock (e);
  gboolean ok = lesc_store_put (e->o->store, run->rec, e->o->recompute, error);
  if (ok)
    e->counts->runs_computed++;
  engine_unlock (e);
  run->have = ok;
  return ok;
}

static gboolean
run_recover (Engine *e, Unit *u, Run *run, LescProgress *p, GError **error)
{
  LescRunResult res = { 0 };
  gint64 t0 = g_get_monotonic_time ();
  if (e->cache == NULL)
    e->cache = e->own_cache = lesc_run_cache_new (0.0);
  g_autoptr (LescMatrix) d = lesc_method_run_cached (u->setup->method, e->ds, &run->params,
                                                     e->cache, p, &res, error);
  gboolean ok = d != NULL && score (e, run, e->ds->truth, d, error);
  if (ok)
    {
      run->rec->stages = stages_text (&res);
      run->rec->solver = solver_text (u->setup->method, &res);
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
  g_autofree gsize *train = g_new (gsize, n);
  g_autofree gsize *test = g_new (gsize, n);
  gsize n_train = 0, n_test = 0;
  lesc_fold_rows (n, u->folds, u->fold_seed, (guint) u->fold, train, &n_train, test, &n_test);
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
          run->rec->solver = solver_text (u->setup->method, &res);
          run->rec->stages = g_strdup_printf ("%s%spredict=%.3f", stages, *stages ? " " : "",
                                              (g_get_monotonic_time () - t1) / 1e6);
          run->rec->seconds = (g_get_monotonic_time () - t0) / 1e6;
        }
    }
  lesc_run_result_clear (&res);
  return ok && store_run (e, run, error);
}

/* Runs of one unit that share the correlation step (same λ₂, one LE step per λ₁): the
 * first computes it, the cache hands it to the others. */
static gboolean
run_shared (Engine *e, Unit *u, LescProgress *p, GError **error)
{
  guint todo = 0, done = 0;
  for (guint r = 0; r < u->runs->len; r++)
    todo += !g_array_index (u->runs, Run, r).have;
  for (guint r = 0; r < u->runs->len; r++)
    {
      Run *run = &g_array_index (u->runs, Run, r);
      if (run->have)
        continue;
      LescProgress sub = lesc_progress_sub (p, (double) done / todo, (double) (done + 1) / todo);
      if (!run_recover (e, u, run, &sub, error))
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

/* Computes one unit, its progress mapped onto [lo, hi] of the experiment's. FALSE only
 * for what ends the experiment (cancel, the store); a unit's own failure is recorded
 * (counts->failures) and the experiment goes on. */
static gboolean
compute_unit (Engine *e, Unit *u, double lo, double hi, GError **error)
{
  LescProgress *parent = e->o->progress;
  g_autofree char *label = unit_label (e, u);
  Forward fwd = { parent, label, lo, hi, e->lock };
  forward_progress (0.0, NULL, &fwd);
  LescProgress p;
  lesc_progress_init (&p, parent ? forward_progress : NULL, &fwd,
                      parent ? parent->cancellable : NULL);
  /* background work pauses inside its units too (progress.h, LescGate) */
  lesc_progress_set_gate (&p, parent != NULL && parent->root != NULL ? parent->root->gate : NULL);
  if (!engine_load (e, u->data, error))
    return FALSE;
  GError *local = NULL;
  Run *first = &g_array_index (u->runs, Run, 0);
  gboolean ok = u->kind == UNIT_SHARED ? run_shared (e, u, &p, &local)
                : u->kind == UNIT_FOLD ? run_fold (e, u, first, &p, &local)
                                       : run_recover (e, u, first, &p, &local);
  if (ok)
    return TRUE;
  if (is_cancel (local) || g_error_matches (local, LESC_ERROR, LESC_ERROR_STORE))
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  engine_lock (e);
  g_ptr_array_add (e->counts->failures, g_strdup_printf ("%s: %s", label, local->message));
  engine_unlock (e);
  g_error_free (local);
  return TRUE;
}

/* ---- units in parallel ---- */

typedef struct {
  Engine *e;
  GMutex lock;
  GPtrArray *todo;     /* Unit*, largest cost first */
  guint next;          /* the next to take, under lock */
  double total, done;  /* cost */
  gboolean stop;
  GError *error;       /* the first error that ends the experiment */
} Pool;

static int
by_decreasing_cost (gconstpointer a, gconstpointer b)
{
  double x = (*(Unit *const *) a)->cost, y = (*(Unit *const *) b)->cost;
  return (x < y) - (x > y);
}

/* One worker: its own loaded data set and cache, units taken from the pool in turn. */
static gpointer
pool_worker (gpointer data)
{
  Pool *pool = data;
  Engine w = *pool->e;
  w.ds = NULL;
  w.xz = NULL;
  w.loaded_index = G_MAXUINT;
  w.cache = w.own_cache = lesc_run_cache_new (0.0);
  w.lock = &pool->lock;
  for (;;)
    {
      g_mutex_lock (&pool->lock);
      Unit *u = !pool->stop && pool->next < pool->todo->len
                  ? g_ptr_array_index (pool->todo, pool->next++) : NULL;
      double lo = pool->done / pool->total, hi = (pool->done + (u ? u->cost : 0)) / pool->total;
      g_mutex_unlock (&pool->lock);
      if (u == NULL)
        break;
      GError *error = NULL;
      gboolean ok = compute_unit (&w, u, lo, hi, &error);
      g_mutex_lock (&pool->lock);
      pool->done += u->cost;
      if (!ok)
        {
          pool->stop = TRUE;
          if (pool->error == NULL)
            pool->error = g_steal_pointer (&error);
        }
      g_mutex_unlock (&pool->lock);
      g_clear_error (&error);
    }
  engine_unload (&w);
  lesc_run_cache_free (w.own_cache);
  return NULL;
}

/* The units with work on `jobs` threads, each running BLAS on one thread: on two cores
 * the small problems of a table gain more from a unit per core than from two BLAS
 * threads per call (docs/speed.md). */
static gboolean
compute_parallel (Engine *e, guint jobs, double total, GError **error)
{
  Pool pool = { .e = e, .total = total };
  g_mutex_init (&pool.lock);
  pool.todo = g_ptr_array_new ();
  for (guint k = 0; k < e->units->len; k++)
    if (((Unit *) g_ptr_array_index (e->units, k))->cost > 0)
      g_ptr_array_add (pool.todo, g_ptr_array_index (e->units, k));
  g_ptr_array_sort (pool.todo, by_decreasing_cost);
  jobs = MIN (jobs, MAX (pool.todo->len, 1u));
  int blas = lesc_blas_threads_get ();
  lesc_blas_threads_set (1);
  GThread **threads = g_new (GThread *, jobs);
  for (guint j = 0; j < jobs; j++)
    threads[j] = g_thread_new ("lesc-unit", pool_worker, &pool);
  for (guint j = 0; j < jobs; j++)
    g_thread_join (threads[j]);
  g_free (threads);
  if (blas > 1)
    lesc_blas_threads_set (blas);
  g_ptr_array_unref (pool.todo);
  g_mutex_clear (&pool.lock);
  if (pool.error != NULL)
    {
      g_propagate_error (error, pool.error);
      return FALSE;
    }
  lesc_progress_report (e->o->progress, 1.0, NULL);
  return TRUE;
}

/* Computes every unit of this shard that has work: in order, or options.jobs at once. */
static gboolean
engine_compute (Engine *e, GError **error)
{
  if (e->o->store_only)
    return TRUE;
  double total = 0, done = 0;
  for (guint k = 0; k < e->units->len; k++)
    total += ((Unit *) g_ptr_array_index (e->units, k))->cost;
  if (e->o->jobs > 1 && total > 0)
    return compute_parallel (e, e->o->jobs, total, error);
  LescProgress *parent = e->o->progress;
  for (guint k = 0; k < e->units->len; k++)
    {
      Unit *u = g_ptr_array_index (e->units, k);
      if (u->cost <= 0)
        continue;
      if (lesc_progress_cancelled (parent, error))
        return FALSE;
      if (!compute_unit (e, u, done / total, (done + u->cost) / total, error))
        return FALSE;
      done += u->cost;
      g_autofree char *label = unit_label (e, u);
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

void
lesc_engine_copy_names (Engine *e, char ***names, char ***checksums)
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

void
lesc_engine_free_records (LescRunRecord *recs, gsize n)
{
  if (recs == NULL)
    return;
  for (gsize i = 0; i < n; i++)
    lesc_run_record_clear (&recs[i]);
  g_free (recs);
}

static void
engine_mark_missing (Engine *e)
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

void
lesc_engine_free_names (char **datasets, char **checksums, guint n, const LescMethod **methods)
{
  g_strfreev (datasets);
  for (guint i = 0; i < n; i++)
    g_free (checksums[i]);
  g_free (checksums);
  g_free (methods);
}

gboolean
lesc_engine_run (Engine *e, GError **error)
{
  if (!engine_lookup (e, error) || !engine_compute (e, error))
    return FALSE;
  engine_count_missing (e);
  engine_mark_missing (e);
  return TRUE;
}

const LescMethod **
lesc_engine_methods (const LescMethodSetup *methods, guint n)
{
  const LescMethod **list = g_new (const LescMethod *, n);
  for (guint j = 0; j < n; j++)
    list[j] = methods[j].method;
  return list;
}
