/* The terminal explorer's figures at 80 × 24, driven inside tmux (a private server):
 * own data without ground truth (docs/examples/weather.csv) shows its logical labels and,
 * once a method ran, the recovered distributions, with the figure's text written as
 * characters; the figure does not tear when the side panel changes length; the Measures
 * table shows whole ranks; SJAFFE's heatmaps keep a legible caption and every measure;
 * the λ grid's heatmap uses the window's robust colour scale; the Correlations view lists
 * the run's graph weights of a sample typed by its number, and a click selects one. */
#include "testcli.h"
#include "testutil.h"
#include "testtmux.h"
#include "core/methods/method.h"
#include "core/methods/correlations.h"
#include "core/data/open.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static char *tmpdir;

typedef struct {
  char *socket;
  char *store;
} Pane;

static void
pane_start (Pane *p, const char *args)
{
  static int n = 0;
  p->socket = g_strdup_printf ("%s/tmux-%d", tmpdir, ++n);
  p->store = g_strdup_printf ("%s/store-%d.sqlite", tmpdir, n);
  /* each pane its own config folder: no session remembered from another pane or run */
  g_autofree char *cmd = g_strdup_printf ("env COLORTERM=truecolor XDG_DATA_HOME=%s XDG_CONFIG_HOME=%s/config-%d %s explore --results %s %s; sleep 600",
                                          tmpdir, tmpdir, n, lesc_test_exe (), p->store, args);
  g_free (tmux_run (p, "new-session", "-d", "-x", "80", "-y", "24", "-s", "x", "sh", "-c", cmd, NULL));
}

static void
pane_stop (Pane *p)
{
  g_free (tmux_run (p, "kill-server", NULL));
  g_free (p->socket);
  g_free (p->store);
}

/* Put the panel's focus on a method's row (its parameters open under it while the focus
 * passes) and tick it. */
static void
tick (const Pane *p, const char *name)
{
  keys (p, "Home");
  keys (p, "Down");
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n && g_ascii_strcasecmp (all[i]->name, name) != 0; i++)
    for (guint k = 0; k <= all[i]->n_params; k++)
      {
        keys (p, "Down");
        g_usleep (60000);
      }
  keys (p, "Space");
}

/* The view's part of each screen line (right of the panel's border). */
static GPtrArray *
view_lines (const char *screen)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *border = strstr (lines[i], "│");
      g_ptr_array_add (out, g_strdup (border != NULL ? border + strlen ("│") : ""));
    }
  return out;
}

/* The figure's rows: from the first to the last line with block symbols. */
static void
figure_rows (GPtrArray *lines, guint *first, guint *last)
{
  *first = G_MAXUINT;
  *last = 0;
  for (guint i = 0; i < lines->len; i++)
    if (test_has_block_symbols (g_ptr_array_index (lines, i)))
      {
        *first = MIN (*first, i);
        *last = i;
      }
  g_assert_cmpuint (*first, <, lines->len);
}


/* ---- a screen with its colours (capture-pane -e) ------------------------------------------ */

typedef struct {
  gunichar c;
  int fg, bg;   /* 0xRRGGBB, −1: the terminal's own */
} Cell;

/* One line of `capture-pane -e` as cells: 24-bit SGR colours followed, others reset. */
static GArray *
parse_line (const char *line)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  int fg = -1, bg = -1;
  for (const char *p = line; *p;)
    {
      if (*p == '\033' && p[1] == '[')
        {
          const char *end = p + 2;
          while (*end && !(*end >= '@' && *end <= '~'))
            end++;
          if (*end == 'm')
            {
              g_autofree char *params = g_strndup (p + 2, end - p - 2);
              g_auto (GStrv) v = g_strsplit (params, ";", -1);
              guint n = g_strv_length (v);
              for (guint i = 0; i < n; i++)
                {
                  int code = atoi (v[i]);
                  if ((code == 38 || code == 48) && i + 4 < n && atoi (v[i + 1]) == 2)
                    {
                      int rgb = (atoi (v[i + 2]) << 16) | (atoi (v[i + 3]) << 8) | atoi (v[i + 4]);
                      *(code == 38 ? &fg : &bg) = rgb;
                      i += 4;
                    }
                  else if (code == 0 || v[i][0] == '\0')
                    fg = bg = -1;
                  else if (code == 39)
                    fg = -1;
                  else if (code == 49)
                    bg = -1;
                }
            }
          p = *end ? end + 1 : end;
          continue;
        }
      Cell c = { g_utf8_get_char (p), fg, bg };
      g_array_append_val (cells, c);
      p = g_utf8_next_char (p);
    }
  return cells;
}

