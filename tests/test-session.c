/* The terminal explorer's session (src/tui/session.h) without a screen: a ticked method
 * runs on the worker and its result equals the direct run; a parameter change while the
 * run works cancels it and the result shown is the new setting's; Esc (cancel) stops the
 * work and says so; opening another data set drops the results; a refused data set
 * leaves the session as it was. */
#include "session/session.h"
#include "core/data/artificial.h"
#include "core/data/csv.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *tmpdir;
static char *spec;   /* 300 samples of the artificial set as FEATURES.csv,DISTRIBUTIONS.csv */

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-session-XXXXXX", NULL);
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  gsize rows[300];
  for (gsize i = 0; i < 300; i++)
    rows[i] = 8 * i + 3;
  g_autoptr (LescDataset) small = lesc_dataset_new ("small", lesc_matrix_select_rows (art->features, rows, 300),
                                                    lesc_matrix_select_rows (art->truth, rows, 300), NULL);
  g_autofree char *x = g_build_filename (tmpdir, "small-x.csv", NULL);
  g_autofree char *y = g_build_filename (tmpdir, "small-y.csv", NULL);
  g_autoptr (GError) error = NULL;
  if (!lesc_dataset_save_csv (small, x, y, &error))
    g_error ("%s", error->message);
  spec = g_strdup_printf ("%s,%s", x, y);
  g_test_add_func ("/session/change-cancels-stale-run", test_change_cancels_stale_run);
  g_test_add_func ("/session/cancel-all", test_cancel_all);
  g_test_add_func ("/session/open-drops-results", test_open_drops_results);
  int status = g_test_run ();
  g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *p = g_build_filename (tmpdir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (tmpdir);
  return status;
}
