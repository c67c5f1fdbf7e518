/* The cache of what GLLE, LESC and gLESC runs share (runcache.h): entries by key, least
 * recently used first out, computed once by one run while the others wait. */
#include "core/methods/runcache.h"
#include "core/base/blasthreads.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  char *key;
  gpointer value;
  GDestroyNotify free_value;
  double bytes;
  guint iterations;   /* smoothness entries: the correlation step's iterations */
  guint users;        /* runs using it now */
  gboolean ready;     /* FALSE while a run computes it */
  gboolean evicted;   /* out of the list: freed by the last user */
} Entry;

struct _LescRunCache {
  GMutex lock;
  GCond changed;      /* an entry became ready or was dropped */
  GQueue entries;     /* most recently used first */
  double limit;
  double held;        /* bytes of ready entries not yet freed */
  double kept;        /* bytes of ready entries in the list */
  guint hits, misses, evictions;
};

/* how often a run waiting for another run's entry checks its own cancellation */
#define WAIT_US 20000

double
lesc_run_cache_default_limit (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGE_SIZE);
  if (pages <= 0 || size <= 0)
    return 2e9;
  return 0.25 * (double) pages * (double) size;
}

static void
entry_free (Entry *e)
{
  g_free (e->key);
  if (e->value != NULL)
    e->free_value (e->value);
  g_free (e);
}

LescRunCache *
lesc_run_cache_new (double limit)
{
  LescRunCache *c = g_new0 (LescRunCache, 1);
  g_mutex_init (&c->lock);
  g_cond_init (&c->changed);
  g_queue_init (&c->entries);
  c->limit = limit > 0.0 ? limit : lesc_run_cache_default_limit ();
  return c;
}

void
lesc_run_cache_free (LescRunCache *c)
{
  if (c == NULL)
    return;
  /* callers finish their runs first: no entry is in use here */
  g_queue_clear_full (&c->entries, (GDestroyNotify) entry_free);
  g_cond_clear (&c->changed);
  g_mutex_clear (&c->lock);
  g_free (c);
}

/* Under the lock: drop least recently used ready entries not in use until at most
 * `bytes` are held; then, while the entries kept still exceed `bytes`, take entries in
 * use out of the list too (they are freed when their runs release them). */
static void
evict_to (LescRunCache *c, double bytes)
{
  for (int pass = 0; pass < 2; pass++)
    {
      GList *l = c->entries.tail;
      while (l != NULL && (pass == 0 ? c->held : c->kept) > bytes)
        {
          GList *prev = l->prev;
          Entry *e = l->data;
          if (e->ready && (pass == 1 || e->users == 0))
            {
              g_queue_delete_link (&c->entries, l);
              c->evictions++;
              c->kept -= e->bytes;
              if (e->users == 0)
                {
                  c->held -= e->bytes;
                  entry_free (e);
                }
              else
                e->evicted = TRUE;
            }
          l = prev;
        }
    }
}

void
lesc_run_cache_set_limit (LescRunCache *c, double limit)
{
  g_mutex_lock (&c->lock);
  c->limit = limit > 0.0 ? limit : lesc_run_cache_default_limit ();
  evict_to (c, c->limit);
  g_mutex_unlock (&c->lock);
}

double
lesc_run_cache_get_limit (LescRunCache *c)
{
  g_mutex_lock (&c->lock);
  double limit = c->limit;
  g_mutex_unlock (&c->lock);
  return limit;
}

void
lesc_run_cache_trim (LescRunCache *c, double bytes)
{
  g_mutex_lock (&c->lock);
  for (GList *l = c->entries.tail; l != NULL && c->held > bytes;)
    {
      GList *prev = l->prev;
      Entry *e = l->data;
      if (e->ready && e->users == 0)
        {
          g_queue_delete_link (&c->entries, l);
          c->evictions++;
          c->held -= e->bytes;
          c->kept -= e->bytes;
          entry_free (e);
        }
      l = prev;
    }
  g_mutex_unlock (&c->lock);
}

void
lesc_run_cache_get_stats (LescRunCache *c, LescRunCacheStats *s)
{
  g_mutex_lock (&c->lock);
  s->entries = c->entries.length;
  s->bytes = c->held;
  s->hits = c->hits;
  s->misses = c->misses;
  s->evictions = c->evictions;
  g_mutex_unlock (&c->lock);
}

