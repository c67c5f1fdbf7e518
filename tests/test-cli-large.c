/* Large data through the built `lesc recover` (docs/methods.md §11): every method checks its
 * memory estimate before any work and refuses with one line and exit 1 — KM and LP on
 * n = 60 000 used to abort on a 28.8 GB allocation. */
#include <math.h>
#include "core/data/npy.h"
#include "testfiles.h"
#include "testcli.h"
#include "testutil.h"

#include <sys/resource.h>

static char *tmp, *big_npy;

/* n = 60 000 rows: 2 features, then 2 one-hot label columns */
static void
make_big (void)
{
  const gsize n = 60000;
  g_autoptr (LescMatrix) all = lesc_matrix_new (n, 4);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (all, i, 0) = (double) (i % 997) / 997.0;
      LESC_AT (all, i, 1) = (double) ((i * 31) % 1009) / 1009.0;
      LESC_AT (all, i, 2 + (i % 2)) = 1.0;
    }
  gsize len;
  g_autofree guchar *npy = lesc_npy_format (all, &len);
  big_npy = g_build_filename (tmp, "big.npy", NULL);
  g_assert_true (g_file_set_contents (big_npy, (const char *) npy, (gssize) len, NULL));
}

/* each method on n = 60 000 under a 1 GB limit: one line naming the method, the estimate
 * and the limit, exit 1, nothing on stdout, no output file, within a second of CPU */
static void
test_refusals (void)
{
  const char *const methods[] = { "km", "lp", "glle", "lesc", "glesc" };
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      g_autofree char *out = g_build_filename (tmp, "d.csv", NULL);
      struct rusage before, after;
      getrusage (RUSAGE_CHILDREN, &before);
      g_auto (Run) r = run ("recover", big_npy, "--logical-columns", "2", "-m", methods[k],
                            "--variant", "reference", "--memory-limit", "1",
                            "--save-distributions", out, NULL);
      getrusage (RUSAGE_CHILDREN, &after);
      assert_fails (&r, 1, "more than the limit of 1.00 GB");
      g_assert_nonnull (strstr (r.err, "n = 60000"));
      /* the estimate covers the n×n matrix: 28.8 GB and more */
      const char *needs = strstr (r.err, "needs about ");
      g_assert_nonnull (needs);
      g_assert_cmpfloat (g_ascii_strtod (needs + strlen ("needs about "), NULL), >=, 28.8);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      double cpu = (double) (after.ru_utime.tv_sec - before.ru_utime.tv_sec)
                   + (double) (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6;
      g_assert_cmpfloat (cpu, <, 5.0);
      g_assert_cmpint (after.ru_maxrss, <, 512 * 1024);  /* KB: nothing near n×n */
    }
}

/* ML and FCM need O(n) memory: a limit below their few MB refuses them too */
static void
test_small_methods_checked (void)
{
  const char *const methods[] = { "ml", "fcm" };
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      g_auto (Run) r = run ("recover", big_npy, "--logical-columns", "2", "-m", methods[k],
                            "--memory-limit", "0.01", NULL);
      assert_fails (&r, 1, "more than the limit of 0.01 GB");
      g_assert_nonnull (strstr (r.err, "n = 60000"));
    }
}

/* `auto` (no --variant): where the reference does not fit the limit, GLLE takes the
 * large-data form and says so once; --variant reference insists and is refused */
