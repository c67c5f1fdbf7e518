/* Experiments: shards, fold assignment, canonical texts, selection, and (on SJAFFE) the
 * recovery table's reuse of stored runs, shards merged back, the grid's shared
 * correlation step against the registry's own run, and cross-validation. */
#include "core/data/csv.h"
#include "core/base/error.h"
#include "core/experiments/experiment.h"
#include "core/eval/stats.h"
#include "core/data/matfile.h"
#include "testutil.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *tmpdir;

static char *
tmp_store (const char *name)
{
  char *p = g_build_filename (tmpdir, name, NULL);
  g_unlink (p);
  return p;
}

/* ---- shards ------------------------------------------------------------------------- */

static void
test_shard_parse (void)
{
  LescShard s;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_shard_parse ("3/8", &s, &error));
  g_assert_cmpuint (s.index, ==, 2);
  g_assert_cmpuint (s.count, ==, 8);
  g_assert_true (lesc_shard_parse ("1/1", &s, &error));
  g_assert_no_error (error);
  const char *bad[] = { "0/3", "4/3", "x", "1/0", "2", "1/2x", "/2", "-1/2", "" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (lesc_shard_parse (bad[i], &s, &error));
      g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
      g_clear_error (&error);
    }
}

static void
test_shard_partition (void)
{
  /* N shards cover every unit exactly once, in balanced shares */
  for (guint n = 1; n <= 9; n++)
    {
      guint owners[101] = { 0 };
      for (guint i = 0; i < n; i++)
        {
          LescShard s = { i, n };
          guint share = 0;
          for (guint u = 0; u < 101; u++)
            if (lesc_shard_owns (&s, u))
              {
                owners[u]++;
                share++;
              }
          g_assert_cmpuint (share, >=, 101 / n);
          g_assert_cmpuint (share, <=, 101 / n + 1);
        }
      for (guint u = 0; u < 101; u++)
        g_assert_cmpuint (owners[u], ==, 1);
    }
  LescShard all = { 0, 0 };
  g_assert_true (lesc_shard_owns (&all, 12345));
  g_assert_true (lesc_shard_owns (NULL, 7));
}

/* ---- folds -------------------------------------------------------------------------- */

static void
test_fold_assign (void)
{
  /* by hand from MATLAB's rand(5489) stream 0.8147, 0.9058, 0.1270, 0.9134, 0.6324,
   * 0.0975: swaps (6,5), (5,5), (4,0), (3,3), (2,1), (1,0) → perm 2 4 1 3 0 6 5 */
  g_autofree guint *f = lesc_fold_assign (7, 3, 5489);
  const guint expect[] = { 1, 2, 0, 0, 1, 0, 2 };
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (f[i], ==, expect[i]);
  /* numpy RandomState(1), same rule */
  g_autofree guint *g = lesc_fold_assign (10, 10, 1);
  const guint expect1[] = { 7, 2, 6, 1, 9, 4, 8, 5, 0, 3 };
  for (guint i = 0; i < 10; i++)
    g_assert_cmpuint (g[i], ==, expect1[i]);

  /* sizes differ by at most one; seeded and stable */
  const gsize sizes[] = { 10, 11, 213, 2465, 2601 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      gsize n = sizes[s];
      g_autofree guint *a = lesc_fold_assign (n, 10, 5489);
      g_autofree guint *b = lesc_fold_assign (n, 10, 5489);
      g_autofree guint *c = lesc_fold_assign (n, 10, 5490);
      guint count[10] = { 0 };
      gsize differ = 0;
      for (gsize i = 0; i < n; i++)
        {
          g_assert_cmpuint (a[i], <, 10);
          g_assert_cmpuint (a[i], ==, b[i]);
          count[a[i]]++;
          differ += a[i] != c[i];
        }
      for (guint k = 0; k < 10; k++)
        {
          g_assert_cmpuint (count[k], >=, n / 10);
          g_assert_cmpuint (count[k], <=, (n + 9) / 10);
        }
      g_assert_cmpuint (differ, >, 0);
    }
  /* SJAFFE: 213 = 3·22 + 7·21, the first three folds get the extra sample */
  g_autofree guint *sj = lesc_fold_assign (213, 10, 5489);
  guint count[10] = { 0 };
  for (gsize i = 0; i < 213; i++)
    count[sj[i]]++;
  for (guint k = 0; k < 10; k++)
    g_assert_cmpuint (count[k], ==, k < 3 ? 22 : 21);
}