/* Makes an entry's value; NULL with `error` set when it fails or is cancelled. */
typedef gpointer (*Compute) (gpointer data, LescProgress *progress, double *bytes,
                             guint *iterations, GError **error);

static GList *
find (LescRunCache *c, const char *key)
{
  for (GList *l = c->entries.head; l != NULL; l = l->next)
    if (strcmp (((Entry *) l->data)->key, key) == 0)
      return l;
  return NULL;
}

/* The entry for `key`, in use by the caller until release(): taken from the cache, or
 * computed (the cache's `hit` count says which, `*hit` too). */
static Entry *
acquire (LescRunCache *c, const char *key, Compute compute, gpointer data,
         GDestroyNotify free_value, LescProgress *progress, gboolean *hit, GError **error)
{
  g_mutex_lock (&c->lock);
  for (;;)
    {
      GList *l = find (c, key);
      if (l == NULL)
        break;
      Entry *e = l->data;
      if (e->ready)
        {
          e->users++;
          c->hits++;
          g_queue_unlink (&c->entries, l);
          g_queue_push_head_link (&c->entries, l);
          g_mutex_unlock (&c->lock);
          *hit = TRUE;
          return e;
        }
      /* another run computes it: wait, but stay cancellable */
      g_cond_wait_until (&c->changed, &c->lock, g_get_monotonic_time () + WAIT_US);
      if (lesc_progress_cancelled (progress, error))
        {
          g_mutex_unlock (&c->lock);
          return NULL;
        }
    }
  Entry *e = g_new0 (Entry, 1);
  e->key = g_strdup (key);
  e->free_value = free_value;
  e->users = 1;
  g_queue_push_head (&c->entries, e);
  c->misses++;
  g_mutex_unlock (&c->lock);

  double bytes = 0.0;
  guint iterations = 0;
  gpointer value = compute (data, progress, &bytes, &iterations, error);

  g_mutex_lock (&c->lock);
  if (value == NULL)
    {
      /* cancelled or failed: no trace of it, and a waiting run takes over */
      g_queue_remove (&c->entries, e);
      entry_free (e);
      g_cond_broadcast (&c->changed);
      g_mutex_unlock (&c->lock);
      return NULL;
    }
  e->value = value;
  e->bytes = bytes;
  e->iterations = iterations;
  e->ready = TRUE;
  c->held += bytes;
  c->kept += bytes;
  evict_to (c, c->limit);
  g_cond_broadcast (&c->changed);
  g_mutex_unlock (&c->lock);
  *hit = FALSE;
  return e;
}

static void
release (LescRunCache *c, Entry *e)
{
  if (e == NULL)
    return;
  g_mutex_lock (&c->lock);
  e->users--;
  if (e->evicted && e->users == 0)
    {
      c->held -= e->bytes;
      entry_free (e);
    }
  g_mutex_unlock (&c->lock);
}

/* The entries' inputs and how they are made. */
typedef struct {
  const LescMethod *m;
  const LescProblem *problem;
  const LescRunParams *p;
  LescRunResult *result;
  const LescLeKernel *kernel;
  const LescMatrix *gram;
  const LescSmoothness *smooth;
} Inputs;

static gpointer
compute_smoothness (gpointer data, LescProgress *progress, double *bytes, guint *iterations,
                    GError **error)
{
  Inputs *in = data;
  LescSmoothness *s = in->m->smoothness (in->problem, in->p, progress, in->result, error);
  if (s != NULL)
    {
      *bytes = lesc_smoothness_bytes (s);
      *iterations = in->result->correlation_iterations;
    }
  return s;
}

static gpointer
compute_kernel (gpointer data, LescProgress *progress, double *bytes, guint *iterations,
                GError **error)
{
  Inputs *in = data;
  *bytes = lesc_le_kernel_bytes (in->problem->x->rows);
  return lesc_le_kernel_new (in->problem->x, progress, error);
}

static gpointer
compute_gram (gpointer data, LescProgress *progress, double *bytes, guint *iterations,
              GError **error)
{
  Inputs *in = data;
  *bytes = lesc_le_kernel_bytes (in->problem->x->rows);
  return lesc_le_gram (in->kernel, progress, error);
}

static gpointer
compute_form (gpointer data, LescProgress *progress, double *bytes, guint *iterations,
              GError **error)
{
  Inputs *in = data;
  *bytes = lesc_le_kernel_bytes (in->problem->x->rows);
  return lesc_le_smoothness_form (in->kernel, in->gram, in->smooth, progress, error);
}

