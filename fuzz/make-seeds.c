/* Writes the seed corpora of the fuzz targets (FOLDER/TARGET/) with the program's own
 * writers: small valid MAT v5 files (compressed and not, several storage classes) and a
 * MAT v4 file written by matio, CSV data sets written by lesc_dataset_save_csv, results
 * stores written by lesc_store_put, .npy files written by lesc_npy_format (and .npz
 * archives of them made with libzip, stored and deflated), saved models written by
 * lesc_model_format. build-aux/fuzz runs it: build-fuzz/fuzz/make-seeds build-fuzz/seeds */
#include "core/data/csv.h"
#include "core/data/dataset.h"
#include "core/data/npy.h"
#include "core/experiments/model.h"
#include "core/experiments/store.h"
#include "core/methods/method.h"
#include "core/methods/run.h"

#include <glib/gstdio.h>
#include <matio.h>
#include <sqlite3.h>
#include <string.h>
#include <zip.h>

static char *root;

static char *
seed_path (const char *target, const char *name)
{
  g_autofree char *dir = g_build_filename (root, target, NULL);
  g_mkdir_with_parents (dir, 0755);
  return g_build_filename (dir, name, NULL);
}

static LescMatrix *
features (gsize n, gsize q)
{
  LescMatrix *x = lesc_matrix_new (n, q);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < q; j++)
      LESC_AT (x, i, j) = (double) i - 0.5 * (double) j + (double) (i * j % 3) / 8.0;
  return x;
}

static LescMatrix *
distributions (gsize n, gsize o)
{
  LescMatrix *y = lesc_matrix_new (n, o);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < o; j++)
      LESC_AT (y, i, j) = j == i % o ? 0.5 : 0.5 / (double) (o - 1);
  return y;
}

/* One MAT variable from `m`, stored as `type` in class `klass`. */
static void
put_var (mat_t *mat, const char *name, const LescMatrix *m, enum matio_classes klass,
         enum matio_types type, enum matio_compression compression)
{
  gsize count = m->rows * m->cols, esize = Mat_SizeOf (type);
  guchar *data = g_malloc0 (MAX (count, 1) * esize);
  for (gsize e = 0; e < count; e++)
    switch (type)
      {
      case MAT_T_DOUBLE: ((double *) data)[e] = m->data[e]; break;
      case MAT_T_SINGLE: ((float *) data)[e] = (float) m->data[e]; break;
      case MAT_T_UINT8: data[e] = (guchar) m->data[e]; break;
      case MAT_T_INT16: ((gint16 *) data)[e] = (gint16) m->data[e]; break;
      default: g_assert_not_reached ();
      }
  size_t dims[2] = { m->rows, m->cols };
  matvar_t *v = Mat_VarCreate (name, klass, type, 2, dims, data, 0);
  g_assert_nonnull (v);
  g_assert_cmpint (Mat_VarWrite (mat, v, compression), ==, 0);
  Mat_VarFree (v);
  g_free (data);
}