static void
test_automatic_note (void)
{
  const gsize n = 3000;
  g_autoptr (LescMatrix) all = lesc_matrix_new (n, 5);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (all, i, 0) = (double) (i % 97) / 97.0 + (double) (i % 3);
      LESC_AT (all, i, 1) = (double) ((i * 31) % 101) / 101.0;
      LESC_AT (all, i, 2) = (double) ((i * 17) % 89) / 89.0;
      LESC_AT (all, i, 3 + (i % 3 == 0)) = 1.0;
    }
  gsize len;
  g_autofree guchar *npy = lesc_npy_format (all, &len);
  g_autofree char *path = g_build_filename (tmp, "mid.npy", NULL);
  g_assert_true (g_file_set_contents (path, (const char *) npy, (gssize) len, NULL));
  g_auto (Run) r = run ("recover", path, "--logical-columns", "2", "-m", "glle",
                        "--memory-limit", "0.2", "--format", "csv", NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "lesc: note: mid: n = 3000: using the large-data formulation "
                              "(m = 1000, k = 20); --variant reference to insist (the reference "
                              "does not fit the memory limit)\n");
  /* the row records the formulation: variant "large" */
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_nonnull (lines[1]);
  g_auto (GStrv) cells = g_strsplit (lines[1], ",", -1);
  g_assert_cmpstr (cells[5], ==, "large");
  g_auto (Run) insist = run ("recover", path, "--logical-columns", "2", "-m", "glle",
                             "--memory-limit", "0.2", "--variant", "reference", NULL);
  assert_fails (&insist, 1, "more than the limit of 0.20 GB");
}

/* LP where its reference does not fit: the large form the program picks on 3 features
 * (the low-rank affinity, methods.md §11 "LP") is said after the formulation's note and
 * recorded in the JSON */
static void
test_lp_form_note (void)
{
  g_autofree char *path = g_build_filename (tmp, "mid.npy", NULL);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_auto (Run) r = run ("recover", path, "--logical-columns", "2", "-m", "lp",
                        "--memory-limit", "0.065", "--format", "json", NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.err, "lesc: note: mid: n = 3000: using the large-data "
                                          "formulation (m = 1000, k = 60)"));
  g_assert_nonnull (strstr (r.err, "\nlesc: note: LP: low-rank affinity (m = 1000): on 200 "
                                   "sampled rows the 1000 landmarks miss "));
  g_assert_nonnull (strstr (r.out, "\"formulation\": \"large m=1000\""));
}

/* Above 10 000 samples `auto` picks the neighbour search from the data's intrinsic
 * dimension (docs/methods.md §11) and recover says which after the run: HNSW on these
 * rows of a 3-dimensional grid, recorded in the CSV row and the JSON. */
static void
test_knn_note (void)
{
  gsize n = 10001;
  g_autoptr (LescMatrix) all = lesc_matrix_new (n, 5);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (all, i, 0) = (double) (i % 97) / 97.0;
      LESC_AT (all, i, 1) = (double) ((i * 31) % 101) / 101.0;
      LESC_AT (all, i, 2) = (double) ((i * 17) % 89) / 89.0;
      LESC_AT (all, i, 3 + (i % 3 == 0)) = 1.0;
    }
  gsize len;
  g_autofree guchar *npy = lesc_npy_format (all, &len);
  g_autofree char *path = g_build_filename (tmp, "grid.npy", NULL);
  g_assert_true (g_file_set_contents (path, (const char *) npy, (gssize) len, NULL));
  g_auto (Run) r = run ("recover", path, "--logical-columns", "2", "-m", "ml", "--variant",
                        "large", "--format", "csv", NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.err, "lesc: note: grid: neighbours by approximate kNN (HNSW, recall "));
  g_assert_nonnull (strstr (r.err, "; --knn exact to insist\n"));
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_nonnull (lines[1]);
  g_auto (GStrv) cells = g_strsplit (lines[1], ",", -1);
  g_assert_cmpstr (cells[5], ==, "large knn=hnsw");
  g_auto (Run) exact = run ("recover", path, "--logical-columns", "2", "-m", "ml", "--variant",
                            "large", "--knn", "exact", "--format", "json", NULL);
  g_assert_cmpint (exact.status, ==, 0);
  g_assert_cmpstr (exact.err, ==, "");
  g_assert_nonnull (strstr (exact.out, "\"formulation\": \"large\""));
  g_assert_null (strstr (exact.out, "knn_recall"));
}

/* lesc bench --scale: a row per size and method with its formulation, the growth
 * exponents; --fidelity on the built-in set; wrong uses fail with one line */
