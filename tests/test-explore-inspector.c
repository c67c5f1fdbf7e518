/* The terminal's sample inspector (src/tui/inspector.c) in tmux at 100 × 30, on a .npy of
 * 10⁵ rows (4 features, 3 label distributions) written by the test: "/" opens it with a
 * search line, "label 2 > 0.9" finds as many samples as the test counts and lists the
 * first ones with their degrees; ↓ chooses the second match, whose truth is shown; a
 * sample number finds that sample; a number out of range and an unknown label are refused
 * with the reason and the list stays; Esc closes it, and the Distributions caption says
 * the figure is binned. */
#include "testcli.h"
#include "testfiles.h"
#include "testtmux.h"
#include "core/base/random.h"
#include "core/data/npy.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>

#define N 100000

static char *tmpdir;

typedef struct {
  char *socket;
} Pane;

static LescMatrix *
write_npy (const char *path)
{
  LescRandom r;
  lesc_random_init (&r, 7);
  LescMatrix *t = lesc_matrix_new (N, 7);
  for (gsize i = 0; i < N; i++)
    {
      double s[3], sum = 0;
      for (int j = 0; j < 4; j++)
        LESC_AT (t, i, j) = lesc_random_double (&r) + (double) (i % 3);
      for (int k = 0; k < 3; k++)
        sum += s[k] = exp (4 * (LESC_AT (t, i, k) - LESC_AT (t, i, 3)));
      for (int k = 0; k < 3; k++)
        LESC_AT (t, i, 4 + k) = s[k] / sum;
    }
  gsize len = 0;
  g_autofree guchar *bytes = lesc_npy_format (t, &len);
  g_assert_true (g_file_set_contents (path, (const char *) bytes, (gssize) len, NULL));
  return t;
}

static void
test_search (void)
{
  g_autofree char *npy = g_build_filename (tmpdir, "dense.npy", NULL);
  g_autoptr (LescMatrix) t = write_npy (npy);
  guint want = 0;
  gsize first = G_MAXSIZE, second = G_MAXSIZE;
  for (gsize i = 0; i < N; i++)
    if (LESC_AT (t, i, 5) > 0.9)
      {
        want++;
        if (first == G_MAXSIZE)
          first = i;
        else if (second == G_MAXSIZE)
          second = i;
      }
  g_assert_cmpuint (want, >, 100);
  Pane p = { g_strdup_printf ("%s/tmux", tmpdir) };
  g_autofree char *cmd = g_strdup_printf ("env XDG_DATA_HOME=%s XDG_CONFIG_HOME=%s/config %s explore --results %s/store.sqlite "
                                          "%s --label-columns 3; sleep 600",
                                          tmpdir, tmpdir, lesc_test_exe (), tmpdir, npy);
  g_free (tmux_run (&p, "new-session", "-d", "-x", "100", "-y", "30", "-s", "x", "sh", "-c", cmd, NULL));
  g_free (wait_for (&p, "Binned: 100000 samples", 60));
  keys (&p, "/");
  g_free (wait_for (&p, "Find:", 10));
  keys (&p, "-l", "label 2 > 0.9");
  keys (&p, "Enter");
  g_autofree char *found = g_strdup_printf ("%u of 100000 samples (degrees of the ground truth)", want);
  g_autofree char *screen = wait_for (&p, found, 10);
  g_autofree char *row = g_strdup_printf ("Sample %zu ", first + 1);
  g_autofree char *degrees = g_strdup_printf ("%.3f", LESC_AT (t, first, 5));
  g_assert_nonnull (strstr (screen, row));
  g_assert_nonnull (strstr (strstr (screen, row), degrees));
  keys (&p, "Down");
  g_autofree char *chosen = g_strdup_printf ("Sample %zu of 100000", second + 1);
  g_autofree char *after = wait_for (&p, chosen, 10);
  g_autofree char *truth = g_strdup_printf ("%.3f", LESC_AT (t, second, 4));
  const char *gt = strstr (after, "Ground truth");
  g_assert_nonnull (gt);
  g_assert_nonnull (strstr (gt, truth));
  /* a number out of range: refused with the reason, the list kept */
  keys (&p, "/");
  keys (&p, "C-u");
  keys (&p, "-l", "100001");
  keys (&p, "Enter");
  g_autofree char *refused = wait_for (&p, "there is no sample 100001", 10);
  g_assert_nonnull (strstr (refused, found));
  keys (&p, "C-u");
  keys (&p, "-l", "label 7 > 0.1");
  keys (&p, "Enter");
  g_free (wait_for (&p, "is no label", 10));
  keys (&p, "C-u");
  keys (&p, "-l", "#54321");
  keys (&p, "Enter");
  g_autofree char *one = wait_for (&p, "1 of 100000 samples", 10);
  g_assert_nonnull (strstr (one, "Sample 54321 of 100000"));
  keys (&p, "Escape");
  g_free (wait_for (&p, "Binned: 100000 samples", 10));
  g_autofree char *closed = capture (&p);
  g_assert_null (strstr (closed, "1 of 100000 samples"));
  g_free (tmux_run (&p, "kill-server", NULL));
  g_free (p.socket);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  test_tmux = g_find_program_in_path ("tmux");
  tmpdir = lesc_test_tmpdir ();
  if (test_tmux == NULL)
    g_test_skip ("tmux is not installed (build-aux/deps lists it)");
  else
    g_test_add_func ("/explore-inspector/search", test_search);
  int status = g_test_run ();
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmpdir);
  g_assert_cmpint (system (rm), ==, 0);
  return status;
}