static void
mat_seeds (void)
{
  g_autoptr (LescMatrix) x = features (5, 3);
  g_autoptr (LescMatrix) y = distributions (5, 3);
  g_autoptr (LescDataset) ds = lesc_dataset_new ("seed", lesc_matrix_copy (x),
                                                 lesc_matrix_copy (y), NULL);
  for (int z = 0; z < 2; z++)
    {
      enum matio_compression c = z ? MAT_COMPRESSION_ZLIB : MAT_COMPRESSION_NONE;
      g_autofree char *a = seed_path ("mat", z ? "geng-compressed.mat" : "geng-plain.mat");
      mat_t *mat = Mat_CreateVer (a, NULL, MAT_FT_MAT5);
      put_var (mat, "features", x, MAT_C_DOUBLE, MAT_T_DOUBLE, c);
      put_var (mat, "labels", y, MAT_C_DOUBLE, MAT_T_DOUBLE, c);
      Mat_Close (mat);
      /* the official *_binary.mat layout: logical labels as uint8 data of class double */
      g_autofree char *b = seed_path ("mat", z ? "binary-compressed.mat" : "binary-plain.mat");
      mat = Mat_CreateVer (b, NULL, MAT_FT_MAT5);
      put_var (mat, "features", x, MAT_C_SINGLE, MAT_T_SINGLE, c);
      put_var (mat, "labelDistribution", y, MAT_C_DOUBLE, MAT_T_DOUBLE, c);
      put_var (mat, "logicalLabel", ds->logical, MAT_C_DOUBLE, MAT_T_UINT8, c);
      Mat_Close (mat);
    }
  /* other variables beside the data: text, int16 */
  g_autofree char *c = seed_path ("mat", "extra-variables.mat");
  mat_t *mat = Mat_CreateVer (c, NULL, MAT_FT_MAT5);
  size_t dims[2] = { 1, 5 };
  matvar_t *v = Mat_VarCreate ("note", MAT_C_CHAR, MAT_T_UINT8, 2, dims, "hello", 0);
  Mat_VarWrite (mat, v, MAT_COMPRESSION_NONE);
  Mat_VarFree (v);
  put_var (mat, "labels", y, MAT_C_DOUBLE, MAT_T_DOUBLE, MAT_COMPRESSION_ZLIB);
  put_var (mat, "features", x, MAT_C_INT16, MAT_T_INT16, MAT_COMPRESSION_NONE);
  Mat_Close (mat);
  g_autofree char *d = seed_path ("mat", "v4.mat");
  mat = Mat_CreateVer (d, NULL, MAT_FT_MAT4);
  put_var (mat, "features", x, MAT_C_DOUBLE, MAT_T_DOUBLE, MAT_COMPRESSION_NONE);
  put_var (mat, "labels", y, MAT_C_DOUBLE, MAT_T_DOUBLE, MAT_COMPRESSION_NONE);
  Mat_Close (mat);
}

static void
csv_seeds (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new ("seed", features (6, 3), distributions (6, 3), NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("lesc-seeds-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *single = g_build_filename (tmp, "single.csv", NULL);
  g_autofree char *fx = g_build_filename (tmp, "x.csv", NULL);
  g_autofree char *fy = g_build_filename (tmp, "y.csv", NULL);
  g_assert_true (lesc_dataset_save_csv_single (ds, single, &error));
  g_assert_true (lesc_dataset_save_csv (ds, fx, fy, &error));
  g_autofree char *s = NULL, *x = NULL, *y = NULL;
  gsize ns, nx, ny;
  g_assert_true (g_file_get_contents (single, &s, &ns, NULL));
  g_assert_true (g_file_get_contents (fx, &x, &nx, NULL));
  g_assert_true (g_file_get_contents (fy, &y, &ny, NULL));
  /* one file, 3 label columns: mode byte 2 (label columns = 2 + 1) */
  g_autoptr (GByteArray) a = g_byte_array_new ();
  g_byte_array_append (a, (const guint8 *) "\x02", 1);
  g_byte_array_append (a, (const guint8 *) s, ns);
  g_autofree char *pa = seed_path ("csv", "single-3-labels");
  g_assert_true (g_file_set_contents (pa, (char *) a->data, a->len, NULL));
  /* two files: mode bit 3, features NUL distributions */
  g_autoptr (GByteArray) b = g_byte_array_new ();
  g_byte_array_append (b, (const guint8 *) "\x08", 1);
  g_byte_array_append (b, (const guint8 *) x, nx);
  g_byte_array_append (b, (const guint8 *) "", 1);
  g_byte_array_append (b, (const guint8 *) y, ny);
  g_autofree char *pb = seed_path ("csv", "two-files");
  g_assert_true (g_file_set_contents (pb, (char *) b->data, b->len, NULL));
  /* no header, CRLF, quoted names */
  g_autofree char *pc = seed_path ("csv", "crlf-quoted");
  const char crlf[] = "\x01\"a\",\"b \"\"x\"\"\",c\r\n1,0.25,0.75\r\n2.5e-3,1,0\r\n";
  g_assert_true (g_file_set_contents (pc, crlf, sizeof crlf - 1, NULL));
  g_unlink (single);
  g_unlink (fx);
  g_unlink (fy);
  g_rmdir (tmp);
}

static void
store_seeds (void)
{
  for (int wal = 0; wal < 2; wal++)
    {
      g_autofree char *path = seed_path ("store", wal ? "runs-wal.sqlite" : "runs.sqlite");
      g_unlink (path);
      /* small pages keep the seed small */
      sqlite3 *db = NULL;
      g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_exec (db, "PRAGMA page_size = 512; VACUUM;", NULL, NULL, NULL),
                       ==, SQLITE_OK);
      sqlite3_close (db);
      g_autoptr (GError) error = NULL;
      LescStore *s = lesc_store_open (path, &error);
      g_assert_no_error (error);
      for (int i = 0; i < 3; i++)
        {
          LescRunRecord r = { 0 };
          r.checksum = g_strdup_printf ("%064x", i + 1);
          r.dataset = g_strdup (i ? "yeast-alpha" : "artificial");
          r.method = g_strdup (i == 2 ? "glesc" : "lesc");
          r.params = g_strdup_printf ("lambda1=%d lambda2=0.1", i + 1);
          r.lambda1 = i + 1;
          r.lambda2 = 0.1;
          r.has_seed = i == 2;
          r.seed = 5489;
          r.variant = g_strdup (i == 2 ? "" : "reference");
          r.kl = i == 1 ? LESC_KL_RECOVERED_TRUTH : LESC_KL_TRUTH_RECOVERED;
          r.fold = i == 1 ? 3 : -1;
          r.folds = 10;
          r.fold_seed = 7;
          for (int m = 0; m < LESC_N_MEASURES; m++)
            r.measures[m] = 0.1 * (m + 1) + i;
          r.n_rows = 100;
          r.stages = g_strdup ("le=0.5");
          r.seconds = 0.5;
          r.solver = g_strdup ("le_iterations=3");
          r.version = g_strdup ("0.1.0");
          g_assert_true (lesc_store_put (s, &r, FALSE, &error));
          lesc_run_record_clear (&r);
        }
      lesc_store_close (s);
      if (!wal)
        {
          g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
          g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = DELETE;", NULL, NULL, NULL),
                           ==, SQLITE_OK);
          sqlite3_close (db);
        }
    }
}

