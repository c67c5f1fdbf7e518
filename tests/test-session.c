/* The session layer (src/session) without a screen: a ticked method runs on the worker
 * and its result equals the direct run; a parameter change while the run works cancels it
 * and the result shown is the new setting's; Esc (cancel) stops the work and says so;
 * opening another data set drops the results, also of runs that finish later; a refused
 * data set leaves the session as it was; an optimizer warning reaches the provenance, the
 * caption and the status; a changed parameter marks the result stale, and going back
 * reuses the run; provenance strings; background work pauses for the user's run; the
 * memory round trip; own data with its options. */
#include "session/session.h"
#include "session/provenance.h"
#include "session/dataspec.h"
#include "session/memory.h"
#include "core/data/artificial.h"
#include "core/data/csv.h"
#include "core/experiments/request.h"
#include "testutil.h"
#include "testsubset.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *tmpdir;
static char *spec;   /* 300 samples of the artificial set as FEATURES.csv,DISTRIBUTIONS.csv */
static char *medium; /* 400 samples, the same way */

typedef struct {
  LescSession *s;
  int lesc;
  LescTask *first;       /* the first run, watched */
  gboolean watch;        /* change λ₁ when a run starts */
  gboolean changed;      /* λ₁ moved while the first run worked */
  guint notifications;
} Watch;

static void
changed_cb (LescSession *s, gpointer data)
{
  Watch *w = data;
  w->notifications++;
  /* As soon as the first run is under way: move λ₁ one decade down. */
  if (w->watch && !w->changed && lesc_session_running (s) != NULL)
    {
      w->first = lesc_task_ref (lesc_session_running (s));
      w->changed = TRUE;
      const LescMethod *m = lesc_session_method (s, (guint) w->lesc)->method;
      lesc_session_set_value (s, (guint) w->lesc, (guint) lesc_method_param_index (m, "lambda1"), 1.0);
    }
}

static void
iterate_until_idle (LescSession *s, LescSessionMethod *m)
{
  gint64 end = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;
  while ((lesc_session_running (s) != NULL || m->task != NULL || (m->ticked && m->outcome == NULL && m->failure == NULL))
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
}

static LescSession *
new_session (Watch *w)
{
  g_autofree char *store = g_build_filename (tmpdir, "store.sqlite", NULL);
  LescOpenOptions open = { 0 };
  LescSession *s = lesc_session_new (store, &open, changed_cb, w);
  w->s = s;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, spec, &error));
  g_assert_no_error (error);
  w->lesc = lesc_session_find_method (s, "lesc");
  g_assert_cmpint (w->lesc, >=, 0);
  return s;
}

static void
test_change_cancels_stale_run (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  LescSessionMethod *m = lesc_session_method (s, (guint) w.lesc);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);   /* with auto-run: after a pause */
  w.watch = TRUE;
  g_assert_cmpuint (lesc_session_run (s), ==, 1);      /* now; λ₁ moves as it starts */
  g_assert_null (m->task);                             /* that run is stale already */
  iterate_until_idle (s, m);
  g_assert_true (w.changed);
  g_assert_cmpint (lesc_task_get_state (w.first), ==, LESC_TASK_CANCELLED);
  g_assert_nonnull (m->outcome);
  int k = lesc_method_param_index (m->method, "lambda1");
  g_assert_cmpfloat (m->outcome->params.values[k], ==, 1.0);
  /* The numbers are those of λ₁ = 1, computed straight. */
  g_autoptr (GError) error = NULL;
  LescRunParams p = m->params;
  g_autoptr (LescRunOutcome) direct = lesc_run_outcome_compute (m->method, lesc_session_dataset (s), &p, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (direct->recovered, m->outcome->recovered), ==, 0.0);
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    g_assert_cmpfloat (direct->measures[0][j], ==, m->outcome->measures[0][j]);
  gboolean is_error;
  g_assert_true (g_str_has_prefix (lesc_session_message (s, &is_error), "LESC on small-x: done in "));
  g_assert_false (is_error);
  lesc_task_unref (w.first);
  lesc_session_free (s);
}

