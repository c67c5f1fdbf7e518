/* The run cache (runcache.h): a run that takes the smoothness step, the kernel and the
 * quadratic forms from the cache equals the run that computes them, bit for bit; the key
 * holds every setting but λ₁; a tiny memory bound evicts and changes no answer; a run
 * cancelled mid-way leaves no half-made entry; concurrent runs compute an entry once; a
 * progressive run's last frame is the batch result bit for bit. */
#include "core/methods/runcache.h"
#include "core/data/dataset.h"
#include "core/data/artificial.h"
#include "core/methods/run.h"

#include <string.h>

static LescDataset *
small_artificial (void)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  gsize rows[150];
  for (gsize i = 0; i < 150; i++)
    rows[i] = 17 * i;
  return lesc_dataset_new ("small", lesc_matrix_select_rows (art->features, rows, 150),
                           lesc_matrix_select_rows (art->truth, rows, 150), NULL);
}

static gboolean
has_stage (const LescRunResult *r, const char *name)
{
  for (guint s = 0; s < r->n_stages; s++)
    if (strcmp (r->stage_names[s], name) == 0)
      return TRUE;
  return FALSE;
}

/* λ₂ for LESC/gLESC, K for GLLE: a setting the smoothness step depends on */
static const char *
second_param (const LescMethod *m)
{
  return lesc_method_param_index (m, "lambda2") >= 0 ? "lambda2" : "k";
}

static LescMatrix *
run_full (const LescMethod *m, const LescDataset *ds, double lambda1, double second,
          LescVariant variant, LescRunCache *cache, gboolean *cached, LescRunResult *out)
{
  LescRunParams p;
  lesc_run_params_init (&p, m);
  p.variant = variant;
  lesc_run_params_set (&p, m, "lambda1", lambda1);
  lesc_run_params_set (&p, m, second_param (m), second);
  LescRunResult r = { 0 };
  g_autoptr (GError) error = NULL;
  LescMatrix *d = lesc_method_run_cached (m, ds, &p, cache, NULL, &r, &error);
  g_assert_no_error (error);
  if (cached)
    *cached = has_stage (&r, m->cached_stage);
  if (out != NULL)
    *out = r;
  else
    lesc_run_result_clear (&r);
  return d;
}

static LescMatrix *
run (const LescMethod *m, const LescDataset *ds, double lambda1, double second,
     LescRunCache *cache, gboolean *cached)
{
  return run_full (m, ds, lambda1, second, LESC_VARIANT_REFERENCE, cache, cached, NULL);
}

static void
assert_same (const LescMatrix *a, const LescMatrix *b)
{
  g_assert_cmpuint (a->rows, ==, b->rows);
  g_assert_cmpuint (a->cols, ==, b->cols);
  g_assert_cmpmem (a->data, a->rows * a->cols * sizeof (double), b->data,
                   b->rows * b->cols * sizeof (double));
}

static void
test_cached_equals_uncached (gconstpointer name)
{
  const LescMethod *m = lesc_method_find (name);
  gboolean glle = strcmp (name, "glle") == 0;
  double s1 = glle ? 20 : 0.5, s2 = glle ? 12 : 5;
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  gboolean cached;
  g_autoptr (LescMatrix) a = run (m, ds, 10, s1, cache, &cached);
  g_assert_false (cached);
  LescRunCacheStats st;
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.entries, ==, 4);   /* M, Φ̂, Φ̂ᵀΦ̂, Φ̂ᵀMΦ̂ */
  g_assert_cmpuint (st.misses, ==, 4);
  g_autoptr (LescMatrix) a_plain = run (m, ds, 10, s1, NULL, NULL);
  assert_same (a, a_plain);

  LescRunResult r;
  g_autoptr (LescMatrix) b = run_full (m, ds, 1, s1, LESC_VARIANT_REFERENCE, cache, &cached, &r);
  g_assert_true (cached);                 /* λ₁ moved: everything reused */
  g_assert_cmpfloat (r.le.seconds_kernel, <, 1.0);
  lesc_run_result_clear (&r);
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.hits, ==, 4);
  g_assert_cmpuint (st.misses, ==, 4);
  g_autoptr (LescMatrix) b_plain = run (m, ds, 1, s1, NULL, NULL);
  assert_same (b, b_plain);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (a, b), >, 0.0);   /* λ₁ matters */

  g_autoptr (LescMatrix) c = run (m, ds, 1, s2, cache, &cached);   /* M's setting moved */
  g_assert_false (cached);
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.misses, ==, 6);    /* a new M and Φ̂ᵀMΦ̂; Φ̂ and Φ̂ᵀΦ̂ reused */
  g_autoptr (LescMatrix) c_plain = run (m, ds, 1, s2, NULL, NULL);
  assert_same (c, c_plain);

  /* the converged variant takes M and Φ̂ from the cache */
  g_autoptr (LescMatrix) e = run_full (m, ds, 3, s1, LESC_VARIANT_CONVERGED, cache, &cached, NULL);
  g_assert_true (cached);
  g_autoptr (LescMatrix) e_plain = run_full (m, ds, 3, s1, LESC_VARIANT_CONVERGED, NULL, NULL,
                                             NULL);
  assert_same (e, e_plain);
}

