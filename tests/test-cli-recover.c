/* The built `lesc recover`: the CSV row and its header, the saved distributions, the
 * official SJAFFE numbers through the terminal, JSON, usage errors (exit 2, one line),
 * the memory limit (exit 1), and `lesc bench` on the artificial set and its --targets. */
#include "core/data/csv.h"
#include "testfiles.h"
#include "testcli.h"
#include "testutil.h"

#include <math.h>
#include <sys/wait.h>
#include <unistd.h>

static char *tmp;


static const char *header =
  "dataset,method,lambda1,lambda2,seed,variant,cheb,clark,canber,kl,cosine,intersec,seconds";

static void
test_csv_row_and_distributions (void)
{
  g_autofree char *out = g_build_filename (tmp, "d.csv", NULL);
  g_auto (Run) r = run ("recover", "artificial", "--method", "glle", "--variant", "converged",
                        "--format", "csv", "--save-distributions", out, NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);   /* header, row, "" */
  g_assert_cmpstr (lines[0], ==, header);
  g_auto (GStrv) f = g_strsplit (lines[1], ",", -1);
  g_assert_cmpuint (g_strv_length (f), ==, 13);
  g_assert_cmpstr (f[0], ==, "artificial");
  g_assert_cmpstr (f[1], ==, "GLLE");
  g_assert_cmpstr (f[2], ==, "0.01");
  g_assert_cmpstr (f[3], ==, "");
  g_assert_cmpstr (f[4], ==, "5489");
  g_assert_cmpstr (f[5], ==, "converged");
  for (int k = 6; k < 13; k++)
    g_assert_true (isfinite (g_ascii_strtod (f[k], NULL)));
  g_assert_cmpfloat (g_ascii_strtod (f[10], NULL), >, 0.9);   /* cosine */
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  g_autoptr (LescMatrix) d = lesc_csv_read (out, &names, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (d->rows, ==, 2601);
  g_assert_cmpuint (d->cols, ==, 3);
  for (gsize i = 0; i < d->rows; i++)
    g_assert_cmpfloat (fabs (LESC_AT (d, i, 0) + LESC_AT (d, i, 1) + LESC_AT (d, i, 2) - 1.0), <, 1e-12);
}

/* GLLE converged on SJAFFE through the terminal: the official row to 4 decimals */
static void
test_sjaffe_official (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  g_auto (Run) r = run ("recover", "sjaffe", "--data-dir", dir, "-m", "GLLE", "--variant",
                        "converged", "--kl", "recovered-truth", "--format", "csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_auto (GStrv) f = g_strsplit (lines[1], ",", -1);
  const double want[] = { 0.0845, 0.3633, 0.7518, 0.0467, 0.9594, 0.8757 };
  for (int k = 0; k < 6; k++)
    g_assert_cmpfloat (fabs (g_ascii_strtod (f[6 + k], NULL) - want[k]), <=, 5e-5);
}

static void
test_json (void)
{
  g_auto (Run) r = run ("recover", "artificial", "-m", "glle", "--variant", "converged", "--k", "10",
                        "--format", "json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\"method\": \"GLLE\""));
  g_assert_nonnull (strstr (r.out, "\"k\": 10"));
  g_assert_nonnull (strstr (r.out, "\"variant\": \"converged\""));
  g_assert_nonnull (strstr (r.out, "\"canber\": "));
  g_assert_nonnull (strstr (r.out, "\"stages\": {\"z-score\""));
}

static void
test_usage_errors (void)
{
  {
    g_auto (Run) r = run ("recover", "artificial", NULL);
    assert_fails (&r, 2, "--method is required");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glsec", NULL);
    assert_fails (&r, 2, "unknown method 'glsec'");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glle", "--lambda2", "1", NULL);
    assert_fails (&r, 2, "--lambda2 does not apply to GLLE");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glle", "--variant", "exact", NULL);
    assert_fails (&r, 2, "--variant: expected reference, converged or large, got 'exact'");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glle", "--seed", "-3", NULL);
    assert_fails (&r, 2, "--seed: expected 0 … 4294967295, got -3");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glle", "--k", "2.5", NULL);
    assert_fails (&r, 2, "k = 2.5");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glesc", "--lambda1", "abc", NULL);
    assert_fails (&r, 2, "--lambda1: “abc” is not a number");
  }
  {
    /* the number rule of docs/HACKING.md: a thousands separator is not guessed */
    g_auto (Run) r = run ("recover", "artificial", "-m", "glesc", "--lambda1", "1,000", NULL);
    assert_fails (&r, 2, "“1,000” is ambiguous");
  }
  {
    g_auto (Run) r = run ("recover", "artificial", "-m", "glesc", "--memory-limit", "0.01", NULL);
    assert_fails (&r, 1, "more than the limit of 0.01 GB");
  }
}

/* --trace: one row per LE iteration from 0; f never rises; the last row's measures are the
 * run's own; wrong uses fail with one line and write nothing */
static void
test_trace (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  g_autofree char *path = g_build_filename (tmp, "trace.csv", NULL);
  g_auto (Run) r = run ("recover", "sjaffe", "--data-dir", dir, "-m", "glle", "--format", "csv",
                        "--trace", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) out = g_strsplit (r.out, "\n", -1);
  g_auto (GStrv) run_fields = g_strsplit (out[1], ",", -1);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "iteration,objective,grad_norm,grad_inf,step,cheb,clark,canber,kl,"
                                 "cosine,intersec");
  guint rows = g_strv_length (lines) - 2;   /* header and the final "" */
  g_assert_cmpuint (rows, >, 10);
  g_assert_cmpuint (rows, <=, 301);
  double prev = INFINITY;
  for (guint i = 1; i <= rows; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 11);
      g_assert_cmpint (atoi (f[0]), ==, (int) i - 1);
      double obj = g_ascii_strtod (f[1], NULL);
      g_assert_cmpfloat (obj, <=, prev);
      prev = obj;
      for (int k = 2; k < 11; k++)
        g_assert_true (isfinite (g_ascii_strtod (f[k], NULL)));
      if (i == rows)
        for (int k = 0; k < 6; k++)
          g_assert_cmpfloat (fabs (g_ascii_strtod (f[5 + k], NULL)
                                   - g_ascii_strtod (run_fields[6 + k], NULL)), <=,
                             1e-9 * fabs (g_ascii_strtod (run_fields[6 + k], NULL)));
    }
  {
    g_auto (Run) e = run ("recover", "artificial", "-m", "fcm", "--trace", path, NULL);
    assert_fails (&e, 2, "--trace: FCM has no LE optimizer");
  }
  {
    g_autofree char *bad = g_build_filename (tmp, "missing", "trace.csv", NULL);
    g_auto (Run) e = run ("recover", "sjaffe", "--data-dir", dir, "-m", "glle", "--variant",
                          "converged", "--trace", bad, NULL);
    assert_fails (&e, 1, bad);
    g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  }
}