/* A seed of a target whose byte 0 chooses the mode: `mode`, then `bytes`. */
static void
put_seed (const char *target, const char *name, guint8 mode, const guint8 *bytes, gsize length)
{
  g_autoptr (GByteArray) a = g_byte_array_new ();
  g_byte_array_append (a, &mode, 1);
  g_byte_array_append (a, bytes, length);
  g_autofree char *path = seed_path (target, name);
  g_assert_true (g_file_set_contents (path, (char *) a->data, a->len, NULL));
}

/* An .npz archive of `names` (NULL-terminated) holding `arrays`, as bytes. */
static GBytes *
npz_bytes (const char *const *names, LescMatrix *const *arrays, gboolean deflate)
{
  g_autofree char *tmp = g_dir_make_tmp ("lesc-seeds-XXXXXX", NULL);
  g_assert_nonnull (tmp);
  g_autofree char *path = g_build_filename (tmp, "seed.npz", NULL);
  int err = 0;
  zip_t *z = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &err);
  g_assert_nonnull (z);
  for (guint k = 0; names[k] != NULL; k++)
    {
      gsize length = 0;
      guchar *bytes = lesc_npy_format (arrays[k], &length);
      zip_source_t *src = zip_source_buffer (z, bytes, length, 1); /* libzip frees it */
      g_autofree char *member = g_strconcat (names[k], ".npy", NULL);
      zip_int64_t index = zip_file_add (z, member, src, ZIP_FL_OVERWRITE);
      g_assert_cmpint (index, >=, 0);
      zip_set_file_compression (z, (zip_uint64_t) index, deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0);
    }
  g_assert_cmpint (zip_close (z), ==, 0);
  char *contents = NULL;
  gsize length = 0;
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_unlink (path);
  g_rmdir (tmp);
  return g_bytes_new_take (contents, length);
}

