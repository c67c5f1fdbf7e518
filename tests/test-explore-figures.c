/* The terminal explorer's figures at 80 × 24, driven inside tmux (a private server):
 * own data without ground truth (docs/examples/weather.csv) shows its logical labels and,
 * once a method ran, the recovered distributions, with the figure's text written as
 * characters; the figure does not tear when the side panel changes length; the Measures
 * table shows whole ranks; SJAFFE's heatmaps keep a legible caption. */
#include "testcli.h"
#include "testutil.h"
#include "core/methods/method.h"

#include <glib/gstdio.h>
#include <stdio.h>

static char *tmpdir;
static char *tmux;

typedef struct {
  char *socket;
  char *store;
} Pane;

static char *
tmux_run (const Pane *p, const char *first, ...)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  g_ptr_array_add (a, tmux);
  g_ptr_array_add (a, "-S");
  g_ptr_array_add (a, p->socket);
  va_list ap;
  va_start (ap, first);
  for (const char *s = first; s != NULL; s = va_arg (ap, const char *))
    g_ptr_array_add (a, (char *) s);
  va_end (ap);
  g_ptr_array_add (a, NULL);
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_spawn_sync (NULL, (char **) a->pdata, env, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, NULL, &error);
  g_assert_no_error (error);
  return out;
}

#define keys(p, ...) g_free (tmux_run ((p), "send-keys", "-t", "x", __VA_ARGS__, NULL))

static char *
capture (const Pane *p)
{
  return tmux_run (p, "capture-pane", "-p", "-t", "x", NULL);
}

static void
pane_start (Pane *p, const char *args)
{
  static int n = 0;
  p->socket = g_strdup_printf ("%s/tmux-%d", tmpdir, ++n);
  p->store = g_strdup_printf ("%s/store-%d.sqlite", tmpdir, n);
  g_autofree char *cmd = g_strdup_printf ("env COLORTERM=truecolor XDG_DATA_HOME=%s %s explore --results %s %s; sleep 600",
                                          tmpdir, lesc_test_exe (), p->store, args);
  g_free (tmux_run (p, "new-session", "-d", "-x", "80", "-y", "24", "-s", "x", "sh", "-c", cmd, NULL));
}

static void
pane_stop (Pane *p)
{
  g_free (tmux_run (p, "kill-server", NULL));
  g_free (p->socket);
  g_free (p->store);
}

static char *
wait_for (const Pane *p, const char *text, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);
  for (;;)
    {
      char *screen = capture (p);
      if (strstr (screen, text) != NULL)
        return screen;
      if (g_get_monotonic_time () > end)
        g_error ("waited %.0f s for “%s”; the screen:\n%s", seconds, text, screen);
      g_free (screen);
      g_usleep (100000);
    }
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

static gboolean
has_block_symbols (const char *s)
{
  for (const char *c = s; *c; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);
      if ((u >= 0x1FB00 && u <= 0x1FB3B) || (u >= 0x2580 && u <= 0x259F))
        return TRUE;
    }
  return FALSE;
}

/* The figure's rows: from the first to the last line with block symbols. */
static void
figure_rows (GPtrArray *lines, guint *first, guint *last)
{
  *first = G_MAXUINT;
  *last = 0;
  for (guint i = 0; i < lines->len; i++)
    if (has_block_symbols (g_ptr_array_index (lines, i)))
      {
        *first = MIN (*first, i);
        *last = i;
      }
  g_assert_cmpuint (*first, <, lines->len);
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
  g_assert_true (has_block_symbols (screen));
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
          g_assert_true (c[1] == '1' || c[1] == '2');
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
  g_assert_true (has_block_symbols (screen));
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmux = g_find_program_in_path ("tmux");
  tmpdir = g_dir_make_tmp ("lesc-explore-figures-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  if (tmux == NULL)
    {
      g_test_skip ("tmux is not installed (build-aux/deps lists it)");
      return g_test_run ();
    }
  g_test_add_func ("/explore-figures/own-data", test_own_data);
  g_test_add_func ("/explore-figures/no-tear", test_no_tear);
  g_test_add_func ("/explore-figures/measures-ranks", test_measures_ranks);
  g_test_add_func ("/explore-figures/sjaffe", test_sjaffe);
  int status = g_test_run ();
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmpdir);
  g_assert_cmpint (system (rm), ==, 0);
  return status;
}