static void
test_cancel_all (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  int glesc = lesc_session_find_method (s, "glesc");
  LescSessionMethod *m = lesc_session_method (s, (guint) glesc);
  lesc_session_set_auto_run (s, FALSE);
  lesc_session_set_ticked (s, (guint) glesc, TRUE);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  g_assert_cmpuint (lesc_session_run (s), ==, 2);
  g_assert_cmpuint (lesc_session_n_waiting (s), ==, 1);
  LescTask *running = lesc_task_ref (lesc_session_running (s));
  g_assert_true (lesc_session_cancel (s));
  g_assert_cmpuint (lesc_session_n_waiting (s), ==, 0);
  while (lesc_session_running (s) != NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (lesc_task_get_state (running), ==, LESC_TASK_CANCELLED);
  g_assert_null (m->outcome);
  g_assert_null (lesc_session_method (s, (guint) w.lesc)->outcome);
  gboolean is_error;
  const char *msg = lesc_session_message (s, &is_error);
  g_test_message ("%s", msg);
  g_assert_true (g_str_has_prefix (msg, "Cancelled: LESC on small-x (after "));
  g_assert_false (lesc_session_cancel (s));       /* nothing left */
  lesc_task_unref (running);
  lesc_session_free (s);
}

static void
test_open_drops_results (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  int lp = lesc_session_find_method (s, "lp");
  LescSessionMethod *m = lesc_session_method (s, (guint) lp);
  lesc_session_set_auto_run (s, FALSE);
  lesc_session_set_ticked (s, (guint) lp, TRUE);
  lesc_session_run (s);
  iterate_until_idle (s, m);
  g_assert_nonnull (m->outcome);
  guint version = lesc_session_version (s);
  /* A data set that cannot be read: refused, nothing changes. */
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_session_open (s, "no-such-data-set-anywhere", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (m->outcome);
  g_assert_cmpstr (lesc_session_dataset (s)->name, ==, "small-x");
  g_clear_error (&error);
  /* Another one: the results of the old one go. */
  g_assert_true (lesc_session_open (s, "artificial", &error));
  g_assert_null (m->outcome);
  g_assert_cmpuint (lesc_session_version (s), >, version);
  g_assert_cmpstr (lesc_session_dataset (s)->name, ==, "artificial");
  g_assert_true (m->ticked);                 /* the choices stay */
  lesc_session_free (s);
}


static void
wait_idle (LescSession *s)
{
  gint64 end = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;
  while ((lesc_session_running (s) != NULL || lesc_session_n_waiting (s) > 0) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (lesc_session_running (s));
}

static void
set_param (LescSession *s, int i, const char *name, double v)
{
  const LescMethod *m = lesc_session_method (s, (guint) i)->method;
  int k = lesc_method_param_index (m, name);
  g_assert_cmpint (k, >=, 0);
  lesc_session_set_value (s, (guint) i, (guint) k, v);
}

/* Runs under way when the data set changes never land as results of the new one. */
static void
test_open_while_running (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  lesc_session_set_auto_run (s, FALSE);
  int glesc = lesc_session_find_method (s, "glesc"), glle = lesc_session_find_method (s, "glle");
  lesc_session_set_ticked (s, (guint) glesc, TRUE);
  lesc_session_set_ticked (s, (guint) glle, TRUE);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  g_assert_cmpuint (lesc_session_run (s), ==, 3);
  LescTask *first = lesc_task_ref (lesc_session_running (s));
  while (lesc_task_get_fraction (first) <= 0.0 && !lesc_task_is_finished (first))
    g_main_context_iteration (NULL, TRUE);   /* under way */
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, "artificial", &error));
  const char *checksum = lesc_session_checksum (s);
  wait_idle (s);
  for (guint i = 0; i < lesc_session_n_methods (s); i++)
    {
      LescShown shown;
      g_assert_null (lesc_session_shown (s, i, &shown, NULL));   /* nothing of small-x */
      g_assert_null (lesc_session_method (s, i)->failure);
    }
  lesc_task_unref (first);
  /* The runs on the new data carry its name and checksum. */
  lesc_session_set_ticked (s, (guint) glesc, FALSE);
  lesc_session_set_ticked (s, (guint) glle, FALSE);
  set_param (s, w.lesc, "lambda1", 1.0);
  g_assert_cmpuint (lesc_session_run (s), ==, 1);
  wait_idle (s);
  const LescProvenance *p = lesc_session_method (s, (guint) w.lesc)->provenance;
  g_assert_nonnull (p);
  g_assert_cmpstr (p->dataset, ==, "artificial");
  g_assert_cmpstr (p->checksum, ==, checksum);
  g_assert_false (p->background);
  g_assert_cmpint (p->state, ==, LESC_TASK_DONE);
  g_assert_cmpfloat (p->wall_seconds, >, 0.0);
  g_assert_cmpfloat (p->cpu_seconds, >, 0.0);
  lesc_session_free (s);
}

/* LESC on the artificial set with λ₁ = 101: the reference optimizer's line search fails
 * after one iteration; the warning reaches the provenance, the caption and the status. */
static void
test_optimizer_warning (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  lesc_session_set_auto_run (s, FALSE);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, "artificial", &error));
  set_param (s, w.lesc, "lambda1", 101.0);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  g_assert_cmpuint (lesc_session_run (s), ==, 1);
  wait_idle (s);
  LescSessionMethod *m = lesc_session_method (s, (guint) w.lesc);
  g_assert_nonnull (m->outcome);
  g_assert_cmpuint (m->outcome->report.le.iterations, ==, 1);
  g_assert_nonnull (m->provenance->warning);
  g_assert_nonnull (strstr (m->provenance->warning, "line search exit -2"));
  g_autofree char *short_warning = lesc_provenance_short_warning (m->provenance);
  g_assert_cmpstr (short_warning, ==, "warning: optimizer stopped after 1 iteration");
  g_autofree char *caption = lesc_session_caption (s, (guint) w.lesc);
  g_assert_true (g_str_has_prefix (caption, "LESC on artificial · λ₁ = 101 · λ₂ = 0.1 · seed 5489 · "));
  g_assert_nonnull (strstr (caption, " · warning: optimizer stopped after 1 iteration · "));
  gboolean is_error = FALSE;
  g_assert_cmpstr (lesc_session_message (s, &is_error), ==,
                   "LESC on artificial: warning: optimizer stopped after 1 iteration");
  g_assert_true (is_error);
  lesc_session_free (s);
}

