/* `lesc explore` driven inside tmux (a private server: new-session -d -x 120 -y 40,
 * send-keys, capture-pane -p): it starts on the artificial set in the Distributions view;
 * LESC fills the Measures table with the six numbers `lesc recover artificial -m lesc
 * --format csv` prints (to the four decimals shown) and λ₁ moved with ← gives the numbers
 * of `--lambda1 1`; Esc cancels gLESC on Yeast-alpha and the screen says so; at 80 × 24
 * every view keeps its frame, title and panel; quitting (q, Ctrl-C, SIGTERM, a crash)
 * leaves no alternate screen, the cursor on, keypad and mouse modes off and the tty modes
 * as they were; TERM=dumb and a missing terminal are refused with the batch commands named;
 * NO_COLOR and a non-UTF-8 locale draw without colours and in ASCII. */
#include "testcli.h"
#include "testutil.h"
#include "testtmux.h"
#include "core/methods/method.h"

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static char *tmpdir;

typedef struct {
  char *socket;
  char *store;
  char *marks;       /* the shell writes EXIT=<status> and the tty modes here */
} Pane;

static char *
capture_escapes (const Pane *p)
{
  return tmux_run (p, "capture-pane", "-p", "-e", "-t", "x", NULL);
}

/* Start `lesc explore ARGS` in a cols × rows pane, under `env` (e.g. "NO_COLOR=1"). */
static void
pane_start (Pane *p, int cols, int rows, const char *env, const char *args)
{
  static int n = 0;
  p->socket = g_strdup_printf ("%s/tmux-%d", tmpdir, ++n);
  p->store = g_strdup_printf ("%s/store-%d.sqlite", tmpdir, n);
  p->marks = g_strdup_printf ("%s/marks-%d", tmpdir, n);
  /* The shell saves the tty modes, runs the explorer, then writes its status and the
   * modes again, and stays (so that the pane's state can be read). */
  g_autofree char *cmd = g_strdup_printf (
      "ulimit -c 0; trap : INT; stty -g > %s.before; env COLORTERM=truecolor XDG_CONFIG_HOME=%s/config-%d %s %s explore "
      "--results %s %s; echo EXIT=$? > %s.exit; stty -g > %s.after; sleep 600",
      p->marks, tmpdir, n, env != NULL ? env : "", lesc_test_exe (), p->store, args != NULL ? args : "", p->marks,
      p->marks);
  g_autofree char *x = g_strdup_printf ("%d", cols), *y = g_strdup_printf ("%d", rows);
  g_free (tmux_run (p, "new-session", "-d", "-x", x, "-y", y, "-s", "x", "sh", "-c", cmd, NULL));
}

static void
pane_stop (Pane *p)
{
  g_free (tmux_run (p, "kill-server", NULL));
  g_free (p->socket);
  g_free (p->store);
  g_free (p->marks);
}

/* The shell's EXIT=… once the explorer has ended. */
static int
wait_exit (const Pane *p)
{
  g_autofree char *path = g_strdup_printf ("%s.exit", p->marks);
  for (int i = 0; i < 300 && !g_file_test (path, G_FILE_TEST_EXISTS); i++)
    g_usleep (100000);
  g_usleep (200000);   /* the modes written after it */
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  int status = -1;
  g_assert_cmpint (sscanf (text, "EXIT=%d", &status), ==, 1);
  return status;
}

/* The terminal given back: the normal screen, the cursor on, keypad and mouse modes off,
 * the tty modes as before. */
static void
assert_restored (const Pane *p)
{
  g_autofree char *flags = tmux_run (p, "display", "-p", "-t", "x",
                                     "#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} "
                                     "#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}",
                                     NULL);
  g_assert_cmpstr (g_strstrip (flags), ==, "0 1 0 0 0000");
  g_autofree char *before_path = g_strdup_printf ("%s.before", p->marks);
  g_autofree char *after_path = g_strdup_printf ("%s.after", p->marks);
  g_autofree char *before = NULL, *after = NULL;
  g_assert_true (g_file_get_contents (before_path, &before, NULL, NULL));
  g_assert_true (g_file_get_contents (after_path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
}

/* The line of the screen holding `text`, or NULL. */
static char *
line_with (const char *screen, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], text) != NULL)
      return g_strdup (lines[i]);
  return NULL;
}

