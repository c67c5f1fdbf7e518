/* Saved models: the file round-trips bit for bit, every damaged or foreign file is refused,
 * and a model fitted on the training rows of a cross-validation fold predicts for the
 * held-out rows exactly what the ten-fold CV computes for them. */
#include "core/experiments/model.h"
#include "core/experiments/experiment.h"
#include "core/data/csv.h"
#include "core/base/random.h"
#include "core/methods/run.h"
#include "testfiles.h"
#include "testutil.h"

#include <math.h>

static char *tmp;

/* n samples, 4 features, 3 labels: distributions a smooth function of the features */
static LescDataset *
synthetic (gsize n)
{
  LescRandom r;
  lesc_random_init (&r, 7);
  LescMatrix *x = lesc_matrix_new (n, 4);
  LescMatrix *y = lesc_matrix_new (n, 3);
  for (gsize i = 0; i < n; i++)
    {
      for (gsize j = 0; j < 4; j++)
        LESC_AT (x, i, j) = 2.0 * lesc_random_double (&r) - 1.0 + (double) j;
      double z[3] = { LESC_AT (x, i, 0), LESC_AT (x, i, 1) - 1.0, -LESC_AT (x, i, 2) + 2.0 };
      double s = 0;
      for (int j = 0; j < 3; j++)
        s += exp (2 * z[j]);
      for (int j = 0; j < 3; j++)
        LESC_AT (y, i, j) = exp (2 * z[j]) / s;
    }
  LescDataset *ds = lesc_dataset_new ("synthetic", x, y, NULL);
  ds->label_names = g_strsplit ("sun rain snow", " ", -1);
  return ds;
}

static gboolean
bitwise_equal (const LescMatrix *a, const LescMatrix *b)
{
  return a->rows == b->rows && a->cols == b->cols
         && memcmp (a->data, b->data, a->rows * a->cols * sizeof (double)) == 0;
}

static LescModel *
train (const LescDataset *ds, const char *method, int hold_out, LescMatrix **d)
{
  const LescMethod *m = lesc_method_find (method);
  LescRunParams p;
  lesc_run_params_init (&p, m);
  LescRunResult result;
  LescModel *model = NULL;
  g_autoptr (GError) error = NULL;
  *d = lesc_model_train (m, ds, &p, hold_out, 10, 5489, NULL, &result, &model, NULL, NULL, &error);
  g_assert_no_error (error);
  lesc_run_result_clear (&result);
  return model;
}

static void
test_file_round_trip (void)
{
  g_autoptr (LescDataset) ds = synthetic (40);
  g_autoptr (LescMatrix) d = NULL;
  g_autoptr (LescModel) model = train (ds, "glle", -1, &d);
  /* the distributions are lesc recover's */
  const LescMethod *glle = lesc_method_find ("glle");
  LescRunParams p;
  lesc_run_params_init (&p, glle);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) plain = lesc_method_run (glle, ds, &p, NULL, NULL, &error);
  g_assert_true (bitwise_equal (d, plain));

  g_autofree char *path = g_build_filename (tmp, "glle.lescm", NULL);
  g_assert_true (lesc_model_save (model, path, &error));
  g_assert_no_error (error);
  g_autoptr (LescModel) back = lesc_model_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (back->method == glle);
  g_assert_cmpuint (back->q, ==, 4);
  g_assert_cmpuint (back->c, ==, 3);
  g_assert_cmpstr (back->label_names[1], ==, "rain");
  g_assert_true (bitwise_equal (back->le->x_train, model->le->x_train));
  g_assert_true (bitwise_equal (back->le->w, model->le->w));
  g_assert_cmpfloat (back->le->width, ==, model->le->width);
  /* the same bytes again, and the same predictions */
  gsize a_len, b_len;
  g_autofree guchar *a = lesc_model_format (model, &a_len);
  g_autofree guchar *b = lesc_model_format (back, &b_len);
  g_assert_cmpmem (a, a_len, b, b_len);
  g_autoptr (LescMatrix) pa = lesc_model_predict (model, ds->features, "x", &error);
  g_autoptr (LescMatrix) pb = lesc_model_predict (back, ds->features, "x", &error);
  g_assert_true (bitwise_equal (pa, pb));
  for (gsize i = 0; i < pa->rows; i++)
    g_assert_cmpfloat (fabs (LESC_AT (pa, i, 0) + LESC_AT (pa, i, 1) + LESC_AT (pa, i, 2) - 1), <, 1e-12);
  /* the settings say where it came from */
  gboolean found = FALSE;
  for (char **s = back->settings; *s; s += 2)
    found |= strcmp (s[0], "data_checksum") == 0 && strcmp (s[1], ds->checksum) == 0;
  g_assert_true (found);

  /* a table of another width */
  g_autoptr (LescMatrix) narrow = lesc_matrix_new (3, 5);
  g_assert_null (lesc_model_predict (back, narrow, "new.csv", &error));
  lesc_test_assert_error (error, LESC_ERROR_DATA, "new.csv: has 5 feature columns but the model "
                          "was trained on 4 features", NULL);
}

static void
expect_refused (const char *path, const char *expect)
{
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_model_load (path, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, path, expect, NULL);
}