/* A parameter change marks the result stale (kept, shown dimmed) until the new one is in;
 * going back to the old value reuses the kept run without computing. */
static void
test_stale_and_reuse (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  lesc_session_set_auto_run (s, FALSE);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  lesc_session_run (s);
  wait_idle (s);
  LescSessionMethod *m = lesc_session_method (s, (guint) w.lesc);
  const LescRunOutcome *first = m->outcome;
  g_assert_nonnull (first);
  LescShown shown;
  const LescProvenance *p = NULL;
  g_assert_true (lesc_session_shown (s, (guint) w.lesc, &shown, &p) == first);
  g_assert_cmpint (shown, ==, LESC_SHOWN_FINAL);
  set_param (s, w.lesc, "lambda1", 0.5);
  g_assert_null (m->outcome);
  g_assert_true (lesc_session_shown (s, (guint) w.lesc, &shown, &p) == first);
  g_assert_cmpint (shown, ==, LESC_SHOWN_STALE);
  g_autofree char *stale = lesc_session_caption (s, (guint) w.lesc);
  g_assert_cmpstr (stale, ==, "LESC on small-x · λ₁ = 10 · λ₂ = 0.1 · seed 5489 · stale");
  g_assert_cmpuint (lesc_session_run (s), ==, 1);
  g_autofree char *recomputing = lesc_session_caption (s, (guint) w.lesc);
  g_assert_cmpstr (recomputing, ==, "LESC on small-x · λ₁ = 10 · λ₂ = 0.1 · seed 5489 · stale — recomputing");
  wait_idle (s);
  g_assert_nonnull (m->outcome);
  g_assert_null (m->stale);
  g_assert_cmpfloat (m->outcome->params.values[0], ==, 0.5);
  g_autofree char *final = lesc_session_caption (s, (guint) w.lesc);
  g_assert_true (g_str_has_prefix (final, "LESC on small-x · λ₁ = 0.5 · λ₂ = 0.1 · seed 5489 · "));
  g_assert_true (g_str_has_suffix (final, " s"));
  /* Back to 10: the first run again, at once. */
  set_param (s, w.lesc, "lambda1", 10.0);
  g_assert_cmpuint (lesc_session_run (s), ==, 0);
  g_assert_true (m->outcome == first);
  g_assert_null (m->task);
  lesc_session_free (s);
}