/* ---- texts and selection ------------------------------------------------------------ */

static void
set_run (LescRunRecord *r, const double m[6])
{
  memset (r, 0, sizeof *r);
  r->id = 1;
  memcpy (r->measures, m, sizeof r->measures);
}

static void
test_select_best (void)
{
  /* measures: cheb, clark, canber, kl (lower better), cosine, intersec (higher better) */
  LescRunRecord r[4];
  const double a[6] = { 0.10, 0.50, 1.0, 0.05, 0.90, 0.80 };
  const double b[6] = { 0.09, 0.40, 0.9, 0.04, 0.91, 0.81 }; /* best everywhere */
  const double c[6] = { 0.08, 0.60, 1.1, 0.06, 0.89, 0.79 }; /* best Chebyshev only */
  const double d[6] = { 0.09, 0.40, 0.9, 0.04, 0.91, NAN };  /* incomplete: never chosen */
  set_run (&r[0], a);
  set_run (&r[1], b);
  set_run (&r[2], c);
  set_run (&r[3], d);
  const LescRunRecord *p[] = { &r[0], &r[1], &r[2], &r[3] };
  g_assert_cmpuint (lesc_select_best (p, 4, -1), ==, 1);
  g_assert_cmpuint (lesc_select_best (p, 4, LESC_MEASURE_CHEB), ==, 2);
  g_assert_cmpuint (lesc_select_best (p, 4, LESC_MEASURE_COSINE), ==, 1);
  /* mean ranks a: (3+2+2+2+2+2)/6, c: (1+3+3+3+3+3)/6 — a before c */
  const LescRunRecord *q[] = { &r[2], &r[0] };
  g_assert_cmpuint (lesc_select_best (q, 2, -1), ==, 1);
  /* ties: the first */
  const LescRunRecord *t[] = { &r[1], &r[1] };
  g_assert_cmpuint (lesc_select_best (t, 2, -1), ==, 0);
  /* a missing run (id 0) is not chosen */
  LescRunRecord missing = r[1];
  missing.id = 0;
  const LescRunRecord *u[] = { &missing, &r[0] };
  g_assert_cmpuint (lesc_select_best (u, 2, -1), ==, 1);
}

static void
test_canonical_texts (void)
{
  const LescMethod *lesc = lesc_method_find ("lesc");
  const LescMethod *km = lesc_method_find ("km");
  g_assert_nonnull (lesc);
  g_assert_nonnull (km);
  LescRunParams p;
  lesc_run_params_init (&p, lesc);
  g_autofree char *params = lesc_run_params_text (lesc, &p);
  g_assert_cmpstr (params, ==, "lambda1=10 lambda2=0.1");
  g_autofree char *variant = lesc_run_variant_text (lesc, &p);
  g_assert_cmpstr (variant, ==, "reference");
  p.variant = LESC_VARIANT_CONVERGED;
  p.c_paper_orientation = TRUE;
  p.flavour = LESC_FLAVOUR_PYLDL; /* not a LESC option: ignored */
  g_autofree char *v2 = lesc_run_variant_text (lesc, &p);
  g_assert_cmpstr (v2, ==, "converged c-orientation=paper");
  LescRunParams k;
  lesc_run_params_init (&k, km);
  /* the default flavour, published, is written out; paper writes nothing (the stores made
   * before published existed hold paper runs under "") */
  g_autofree char *v0 = lesc_run_variant_text (km, &k);
  g_assert_cmpstr (v0, ==, "flavour=published");
  k.flavour = LESC_FLAVOUR_PAPER;
  g_autofree char *v1 = lesc_run_variant_text (km, &k);
  g_assert_cmpstr (v1, ==, "");
  k.flavour = LESC_FLAVOUR_PYLDL;
  k.variant = LESC_VARIANT_CONVERGED; /* KM has no LE step */
  g_autofree char *v3 = lesc_run_variant_text (km, &k);
  g_assert_cmpstr (v3, ==, "flavour=pyldl");
  /* FCM and ML have no published definition of their own: published runs as paper */
  const LescMethod *fcm = lesc_method_find ("fcm");
  LescRunParams f;
  lesc_run_params_init (&f, fcm);
  g_autofree char *v4 = lesc_run_variant_text (fcm, &f);
  g_assert_cmpstr (v4, ==, "");
}