/* The colour a cell shows: its background for a blank, its ink for a full block, else
 * the mean of the two. */
static void
cell_rgb (const Cell *c, double rgb[3])
{
  int a = c->c == ' ' ? c->bg : c->c == 0x2588 ? c->fg : c->fg;
  int b = c->c == ' ' ? c->bg : c->c == 0x2588 ? c->fg : c->bg;
  for (int k = 0; k < 3; k++)
    rgb[k] = (((MAX (a, 0) >> (16 - 8 * k)) & 0xff) + ((MAX (b, 0) >> (16 - 8 * k)) & 0xff)) / 2.0;
}

/* The column (in cells) where `text` starts in a parsed line, or −1. */
static int
find_text (GArray *cells, const char *text)
{
  glong n = g_utf8_strlen (text, -1);
  for (guint x = 0; x + n <= cells->len; x++)
    {
      const char *t = text;
      glong k = 0;
      for (; k < n; k++, t = g_utf8_next_char (t))
        if (g_array_index (cells, Cell, x + k).c != g_utf8_get_char (t))
          break;
      if (k == n)
        return (int) x;
    }
  return -1;
}

static char *
weather_args (void)
{
  g_autofree char *dir = g_path_get_dirname (LESC_TEST_REFERENCE_DIR);
  g_autofree char *root = g_path_get_dirname (dir);
  g_autofree char *csv = g_build_filename (root, "docs", "examples", "weather.csv", NULL);
  g_assert_true (g_file_test (csv, G_FILE_TEST_EXISTS));
  return g_strdup_printf ("'%s' --logical-columns 3", csv);
}

/* Own data: the logical labels drawn (not "no ground truth to compare with"), the panel
 * names and the caption as text; after GLLE, its recovered distributions beside them. */
static void
test_own_data (void)
{
  Pane p;
  g_autofree char *args = weather_args ();
  pane_start (&p, args);
  g_autofree char *screen = wait_for (&p, "Logical labels", 30);
  g_assert_null (strstr (screen, "no ground truth to compare with"));
  g_assert_nonnull (strstr (screen, "decorrelation stretch"));   /* the caption, legible */
  g_assert_true (test_has_block_symbols (screen));
  tick (&p, "glle");
  g_autofree char *after = wait_for (&p, "GLLE on weather: done", 60);
  g_autofree char *both = wait_for (&p, "Logical labels", 10);
  /* "GLLE" and "Logical labels" on one row of the figure: two panels side by side */
  g_autoptr (GPtrArray) lines = view_lines (both);
  gboolean side_by_side = FALSE;
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = g_ptr_array_index (lines, i);
      const char *g = strstr (l, "GLLE"), *ll = strstr (l, "Logical labels");
      side_by_side |= g != NULL && ll != NULL && g < ll;
    }
  if (!side_by_side)
    g_error ("no row with both panels' names:\n%s", both);
  pane_stop (&p);
}

/* The Correlations view (key 6): after GLLE, g and a sample's number show which samples
 * its recovery draws on; the line under the figure lists the graph weights of the run,
 * the same as the core computes them from the data (core/methods/correlations.h). */
