/* The correlation step's reuse: one computed correlation, and the explorer's cache of them. */
#include "core/methods/corrcache.h"

#include <math.h>
#include <string.h>

LescCorrelation *
lesc_correlation_compute (const LescMethod *m, const LescProblem *problem,
                          const LescRunParams *p, LescProgress *progress, GError **error)
{
  LescRunResult res = { 0 };
  LescSmoothness *smooth = m->correlation (problem, p, progress, &res, error);
  if (smooth == NULL)
    return NULL;
  LescCorrelation *c = g_new0 (LescCorrelation, 1);
  c->smooth = smooth;
  c->stage = res.n_stages > 0 ? res.stage_names[0] : "correlation";
  c->seconds = res.n_stages > 0 ? res.stage_seconds[0] : 0.0;
  c->iterations = res.correlation_iterations;
  lesc_run_result_clear (&res);
  return c;
}

void
lesc_correlation_free (LescCorrelation *c)
{
  if (c == NULL)
    return;
  lesc_smoothness_free (c->smooth);
  g_free (c);
}

LescMatrix *
lesc_correlation_le_stage (const LescCorrelation *c, const LescMethod *m,
                           const LescProblem *problem, const LescRunParams *p,
                           LescProgress *progress, LescRunResult *result, GError **error)
{
  return lesc_method_le_stage (problem, p, c->smooth, lesc_run_params_get (p, m, "lambda1", NAN),
                               FALSE, progress, result, error);
}

/* ---- the cache ---- */

typedef struct {
  char *key;
  LescCorrelation *corr;
  guint users;        /* runs using it now */
  gboolean evicted;   /* out of the list; freed by the last user */
} Entry;

struct _LescCorrelationCache {
  GMutex lock;
  GQueue entries;     /* most recently used first */
  guint capacity;
};

static void
entry_free (Entry *e)
{
  g_free (e->key);
  lesc_correlation_free (e->corr);
  g_free (e);
}

LescCorrelationCache *
lesc_correlation_cache_new (guint capacity)
{
  LescCorrelationCache *c = g_new0 (LescCorrelationCache, 1);
  g_mutex_init (&c->lock);
  g_queue_init (&c->entries);
  c->capacity = MAX (capacity, 1);
  return c;
}

void
lesc_correlation_cache_free (LescCorrelationCache *c)
{
  if (c == NULL)
    return;
  /* callers finish their runs first: no entry is in use here */
  g_queue_clear_full (&c->entries, (GDestroyNotify) entry_free);
  g_mutex_clear (&c->lock);
  g_free (c);
}

/* Everything the correlation step depends on. */
static char *
cache_key (const LescMethod *m, const LescDataset *ds, const LescRunParams *p)
{
  return g_strdup_printf ("%s|%s|%.17g|%d%d%d", ds->checksum, m->name,
                          lesc_run_params_get (p, m, "lambda2", 0.0), p->c_paper_orientation,
                          p->tensor_fft_views, p->odd_n_single_shrink);
}

static void
evict (LescCorrelationCache *c)
{
  while (c->entries.length > c->capacity)
    {
      Entry *e = g_queue_pop_tail (&c->entries);
      if (e->users == 0)
        entry_free (e);
      else
        e->evicted = TRUE;
    }
}

/* The entry for the run, computing the correlation when it is not cached. */
static Entry *
acquire (LescCorrelationCache *c, const LescMethod *m, const LescDataset *ds,
         const LescProblem *problem, const LescRunParams *p, LescProgress *progress,
         LescRunResult *result, GError **error)
{
  g_autofree char *key = cache_key (m, ds, p);
  g_mutex_lock (&c->lock);
  for (GList *l = c->entries.head; l != NULL; l = l->next)
    {
      Entry *e = l->data;
      if (strcmp (e->key, key) == 0)
        {
          e->users++;
          g_queue_unlink (&c->entries, l);
          g_queue_push_head_link (&c->entries, l);
          g_mutex_unlock (&c->lock);
          lesc_run_result_add_stage (result, "correlation (cached)", 0.0);
          return e;
        }
    }
  g_mutex_unlock (&c->lock);

  LescCorrelation *corr = lesc_correlation_compute (m, problem, p, progress, error);
  if (corr == NULL)
    return NULL;
  lesc_run_result_add_stage (result, corr->stage, corr->seconds);
  result->correlation_iterations = corr->iterations;
  Entry *e = g_new0 (Entry, 1);
  e->key = g_steal_pointer (&key);
  e->corr = corr;
  e->users = 1;
  g_mutex_lock (&c->lock);
  g_queue_push_head (&c->entries, e);
  evict (c);
  g_mutex_unlock (&c->lock);
  return e;
}

static void
release (LescCorrelationCache *c, Entry *e)
{
  g_mutex_lock (&c->lock);
  e->users--;
  gboolean dead = e->evicted && e->users == 0;
  g_mutex_unlock (&c->lock);
  if (dead)
    entry_free (e);
}

LescMatrix *
lesc_method_cached_recover (const LescMethod *m, const LescDataset *ds, const LescProblem *problem,
                            const LescRunParams *p, LescCorrelationCache *c,
                            LescProgress *progress, LescRunResult *result, GError **error)
{
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.4);
  Entry *e = acquire (c, m, ds, problem, p, progress ? &sub : NULL, result, error);
  if (e == NULL)
    return NULL;
  sub = lesc_progress_sub (progress, 0.4, 1.0);
  LescMatrix *d = lesc_correlation_le_stage (e->corr, m, problem, p, progress ? &sub : NULL,
                                             result, error);
  release (c, e);
  return d;
}