/* The view's part of the line holding `text` there (right of the panel's border), or NULL. */
static char *
view_line_with (const char *screen, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *border = strstr (lines[i], "│");
      if (border != NULL && strstr (border, text) != NULL)
        return g_strdup (border + strlen ("│"));
    }
  return NULL;
}

/* Wait until the screen (with `text`) shows figure symbols: they follow the text. */
static char *
wait_for_figure (const Pane *p, const char *text)
{
  for (int tries = 0;; tries++)
    {
      char *screen = wait_for (p, text, 30);
      if (test_has_block_symbols (screen) || tries >= 100)
        return screen;
      g_free (screen);
      g_usleep (100000);
    }
}

/* Put the panel's focus on a method's row: Home, then one Down per row before it (a
 * method's parameters are listed under it while the focus passes). */
static void
focus_method (const Pane *p, const char *name)
{
  keys (p, "Home");
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  keys (p, "Down");
  for (guint i = 0; i < n && g_ascii_strcasecmp (all[i]->name, name) != 0; i++)
    for (guint k = 0; k <= all[i]->n_params; k++)
      keys (p, "Down");
}

/* The six numbers of `lesc recover artificial -m lesc [--lambda1 L] --format csv` as the
 * Measures table shows them. */
static char *
recover_numbers (const char *lambda1)
{
  g_auto (Run) r = lambda1 != NULL ? run ("recover", "artificial", "-m", "lesc", "--lambda1", lambda1, "--format", "csv", NULL)
                                   : run ("recover", "artificial", "-m", "lesc", "--format", "csv", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_auto (GStrv) head = g_strsplit (lines[0], ",", -1), row = g_strsplit (lines[1], ",", -1);
  GString *s = g_string_new (NULL);
  static const char *const measures[] = { "cheb", "clark", "canber", "kl", "cosine", "intersec" };
  for (guint m = 0; m < G_N_ELEMENTS (measures); m++)
    for (guint j = 0; head[j] != NULL; j++)
      if (strcmp (head[j], measures[m]) == 0)
        g_string_append_printf (s, "%s%.4f", s->len > 0 ? " " : "", g_ascii_strtod (row[j], NULL));
  return g_string_free (s, FALSE);
}

/* The numbers of a method's row in the Measures table, single-spaced ("" while it has none). */
static char *
row_numbers (const char *screen, const char *method)
{
  g_autofree char *line = view_line_with (screen, method);
  if (line == NULL)
    return g_strdup ("");
  const char *table = strstr (line, method) + strlen (method);
  g_auto (GStrv) words = g_strsplit_set (table, " ", -1);
  GString *s = g_string_new (NULL);
  guint count = 0;
  for (guint i = 0; words[i] != NULL && count < 6; i++)
    if (words[i][0] >= '0' && words[i][0] <= '9' && strchr (words[i], '.') != NULL)
      {
        g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", words[i]);
        count++;
      }
  return g_string_free (s, FALSE);
}

static void
test_start_run_tune_quit (void)
{
  Pane p = { 0 };
  pane_start (&p, 120, 40, NULL, NULL);
  g_autofree char *start = wait_for_figure (&p, "Label distributions of artificial");
  g_assert_nonnull (strstr (start, "1 Distributions"));
  g_assert_nonnull (strstr (start, "Ground truth"));
  g_assert_true (test_has_block_symbols (start));   /* the scatter, through chafa */
  g_autofree char *want = recover_numbers (NULL);

  focus_method (&p, "lesc");
  g_autofree char *focused = wait_for (&p, "λ₁ (LE trade-off)", 10);   /* LESC's parameters */
  keys (&p, "Space");             /* tick: it runs */
  keys (&p, "2");
  g_autofree char *done = wait_for (&p, "LESC on artificial: done", 300);
  g_autofree char *got = row_numbers (done, "LESC*");
  g_test_message ("lesc recover: %s; the table: %s", want, got);
  g_assert_cmpstr (got, ==, want);
  /* what the result was computed from, above the progress line */
  g_assert_nonnull (strstr (done, " LESC on artificial · λ₁ = 10 · λ₂ = 0.1 · seed 5489 · "));

  /* λ₁ one decade down with ←: the stale result goes, the new one is λ₁ = 1's. */
  g_autofree char *want1 = recover_numbers ("1");
  g_assert_cmpstr (want1, !=, want);
  keys (&p, "Down", "Left");
  /* the old result's caption says it is stale until the new run's first iterate is
   * painted, which says it is provisional until the new result is in */
  for (int i = 0;; i++)
    {
      g_autofree char *screen = capture (&p);
      if (strstr (screen, "LESC on artificial · λ₁ = 10 · λ₂ = 0.1 · seed 5489 · stale") != NULL
          || strstr (screen, "LESC on artificial · λ₁ = 1 · λ₂ = 0.1 · seed 5489 · provisional · iteration") != NULL)
        break;
      if (i >= 500)
        g_error ("neither stale nor provisional after λ₁ changed:\n%s", screen);
      g_usleep (20000);
    }
  /* Until the row shows numbers that are not the old ones (the stale row goes at once). */
  g_autofree char *again = NULL;
  g_autofree char *got1 = NULL;
  for (int i = 0; i < 3000; i++)
    {
      g_free (again);
      g_free (got1);
      again = capture (&p);
      got1 = row_numbers (again, "LESC*");
      if (strlen (got1) > 20 && strcmp (got1, want) != 0)
        break;
      g_usleep (100000);
    }
  g_autofree char *lambda = line_with (again, "λ₁ (LE trade-off)");
  g_assert_nonnull (lambda);
  g_autofree char *panel = g_strndup (lambda, strstr (lambda, "│") - lambda);
  g_auto (GStrv) words = g_strsplit (g_strstrip (panel), " ", -1);
  g_assert_cmpstr (words[g_strv_length (words) - 1], ==, "1");   /* the panel: λ₁ = 1 */
  g_test_message ("λ₁ = 1: lesc recover %s; the table %s", want1, got1);
  g_assert_cmpstr (got1, ==, want1);
  g_free (wait_for (&p, " LESC on artificial · λ₁ = 1 · λ₂ = 0.1 · seed 5489 · ", 10));

  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  assert_restored (&p);
  pane_stop (&p);
}

static void
test_esc_cancels_glesc (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  g_autofree char *path = lesc_test_dataset_path ("yeast-alpha.mat");
  if (path == NULL)
    return;
  Pane p = { 0 };
  pane_start (&p, 120, 40, NULL, path);
  g_free (wait_for (&p, "Label distributions of yeast-alpha", 60));
  focus_method (&p, "glesc");
  keys (&p, "Space");
  g_free (wait_for (&p, "gLESC on yeast-alpha: ", 60));   /* the progress line */
  g_usleep (500000);
  gint64 esc = g_get_monotonic_time ();
  keys (&p, "Escape");
  g_autofree char *screen = wait_for (&p, "Cancelled: gLESC on yeast-alpha", 30);
  g_autofree char *line = line_with (screen, "Cancelled: gLESC on yeast-alpha");
  /* Reported, not asserted (the tests assert no times): Esc to the screen saying so. */
  g_test_message ("%s — on the screen %.2f s after Esc (polled every 0.1 s)", g_strstrip (line),
                  (g_get_monotonic_time () - esc) / 1e6);
  g_assert_nonnull (strstr (screen, "Idle"));            /* nothing runs any more */
  g_assert_null (strstr (screen, "Esc cancels"));
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  assert_restored (&p);
  pane_stop (&p);
}

/* Own data opened with its options keeps them: `g` and `c` say at once, in full, that data
 * without ground truth has no grid or cross-validation (before: a truncated "a single
 * table needs … --label-c…", the options lost when the file was read again); a run
 * recovers its distributions; `o` opens the same file typed with its options. */
static void
test_own_data_options (void)
{
  g_autofree char *weather = g_build_filename (LESC_TEST_SOURCE_DIR, "docs", "examples", "weather.csv", NULL);
  g_autofree char *args = g_strdup_printf ("%s --logical-columns 3", weather);
  Pane p = { 0 };
  pane_start (&p, 120, 40, NULL, args);
  g_free (wait_for (&p, "weather", 30));
  keys (&p, "3");
  keys (&p, "g");
  g_autofree char *grid = wait_for (&p, "weather has only logical labels: the λ grid needs ground truth", 30);
  g_assert_null (strstr (grid, "--label-c"));
  keys (&p, "5");
  keys (&p, "c");
  g_free (wait_for (&p, "weather has only logical labels: the cross-validation needs ground truth", 30));
  keys (&p, "2");
  focus_method (&p, "lp");
  keys (&p, "Space");
  g_free (wait_for (&p, "LP on weather: done in ", 120));
  /* the picker: the file typed with its options */
  keys (&p, "o");
  g_free (wait_for (&p, "Open a data set", 10));
  keys (&p, "End", "Enter");
  g_free (wait_for (&p, "lesc's options", 10));
  g_autofree char *typed = g_strdup_printf ("%s --logical-columns 3", weather);
  keys (&p, "-l", typed);
  keys (&p, "Enter");
  g_free (wait_for (&p, "Opened weather", 30));
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  pane_stop (&p);
}

/* A restart remembers the data set with its options, the parameters and the ticks (the
 * session's memory in the config folder): only the ticked method runs again. */
static void
test_restart_remembers (void)
{
  g_autofree char *weather = g_build_filename (LESC_TEST_SOURCE_DIR, "docs", "examples", "weather.csv", NULL);
  g_autofree char *args = g_strdup_printf ("%s --logical-columns 3", weather);
  g_autofree char *config = g_strdup_printf ("XDG_CONFIG_HOME=%s/config-restart", tmpdir);
  Pane p = { 0 };
  pane_start (&p, 120, 40, config, args);
  g_free (wait_for (&p, "weather", 30));
  focus_method (&p, "lp");
  keys (&p, "Space");
  g_free (wait_for (&p, "LP on weather: done in ", 120));
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  pane_stop (&p);
  g_autofree char *ini = g_strdup_printf ("%s/config-restart/lesc-explorer/session.ini", tmpdir);
  g_autofree char *saved = NULL;
  g_assert_true (g_file_get_contents (ini, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "weather.csv --logical-columns 3"));

  Pane q = { 0 };
  pane_start (&q, 120, 40, config, NULL);   /* no DATA: the last one */
  g_autofree char *again = wait_for (&q, "LP on weather: done in ", 120);
  g_assert_nonnull (strstr (again, "[x] LP"));
  g_assert_nonnull (strstr (again, "[ ] FCM"));
  keys (&q, "q");
  g_assert_cmpint (wait_exit (&q), ==, 0);
  pane_stop (&q);
}

/* The seconds on the progress line move during a long stage (before: only when the work
 * reported progress), and the status of a finished run says the run's own time. */
static void
test_clock_moves (void)
{
  Pane p = { 0 };
  pane_start (&p, 120, 40, NULL, NULL);
  g_free (wait_for_figure (&p, "Label distributions of artificial"));
  focus_method (&p, "glesc");
  keys (&p, "Space");
  g_autofree char *first = wait_for (&p, "gLESC on artificial: ", 60);
  g_autofree char *line1 = line_with (first, "Esc cancels");
  g_usleep (2500000);
  g_autofree char *second = capture (&p);
  g_autofree char *line2 = line_with (second, "Esc cancels");
  if (line2 != NULL)   /* still running: the time has moved */
    {
      g_test_message ("%s → %s", g_strstrip (line1), g_strstrip (line2));
      const gsize dot = strlen (" · ");
      double t1 = g_ascii_strtod (strstr (line1, " · ") + dot, NULL);
      const char *at = strstr (line2, " · ");
      while (at != NULL && !g_ascii_isdigit (at[dot]))
        at = strstr (at + dot, " · ");
      g_assert_nonnull (at);
      double t2 = g_ascii_strtod (at + dot, NULL);
      g_assert_cmpfloat (t2, >=, t1 + 1.0);
    }
  keys (&p, "Escape");
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  pane_stop (&p);
}

/* Every line of the body has the panel's border at the same column; no figure symbols are
 * left where the view has none. */
static void
assert_frame (const char *screen, int border, gboolean figure)
{
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 24);
  for (int y = 1; y <= 19; y++)
    {
      glong n = g_utf8_strlen (lines[y], -1);
      g_assert_cmpint (n, <=, 80);
      g_assert_cmpint (n, >, border);
      const char *at = g_utf8_offset_to_pointer (lines[y], border);
      if (g_utf8_get_char (at) != 0x2502)
        g_error ("line %d has no panel border at column %d:\n%s", y, border, screen);
      /* (the progress bar below the body is drawn with blocks too) */
      if (!figure && test_has_block_symbols (lines[y]))
        g_error ("line %d holds figure symbols in a view without a figure:\n%s", y, screen);
    }
  g_assert_nonnull (strstr (lines[0], "1 Distr."));
  g_assert_nonnull (strstr (lines[0], "5 CV"));
  g_assert_nonnull (strstr (screen, "Methods"));
  g_assert_nonnull (strstr (screen, "q quit"));
}