static void
test_provenance_strings (void)
{
  const LescMethod *glle = lesc_method_find ("glle");
  LescRunParams params;
  lesc_run_params_init (&params, glle);
  lesc_run_params_set (&params, glle, "lambda1", 0.01);
  g_autoptr (LescProvenance) p = lesc_provenance_new ("artificial", "abc", glle, &params, NULL, NULL, FALSE);
  g_autofree char *title = lesc_provenance_title (p);
  g_assert_cmpstr (title, ==, "GLLE on artificial · λ = 0.01 · K = 20 · σ = 10 · seed 5489");
  g_autofree char *provisional = lesc_provenance_caption (p, LESC_SHOWN_PROVISIONAL, 7, TRUE);
  g_assert_cmpstr (provisional, ==, "GLLE on artificial · λ = 0.01 · K = 20 · σ = 10 · seed 5489 · provisional · iteration 7");
  p->background = TRUE;
  p->wall_seconds = 3.96;
  g_autofree char *background = lesc_provenance_caption (p, LESC_SHOWN_FINAL, 0, FALSE);
  g_assert_cmpstr (background, ==, "GLLE on artificial · λ = 0.01 · K = 20 · σ = 10 · seed 5489 · 3.96 s · background");
  /* the variant and the seed where they apply */
  const LescMethod *fcm = lesc_method_find ("fcm");
  LescRunParams fp;
  lesc_run_params_init (&fp, fcm);
  fp.flavour = LESC_FLAVOUR_PYLDL;
  g_autoptr (LescProvenance) q = lesc_provenance_new ("sjaffe", "x", fcm, &fp, NULL, NULL, FALSE);
  g_autofree char *ftitle = lesc_provenance_title (q);
  g_assert_true (g_str_has_suffix (ftitle, " · flavour=pyldl"));
  g_assert_true ((strstr (ftitle, " · seed 5489") != NULL) == fcm->uses_seed);
  params.variant = LESC_VARIANT_CONVERGED;
  g_autoptr (LescProvenance) c = lesc_provenance_new ("artificial", "abc", glle, &params, NULL, NULL, FALSE);
  g_autofree char *ctitle = lesc_provenance_title (c);
  g_assert_cmpstr (ctitle, ==, "GLLE on artificial · λ = 0.01 · K = 20 · σ = 10 · seed 5489 · converged");
}

/* The share of the machine's processor time that other processes took over one second
 * (from /proc/stat, measured while this test waits): the priority ratio means nothing on
 * a machine others keep busy. Negative when it cannot be read. */
static double
machine_busy (void)
{
  guint64 busy[2] = { 0 }, total[2] = { 0 };
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        g_usleep (G_USEC_PER_SEC);
      g_autofree char *text = NULL;
      if (!g_file_get_contents ("/proc/stat", &text, NULL, NULL) || !g_str_has_prefix (text, "cpu "))
        return -1.0;
      guint64 v[8] = { 0 };
      char *p = text + 4;
      for (int f = 0; f < 8; f++)
        v[f] = g_ascii_strtoull (p, &p, 10);
      for (int f = 0; f < 8; f++)
        total[pass] += v[f];
      busy[pass] = total[pass] - v[3] - v[4];   /* not idle, not waiting for I/O */
    }
  return total[1] > total[0] ? (double) (busy[1] - busy[0]) / (double) (total[1] - total[0]) : -1.0;
}

/* Sum of the foreground runs' own times (GLLE and LESC on `medium`), with a λ grid in
 * the background or not; the background task's pauses when it is there. */
static double
foreground_seconds (gboolean with_grid, double *paused)
{
  g_autofree char *store = g_strdup_printf ("%s/store-%s.sqlite", tmpdir, with_grid ? "grid" : "alone");
  LescOpenOptions open = { 0 };
  LescSession *s = lesc_session_new (store, &open, NULL, NULL);
  lesc_session_set_auto_run (s, FALSE);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, medium, &error));
  int lesc = lesc_session_find_method (s, "lesc");
  LescTask *grid = NULL;
  if (with_grid)
    {
      lesc_session_request_grid (s, (guint) lesc);
      grid = lesc_task_ref (lesc_session_running_in (s, LESC_PRIORITY_BACKGROUND));
      g_assert_nonnull (grid);
      g_assert_true (lesc_session_task_is_background (grid));
      while (lesc_task_get_fraction (grid) <= 0.0 && !lesc_task_is_finished (grid))
        g_main_context_iteration (NULL, TRUE);   /* the grid is computing */
    }
  const char *names[] = { "glle", "lesc" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    lesc_session_set_ticked (s, (guint) lesc_session_find_method (s, names[i]), TRUE);
  lesc_session_run (s);
  LescTask *fg = lesc_session_running_in (s, LESC_PRIORITY_FOREGROUND);
  g_assert_nonnull (fg);
  g_assert_false (lesc_session_task_is_background (fg));
  if (grid != NULL && !lesc_task_is_finished (grid))
    g_assert_true (lesc_task_is_paused (grid));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      LescSessionMethod *m = lesc_session_method (s, (guint) lesc_session_find_method (s, names[i]));
      while (m->provenance == NULL && m->failure == NULL)
        g_main_context_iteration (NULL, TRUE);
    }
  double total = 0.0;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      LescSessionMethod *m = lesc_session_method (s, (guint) lesc_session_find_method (s, names[i]));
      g_assert_nonnull (m->provenance);
      total += m->provenance->wall_seconds;
    }
  if (grid != NULL)
    {
      *paused = lesc_task_get_paused_seconds (grid);
      lesc_session_cancel (s);
      wait_idle (s);
      lesc_task_unref (grid);
    }
  lesc_session_free (s);
  return total;
}