static void
test_damaged_files (void)
{
  g_autoptr (LescDataset) ds = synthetic (20);
  g_autoptr (LescMatrix) d = NULL;
  g_autoptr (LescModel) model = train (ds, "glle", -1, &d);
  g_autofree char *path = g_build_filename (tmp, "m.lescm", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_model_save (model, path, &error));
  gsize len;
  g_autofree guchar *bytes = lesc_model_format (model, &len);
  /* truncated anywhere: the header, the text, the numbers, the checksum */
  const gsize cuts[] = { 0, 7, 15, 100, len / 2, len - 33, len - 1 };
  for (guint k = 0; k < G_N_ELEMENTS (cuts); k++)
    {
      g_autofree char *name = g_strdup_printf ("cut%u.lescm", k);
      g_autofree char *p = g_build_filename (tmp, name, NULL);
      g_assert_true (g_file_set_contents (p, (const char *) bytes, (gssize) cuts[k], NULL));
      expect_refused (p, cuts[k] < 16 ? "not a lesc model file" : "truncated");
    }
  /* another version; a flipped bit in W; not a model at all */
  g_autofree char *v2 = lesc_test_copy_bytes (path, tmp, "v2.lescm", 0, 8, 0x03);
  expect_refused (v2, "model format version 2 (this lesc reads version 1");
  g_autofree char *flip = lesc_test_copy_bytes (path, tmp, "flip.lescm", 0, len - 40, 0x01);
  expect_refused (flip, "checksum does not match");
  g_autofree char *text = lesc_test_write_text (tmp, "text.lescm", "features,labels\n1,2\n");
  expect_refused (text, "not a lesc model file");
  /* a method without a mapping cannot make one */
  const LescMethod *km = lesc_method_find ("km");
  LescRunParams p;
  lesc_run_params_init (&p, km);
  LescRunResult result;
  LescModel *none = NULL;
  g_assert_null (lesc_model_train (km, ds, &p, -1, 10, 1, NULL, &result, &none, NULL, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_USAGE, "KM has no mapping", NULL);
  g_assert_null (none);
}

/* The model of fold k (training rows only, z-scored over all rows) predicts for the
 * held-out rows what cross-validation computes: the same six measures, bit for bit. */
static void
test_hold_out_equals_cv (void)
{
  g_autoptr (LescDataset) ds = synthetic (50);
  g_autofree char *f = g_build_filename (tmp, "cv-x.csv", NULL);
  g_autofree char *y = g_build_filename (tmp, "cv-y.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_dataset_save_csv (ds, f, y, &error));
  g_autofree char *spec = g_strconcat (f, ",", y, NULL);
  g_autofree char *store_path = g_build_filename (tmp, "cv.sqlite", NULL);
  g_autoptr (LescStore) store = lesc_store_open (store_path, &error);
  g_assert_no_error (error);
  const char *names[] = { "glle", "lesc" };
  LescMethodSetup setups[2];
  for (int k = 0; k < 2; k++)
    {
      setups[k].method = lesc_method_find (names[k]);
      lesc_run_params_init (&setups[k].params, setups[k].method);
    }
  const char *data[] = { spec };
  LescExperimentOptions o = { .store = store };
  LescExperimentCounts c = { 0 };
  g_autoptr (LescCvResult) r = lesc_cross_validate (data, 1, setups, 2, 10, 5489, &o, &c, &error);
  g_assert_no_error (error);
  lesc_experiment_counts_clear (&c);
  gsize n = lesc_dataset_n (ds);
  for (int k = 0; k < 2; k++)
    for (int fold = 0; fold < 10; fold += 3)
      {
        g_autoptr (LescMatrix) d = NULL;
        g_autoptr (LescModel) model = train (ds, names[k], fold, &d);
        g_autofree gsize *train_rows = g_new (gsize, n);
        g_autofree gsize *test_rows = g_new (gsize, n);
        gsize n_train, n_test;
        lesc_fold_rows (n, 10, 5489, (guint) fold, train_rows, &n_train, test_rows, &n_test);
        g_assert_cmpuint (d->rows, ==, n_train);
        g_autoptr (LescMatrix) x_test = lesc_matrix_select_rows (ds->features, test_rows, n_test);
        g_autoptr (LescMatrix) y_test = lesc_matrix_select_rows (ds->truth, test_rows, n_test);
        g_autoptr (LescMatrix) pred = lesc_model_predict (model, x_test, "held-out rows", &error);
        g_assert_no_error (error);
        double v[LESC_N_MEASURES];
        g_assert_true (lesc_measures_compute (y_test, pred, LESC_KL_TRUTH_RECOVERED, v, &error));
        const LescRunRecord *cell = &r->cells[k * 10 + fold];
        g_assert_cmpint (cell->fold, ==, fold);
        g_assert_cmpuint (cell->n_rows, ==, n_test);
        for (int j = 0; j < LESC_N_MEASURES; j++)
          g_assert_cmpfloat (v[j], ==, cell->measures[j]);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/model/file-round-trip", test_file_round_trip);
  g_test_add_func ("/model/damaged-files", test_damaged_files);
  g_test_add_func ("/model/hold-out-equals-cv", test_hold_out_equals_cv);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