static void
test_bench (void)
{
  g_auto (Run) r = run ("bench", "--datasets", "artificial", "--methods", "glle", "--variant",
                        "converged", "--format", "csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "dataset,method,n,seconds,peak_mb,estimate_mb,stages,status");
  g_assert_true (g_str_has_prefix (lines[1], "artificial,GLLE,2601,"));
  g_assert_true (g_str_has_suffix (lines[1], ",ok"));
  g_assert_nonnull (strstr (lines[1], "le="));
}

/* --interactive: one CSV line per changed parameter and the strip; provisional frames
 * only for the LE methods, and before the final result */
static void
test_bench_interactive (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  g_auto (Run) r = run ("bench", "--interactive", "--datasets", "sjaffe", "-D", dir, "--methods",
                        "km,glle", "--repeat", "1", "--format", "csv", NULL);
  g_test_message ("%s%s", r.out, r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 7);   /* header, 5 lines, "" */
  g_assert_cmpstr (lines[0], ==, "dataset,method,change,first_min,first_median,final_min,"
                                 "final_median,cpu_min,runs");
  const char *changes[] = { "km,eta", "glle,lambda1", "glle,k", "glle,sigma", "glle,strip" };
  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i + 1], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 9);
      g_assert_cmpstr (f[0], ==, "sjaffe");
      g_autofree char *change = g_strdup_printf ("%s,%s", f[1], f[2]);
      g_assert_cmpstr (change, ==, changes[i]);
      gboolean frames = i >= 1 && i <= 3;
      g_assert_cmpint (*f[3] != '\0', ==, frames);
      double final = g_ascii_strtod (f[5], NULL);
      g_assert_cmpfloat (final, >, 0.0);
      if (frames)
        g_assert_cmpfloat (g_ascii_strtod (f[3], NULL), <=, final);
      g_assert_cmpstr (f[8], ==, "1");
    }
}