static void
test_resize (void)
{
  Pane p = { 0 };
  pane_start (&p, 120, 40, NULL, NULL);
  g_free (wait_for (&p, "Label distributions of artificial", 30));
  g_free (tmux_run (&p, "resize-window", "-t", "x", "-x", "80", "-y", "24", NULL));
  g_autofree char *small = wait_for (&p, "1 Distr.", 10);
  static const struct { const char *key, *title; gboolean figure; } views[] = {
    { "2", "Recovery on artificial", FALSE },
    { "3", "sensitivity", FALSE },
    { "4", "Mean ranks over", FALSE },
    { "5", "Cross-validation", FALSE },
    { "1", "Label distributions of artificial", TRUE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      keys (&p, views[i].key);
      g_autofree char *screen = views[i].figure ? wait_for_figure (&p, views[i].title) : wait_for (&p, views[i].title, 10);
      g_test_message ("view %s at 80 × 24:\n%s", views[i].key, screen);
      assert_frame (screen, 21, views[i].figure);
      if (views[i].figure)
        g_assert_true (test_has_block_symbols (screen));
    }
  /* The keys fit too. */
  keys (&p, "?");
  g_autofree char *help = wait_for (&p, "Keys", 10);
  g_assert_nonnull (strstr (help, "cancel the running work"));
  keys (&p, "x");
  /* Back to the large size: the frame follows. */
  g_free (tmux_run (&p, "resize-window", "-t", "x", "-x", "120", "-y", "40", NULL));
  g_free (wait_for (&p, "5 Cross-validation", 10));
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  assert_restored (&p);
  pane_stop (&p);
}

/* The explorer's process: the shell's child in the pane. */
static int
explorer_pid (const Pane *p)
{
  g_autofree char *shell = tmux_run (p, "display", "-p", "-t", "x", "#{pane_pid}", NULL);
  int pid = atoi (shell);
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/children", pid, pid);
  for (int i = 0; i < 100; i++)
    {
      g_autofree char *children = NULL;
      if (g_file_get_contents (path, &children, NULL, NULL) && atoi (children) > 0)
        return atoi (children);
      g_usleep (100000);
    }
  g_error ("no explorer process under the pane's shell %d", pid);
}

static void
test_signals_restore (gconstpointer data)
{
  int sig = GPOINTER_TO_INT (data);
  Pane p = { 0 };
  pane_start (&p, 100, 30, NULL, NULL);
  g_free (wait_for (&p, "Label distributions of artificial", 30));
  if (sig == SIGINT)
    keys (&p, "C-c");
  else
    kill (explorer_pid (&p), sig);
  int status = wait_exit (&p);
  g_test_message ("signal %d: exit status %d", sig, status);
  g_assert_cmpint (status, ==, 128 + sig);
  assert_restored (&p);
  pane_stop (&p);
}

static void
test_refusals (void)
{
  /* A dumb terminal, and no terminal at all: refused, pointing at the batch commands. */
  const char *argv[] = { lesc_test_exe (), "explore", NULL };
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "TERM", "dumb", TRUE);
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_cmpint (WEXITSTATUS (status), ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "TERM=dumb"));
  g_assert_nonnull (strstr (err, "lesc recover"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  env = g_environ_setenv (env, "TERM", "xterm-256color", TRUE);
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_cmpint (WEXITSTATUS (status), ==, 2);
  g_assert_nonnull (strstr (err, "needs a terminal"));
  g_assert_nonnull (strstr (err, "lesc table"));
  /* Bad options: one line, before anything else. */
  g_auto (Run) r = run ("explore", "--graphics", "braille", NULL);
  assert_fails (&r, 2, "--graphics braille");
  g_auto (Run) c = run ("explore", "--colors", "many", NULL);
  assert_fails (&c, 2, "--colors many");
}

/* Data that cannot be read: said in one line before the screen is taken. */
static void
test_bad_data (void)
{
  Pane p = { 0 };
  pane_start (&p, 100, 30, NULL, "no-such-data-set-here");
  g_assert_cmpint (wait_exit (&p), ==, 1);
  g_autofree char *screen = wait_for (&p, "no-such-data-set-here", 10);
  g_test_message ("%s", screen);
  assert_restored (&p);
  pane_stop (&p);
}

/* NO_COLOR: no colours in the figure or anywhere; a non-UTF-8 locale: ASCII texts and an
 * ASCII figure. */
static void
test_no_color_and_ascii (void)
{
  Pane p = { 0 };
  pane_start (&p, 100, 30, "NO_COLOR=1 LC_ALL=C", NULL);
  g_free (wait_for (&p, "Label distributions of artificial", 30));
  /* The figure's rows follow the text: wait until they are there too. */
  g_autofree char *screen = NULL;
  guint ink = 0;
  for (int tries = 0; tries < 100 && ink <= 200; tries++)
    {
      g_free (screen);
      screen = capture (&p);
      g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
      ink = 0;
      for (int y = 3; y < 20 && lines[y] != NULL; y++)
        {
          if (g_utf8_strlen (lines[y], -1) <= 28)
            continue;
          /* The figure's rows are drawn with ASCII characters. */
          for (const char *c = g_utf8_offset_to_pointer (lines[y], 28); *c; c++)
            {
              g_assert_cmpint ((guchar) *c, <, 128);
              ink += *c != ' ';
            }
        }
      if (ink <= 200)
        g_usleep (100000);
    }
  g_assert_cmpuint (ink, >, 200);
  g_autofree char *colours = capture_escapes (&p);
  g_assert_null (strstr (colours, "38;2;"));
  g_assert_null (strstr (colours, "48;2;"));
  g_assert_null (strstr (colours, "38;5;"));
  g_assert_null (strstr (colours, "48;5;"));
  g_assert_false (test_has_block_symbols (screen));
  g_assert_nonnull (strstr (screen, "truth||rec"));      /* ‖ in ASCII */
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  assert_restored (&p);
  pane_stop (&p);
}

/* `lesc plot … --terminal`: the figure as lines of symbols with colours. */
static void
test_plot_terminal (void)
{
  g_auto (Run) r = run ("plot", "scatter", "artificial", "--terminal", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >, 10);
  g_assert_true (test_has_block_symbols (r.out));
  g_assert_nonnull (strstr (r.out, "\033["));
  for (guint i = 0; lines[i + 1] != NULL; i++)
    g_assert_true (g_str_has_suffix (lines[i], "\033[0m"));
}

/* Lines of the view's part (right of the panel's border) that hold `text`, leaving out the
 * caption under the figure ("Ground truth │ …") and the frame's provenance line. */
static guint
figure_lines_with (const char *screen, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (screen, "\n", -1);
  guint n = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *view = strstr (lines[i], "│");
      n += view != NULL && strstr (view, text) != NULL && strstr (view, "Ground truth") == NULL
           && strstr (lines[i], " on artificial") == NULL;
    }
  return n;
}

