/* liblesc through its public headers only (<lesc/lesc.h>), as a program outside the
 * project sees it: data, registry, parameters, recovery, models, measures, refusals, cancel. */
#include <lesc/lesc.h>

#include <math.h>
#include <string.h>

typedef struct {
  LescData *data;
  gsize n, q, c;
  double *x, *l, *truth;
} Artificial;

/* The artificial set, or (step > 1) every step-th row of it: the methods take seconds to a
 * minute on all 2500 rows, a fraction of a second on 300. */
static void
artificial_init_every (Artificial *a, gsize step)
{
  g_autoptr (GError) error = NULL;
  a->data = lesc_data_load ("artificial", NULL, &error);
  g_assert_no_error (error);
  a->n = lesc_data_get_n_samples (a->data);
  a->q = lesc_data_get_n_features (a->data);
  a->c = lesc_data_get_n_labels (a->data);
  a->x = g_new (double, a->n * a->q);
  a->l = g_new (double, a->n * a->c);
  a->truth = g_new (double, a->n * a->c);
  lesc_data_copy_features (a->data, a->x);
  lesc_data_copy_logical (a->data, a->l);
  g_assert_true (lesc_data_copy_distributions (a->data, a->truth));
  gsize kept = 0;
  for (gsize i = 0; i < a->n; i += step, kept++)
    {
      memmove (a->x + kept * a->q, a->x + i * a->q, a->q * sizeof (double));
      memmove (a->l + kept * a->c, a->l + i * a->c, a->c * sizeof (double));
      memmove (a->truth + kept * a->c, a->truth + i * a->c, a->c * sizeof (double));
    }
  a->n = kept;
}

static void
artificial_init (Artificial *a)
{
  artificial_init_every (a, 1);
}

static void
artificial_clear (Artificial *a)
{
  lesc_data_free (a->data);
  g_free (a->x);
  g_free (a->l);
  g_free (a->truth);
}

static void
test_version (void)
{
  g_assert_cmpstr (lesc_get_version (), ==, LESC_VERSION_STRING);
  g_autofree char *v = g_strdup_printf ("%d.%d.%d", LESC_MAJOR_VERSION, LESC_MINOR_VERSION,
                                        LESC_MICRO_VERSION);
  g_assert_cmpstr (v, ==, LESC_VERSION_STRING);
}

static void
test_data (void)
{
  Artificial a;
  artificial_init (&a);
  g_assert_cmpstr (lesc_data_get_name (a.data), ==, "artificial");
  g_assert_cmpuint (a.c, ==, 3);
  g_assert_true (lesc_data_has_distributions (a.data));
  for (gsize i = 0; i < a.n; i++)
    {
      double s = 0;
      for (gsize j = 0; j < a.c; j++)
        s += a.truth[i * a.c + j];
      g_assert_cmpfloat_with_epsilon (s, 1.0, 1e-12);
    }
  /* binarize gives the data set's own logical labels */
  g_autofree double *l = g_new (double, a.n * a.c);
  g_assert_true (lesc_binarize_array (a.n, a.c, a.truth, l, NULL));
  g_assert_cmpmem (l, a.n * a.c * sizeof *l, a.l, a.n * a.c * sizeof *l);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_data_load ("/nonexistent/x.mat", NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_IO);
  artificial_clear (&a);
}