/* ---- experiments on SJAFFE ------------------------------------------------------------ */

static LescMethodSetup
setup (const char *name)
{
  LescMethodSetup s = { lesc_method_find (name) };
  g_assert_nonnull (s.method);
  lesc_run_params_init (&s.params, s.method);
  return s;
}

static const char *
sjaffe_dir (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  return path != NULL ? g_getenv ("LESC_TEST_DATASETS") : NULL;
}

/* "mini": SJAFFE's first 60 samples as two CSV files (quick for LRR and the tensor
 * step); returns the data-set spec, or NULL (skipped) without the benchmark files. */
static char *
mini_spec (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return NULL;
  char *spec = g_strdup_printf ("%s/mini.csv,%s/mini-y.csv", tmpdir, tmpdir);
  g_autofree char *f = g_build_filename (tmpdir, "mini.csv", NULL);
  if (g_file_test (f, G_FILE_TEST_EXISTS))
    return spec;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) sj = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  gsize rows[60];
  for (gsize i = 0; i < 60; i++)
    rows[i] = i;
  g_autoptr (LescDataset) mini = lesc_dataset_new ("mini", lesc_matrix_select_rows (sj->features, rows, 60),
                                                   lesc_matrix_select_rows (sj->truth, rows, 60), NULL);
  g_autofree char *y = g_build_filename (tmpdir, "mini-y.csv", NULL);
  g_assert_true (lesc_dataset_save_csv (mini, f, y, &error));
  g_assert_no_error (error);
  return spec;
}

static void
test_table_reuse (void)
{
  const char *dir = sjaffe_dir ();
  if (dir == NULL)
    return;
  g_autofree char *path = tmp_store ("reuse.sqlite");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) store = lesc_store_open (path, &error);
  g_assert_no_error (error);
  LescMethodSetup m[] = { setup ("km"), setup ("lp"), setup ("glle") };
  const char *data[] = { "sjaffe" };
  LescExperimentOptions o = { .store = store, .data_dir = dir };
  LescExperimentCounts c = { 0 };

  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescRecoveryTable) t1 = lesc_recovery_table (data, 1, m, 3, NULL, &o, &c, &error);
  gint64 t1_us = g_get_monotonic_time () - t0;
  g_assert_no_error (error);
  g_assert_cmpuint (c.units, ==, 3);
  g_assert_cmpuint (c.runs_computed, ==, 3);
  g_assert_cmpuint (c.runs_reused, ==, 0);
  g_assert_cmpuint (c.runs_missing, ==, 0);
  g_assert_cmpuint (c.failures->len, ==, 0);
  lesc_experiment_counts_clear (&c);
  g_assert_cmpstr (t1->datasets[0], ==, "sjaffe");
  for (guint j = 0; j < 3; j++)
    {
      const LescRunRecord *r = &t1->cells[j];
      g_assert_cmpint (r->id, >, 0);
      g_assert_cmpuint (r->n_rows, ==, 213);
      g_assert_cmpfloat (r->measures[LESC_MEASURE_COSINE], >, 0.5);
      g_assert_cmpfloat (r->measures[LESC_MEASURE_COSINE], <=, 1.0);
    }

  /* the same work again: nothing computed, the same rows, no duplicates */
  t0 = g_get_monotonic_time ();
  g_autoptr (LescRecoveryTable) t2 = lesc_recovery_table (data, 1, m, 3, NULL, &o, &c, &error);
  gint64 t2_us = g_get_monotonic_time () - t0;
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 0);
  g_assert_cmpuint (c.runs_reused, ==, 3);
  lesc_experiment_counts_clear (&c);
  g_test_message ("first table %.3f s, second %.3f s", t1_us / 1e6, t2_us / 1e6);
  for (guint j = 0; j < 3; j++)
    {
      g_assert_cmpint (t2->cells[j].id, ==, t1->cells[j].id);
      for (int k = 0; k < LESC_N_MEASURES; k++)
        g_assert_cmpfloat (t2->cells[j].measures[k], ==, t1->cells[j].measures[k]);
    }
  g_assert_cmpint (lesc_store_count (store, NULL), ==, 3);

  /* another seed is another run for the seeded method only (GLLE); KM and LP draw
   * nothing, so their runs are reused */
  for (guint j = 0; j < 3; j++)
    m[j].params.seed = 7;
  g_autoptr (LescRecoveryTable) t3 = lesc_recovery_table (data, 1, m, 3, NULL, &o, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 1);
  g_assert_cmpuint (c.runs_reused, ==, 2);
  lesc_experiment_counts_clear (&c);

  /* recompute replaces in place */
  o.recompute = TRUE;
  g_autoptr (LescRecoveryTable) t4 = lesc_recovery_table (data, 1, m, 1, NULL, &o, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 1);
  lesc_experiment_counts_clear (&c);
  g_assert_cmpint (lesc_store_count (store, NULL), ==, 4);
  g_assert_cmpfloat (t4->cells[0].measures[LESC_MEASURE_CHEB], ==, t1->cells[0].measures[LESC_MEASURE_CHEB]);

  /* store-only: runs not stored stay missing, nothing is computed */
  g_autofree char *empty_path = tmp_store ("empty.sqlite");
  g_autoptr (LescStore) empty = lesc_store_open (empty_path, &error);
  LescExperimentOptions so = { .store = empty, .data_dir = dir, .store_only = TRUE };
  g_autoptr (LescRecoveryTable) t5 = lesc_recovery_table (data, 1, m, 3, NULL, &so, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 0);
  g_assert_cmpuint (c.runs_missing, ==, 3);
  lesc_experiment_counts_clear (&c);
  g_assert_cmpint (lesc_store_count (empty, NULL), ==, 0);
  g_assert_cmpint (t5->cells[1].id, ==, 0);
  g_assert_true (isnan (t5->cells[1].measures[LESC_MEASURE_CHEB]));
}