/* λ₁ changed after a LESC run, with automatic runs off: the old result stays in the figure
 * itself, its panel saying "stale" (not only the status line) and the caption too, until r
 * runs the new settings and their result replaces it. */
static void
test_stale_in_figure (void)
{
  Pane p = { 0 };
  pane_start (&p, 120, 40, NULL, NULL);
  g_free (wait_for_figure (&p, "Label distributions of artificial"));
  keys (&p, "End", "Space");   /* Run automatically: off */
  g_free (wait_for (&p, "Idle: tick a method", 10));
  focus_method (&p, "lesc");
  keys (&p, "Space", "r");
  g_free (wait_for (&p, "LESC on artificial: done", 300));
  keys (&p, "Down", "Left");   /* λ₁ one decade down, not run */
  g_autofree char *stale = wait_for (&p, "│ LESC stale", 30);
  for (int i = 0; i < 100 && figure_lines_with (stale, "stale") == 0; i++)
    {
      g_usleep (100000);
      g_free (stale);
      stale = capture (&p);
    }
  if (figure_lines_with (stale, "stale") == 0)
    g_error ("no “stale” inside the figure:\n%s", stale);
  g_assert_nonnull (strstr (stale, "LESC on artificial · λ₁ = 10 · λ₂ = 0.1 · seed 5489 · stale"));
  keys (&p, "r");
  g_free (wait_for (&p, "LESC on artificial · λ₁ = 1 · λ₂ = 0.1", 300));
  g_usleep (500000);
  g_autofree char *fresh = capture (&p);
  g_assert_cmpuint (figure_lines_with (fresh, "stale"), ==, 0);
  g_assert_null (strstr (fresh, "│ LESC stale"));
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  pane_stop (&p);
}