/* A bound below one entry: every entry is evicted when its run releases it; the answers
 * stay the same and nothing is held afterwards. */
static void
test_tiny_bound (void)
{
  const LescMethod *m = lesc_method_find ("glesc");
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (1.0);
  g_assert_cmpfloat (lesc_run_cache_get_limit (cache), ==, 1.0);
  gboolean cached;
  g_autoptr (LescMatrix) a = run (m, ds, 10, 0.5, cache, &cached);
  g_autoptr (LescMatrix) b = run (m, ds, 1, 0.5, cache, &cached);
  g_assert_false (cached);
  LescRunCacheStats st;
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.entries, ==, 0);
  g_assert_cmpfloat (st.bytes, ==, 0.0);
  g_assert_cmpuint (st.evictions, ==, 8);
  g_assert_cmpuint (st.hits, ==, 0);
  g_autoptr (LescMatrix) a_plain = run (m, ds, 10, 0.5, NULL, NULL);
  g_autoptr (LescMatrix) b_plain = run (m, ds, 1, 0.5, NULL, NULL);
  assert_same (a, a_plain);
  assert_same (b, b_plain);

  /* a bound for about two of the four entries keeps the most recently used ones */
  gsize n = ds->features->rows;
  double entry = 8.0 * (n + 1) * (n + 1);
  lesc_run_cache_set_limit (cache, 2.5 * entry);
  g_autoptr (LescMatrix) c = run (m, ds, 1, 0.5, cache, &cached);
  assert_same (c, b_plain);
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpfloat (st.bytes, <=, 2.5 * entry);
  g_assert_cmpuint (st.entries, ==, 2);
  /* raising the limit back keeps what is there; trimming to 0 empties it */
  lesc_run_cache_set_limit (cache, 0.0);
  g_assert_cmpfloat (lesc_run_cache_get_limit (cache), ==, lesc_run_cache_default_limit ());
  lesc_run_cache_trim (cache, 0.0);
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.entries, ==, 0);
  g_assert_cmpfloat (st.bytes, ==, 0.0);
}

/* Cancels the run when a stage starting with `prefix` begins. */
typedef struct {
  const char *prefix;
  GCancellable *cancellable;
  gboolean fired;
} CancelAt;

static void
cancel_at (double fraction, const char *stage, gpointer data)
{
  CancelAt *c = data;
  if (!c->fired && stage != NULL && g_str_has_prefix (stage, c->prefix))
    {
      c->fired = TRUE;
      g_cancellable_cancel (c->cancellable);
    }
}

static void
test_cancel_leaves_cache_consistent (gconstpointer prefix)
{
  const LescMethod *m = lesc_method_find ("glesc");
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  CancelAt at = { prefix, cancellable, FALSE };
  LescProgress progress;
  lesc_progress_init (&progress, cancel_at, &at, cancellable);
  g_autoptr (GError) error = NULL;
  LescRunResult r = { 0 };
  g_autoptr (LescMatrix) none = lesc_method_run_cached (m, ds, &p, cache, &progress, &r, &error);
  lesc_run_result_clear (&r);
  g_assert_true (at.fired);
  g_assert_null (none);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* only finished entries are kept: the correlation when cancelled in the LE step */
  LescRunCacheStats st;
  lesc_run_cache_get_stats (cache, &st);
  gboolean in_le = g_str_has_prefix (prefix, "LE step");
  g_assert_cmpuint (st.entries, ==, in_le ? 2 : 0);
  g_assert_cmpfloat (st.bytes, >, in_le ? 0.0 : -1.0);
  g_clear_error (&error);
  /* the next run completes what is missing and equals the uncached run */
  g_autoptr (LescMatrix) d = lesc_method_run_cached (m, ds, &p, cache, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) plain = lesc_method_run (m, ds, &p, NULL, NULL, &error);
  assert_same (d, plain);
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.entries, ==, 4);
  g_assert_cmpuint (st.hits, ==, in_le ? 2 : 0);
}

/* Two runs of the same setting at once: one computes each entry, the other waits for it. */
typedef struct {
  const LescMethod *m;
  const LescDataset *ds;
  LescRunCache *cache;
  double lambda1;
  LescMatrix *out;
} Concurrent;

static gpointer
concurrent_run (gpointer data)
{
  Concurrent *c = data;
  c->out = run (c->m, c->ds, c->lambda1, 0.5, c->cache, NULL);
  return NULL;
}