/* `lesc bench --targets`: a data folder holding only SJAFFE — its row is timed, the
 * Yeast-alpha rows fail with the child's own message and the exit status is 1; usage
 * errors exit 2. */
static void
test_bench_targets (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  g_autofree char *only = g_build_filename (tmp, "only-sjaffe", NULL);
  g_autofree char *link = g_build_filename (only, "sjaffe.mat", NULL);
  g_autofree char *target = g_build_filename (dir, "sjaffe.mat", NULL);
  g_assert_cmpint (g_mkdir_with_parents (only, 0700), ==, 0);
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_auto (Run) r = run ("bench", "--targets", "--format", "csv", "--data-dir", only, NULL);
  g_test_message ("stdout: %s\nstderr: %s", r.out, r.err);
  g_assert_cmpint (r.status, ==, 1);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 10);   /* header, 8 rows, "" */
  g_assert_cmpstr (lines[0], ==, "target,command,runs,min,median,limit,unit,status");
  g_auto (GStrv) f = g_strsplit (lines[1], ",", -1);
  g_assert_cmpuint (g_strv_length (f), ==, 8);
  g_assert_cmpstr (f[0], ==, "\"LESC on SJAFFE\"");
  g_assert_cmpstr (f[2], ==, "1");
  double seconds = g_ascii_strtod (f[3], NULL);
  g_assert_cmpfloat (seconds, >, 0.0);
  g_assert_cmpfloat (g_ascii_strtod (f[4], NULL), ==, seconds);   /* one run: min = median */
  g_assert_cmpstr (f[5], ==, "0.5");
  g_assert_cmpstr (f[6], ==, "s");
  g_assert_cmpstr (f[7], ==, seconds <= 0.5 ? "met" : "missed");
  for (guint k = 2; k < 9; k++)
    {
      g_assert_true (g_str_has_prefix (lines[k], "\"recover yeast-alpha, sys/user: "));
      g_assert_nonnull (strstr (lines[k], "failed: "));
      g_assert_nonnull (strstr (lines[k], "yeast-alpha"));
    }

  g_auto (Run) u1 = run ("bench", "--long", NULL);
  assert_fails (&u1, 2, "--long goes with --targets");
  g_auto (Run) u2 = run ("bench", "--targets", "--repeat", "0", NULL);
  assert_fails (&u2, 2, "--repeat 0");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_test_exe ();
  g_unsetenv ("LESC_DATA_DIR");
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/cli-recover/csv-row-and-distributions", test_csv_row_and_distributions);
  g_test_add_func ("/cli-recover/sjaffe-official", test_sjaffe_official);
  g_test_add_func ("/cli-recover/json", test_json);
  g_test_add_func ("/cli-recover/usage-errors", test_usage_errors);
  g_test_add_func ("/cli-recover/trace", test_trace);
  g_test_add_func ("/cli-recover/bench", test_bench);
  g_test_add_func ("/cli-recover/bench-targets", test_bench_targets);
  g_test_add_func ("/cli-recover/bench-interactive", test_bench_interactive);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  return status;
}