/* The user's runs with a λ grid in the background against the same runs alone, in the
 * order alone, with, alone (so that a drift of the machine shows): what is measured is the
 * foreground runs' own wall time (their provenance), which the grid would lengthen if it
 * kept computing beside them. The grid must have paused. The ratio counts only from a round
 * in which other processes left the machine idle (below a quarter of it busy) before and
 * after; up to three rounds, and the smallest ratio is asserted: noise (a test beside this
 * one in CI) only lengthens a round, a grid that does not yield lengthens every round. */
static void
test_priorities (void)
{
  double best = INFINITY;
  for (int round = 0; round < 3 && best > 1.3; round++)
    {
      double paused = 0.0, busy = machine_busy ();
      double alone = foreground_seconds (FALSE, &paused);
      double with_grid = foreground_seconds (TRUE, &paused);
      double again = foreground_seconds (FALSE, &(double) { 0.0 });
      double busy_after = machine_busy ();
      double ratio = with_grid / (0.5 * (alone + again));
      g_test_message ("round %d: foreground %.2f s alone, %.2f s with a λ grid in the background (paused "
                      "%.2f s), %.2f s alone again; ratio %.2f; machine busy with others %.0f %% before, "
                      "%.0f %% after", round + 1, alone, with_grid, paused, again, ratio, 100 * busy,
                      100 * busy_after);
      g_assert_cmpfloat (paused, >, 0.0);   /* the grid waited for the user's runs */
      if (busy >= 0.0 && busy <= 0.25 && busy_after <= 0.25)
        best = MIN (best, ratio);
    }
  if (!isfinite (best))
    {
      g_test_skip ("other processes keep the machine busy: the time ratio is not measured");
      return;
    }
  g_assert_cmpfloat (best, <=, 1.3);
}

static LescTaskCallback
record_queued (LescSession *s, LescTask *t, gpointer data, gpointer *watch_data)
{
  GArray *values = data;
  const LescRunParams *p = lesc_session_task_params (t);
  if (p != NULL)
    g_array_append_val (values, p->values[lesc_method_param_index (lesc_method_find ("lesc"), "lambda1")]);
  *watch_data = NULL;
  return NULL;
}