/* Everything M depends on: the data and every setting but λ₁, the seed and the variant. */
static char *
smoothness_key (const LescMethod *m, const LescDataset *ds, const LescRunParams *p)
{
  GString *s = g_string_new (NULL);
  g_string_printf (s, "M|%s|%s", ds->checksum, m->name);
  for (guint i = 0; i < m->n_params; i++)
    if (strcmp (m->params[i].name, "lambda1") != 0)
      g_string_append_printf (s, "|%s=%.17g", m->params[i].name, p->values[i]);
  g_string_append_printf (s, "|%d%d%d%d%d%d", p->c_paper_orientation, p->tensor_fft_views,
                          p->odd_n_single_shrink, (int) p->flavour, (int) p->scale, (int) p->knn);
  return g_string_free (s, FALSE);
}

/* The entries a run holds: M and, for the LE step, Φ̂, Φ̂ᵀΦ̂ and Φ̂ᵀMΦ̂ (when the fit works
 * through Q). */
typedef struct {
  LescRunCache *c;
  Inputs in;
  Entry *smooth, *kernel, *gram, *form;
  double seconds_kernel, seconds_parts;
  gint64 t0;              /* the LE step's start */
  LescProgress le;        /* the LE step's part of the run's progress */
} Held;

static gboolean
hold (Held *h, const LescMethod *m, const LescDataset *ds, const LescProblem *problem,
      const LescRunParams *p, LescRunCache *c, LescProgress *progress, LescRunResult *result,
      GError **error)
{
  *h = (Held) { c, { m, problem, p, result, NULL, NULL, NULL } };
  gboolean hit;
  g_autofree char *key = smoothness_key (m, ds, p);
  g_autofree char *kernel_key = g_strdup_printf ("kernel|%s", ds->checksum);
  g_autofree char *gram_key = g_strdup_printf ("gram|%s", ds->checksum);
  g_autofree char *form_key = g_strdup_printf ("form|%s", key);

  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.4);
  h->smooth = acquire (c, key, compute_smoothness, &h->in, (GDestroyNotify) lesc_smoothness_free,
                       progress ? &sub : NULL, &hit, error);
  if (h->smooth == NULL)
    return FALSE;
  if (hit)
    {
      lesc_run_result_add_stage (result, m->cached_stage, 0.0);
      result->correlation_iterations = h->smooth->iterations;
    }
  h->in.smooth = h->smooth->value;

  /* the LE step: its λ-free parts from the cache */
  h->t0 = g_get_monotonic_time ();
  h->le = lesc_progress_sub (progress, 0.4, 1.0);
  LescProgress *le = progress ? &h->le : NULL;
  gsize n = problem->x->rows, cl = problem->l->cols;
  lesc_progress_report (le, 0.0, "LE step: kernel");
  h->kernel = acquire (c, kernel_key, compute_kernel, &h->in, (GDestroyNotify) lesc_le_kernel_free,
                       le, &hit, error);
  if (h->kernel == NULL)
    return FALSE;
  h->in.kernel = h->kernel->value;
  h->seconds_kernel = lesc_seconds_since (h->t0);
  if (lesc_le_uses_quadratic_form (n, cl, h->in.smooth, p->variant))
    {
      lesc_progress_report (le, 0.0, "LE step: kernel and quadratic form");
      h->gram = acquire (c, gram_key, compute_gram, &h->in, (GDestroyNotify) lesc_matrix_free, le,
                         &hit, error);
      if (h->gram == NULL)
        return FALSE;
      h->in.gram = h->gram->value;
      h->form = acquire (c, form_key, compute_form, &h->in, (GDestroyNotify) lesc_matrix_free, le,
                         &hit, error);
      if (h->form == NULL)
        return FALSE;
    }
  h->seconds_parts = lesc_seconds_since (h->t0);
  return TRUE;
}

static LescLeParts
held_parts (const Held *h)
{
  return (LescLeParts) { h->in.kernel, h->in.gram, h->form ? h->form->value : NULL };
}

static void
unhold (Held *h)
{
  release (h->c, h->form);
  release (h->c, h->gram);
  release (h->c, h->kernel);
  release (h->c, h->smooth);
}