/* fuzz-npy: byte 0 even, a .npy file; odd, an .npz archive */
static void
npy_seeds (void)
{
  g_autoptr (LescMatrix) x = features (5, 3);
  g_autoptr (LescMatrix) y = distributions (5, 3);
  g_autoptr (LescMatrix) column = features (4, 1);
  gsize length = 0;
  g_autofree guchar *a = lesc_npy_format (x, &length);
  put_seed ("npy", "features.npy", 0, a, length);
  g_autofree guchar *b = lesc_npy_format (column, &length);
  put_seed ("npy", "column.npy", 0, b, length);
  static const char *const names[] = { "features", "labels", NULL };
  LescMatrix *const arrays[] = { x, y };
  for (int z = 0; z < 2; z++)
    {
      g_autoptr (GBytes) npz = npz_bytes (names, arrays, z);
      put_seed ("npy", z ? "deflated.npz" : "stored.npz", 1, g_bytes_get_data (npz, NULL),
                g_bytes_get_size (npz));
    }
  /* mode 2 (fuzz-npy.c): shape bytes, a dtype string, NUL, the data */
  {
    g_autoptr (GByteArray) d = g_byte_array_new ();
    guint8 shape[2] = { 5, 3 };
    g_byte_array_append (d, shape, 2);
    g_byte_array_append (d, (const guint8 *) "<f8", 4); /* with its NUL */
    g_byte_array_append (d, a + 128, (guint) (5 * 3 * 8));
    put_seed ("npy", "dtype.bin", 2, d->data, d->len);
  }
  /* mode 3: sizes stated by the local header and the central directory, flags, a member */
  for (int z = 0; z < 2; z++)
    {
      gsize alen = 0;
      g_autofree guchar *member = lesc_npy_format (x, &alen);
      g_autoptr (GByteArray) d = g_byte_array_new ();
      guint32 claim = z ? 400000000u : (guint32) alen;
      guint8 head[9] = { alen & 0xff, (alen >> 8) & 0xff, 0, 0, claim & 0xff, (claim >> 8) & 0xff,
                         (claim >> 16) & 0xff, claim >> 24, 3 };
      g_byte_array_append (d, head, 9);
      g_byte_array_append (d, member, (guint) alen);
      put_seed ("npy", z ? "sizes-disagree.bin" : "sizes-agree.bin", 3, d->data, d->len);
    }
}

/* fuzz-model: byte 0 even, a model file as it is; odd, the file without its checksum (the
 * target appends the right one) */
static void
model_seeds (void)
{
  static const char *const methods[] = { "glle", "lesc" };
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      g_autoptr (LescDataset) ds = lesc_dataset_new ("seed", features (24, 3), distributions (24, 3),
                                                     NULL);
      ds->label_names = g_strsplit ("a b c", " ", -1);
      const LescMethod *m = lesc_method_find (methods[k]);
      g_assert_nonnull (m);
      LescRunParams p;
      lesc_run_params_init (&p, m);
      LescRunResult result;
      LescModel *model = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) d = lesc_model_train (m, ds, &p, -1, 10, 5489, NULL, &result, &model,
                                                   NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (d);
      lesc_run_result_clear (&result);
      gsize length = 0;
      g_autofree guchar *bytes = lesc_model_format (model, &length);
      g_autofree char *whole = g_strconcat (methods[k], ".model", NULL);
      g_autofree char *body = g_strconcat (methods[k], "-unsigned.model", NULL);
      put_seed ("model", whole, 0, bytes, length);
      put_seed ("model", body, 1, bytes, length - 32);
      /* mode 3: a double of the body made non-finite (fuzz-model.c); offset and kind
       * first, here the middle of the file and NaN */
      g_autoptr (GByteArray) poisoned = g_byte_array_new ();
      guint32 at = (guint32) (length / 2);
      guint8 head[5] = { at & 0xff, (at >> 8) & 0xff, (at >> 16) & 0xff, at >> 24, 0 };
      g_byte_array_append (poisoned, head, 5);
      g_byte_array_append (poisoned, bytes, (guint) (length - 32));
      g_autofree char *nan_name = g_strconcat (methods[k], "-nan.model", NULL);
      put_seed ("model", nan_name, 3, poisoned->data, poisoned->len);
      lesc_model_free (model);
    }
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      g_printerr ("usage: make-seeds FOLDER (build-aux/fuzz uses build-fuzz/seeds)\n");
      return 2;
    }
  root = argv[1];
  mat_seeds ();
  csv_seeds ();
  store_seeds ();
  npy_seeds ();
  model_seeds ();
  return 0;
}