static void
spin_for (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

/* A drag of λ₁: five values faster than the auto-run pause compute only the last; five
 * values 0.3 s apart (a person moving a slider) cancel each run before and land only the
 * last. The runs queued are heard through a face's `queued`. */
static void
test_coalesced_drag (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  g_autoptr (GArray) queued = g_array_new (FALSE, FALSE, sizeof (double));
  lesc_session_set_face (s, &(LescSessionFace) { .queued = record_queued, .data = queued });
  lesc_session_set_auto_run_delay (s, 50);   /* the window's pause */
  LescSessionMethod *m = lesc_session_method (s, (guint) w.lesc);
  guint k = (guint) lesc_method_param_index (m->method, "lambda1");
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  iterate_until_idle (s, m);
  g_assert_cmpuint (queued->len, ==, 1);   /* the start */

  const double quick[] = { 0.5, 0.25, 0.125, 0.0625, 0.03125 };
  g_array_set_size (queued, 0);
  for (guint i = 0; i < G_N_ELEMENTS (quick); i++)
    {
      lesc_session_set_value (s, (guint) w.lesc, k, quick[i]);
      spin_for (0.02);
    }
  iterate_until_idle (s, m);
  g_assert_cmpuint (queued->len, ==, 1);
  g_assert_cmpfloat (g_array_index (queued, double, 0), ==, 0.03125);
  g_assert_nonnull (m->provenance);
  g_assert_cmpfloat (m->provenance->params.values[k], ==, 0.03125);

  const double slow[] = { 2.0, 4.0, 8.0, 16.0, 32.0 };
  g_array_set_size (queued, 0);
  double worst = 0.0;
  guint cancelled = 0;
  for (guint i = 0; i < G_N_ELEMENTS (slow); i++)
    {
      LescTask *before = m->task != NULL ? lesc_task_ref (m->task) : NULL;
      gint64 t0 = g_get_monotonic_time ();
      lesc_session_set_value (s, (guint) w.lesc, k, slow[i]);
      if (before != NULL)
        {
          g_assert_true (lesc_task_is_cancelled (before));   /* at once, not after the pause */
          while (!lesc_task_is_finished (before))
            g_main_context_iteration (NULL, TRUE);
          worst = MAX (worst, (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC);
          cancelled++;
          lesc_task_unref (before);
        }
      spin_for (0.3 - (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC);
    }
  iterate_until_idle (s, m);
  g_assert_cmpuint (queued->len, >=, 1);
  g_assert_cmpfloat (g_array_index (queued, double, queued->len - 1), ==, 32.0);
  g_assert_cmpfloat (m->provenance->params.values[k], ==, 32.0);
  g_test_message ("slow drag: %u runs queued, %u cancelled by the next change, the slowest stop %.3f s after it",
                  queued->len, cancelled, worst);
  lesc_session_free (s);
}

/* A change pauses the background work at once — before its run is even queued (the
 * auto-run pause) — and the background goes on after the run. */
static void
test_background_yields (void)
{
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  LescSessionMethod *m = lesc_session_method (s, (guint) w.lesc);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  iterate_until_idle (s, m);
  lesc_session_request_grid (s, (guint) w.lesc);
  LescTask *grid = lesc_task_ref (lesc_session_running_in (s, LESC_PRIORITY_BACKGROUND));
  while (lesc_task_get_fraction (grid) <= 0.0 && !lesc_task_is_finished (grid))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (lesc_task_is_finished (grid));
  g_assert_false (lesc_task_is_paused (grid));
  gint64 t0 = g_get_monotonic_time ();
  lesc_session_set_value (s, (guint) w.lesc, (guint) lesc_method_param_index (m->method, "lambda1"), 0.5);
  while (!lesc_task_is_paused (grid) && !lesc_task_is_finished (grid))
    g_main_context_iteration (NULL, TRUE);
  double pause_after = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
  g_assert_true (lesc_task_is_paused (grid));
  g_assert_null (lesc_session_running_in (s, LESC_PRIORITY_FOREGROUND));   /* the run is not queued yet */
  iterate_until_idle (s, m);
  g_assert_cmpfloat (m->provenance->params.values[lesc_method_param_index (m->method, "lambda1")], ==, 0.5);
  while (lesc_task_is_paused (grid) && !lesc_task_is_finished (grid))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (lesc_task_is_paused (grid));   /* it goes on */
  gint64 t1 = g_get_monotonic_time ();
  lesc_session_cancel (s);
  while (!lesc_task_is_finished (grid))
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("the grid paused %.3f s after the change and stopped %.3f s after the cancel", pause_after,
                  (double) (g_get_monotonic_time () - t1) / G_USEC_PER_SEC);
  lesc_task_unref (grid);
  lesc_session_free (s);
}

/* The memory: settings, ticks, the data set with its options and the recent ones. */
static void
test_memory_round_trip (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "config", "lesc-explorer", "session.ini", NULL);
  Watch w = { 0 };
  LescSession *s = new_session (&w);
  lesc_session_set_auto_run (s, FALSE);
  set_param (s, w.lesc, "lambda1", 0.25);
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  lesc_session_set_seed (s, 42);
  lesc_session_set_variant (s, LESC_VARIANT_CONVERGED);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, "artificial", &error));
  g_assert_true (lesc_session_open (s, spec, &error));
  g_assert_true (lesc_session_memory_save (s, path, &error));
  g_assert_no_error (error);
  lesc_session_free (s);

  LescOpenOptions open = { 0 };
  LescSession *r = lesc_session_new (NULL, &open, NULL, NULL);
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (lesc_session_memory_restore (r, path, TRUE, notes, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (notes->len, ==, 0);
  g_assert_cmpstr (lesc_session_dataset (r)->name, ==, "small-x");
  g_assert_cmpuint (lesc_session_seed (r), ==, 42);
  g_assert_cmpint (lesc_session_variant (r), ==, LESC_VARIANT_CONVERGED);
  LescSessionMethod *m = lesc_session_method (r, (guint) lesc_session_find_method (r, "lesc"));
  g_assert_true (m->ticked);
  g_assert_cmpfloat (m->params.values[0], ==, 0.25);
  const char *const *recent = lesc_session_recent (r);
  g_assert_cmpstr (recent[0], ==, spec);
  g_assert_cmpstr (recent[1], ==, "artificial");
  g_assert_null (recent[2]);
  g_assert_false (lesc_session_auto_run (r));   /* as it was saved */
  g_assert_null (lesc_session_running (r));
  lesc_session_free (r);
  /* no file: nothing, no error; a broken one: the error names it */
  LescSession *e = lesc_session_new (NULL, &open, NULL, NULL);
  g_autofree char *none = g_build_filename (tmpdir, "none.ini", NULL);
  g_assert_false (lesc_session_memory_restore (e, none, TRUE, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "[data\nopen=", -1, NULL));
  g_assert_false (lesc_session_memory_restore (e, path, TRUE, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, path));
  lesc_session_free (e);
}

/* Own data typed with its options keeps them: read again for an experiment it is the
 * same data (an experiment without ground truth says why at once). */
static void
test_own_data_options (void)
{
  g_autofree char *csv = g_build_filename (tmpdir, "own.csv", NULL);
  lesc_test_write_logical_csv (csv, 40);
  /* parse and format round trip */
  g_autofree char *typed = g_strdup_printf ("'%s' --logical-columns 3 --delimiter comma", csv);
  LescOpenOptions o = { .data_dir = "somewhere" };
  g_autofree char *got = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_data_spec_parse (typed, &got, &o, &error));
  g_assert_cmpstr (got, ==, csv);
  g_assert_cmpuint (o.logical_columns, ==, 3);
  g_assert_cmpint (o.csv.delimiter, ==, ',');
  g_assert_cmpstr (o.data_dir, ==, "somewhere");
  g_autofree char *back = lesc_data_spec_format (got, &o);
  g_autofree char *expected = g_strdup_printf ("%s --logical-columns 3 --delimiter comma", csv);
  g_assert_cmpstr (back, ==, expected);
  g_assert_false (lesc_data_spec_parse ("x.csv --logical-columns -2", &got, &o, &error));
  g_assert_cmpstr (error->message, ==, "--logical-columns: expected a positive number of columns");
  g_clear_error (&error);
  g_assert_false (lesc_data_spec_parse ("x.csv --columns 2", &got, &o, &error));
  g_assert_nonnull (strstr (error->message, "--columns"));
  g_clear_error (&error);

  Watch w = { 0 };
  LescSession *s = new_session (&w);
  lesc_session_set_auto_run (s, FALSE);
  /* without its options a single table is refused; with them it opens */
  g_assert_false (lesc_session_open_typed (s, csv, &error));
  g_clear_error (&error);
  g_autofree char *with = g_strdup_printf ("%s --logical-columns 3", csv);
  if (!lesc_session_open_typed (s, with, &error))
    g_error ("%s", error->message);
  g_assert_null (lesc_session_dataset (s)->truth);
  g_assert_cmpuint (lesc_session_open_options (s)->logical_columns, ==, 3);
  g_autofree char *data_text = lesc_session_data_text (s);
  g_assert_cmpstr (data_text, ==, with);
  g_assert_cmpstr (lesc_session_recent (s)[0], ==, with);
  /* the λ grid needs ground truth: said at once, nothing queued */
  lesc_session_request_grid (s, (guint) w.lesc);
  g_assert_null (lesc_session_running (s));
  gboolean is_error = FALSE;
  g_assert_true (g_str_has_prefix (lesc_session_message (s, &is_error), "own has only logical labels: the λ grid needs ground truth"));
  g_assert_true (is_error);
  /* a run recovers its distributions */
  lesc_session_set_ticked (s, (guint) w.lesc, TRUE);
  lesc_session_run (s);
  wait_idle (s);
  LescSessionMethod *m = lesc_session_method (s, (guint) w.lesc);
  g_assert_nonnull (m->outcome);
  g_assert_cmpuint (m->outcome->recovered->rows, ==, 40);
  g_assert_true (isnan (m->outcome->measures[0][0]));
  lesc_session_free (s);
  /* the request carries every open option (a grid reads the data as it was opened) */
  LescMethodSetup setup = { lesc_method_find ("lesc") };
  lesc_run_params_init (&setup.params, setup.method);
  double l[] = { 1.0 };
  g_autoptr (LescExperimentRequest) r = lesc_experiment_request_new_grid (csv, &setup, l, 1, l, 1);
  lesc_experiment_request_set_open (r, &o);
  g_assert_cmpuint (r->logical_columns, ==, 3);
  g_assert_cmpint (r->csv.delimiter, ==, ',');
  g_assert_cmpstr (r->data_dir, ==, "somewhere");
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *p = g_build_filename (path, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        remove_tree (p);
      else
        g_unlink (p);
    }
  g_rmdir (path);
}

/* FCM's two warnings keep their own words when shortened for captions and the status:
 * memberships all 1/t ("collapsed to uniform") is not memberships that differ too little
 * to change the output (SBU-3DFE's case: spread 0.3, output rows within 3.3e-5). */
static void
test_fcm_short_warnings (void)
{
  LescRunResult flat = { .fcm_clusters = 50, .fcm_spread = 0.3, .fcm_row_spread = 3.3e-5,
                         .fcm_uniform_spread = 2.6e-5 };
  g_autofree char *w1 = lesc_run_result_short_warning (&flat);
  g_assert_cmpstr (w1, ==, "warning: FCM gave every sample the same output");
  LescRunResult uniform = flat;
  uniform.fcm_spread = 1e-9;
  g_autofree char *w2 = lesc_run_result_short_warning (&uniform);
  g_assert_cmpstr (w2, ==, "warning: FCM's memberships collapsed to uniform");
  LescRunResult fine = flat;
  fine.fcm_row_spread = 0.05;
  g_assert_null (lesc_run_result_short_warning (&fine));
}

/* Without a face's objects (the terminal), a run's LE iterates are shown as it goes:
 * lesc_session_shown gives the latest as PROVISIONAL (its measures, the run's settings),
 * lesc_session_frames grows, the caption says "provisional · iteration k"; then the final
 * result replaces it. */
typedef struct {
  int glle;
  guint provisional, frames_before;
  gboolean final_seen_first;
  char *caption;
} FrameWatch;

static void
frames_cb (LescSession *s, gpointer data)
{
  FrameWatch *fw = data;
  LescShown how;
  const LescRunOutcome *o = lesc_session_shown (s, (guint) fw->glle, &how, NULL);
  if (o == NULL)
    return;
  if (how == LESC_SHOWN_FINAL && fw->provisional == 0)
    fw->final_seen_first = TRUE;
  if (how != LESC_SHOWN_PROVISIONAL)
    return;
  fw->provisional++;
  LescSessionMethod *m = lesc_session_method (s, (guint) fw->glle);
  g_assert_null (m->outcome);
  g_assert_true (lesc_run_params_equal (m->method, &o->params, &m->params));
  g_assert_cmpuint (o->recovered->rows, ==, lesc_dataset_n (lesc_session_dataset (s)));
  g_assert_true (isfinite (o->measures[LESC_KL_TRUTH_RECOVERED][0]));
  g_assert_cmpuint (lesc_session_frames (s), >, fw->frames_before);
  g_free (fw->caption);
  fw->caption = lesc_session_caption (s, (guint) fw->glle);
}

static void
test_provisional_frames (void)
{
  FrameWatch fw = { 0 };
  g_autofree char *store = g_build_filename (tmpdir, "store.sqlite", NULL);
  LescOpenOptions open = { 0 };
  LescSession *s = lesc_session_new (store, &open, frames_cb, &fw);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, spec, &error));
  fw.glle = lesc_session_find_method (s, "glle");
  g_assert_cmpint (fw.glle, >=, 0);
  fw.frames_before = lesc_session_frames (s);
  lesc_session_set_ticked (s, (guint) fw.glle, TRUE);
  LescSessionMethod *m = lesc_session_method (s, (guint) fw.glle);
  iterate_until_idle (s, m);
  g_assert_nonnull (m->outcome);
  g_assert_false (fw.final_seen_first);
  g_assert_cmpuint (fw.provisional, >, 0);
  g_assert_nonnull (fw.caption);
  g_test_message ("%u provisional notifications; last caption: %s", fw.provisional, fw.caption);
  g_assert_true (g_str_has_prefix (fw.caption, "GLLE on "));
  g_assert_nonnull (strstr (fw.caption, " · provisional · iteration "));
  LescShown how;
  g_assert_true (lesc_session_shown (s, (guint) fw.glle, &how, NULL) == m->outcome);
  g_assert_cmpint (how, ==, LESC_SHOWN_FINAL);
  g_autofree char *final = lesc_session_caption (s, (guint) fw.glle);
  g_assert_null (strstr (final, "provisional"));
  g_free (fw.caption);
  lesc_session_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-session-XXXXXX", NULL);
  spec = lesc_test_artificial_part (tmpdir, "small", 300, 8, 3);
  medium = lesc_test_artificial_part (tmpdir, "medium", 400, 6, 1);
  g_test_add_func ("/session/change-cancels-stale-run", test_change_cancels_stale_run);
  g_test_add_func ("/session/cancel-all", test_cancel_all);
  g_test_add_func ("/session/open-drops-results", test_open_drops_results);
  g_test_add_func ("/session/open-while-running", test_open_while_running);
  g_test_add_func ("/session/optimizer-warning", test_optimizer_warning);
  g_test_add_func ("/session/stale-and-reuse", test_stale_and_reuse);
  g_test_add_func ("/session/provisional-frames", test_provisional_frames);
  g_test_add_func ("/session/provenance-strings", test_provenance_strings);
  g_test_add_func ("/session/fcm-short-warnings", test_fcm_short_warnings);
  g_test_add_func ("/session/priorities", test_priorities);
  g_test_add_func ("/session/coalesced-drag", test_coalesced_drag);
  g_test_add_func ("/session/background-yields", test_background_yields);
  g_test_add_func ("/session/memory", test_memory_round_trip);
  g_test_add_func ("/session/own-data-options", test_own_data_options);
  int status = g_test_run ();
  remove_tree (tmpdir);
  return status;
}