LescMatrix *
lesc_method_cached_recover (const LescMethod *m, const LescDataset *ds, const LescProblem *problem,
                            const LescRunParams *p, LescRunCache *c, LescProgress *progress,
                            LescRunResult *result, GError **error)
{
  Held h;
  LescMatrix *d = NULL;
  if (hold (&h, m, ds, problem, p, c, progress, result, error))
    {
      LescLeParts parts = held_parts (&h);
      d = lesc_method_le_stage (problem, p, h.in.smooth, lesc_run_params_get (p, m, "lambda1", NAN),
                                &parts, FALSE, progress ? &h.le : NULL, result, error);
    }
  if (d != NULL)
    {
      /* the parts made for this run count as LE work */
      result->le.seconds_kernel += h.seconds_kernel;
      result->le.seconds_form += h.seconds_parts - h.seconds_kernel;
      result->stage_seconds[result->n_stages - 1] = lesc_seconds_since (h.t0);
    }
  unhold (&h);
  return d;
}

/* ---- holding M to show it (runcache.h) ------------------------------------------------ */

struct _LescRunCacheHold {
  LescRunCache *cache;
  Entry *entry;
};

LescRunCacheHold *
lesc_run_cache_hold_smoothness (LescRunCache *c, const LescMethod *m, const LescDataset *ds,
                                const LescProblem *problem, const LescRunParams *p,
                                LescProgress *progress, gboolean *computed, GError **error)
{
  g_return_val_if_fail (m->smoothness != NULL, NULL);
  LescRunResult result;
  memset (&result, 0, sizeof result);
  Inputs in = { m, problem, p, &result, NULL, NULL, NULL };
  g_autofree char *key = smoothness_key (m, ds, p);
  gboolean hit = FALSE;
  Entry *e = acquire (c, key, compute_smoothness, &in, (GDestroyNotify) lesc_smoothness_free,
                      progress, &hit, error);
  lesc_run_result_clear (&result);
  if (e == NULL)
    return NULL;
  if (computed != NULL)
    *computed = !hit;
  LescRunCacheHold *h = g_new0 (LescRunCacheHold, 1);
  h->cache = c;
  h->entry = e;
  return h;
}

const LescSmoothness *
lesc_run_cache_hold_get (const LescRunCacheHold *h)
{
  return h->entry->value;
}

void
lesc_run_cache_hold_release (LescRunCacheHold *h)
{
  if (h == NULL)
    return;
  release (h->cache, h->entry);
  g_free (h);
}

typedef struct {
  LescStripDone done;
  gpointer data;
} StripDone;

/* A batch value's Φ̂W: its distributions as lesc_method_le_stage makes them. */
static void
strip_value_done (guint index, LescMatrix *numerical, const LescLeReport *report, gpointer data)
{
  StripDone *sd = data;
  lesc_matrix_row_softmax (numerical);
  sd->done (index, numerical, sd->data);
}

gboolean
lesc_method_cached_strip (const LescMethod *m, const LescDataset *ds, const LescProblem *problem,
                          const LescRunParams *p, const double *lambda1, guint b,
                          LescRunCache *c, LescProgress *progress, LescStripDone done,
                          gpointer data, GError **error)
{
  Held h;
  LescRunResult result = { 0 };
  gboolean ok = hold (&h, m, ds, problem, p, c, progress, &result, error);
  gsize n = problem->x->rows;
  LescProgress *le = progress ? &h.le : NULL;
  if (ok && p->scale != LESC_SCALE_LARGE
      && lesc_le_batch_applies (n, problem->l->cols, h.in.smooth, p->variant))
    {
      LescLeParts parts = held_parts (&h);
      StripDone sd = { done, data };
      int threads = lesc_blas_serial_begin_for (n);
      ok = lesc_le_fit_batch (problem->x, problem->l, h.in.smooth, lambda1, b, p->seed, &parts, le,
                              strip_value_done, &sd, error);
      lesc_blas_serial_end (threads);
    }
  else
    /* one fit after another, each as lesc_method_cached_recover makes it */
    for (guint v = 0; ok && v < b; v++)
      {
        LescRunParams pv = *p;
        lesc_run_params_set (&pv, m, "lambda1", lambda1[v]);
        LescLeParts parts = held_parts (&h);
        LescProgress sub = lesc_progress_sub (le, (double) v / b, (double) (v + 1) / b);
        LescMatrix *d = lesc_method_le_stage (problem, &pv, h.in.smooth, lambda1[v], &parts, FALSE,
                                              le ? &sub : NULL, &result, error);
        ok = d != NULL;
        if (ok)
          done (v, d, data);
      }
  unhold (&h);
  lesc_run_result_clear (&result);
  return ok;
}