/* Shards into separate stores, merged: every run exactly once; the merged store then
 * serves the whole table without computing. */
static void
test_shards_merge (void)
{
  const char *dir = sjaffe_dir ();
  if (dir == NULL)
    return;
  LescMethodSetup m[] = { setup ("glle"), setup ("km") };
  m[0].params.variant = LESC_VARIANT_CONVERGED; /* quick */
  const char *data[] = { "sjaffe" };
  LescTuning tune = { TRUE, -1 };
  g_autoptr (GError) error = NULL;
  guint total = 0, units = 0;
  g_autofree char *merged_path = tmp_store ("merged.sqlite");
  g_autoptr (LescStore) merged = lesc_store_open (merged_path, &error);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("shard%u.sqlite", i);
      g_autofree char *path = tmp_store (name);
      g_autoptr (LescStore) store = lesc_store_open (path, &error);
      g_assert_no_error (error);
      LescExperimentOptions o = { .store = store, .data_dir = dir, .shard = { i, 3 } };
      LescExperimentCounts c = { 0 };
      g_autoptr (LescRecoveryTable) t = lesc_recovery_table (data, 1, m, 2, &tune, &o, &c, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (c.units, ==, 6); /* GLLE: 5 values of λ; KM: 1 */
      g_assert_cmpuint (c.units_in_shard, ==, 2);
      g_assert_cmpuint (c.runs_computed, ==, 2);
      units += c.units_in_shard;
      total += c.runs_computed;
      lesc_experiment_counts_clear (&c);
      guint added = 0;
      g_assert_true (lesc_store_merge (merged, path, &added, NULL, NULL, &error));
      g_assert_cmpuint (added, ==, 2);
    }
  g_assert_cmpuint (units, ==, 6);
  g_assert_cmpuint (total, ==, 6);
  g_assert_cmpint (lesc_store_count (merged, NULL), ==, 6);

  LescExperimentOptions o = { .store = merged, .data_dir = dir };
  LescExperimentCounts c = { 0 };
  g_autoptr (LescRecoveryTable) t = lesc_recovery_table (data, 1, m, 2, &tune, &o, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 0);
  g_assert_cmpuint (c.runs_reused, ==, 6);
  lesc_experiment_counts_clear (&c);
  /* the selected GLLE λ is one of the grid and the best by mean rank among them */
  const LescRunRecord *glle = &t->cells[0];
  g_assert_cmpint (glle->id, >, 0);
  gboolean in_grid = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (lesc_tune_lambda_glle); i++)
    in_grid = in_grid || glle->lambda1 == lesc_tune_lambda_glle[i];
  g_assert_true (in_grid);
  LescRunFilter f = { .method = "glle", .kl = -1 };
  g_autoptr (GPtrArray) runs = lesc_store_query (merged, &f, &error);
  g_assert_cmpuint (runs->len, ==, 5);
  guint best = lesc_select_best ((const LescRunRecord *const *) runs->pdata, runs->len, -1);
  g_assert_cmpstr (((LescRunRecord *) runs->pdata[best])->params, ==, glle->params);
}