static void
test_concurrent_runs (void)
{
  const LescMethod *m = lesc_method_find ("glesc");
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  Concurrent a = { m, ds, cache, 10, NULL }, b = { m, ds, cache, 1, NULL };
  GThread *ta = g_thread_new ("a", concurrent_run, &a);
  GThread *tb = g_thread_new ("b", concurrent_run, &b);
  g_thread_join (ta);
  g_thread_join (tb);
  LescRunCacheStats st;
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.misses, ==, 4);
  g_assert_cmpuint (st.hits, ==, 4);
  g_autoptr (LescMatrix) a_plain = run (m, ds, 10, 0.5, NULL, NULL);
  g_autoptr (LescMatrix) b_plain = run (m, ds, 1, 0.5, NULL, NULL);
  assert_same (a.out, a_plain);
  assert_same (b.out, b_plain);
  lesc_matrix_free (a.out);
  lesc_matrix_free (b.out);
}

static void
test_baselines_ignore_cache (void)
{
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("lp");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) a = lesc_method_run_cached (m, ds, &p, cache, NULL, NULL, &error);
  g_assert_no_error (error);
  LescRunCacheStats st;
  lesc_run_cache_get_stats (cache, &st);
  g_assert_cmpuint (st.entries + st.misses, ==, 0);
  g_autoptr (LescMatrix) b = lesc_method_run (m, ds, &p, NULL, NULL, &error);
  assert_same (a, b);
}

/* A progressive run through the registry, as the explorer's run job makes it (warm cache,
 * frames received): provisional frames with rising iterations below or at the 300 cap,
 * then one final frame that is the run's result and the plain batch run's, bit for bit. */
typedef struct {
  GPtrArray *values;   /* LescMatrix*, one per frame */
  GArray *iterations;  /* guint */
  guint n_final;
  gboolean final_last;
} Frames;

static void
collect_frame (const LescProgressFrame *frame, gpointer data)
{
  Frames *f = data;
  g_ptr_array_add (f->values, lesc_matrix_new_from (frame->rows, frame->cols, frame->values));
  g_array_append_val (f->iterations, frame->iteration);
  g_assert_cmpuint (frame->max_iterations, ==, 300);
  f->n_final += frame->final;
  f->final_last = frame->final;
}

static void
test_frames_end_in_batch_result (gconstpointer name)
{
  const LescMethod *m = lesc_method_find (name);
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  g_autoptr (LescMatrix) warm = run (m, ds, 10, 1, cache, NULL);   /* the cache filled */
  LescRunParams p;
  lesc_run_params_init (&p, m);
  lesc_run_params_set (&p, m, "lambda1", 0.1);   /* a λ₁ change, as a drag makes it */
  lesc_run_params_set (&p, m, second_param (m), 1);
  Frames f = { g_ptr_array_new_with_free_func ((GDestroyNotify) lesc_matrix_free),
               g_array_new (FALSE, FALSE, sizeof (guint)), 0, FALSE };
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, NULL);
  lesc_progress_set_frames (&progress, collect_frame, &f);
  LescRunResult r = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = lesc_method_run_cached (m, ds, &p, cache, &progress, &r, &error);
  g_assert_no_error (error);
  g_assert_true (has_stage (&r, m->cached_stage));
  lesc_run_result_clear (&r);

  g_assert_cmpuint (f.values->len, >=, 2);   /* the first iterate is always shown */
  g_assert_cmpuint (f.n_final, ==, 1);
  g_assert_true (f.final_last);
  for (guint i = 1; i + 1 < f.iterations->len; i++)
    g_assert_cmpuint (g_array_index (f.iterations, guint, i), >, g_array_index (f.iterations, guint, i - 1));
  /* the last frame is the result; the result is the batch run's without cache or frames */
  assert_same (f.values->pdata[f.values->len - 1], d);
  g_autoptr (LescMatrix) batch = lesc_method_run (m, ds, &p, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same (d, batch);
  /* the provisional frames are distributions of their own, not the result */
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (f.values->pdata[0], d), >, 0.0);
  g_ptr_array_unref (f.values);
  g_array_unref (f.iterations);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/runcache/glle", "glle", test_cached_equals_uncached);
  g_test_add_data_func ("/runcache/lesc", "lesc", test_cached_equals_uncached);
  g_test_add_data_func ("/runcache/glesc", "glesc", test_cached_equals_uncached);
  g_test_add_func ("/runcache/tiny-bound", test_tiny_bound);
  g_test_add_data_func ("/runcache/cancel/tensor", "tensor step", test_cancel_leaves_cache_consistent);
  g_test_add_data_func ("/runcache/cancel/quadratic-form", "LE step: kernel and quadratic form",
                        test_cancel_leaves_cache_consistent);
  g_test_add_func ("/runcache/concurrent", test_concurrent_runs);
  g_test_add_func ("/runcache/baselines", test_baselines_ignore_cache);
  g_test_add_data_func ("/runcache/frames/glle", "glle", test_frames_end_in_batch_result);
  g_test_add_data_func ("/runcache/frames/lesc", "lesc", test_frames_end_in_batch_result);
  g_test_add_data_func ("/runcache/frames/glesc", "glesc", test_frames_end_in_batch_result);
  return g_test_run ();
}