static void
test_correlations (void)
{
  Pane p;
  g_autofree char *args = weather_args ();
  pane_start (&p, args);
  g_free (wait_for (&p, "Logical labels", 30));
  keys (&p, "6");
  g_free (wait_for (&p, "Run GLLE, LESC or gLESC", 10));
  tick (&p, "glle");
  g_free (wait_for (&p, "GLLE on weather: done", 60));
  g_free (wait_for (&p, "Sample correlations of GLLE", 20));
  keys (&p, "g");
  g_usleep (200000);
  keys (&p, "5", "Enter");
  g_autofree char *screen = wait_for (&p, "Sample 5 draws on:", 20);
  /* the weights of the graph GLLE builds on these data, computed here */
  g_autofree char *dir = g_path_get_dirname (LESC_TEST_REFERENCE_DIR);
  g_autofree char *root = g_path_get_dirname (dir);
  g_autofree char *csv = g_build_filename (root, "docs", "examples", "weather.csv", NULL);
  LescOpenOptions open = { 0 };
  open.logical_columns = 3;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_open_with (csv, &open, NULL, &error);
  g_assert_no_error (error);
  const LescMethod *m = lesc_method_find ("glle");
  LescRunParams params;
  lesc_run_params_init (&params, m);
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  g_autoptr (LescCorrelations) c = lesc_correlations_new (m, ds, &params, cache, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (LescSampleWeights) top = lesc_correlations_top (c, 4, 20);
  g_assert_cmpuint (top->count, >, 0);
  g_autofree char *first = g_strdup_printf ("Sample 5 draws on: %zu (%+.3g)", top->index[0] + 1, top->weight[0]);
  if (strstr (screen, first) == NULL)
    g_error ("no “%s” on the screen:\n%s", first, screen);
  /* ] goes to the next sample */
  keys (&p, "]");
  g_free (wait_for (&p, "Sample 6 draws on:", 10));
  /* a click (an xterm mouse report) on the scatter (at 80 × 24: row 8, column 26) selects
   * the sample under it: from sample 40 to another one — not 39, which the report's "["
   * would give if it were read as keys */
  keys (&p, "g");
  g_usleep (200000);
  keys (&p, "4", "0", "Enter");
  g_free (wait_for (&p, "Sample 40 draws on:", 10));
  g_autofree char *click = g_strdup_printf ("\033[M %c%c\033[M#%c%c", 32 + 26, 32 + 8, 32 + 26, 32 + 8);
  g_free (tmux_run (&p, "send-keys", "-t", "x", "-l", click, NULL));
  g_usleep (1000000);
  g_autofree char *clicked = wait_for (&p, "draws on:", 10);
  const char *line = strstr (clicked, " draws on:");
  g_assert_nonnull (line);
  while (line > clicked && line[-1] >= '0' && line[-1] <= '9')
    line--;
  guint64 k = g_ascii_strtoull (line, NULL, 10);
  if (k == 40 || k == 39 || k == 0)
    g_error ("the click did not select another sample (%" G_GUINT64_FORMAT "):\n%s", k, clicked);
  pane_stop (&p);
}

/* The side panel grows and shrinks (a method's parameters open under the focus) while the
 * figure stays: its rows are the same before and after, none of them blank. */
static void
test_no_tear (void)
{
  Pane p;
  g_autofree char *args = weather_args ();
  pane_start (&p, args);
  g_free (wait_for (&p, "Logical labels", 30));
  g_usleep (500000);
  g_autofree char *before = capture (&p);
  g_autoptr (GPtrArray) a = view_lines (before);
  guint first, last;
  figure_rows (a, &first, &last);
  g_assert_cmpuint (last - first, >=, 6);
  /* FCM (two parameters), KM (one), LP (one), GLLE (three): the panel changes length
   * at every step */
  keys (&p, "Home");
  for (int i = 0; i < 9; i++)
    {
      keys (&p, "Down");
      g_usleep (150000);
      g_autofree char *now = capture (&p);
      g_autoptr (GPtrArray) b = view_lines (now);
      for (guint r = first; r <= last; r++)
        if (g_strcmp0 (g_ptr_array_index (a, r), g_ptr_array_index (b, r)) != 0)
          g_error ("after %d × Down the figure's row %u changed:\n%s\n---- before:\n%s", i + 1, r, now, before);
    }
  pane_stop (&p);
}

/* Whole ranks in the Measures table: "(1)", "(2)", never cut to "(2…". */
static void
test_measures_ranks (void)
{
  Pane p;
  pane_start (&p, "artificial");
  g_free (wait_for (&p, "Label distributions of artificial", 30));
  tick (&p, "km");
  g_free (wait_for (&p, "KM on artificial: done", 60));
  tick (&p, "lp");
  g_free (wait_for (&p, "LP on artificial: done", 60));
  keys (&p, "2");
  g_autofree char *screen = wait_for (&p, "Recovery on artificial", 10);
  g_autoptr (GPtrArray) lines = view_lines (screen);
  /* the table: from its header to the line above the foot */
  guint ranks = 0, rows = 0;
  gboolean in_table = FALSE;
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = g_ptr_array_index (lines, i);
      if (strstr (l, "Method") != NULL)
        {
          in_table = TRUE;
          /* every column's title inside the view: the last one not cut off at the edge */
          g_assert_nonnull (strstr (l, "Rank"));
          continue;
        }
      if (!in_table || strstr (l, "Rank among") != NULL)
        continue;
      g_assert_null (strstr (l, "…"));
      rows += strstr (l, "KM ") != NULL || strstr (l, "LP ") != NULL;
      for (const char *c = l; (c = strchr (c, '(')) != NULL; c++)
        {
          if (!(c[1] == '1' || c[1] == '2'))
            g_error ("a rank that is not (1) or (2) in “%s”; the screen:\n%s", l, screen);
          g_assert_true (c[2] == ')' || (c[2] == '.' && c[4] == ')'));
          ranks++;
        }
    }
  /* six ranks a row; KM's KL is ∞ (a zero in the recovered distributions) and ranks last */
  if (rows != 2 || ranks != 12)
    g_error ("expected KM and LP with their ranks (%u rows, %u ranks):\n%s", rows, ranks, screen);
  pane_stop (&p);
}