/* The grid's shared correlation step (through the run cache) gives the registry's own
 * LESC and gLESC runs. */
static void
test_grid_matches_method (void)
{
  g_autofree char *spec = mini_spec ();
  if (spec == NULL)
    return;
  const char *names[] = { "lesc", "glesc" };
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *file = g_strdup_printf ("grid-%s.sqlite", names[k]);
      g_autofree char *path = tmp_store (file);
      g_autoptr (LescStore) store = lesc_store_open (path, &error);
      LescMethodSetup m = setup (names[k]);
      double l2_default = lesc_run_params_get (&m.params, m.method, "lambda2", NAN);
      const double l1[] = { 1, 10 }, l2[] = { l2_default, 1 };
      LescExperimentOptions o = { .store = store };
      LescExperimentCounts c = { 0 };
      g_autoptr (LescGrid) g = lesc_grid_run (spec, &m, l1, 2, l2, 2, &o, &c, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (g->dataset, ==, "mini");
      g_assert_cmpuint (c.units, ==, 2);       /* one per λ₂ */
      g_assert_cmpuint (c.runs_computed, ==, 4);
      lesc_experiment_counts_clear (&c);
      for (guint i = 0; i < 4; i++)
        {
          g_assert_cmpint (g->cells[i].id, >, 0);
          /* the first run of each λ₂ computes the correlation step, the cache serves the
           * other */
          const char *stage = i % 2 == 0 ? (k == 0 ? " lrr=" : " tensor=") : " correlation_cached=";
          g_assert_nonnull (strstr (g->cells[i].stages, stage));
          g_assert_true (g_str_has_prefix (g->cells[i].solver, "correlation_iterations="));
          g_assert_nonnull (strstr (g->cells[i].solver, " le_iterations="));
          g_assert_cmpfloat (g->cells[i].lambda1, ==, l1[i % 2]);
          g_assert_cmpfloat (g->cells[i].lambda2, ==, l2[i / 2]);
        }
      /* λ₁ = 10 with the default λ₂ is cell (0, 1) = the defaults: the table reuses it */
      const LescRunRecord *cell = &g->cells[0 * 2 + 1];
      const char *data[] = { spec };
      g_autoptr (LescRecoveryTable) t = lesc_recovery_table (data, 1, &m, 1, NULL, &o, &c, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (c.runs_computed, ==, 0);
      lesc_experiment_counts_clear (&c);
      g_assert_cmpint (t->cells[0].id, ==, cell->id);

      /* computed through the registry (another store), the numbers are the same */
      g_autofree char *file2 = g_strdup_printf ("direct-%s.sqlite", names[k]);
      g_autofree char *path2 = tmp_store (file2);
      g_autoptr (LescStore) direct = lesc_store_open (path2, &error);
      LescExperimentOptions o2 = { .store = direct };
      g_autoptr (LescRecoveryTable) t2 = lesc_recovery_table (data, 1, &m, 1, NULL, &o2, &c, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (c.runs_computed, ==, 1);
      lesc_experiment_counts_clear (&c);
      for (int j = 0; j < LESC_N_MEASURES; j++)
        g_assert_cmpfloat_with_epsilon (t2->cells[0].measures[j], cell->measures[j], 1e-12);
      g_assert_cmpstr (t2->cells[0].params, ==, cell->params);
      g_assert_cmpstr (t2->cells[0].variant, ==, cell->variant);
      g_assert_cmpstr (t2->cells[0].checksum, ==, cell->checksum);
      /* the same solver path: the same iterations and optimizer exit */
      g_assert_cmpstr (t2->cells[0].solver, ==, cell->solver);
    }
}

static void
test_cross_validation (void)
{
  g_autofree char *spec = mini_spec ();
  if (spec == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = tmp_store ("cv.sqlite");
  g_autoptr (LescStore) store = lesc_store_open (path, &error);
  LescMethodSetup m[] = { setup ("glle"), setup ("lesc"), setup ("glesc") };
  const char *data[] = { spec };
  LescExperimentOptions o = { .store = store };
  LescExperimentCounts c = { 0 };
  g_autoptr (LescCvResult) r = lesc_cross_validate (data, 1, m, 3, 4, 11, &o, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.units, ==, 12);
  g_assert_cmpuint (c.runs_computed, ==, 12);
  g_assert_cmpuint (c.failures->len, ==, 0);
  lesc_experiment_counts_clear (&c);
  for (guint j = 0; j < 3; j++)
    for (guint f = 0; f < 4; f++)
      {
        const LescRunRecord *cell = &r->cells[j * 4 + f];
        g_assert_cmpint (cell->id, >, 0);
        g_assert_cmpint (cell->fold, ==, (int) f);
        g_assert_cmpint (cell->folds, ==, 4);
        g_assert_cmpuint (cell->fold_seed, ==, 11);
        g_assert_nonnull (strstr (cell->stages, "predict="));
        g_assert_cmpuint (cell->n_rows, ==, 15); /* 60 = 4 × 15 test rows */
        for (int k = 0; k < LESC_N_MEASURES; k++)
          g_assert_true (isfinite (cell->measures[k]));
      }
  double mean, std;
  lesc_cv_summary (r, 0, 2, LESC_MEASURE_COSINE, &mean, &std);
  g_assert_cmpfloat (mean, >, 0.5);
  g_assert_cmpfloat (mean, <, 1.0);
  g_assert_cmpfloat (std, >, 0);
  double v[4], s = 0, ss = 0;
  lesc_cv_fold_values (r, 0, 2, LESC_MEASURE_COSINE, v);
  for (int f = 0; f < 4; f++)
    s += v[f];
  for (int f = 0; f < 4; f++)
    ss += (v[f] - s / 4) * (v[f] - s / 4);
  g_assert_cmpfloat_with_epsilon (mean, s / 4, 1e-15);
  g_assert_cmpfloat_with_epsilon (std, sqrt (ss / 3), 1e-15);

  /* again: all reused; another fold seed is other runs; a baseline is refused */
  g_autoptr (LescCvResult) r2 = lesc_cross_validate (data, 1, m, 3, 4, 11, &o, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 0);
  g_assert_cmpuint (c.runs_reused, ==, 12);
  lesc_experiment_counts_clear (&c);
  g_autoptr (LescCvResult) r3 = lesc_cross_validate (data, 1, m, 1, 4, 12, &o, &c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (c.runs_computed, ==, 4);
  lesc_experiment_counts_clear (&c);
  g_assert_cmpint (lesc_store_count (store, NULL), ==, 16);
  LescMethodSetup km = setup ("km");
  g_assert_null (lesc_cross_validate (data, 1, &km, 1, 4, 11, &o, &c, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-experiment-XXXXXX", NULL);
  g_test_add_func ("/experiment/shard-parse", test_shard_parse);
  g_test_add_func ("/experiment/shard-partition", test_shard_partition);
  g_test_add_func ("/experiment/fold-assign", test_fold_assign);
  g_test_add_func ("/experiment/select-best", test_select_best);
  g_test_add_func ("/experiment/canonical-texts", test_canonical_texts);
  g_test_add_func ("/experiment/table-reuse", test_table_reuse);
  g_test_add_func ("/experiment/shards-merge", test_shards_merge);
  g_test_add_func ("/experiment/grid-matches-method", test_grid_matches_method);
  g_test_add_func ("/experiment/cross-validation", test_cross_validation);
  int status = g_test_run ();
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", tmpdir);
  return status;
}