static void
test_bench (void)
{
  g_auto (Run) r = run ("bench", "--scale", "--sizes", "300,600", "-m", "km,fcm", NULL);
  g_test_message ("%s", r.out);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);   /* load, header, 4 rows, 2 fits, "" */
  g_assert_true (g_str_has_prefix (lines[0], "# load average "));
  g_assert_nonnull (strstr (lines[0], "GFlop/s"));
  for (guint i = 2; i < 6; i++)
    {
      g_assert_nonnull (strstr (lines[i], i < 4 ? "    300 " : "    600 "));
      g_assert_nonnull (strstr (lines[i], "reference"));
    }
  g_assert_true (g_str_has_prefix (lines[6], "# KM: growth exponent of time "));
  /* the exponent is a timing: only its form is asserted (a finite number), never its size,
   * which a loaded machine moves (4.17 was seen for KM's n² at load 10) */
  const char *num = lines[6] + strlen ("# KM: growth exponent of time ");
  char *end = NULL;
  double b = g_ascii_strtod (num, &end);
  g_assert_true (end > num);
  g_assert_true (isfinite (b));
  g_auto (Run) large = run ("bench", "--scale", "--sizes", "400", "-m", "km,lp", "--variant", "large",
                            "--landmarks", "50", "--neighbours", "10", NULL);
  g_assert_cmpint (large.status, ==, 0);
  g_assert_nonnull (strstr (large.out, "large m=50"));
  g_assert_nonnull (strstr (large.out, "large k=10"));
  g_auto (Run) fid = run ("bench", "--fidelity", "--datasets", "artificial", "-m", "km", NULL);
  g_assert_cmpint (fid.status, ==, 0);
  g_assert_nonnull (strstr (fid.out, "artificial   KM      2601 m=1000"));
  g_assert_true (g_str_has_suffix (fid.out, "yes\n"));
  g_auto (Run) nofid = run ("bench", "--floor", NULL);
  assert_fails (&nofid, 2, "--floor goes with --fidelity");
  g_auto (Run) bad = run ("bench", "--scale", "--sizes", "5", NULL);
  assert_fails (&bad, 2, "--sizes: '5' is not a whole number in 20…10000000");
  g_auto (Run) lone = run ("bench", "--sizes", "100", NULL);
  assert_fails (&lone, 2, "--sizes goes with --scale");
}

/* --fidelity --floor: the reference against itself with λ₁ one ulp larger. SJAFFE's LESC
 * converges (docs/optimizer.md §5), so its floor is small; m = 1000 ≥ n is the reference
 * bit for bit; KM has no λ₁ and no floor. */
static void
test_fidelity_floor (void)
{
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  if (sjaffe == NULL)
    return;
  g_auto (Run) fl = run ("bench", "--fidelity", "--floor", "--datasets", sjaffe, "-m", "lesc,km",
                         NULL);
  g_test_message ("%s", fl.out);
  g_assert_cmpint (fl.status, ==, 0);
  g_assert_nonnull (strstr (fl.out, "within  floor: Cheb / move\n"));
  const char *row = strstr (fl.out, "LESC     213 m=213              0.00000 ");
  g_assert_nonnull (row);
  const char *at = strstr (row, "yes     ");
  g_assert_nonnull (at);
  char *stop = NULL;
  double cheb = g_ascii_strtod (at + 8, &stop);
  g_assert_true (stop > at + 8);
  g_assert_true (g_str_has_prefix (stop, " / "));
  double move = g_ascii_strtod (stop + 3, NULL);
  g_assert_cmpfloat (cheb, >=, 0.0);
  g_assert_cmpfloat (cheb, <, 1e-3);
  g_assert_cmpfloat (move, >=, 0.0);
  g_assert_cmpfloat (move, <, 1e-3);
  g_assert_nonnull (strstr (fl.out, "yes     —\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  make_big ();
  g_test_add_func ("/cli-large/refusals", test_refusals);
  g_test_add_func ("/cli-large/small-methods-checked", test_small_methods_checked);
  g_test_add_func ("/cli-large/automatic-note", test_automatic_note);
  g_test_add_func ("/cli-large/lp-form-note", test_lp_form_note);
  g_test_add_func ("/cli-large/knn-note", test_knn_note);
  g_test_add_func ("/cli-large/bench", test_bench);
  g_test_add_func ("/cli-large/fidelity-floor", test_fidelity_floor);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  g_free (big_npy);
  return status;
}