/* SJAFFE (six labels: one heatmap per label) at 80 × 24: the panel's name, the labels and
 * the caption are text on the screen. */
static void
test_sjaffe (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  Pane p;
  g_autofree char *args = g_strdup_printf ("'%s'", path);
  pane_start (&p, args);
  g_autofree char *screen = wait_for (&p, "One heatmap per label", 60);
  g_assert_nonnull (strstr (screen, "Ground truth"));
  g_assert_true (test_has_block_symbols (screen));
  /* GLLE's six measures beside its row, each key with its value */
  tick (&p, "glle");
  g_free (wait_for (&p, "GLLE on sjaffe: done", 120));
  g_autofree char *after = wait_for (&p, "Intersec", 10);
  g_auto (GStrv) lines = g_strsplit (after, "\n", -1);
  guint pairs = 0;
  static const char *const keys_shown[] = { "Cheb ", "Clark ", "Canber ", "KL ", "Cosine ", "Intersec " };
  for (guint i = 0; lines[i] != NULL; i++)
    for (guint k = 0; k < G_N_ELEMENTS (keys_shown); k++)
      {
        const char *at = strstr (lines[i], keys_shown[k]);
        if (at == NULL || strstr (lines[i], "│ GLLE") != NULL)
          continue;
        at += strlen (keys_shown[k]);
        while (*at == ' ')
          at++;
        /* "0.363": the measure's three decimals, not a colour bar's tick ("0.0631") */
        if (g_ascii_isdigit (at[0]) && at[1] == '.' && g_ascii_isdigit (at[2]) && g_ascii_isdigit (at[3])
            && g_ascii_isdigit (at[4]) && (at[5] == ' ' || at[5] == '\0'))
          pairs++;
      }
  if (pairs != 6)
    g_error ("expected the six measures of GLLE with their values (%u):\n%s", pairs, after);
  pane_stop (&p);
}


/* The λ grid of LESC in the terminal on a small data set whose λ₁ = 1000 row is ten times
 * worse than the rest: the window's robust scale, so that the rows λ₁ = 10⁻⁴ and 0.1
 * (Cheb 0.0632 and 0.0574 at λ₂ = 1) are told apart; on the linear scale they were one
 * colour. */