/* The frame log's lines (LESC_FRAME_LOG: "<seconds> tui <figure> <method>:<state>:<param>=<value>…"). */
static GStrv
frame_log (const char *path)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return g_new0 (char *, 1);
  return g_strsplit (text, "\n", -1);
}

/* The index of the first line from `from` on holding `word` as a whole word, or −1. */
static int
log_find (GStrv lines, int from, const char *word)
{
  g_autofree char *spaced = g_strdup_printf (" %s", word);
  for (int i = from; lines[i] != NULL; i++)
    {
      const char *at = strstr (lines[i], spaced);
      if (at != NULL && (at[strlen (spaced)] == ' ' || at[strlen (spaced)] == '\0'))
        return i;
    }
  return -1;
}

/* A change of GLLE's λ typed into its prompt: the terminal paints the run's iterates
 * marked provisional (figure, caption, panel subtitle) before the final figure, and the
 * final one is labelled final with the run's own values (the frame log the latency
 * benchmark reads, docs/speed.md) and says "done" with the run's time. */
static void
test_provisional_then_final (void)
{
  Pane p = { 0 };
  g_autofree char *log = g_build_filename (tmpdir, "frames", NULL);
  g_autofree char *env = g_strdup_printf ("LESC_FRAME_LOG=%s", log);
  pane_start (&p, 120, 40, env, NULL);
  g_free (wait_for_figure (&p, "Label distributions of artificial"));
  focus_method (&p, "glle");
  g_free (wait_for (&p, "λ (LE trade-off)", 10));
  keys (&p, "Space");   /* tick: it runs with the defaults */
  g_free (wait_for (&p, "GLLE on artificial: done", 300));
  g_auto (GStrv) before = frame_log (log);
  int start = (int) g_strv_length (before);
  keys (&p, "Down", "Enter", "C-u");   /* λ's prompt */
  keys (&p, "-l", "0.037");
  keys (&p, "Enter");
  const LescMethod *m = lesc_method_find ("glle");
  g_assert_nonnull (m);
  g_autofree char *final = g_strdup_printf ("glle:final:lambda1=0.037:k=%g:sigma=%g", m->params[1].default_value,
                                            m->params[2].default_value);
  g_autofree char *provisional = g_strdup_printf ("glle:provisional:lambda1=0.037:k=%g:sigma=%g",
                                                  m->params[1].default_value, m->params[2].default_value);
  /* the screen, as often as tmux allows, until the final figure is in the log */
  gboolean seen_provisional = FALSE;
  g_auto (GStrv) lines = NULL;
  for (int i = 0;; i++)
    {
      g_autofree char *screen = capture (&p);
      seen_provisional |= strstr (screen, "GLLE on artificial · λ = 0.037 · ") != NULL
                          && strstr (screen, " · provisional · iteration ") != NULL
                          && strstr (screen, "│ GLLE provisional · iteration ") != NULL;
      g_clear_pointer (&lines, g_strfreev);
      lines = frame_log (log);
      if (log_find (lines, start, final) >= 0)
        break;
      if (i >= 6000)
        g_error ("no final figure for λ = 0.037 in the frame log; the screen:\n%s", screen);
      g_usleep (20000);
    }
  int at_final = log_find (lines, start, final);
  int at_provisional = log_find (lines, start, provisional);
  g_test_message ("frames after the change: %d, first provisional at %d, final at %d",
                  (int) g_strv_length (lines) - start, at_provisional, at_final);
  g_assert_cmpint (at_provisional, >=, start);
  g_assert_cmpint (at_provisional, <, at_final);
  /* no provisional figure after the final one, and none of an older value after the change */
  g_assert_cmpint (log_find (lines, at_final, "glle:provisional:lambda1=0.037"), ==, -1);
  double t_provisional = g_ascii_strtod (lines[at_provisional], NULL), t_final = g_ascii_strtod (lines[at_final], NULL);
  g_assert_cmpfloat (t_provisional, <=, t_final);
  /* the caption and the panel said so while it ran (seen when the iterates lasted long
   * enough for tmux to show one) */
  if (t_final - t_provisional >= 0.3)
    g_assert_true (seen_provisional);
  else
    g_test_message ("iterates shown for %.2f s only: the provisional caption not asserted", t_final - t_provisional);
  g_autofree char *done = wait_for (&p, "GLLE on artificial: done in ", 30);
  g_assert_null (strstr (done, "provisional"));
  g_assert_nonnull (strstr (done, " GLLE on artificial · λ = 0.037 · K = "));
  keys (&p, "q");
  g_assert_cmpint (wait_exit (&p), ==, 0);
  pane_stop (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_tmux = g_find_program_in_path ("tmux");
  tmpdir = g_dir_make_tmp ("lesc-explore-XXXXXX", NULL);
  /* The store and the data directory of the explorer stay inside the test. */
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_unsetenv ("LESC_DATA_DIR");
  g_test_add_func ("/explore/refusals", test_refusals);
  g_test_add_func ("/explore/plot-terminal", test_plot_terminal);
  if (test_tmux == NULL)
    g_test_message ("tmux is not installed: the screen tests are left out (apt-get install tmux)");
  else
    {
      g_test_add_func ("/explore/start-run-tune-quit", test_start_run_tune_quit);
      g_test_add_func ("/explore/resize", test_resize);
      g_test_add_func ("/explore/no-color-ascii", test_no_color_and_ascii);
      g_test_add_func ("/explore/bad-data", test_bad_data);
      g_test_add_data_func ("/explore/restore/sigint", GINT_TO_POINTER (SIGINT), test_signals_restore);
      g_test_add_data_func ("/explore/restore/sigterm", GINT_TO_POINTER (SIGTERM), test_signals_restore);
      g_test_add_data_func ("/explore/restore/sighup", GINT_TO_POINTER (SIGHUP), test_signals_restore);
      g_test_add_data_func ("/explore/restore/sigsegv", GINT_TO_POINTER (SIGSEGV), test_signals_restore);
      g_test_add_data_func ("/explore/restore/sigabrt", GINT_TO_POINTER (SIGABRT), test_signals_restore);
      g_test_add_func ("/explore/esc-cancels-glesc", test_esc_cancels_glesc);
      g_test_add_func ("/explore/own-data-options", test_own_data_options);
      g_test_add_func ("/explore/clock-moves", test_clock_moves);
      g_test_add_func ("/explore/restart-remembers", test_restart_remembers);
      g_test_add_func ("/explore/stale-in-figure", test_stale_in_figure);
      g_test_add_func ("/explore/provisional-then-final", test_provisional_then_final);
    }
  int status = g_test_run ();
  g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (tmpdir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (tmpdir);
  return status;
}