static void
test_registry_and_params (void)
{
  guint n;
  const LescMethod *const *all = lesc_methods (&n);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpstr (lesc_method_get_name (all[6]), ==, "glesc");
  g_assert_true (lesc_method_find ("GLESC") == all[6]);
  g_assert_null (lesc_method_find ("nope"));
  g_assert_true (lesc_method_has_model (all[4]) && !lesc_method_has_model (all[0]));
  LescParamInfo info;
  int k = lesc_method_param_index (all[6], "lambda1");
  g_assert_cmpint (k, >=, 0);
  g_assert_true (lesc_method_get_param (all[6], (guint) k, &info));
  g_assert_cmpstr (info.name, ==, "lambda1");
  g_assert_false (lesc_method_get_param (all[6], lesc_method_get_n_params (all[6]), &info));

  LescParams *p = lesc_params_new (all[6]);
  g_assert_cmpfloat (lesc_params_get (p, "lambda1"), ==, info.default_value);
  g_assert_true (isnan (lesc_params_get (p, "k")));
  g_assert_cmpuint (lesc_params_get_seed (p), ==, 5489);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_params_set (p, "lambda1", 0.5, &error));
  g_assert_false (lesc_params_set (p, "k", 3, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_assert_nonnull (strstr (error->message, "gLESC has no parameter 'k'"));
  g_clear_error (&error);
  g_assert_false (lesc_params_set (p, "lambda1", -1, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_cmpstr (lesc_params_get_option (p, "variant"), ==, "reference");
  g_assert_true (lesc_params_set_option (p, "variant", "converged", NULL));
  g_assert_true (lesc_params_set_option (p, "tensor-fft", "views", NULL));
  g_assert_cmpstr (lesc_params_get_option (p, "variant"), ==, "converged");
  g_assert_cmpstr (lesc_params_get_option (p, "tensor-fft"), ==, "views");
  g_assert_cmpstr (lesc_params_get_option (p, "c-orientation"), ==, "code");
  g_assert_false (lesc_params_set_option (p, "flavour", "fast", &error));
  g_assert_nonnull (strstr (error->message, "expected published, paper or pyldl"));
  g_clear_error (&error);
  g_assert_false (lesc_params_set_option (p, "speed", "fast", &error));
  g_assert_nonnull (strstr (error->message, "unknown option 'speed'"));
  LescParams *copy = lesc_params_copy (p);
  g_assert_cmpfloat (lesc_params_get (copy, "lambda1"), ==, 0.5);
  g_assert_true (lesc_params_get_method (copy) == all[6]);
  lesc_params_free (copy);
  lesc_params_free (p);
  g_assert_cmpuint (g_strv_length ((char **) lesc_params_option_keys ()), ==, 6);
  g_assert_cmpstr (lesc_params_option_keys ()[5], ==, "knn");
}

static void
test_recover_every_method (void)
{
  Artificial a;
  artificial_init_every (&a, 8);
  guint n;
  const LescMethod *const *all = lesc_methods (&n);
  g_autofree double *d = g_new (double, a.n * a.c), *again = g_new (double, a.n * a.c);
  for (guint m = 0; m < n; m++)
    {
      LescParams *p = lesc_params_new (all[m]);
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_recover (p, a.n, a.q, a.c, a.x, a.l, d, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      for (gsize i = 0; i < a.n; i++)
        {
          double s = 0;
          for (gsize j = 0; j < a.c; j++)
            s += d[i * a.c + j];
          g_assert_cmpfloat_with_epsilon (s, 1.0, 1e-9);
        }
      double v[LESC_MEASURE_COUNT];
      g_assert_true (lesc_measures_evaluate (a.n, a.c, a.truth, d, NULL, v, &error));
      g_assert_cmpfloat (v[4], >, 0.5);   /* cosine: every method recovers something */
      /* the same numbers again (FCM: from its seeded start) */
      if (m < 2)
        {
          g_assert_true (lesc_recover (p, a.n, a.q, a.c, a.x, a.l, again, NULL, NULL, NULL, NULL));
          g_assert_cmpmem (d, a.n * a.c * sizeof *d, again, a.n * a.c * sizeof *d);
        }
      lesc_params_free (p);
    }
  artificial_clear (&a);
}

static void
test_model (void)
{
  Artificial a;
  artificial_init_every (&a, 16);
  LescParams *p = lesc_params_new (lesc_method_find ("glle"));
  g_autofree double *d = g_new (double, a.n * a.c), *fit = g_new (double, a.n * a.c),
                    *pred = g_new (double, a.n * a.c);
  g_autoptr (GError) error = NULL;
  LescMapping *model = lesc_mapping_fit (p, a.n, a.q, a.c, a.x, a.l, fit, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (lesc_recover (p, a.n, a.q, a.c, a.x, a.l, d, NULL, NULL, NULL, NULL));
  g_assert_cmpmem (d, a.n * a.c * sizeof *d, fit, a.n * a.c * sizeof *d);
  g_assert_cmpuint (lesc_mapping_get_n_features (model), ==, a.q);
  g_assert_cmpuint (lesc_mapping_get_n_labels (model), ==, a.c);
  g_assert_true (lesc_mapping_get_method (model) == lesc_method_find ("glle"));
  /* the mapping on the training rows gives their distributions again */
  g_assert_true (lesc_predict (model, a.n, a.q, a.x, pred, &error));
  for (gsize k = 0; k < a.n * a.c; k++)
    g_assert_cmpfloat_with_epsilon (pred[k], fit[k], 1e-10);
  g_assert_false (lesc_predict (model, a.n, a.q - 1, a.x, pred, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);
  /* to bytes and back (a model file's bytes): the same predictions, bit for bit */
  g_autoptr (GBytes) bytes = lesc_mapping_to_bytes (model);
  gsize length;
  const guchar *data = g_bytes_get_data (bytes, &length);
  g_assert_cmpmem (data, 8, "LESCMODL", 8);
  LescMapping *again = lesc_mapping_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lesc_mapping_get_n_features (again), ==, a.q);
  g_assert_true (lesc_mapping_get_method (again) == lesc_method_find ("glle"));
  g_autofree double *pred2 = g_new (double, a.n * a.c);
  g_assert_true (lesc_predict (again, a.n, a.q, a.x, pred2, &error));
  g_assert_cmpmem (pred, a.n * a.c * sizeof *pred, pred2, a.n * a.c * sizeof *pred2);
  lesc_mapping_free (again);
  /* damaged or cut bytes are refused */
  g_autofree guchar *bad = g_memdup2 (data, length);
  bad[length / 2] ^= 1;
  g_autoptr (GBytes) damaged = g_bytes_new (bad, length);
  g_assert_null (lesc_mapping_new_from_bytes (damaged, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_clear_error (&error);
  g_autoptr (GBytes) cut = g_bytes_new (data, length - 1);
  g_assert_null (lesc_mapping_new_from_bytes (cut, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_FORMAT);
  g_clear_error (&error);
  lesc_mapping_free (model);
  lesc_params_free (p);
  p = lesc_params_new (lesc_method_find ("km"));
  g_assert_null (lesc_mapping_fit (p, a.n, a.q, a.c, a.x, a.l, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  lesc_params_free (p);
  artificial_clear (&a);
}

static void
test_refusals (void)
{
  Artificial a;
  artificial_init_every (&a, 8);
  LescParams *p = lesc_params_new (lesc_method_find ("lesc"));
  g_autofree double *d = g_new (double, a.n * a.c);
  g_autofree double *x = g_memdup2 (a.x, a.n * a.q * sizeof *x);
  g_autofree double *l = g_memdup2 (a.l, a.n * a.c * sizeof *l);
  g_autoptr (GError) error = NULL;
  x[2 * a.q + 1] = NAN;
  g_assert_false (lesc_recover (p, a.n, a.q, a.c, x, a.l, d, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_cmpstr (error->message, ==, "features: row 2, column 1 is NaN (every entry must be finite)");
  g_clear_error (&error);
  l[3 * a.c] = 0.5;
  g_assert_false (lesc_recover (p, a.n, a.q, a.c, a.x, l, d, NULL, NULL, NULL, &error));
  g_assert_cmpstr (error->message, ==, "logical labels: row 3, column 0 is 0.5 (expected 0 or 1)");
  g_clear_error (&error);
  memset (l + 4 * a.c, 0, a.c * sizeof *l);
  l[3 * a.c] = 1;
  g_assert_false (lesc_recover (p, a.n, a.q, a.c, a.x, l, d, NULL, NULL, NULL, &error));
  g_assert_cmpstr (error->message, ==, "logical labels: row 4 has no 1 (every sample needs a label)");
  g_clear_error (&error);
  g_assert_false (lesc_recover (p, 1, a.q, a.c, a.x, a.l, d, NULL, NULL, NULL, &error));
  g_assert_nonnull (strstr (error->message, "at least 2 samples"));
  g_clear_error (&error);
  lesc_params_set_memory_limit (p, 1000);
  g_assert_false (lesc_recover (p, a.n, a.q, a.c, a.x, a.l, d, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_MEMORY);
  g_clear_error (&error);
  double v[LESC_MEASURE_COUNT];
  g_assert_false (lesc_measures_evaluate (a.n, a.c, a.truth, a.truth, "sideways", v, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  lesc_params_free (p);
  artificial_clear (&a);
}

/* Cancelling from the progress callback stops the solve with G_IO_ERROR_CANCELLED. */
static void
cancel_on_report (double fraction, const char *stage, gpointer data)
{
  g_cancellable_cancel (data);
}

static void
test_cancel (void)
{
  Artificial a;
  artificial_init_every (&a, 8);
  LescParams *p = lesc_params_new (lesc_method_find ("glesc"));
  g_autofree double *d = g_new (double, a.n * a.c);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_recover (p, a.n, a.q, a.c, a.x, a.l, d, cancel_on_report, cancel, cancel,
                                &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  lesc_params_free (p);
  artificial_clear (&a);
}

static void
test_measures (void)
{
  const double truth[] = { 0.5, 0.5, 1.0, 0.0 }, d[] = { 0.75, 0.25, 0.5, 0.5 };
  double v[LESC_MEASURE_COUNT];
  g_assert_true (lesc_measures_evaluate (2, 2, truth, d, "truth-recovered", v, NULL));
  g_assert_cmpstr (lesc_measure_get_key (0), ==, "cheb");
  g_assert_cmpfloat_with_epsilon (v[0], 0.375, 1e-15);
  g_assert_cmpstr (lesc_measure_get_key (5), ==, "intersec");
  g_assert_cmpfloat_with_epsilon (v[5], 0.625, 1e-15);
  g_assert_true (lesc_measure_is_lower_better (0) && !lesc_measure_is_lower_better (5));
  g_assert_null (lesc_measure_get_key (LESC_MEASURE_COUNT));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lib/version", test_version);
  g_test_add_func ("/lib/data", test_data);
  g_test_add_func ("/lib/registry-params", test_registry_and_params);
  g_test_add_func ("/lib/recover", test_recover_every_method);
  g_test_add_func ("/lib/model", test_model);
  g_test_add_func ("/lib/refusals", test_refusals);
  g_test_add_func ("/lib/cancel", test_cancel);
  g_test_add_func ("/lib/measures", test_measures);
  return g_test_run ();
}