static void
test_sensitivity (void)
{
  /* 64 samples on an 8 × 8 grid in (f1, f2), f3 = f1·f2; smooth distributions */
  g_autofree char *features = g_build_filename (tmpdir, "grid-f.csv", NULL);
  g_autofree char *labels = g_build_filename (tmpdir, "grid-l.csv", NULL);
  GString *f = g_string_new ("f1,f2,f3\n"), *l = g_string_new ("a,b,c\n");
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      {
        double x1 = i / 7.0, x2 = j / 7.0;
        double a[3] = { exp (2 * x1), exp (2 * x2), exp (1 + 0.5 * sin (3 * x1 * x2)) };
        double sum = a[0] + a[1] + a[2];
        g_string_append_printf (f, "%.6f,%.6f,%.6f\n", x1, x2, x1 * x2);
        g_string_append_printf (l, "%.6f,%.6f,%.6f\n", a[0] / sum, a[1] / sum, a[2] / sum);
      }
  g_assert_true (g_file_set_contents (features, f->str, -1, NULL));
  g_assert_true (g_file_set_contents (labels, l->str, -1, NULL));
  g_string_free (f, TRUE);
  g_string_free (l, TRUE);
  Pane p;
  g_autofree char *args = g_strdup_printf ("'%s,%s'", features, labels);
  pane_start (&p, args);
  g_free (wait_for (&p, "Label distributions of grid-f", 30));
  /* the focus on LESC (the grid is of the method in focus), then Sensitivity, g */
  keys (&p, "Home");
  keys (&p, "Down");
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n && g_ascii_strcasecmp (all[i]->name, "lesc") != 0; i++)
    for (guint k = 0; k <= all[i]->n_params; k++)
      {
        keys (&p, "Down");
        g_usleep (60000);
      }
  keys (&p, "3");
  g_usleep (200000);
  keys (&p, "g");
  g_free (wait_for (&p, "λ grid of LESC on grid-f: done", 120));
  g_usleep (500000);
  g_autofree char *screen = tmux_run (&p, "capture-pane", "-p", "-e", "-t", "x", NULL);
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
  int row_a = -1, row_b = -1, col_1 = -1;
  int xa = -1, xb = -1;
  g_autoptr (GPtrArray) parsed = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      GArray *cells = parse_line (lines[i]);
      g_ptr_array_add (parsed, cells);
      int a = find_text (cells, "10⁻⁴"), b = find_text (cells, "10⁻¹"), t = find_text (cells, " 10⁻² ");
      /* a row label: its text followed by the cells */
      if (row_a < 0 && a >= 0 && a + 4 < (int) cells->len && test_is_block (g_array_index (cells, Cell, a + 4).c))
        row_a = (int) i, xa = a;
      if (row_b < 0 && b >= 0 && b + 4 < (int) cells->len && test_is_block (g_array_index (cells, Cell, b + 4).c))
        row_b = (int) i, xb = b;
      /* the λ₂ ticks under the cells: "1" between "10⁻²" and "10" */
      if (t >= 0)
        {
          int one = find_text (cells, " 1 ");
          if (one > t)
            col_1 = one + 1;
        }
    }
  if (row_a < 0 || row_b < 0 || col_1 < 0)
    {
      g_autofree char *plain = capture (&p);
      g_error ("no λ₁ rows 10⁻⁴ and 10⁻¹ or λ₂ tick 1 (%d %d %d):\n%s", row_a, row_b, col_1, plain);
    }
  g_assert_cmpint (xa, ==, xb);   /* both row labels right-aligned to the cells */
  double ca[3], cb[3];
  cell_rgb (&g_array_index ((GArray *) g_ptr_array_index (parsed, row_a), Cell, col_1), ca);
  cell_rgb (&g_array_index ((GArray *) g_ptr_array_index (parsed, row_b), Cell, col_1), cb);
  double d = fabs (ca[0] - cb[0]) + fabs (ca[1] - cb[1]) + fabs (ca[2] - cb[2]);
  g_test_message ("λ₂ = 1: λ₁ = 10⁻⁴ (%.0f, %.0f, %.0f), λ₁ = 0.1 (%.0f, %.0f, %.0f): %.0f apart", ca[0], ca[1],
                  ca[2], cb[0], cb[1], cb[2], d);
  /* robust: 35 apart (viridis entries ~40 apart); the linear scale showed them 8 apart */
  g_assert_cmpfloat (d, >, 20);
  pane_stop (&p);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  test_tmux = g_find_program_in_path ("tmux");
  tmpdir = g_dir_make_tmp ("lesc-explore-figures-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  if (test_tmux == NULL)
    {
      g_test_skip ("tmux is not installed (build-aux/deps lists it)");
      return g_test_run ();
    }
  g_test_add_func ("/explore-figures/own-data", test_own_data);
  g_test_add_func ("/explore-figures/correlations", test_correlations);
  g_test_add_func ("/explore-figures/no-tear", test_no_tear);
  g_test_add_func ("/explore-figures/measures-ranks", test_measures_ranks);
  g_test_add_func ("/explore-figures/sjaffe", test_sjaffe);
  g_test_add_func ("/explore-figures/sensitivity", test_sensitivity);
  int status = g_test_run ();
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmpdir);
  g_assert_cmpint (system (rm), ==, 0);
  return status;
}
