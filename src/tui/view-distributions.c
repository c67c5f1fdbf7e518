/* Distributions: the ground truth and each method's recovered distributions side by side,
 * painted by the scatter painter (decorrelation-stretched RGB for three labels, one
 * heatmap per label otherwise) at the window's positions (plot/positions.h), and the
 * logical labels last (plot/logical.h). */
#include "config.h"
#include "tui/tui.h"
#include "tui/text.h"
#include "plot/positions.h"
#include "core/numeric/pca.h"
#include "plot/logical.h"
#include "plot/scatter.h"
#include "core/base/framelog.h"
#include "core/methods/frametag.h"

#include <glib/gi18n.h>
#include <math.h>

typedef struct {
  LescScatterModel *model;
  guint version;             /* the session version the model is of */
  guint frames;              /* and the session's provisional frames */
  guint serial;              /* grows with every model made (the figure cache's key) */
  gboolean built;
  char *problem;             /* why there is no figure */
  LescPositions *positions;  /* the model's */
  char *pca_of;              /* checksum of the data set the principal components are of */
  LescMatrix *pca;           /* its first two components' scores, or NULL */
  double explained[2];
  gboolean pca_done;
  GCancellable *pca_running; /* a worker computing them, or NULL */
  LescTui *tui;
  LescTuiFigureCache figure;
  char *log_tag;             /* LESC_FRAME_LOG: what the model shows, until a figure takes it */
} Distributions;

static gpointer
create (void)
{
  return g_new0 (Distributions, 1);
}

static void
destroy (gpointer self)
{
  Distributions *d = self;
  lesc_tui_figure_cache_clear (&d->figure);
  lesc_scatter_model_free (d->model);
  lesc_positions_free (d->positions);
  if (d->pca_running != NULL)
    g_cancellable_cancel (d->pca_running);
  g_clear_object (&d->pca_running);
  lesc_matrix_free (d->pca);
  g_free (d->pca_of);
  g_free (d->problem);
  g_free (d->log_tag);
  g_free (d);
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  lesc_plot_scatter_paint (cr, w, h, model);
}

/* ---- positions: the window's principal components -------------------------------------- */

typedef struct {
  LescMatrix *features;
  LescMatrix *scores;
  double explained[2];
} PcaWork;

static void
pca_work_free (PcaWork *w)
{
  lesc_matrix_free (w->features);
  lesc_matrix_free (w->scores);
  g_free (w);
}

static void
pca_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  PcaWork *w = data;
  w->scores = lesc_pca (w->features, 2, w->explained, NULL);
  g_task_return_boolean (task, TRUE);
}

static void
pca_done (GObject *source, GAsyncResult *result, gpointer data)
{
  GTask *task = G_TASK (result);
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;   /* the view or its data set is gone */
  Distributions *d = data;
  PcaWork *w = g_task_get_task_data (task);
  g_clear_object (&d->pca_running);
  d->pca = g_steal_pointer (&w->scores);
  d->explained[0] = w->explained[0];
  d->explained[1] = w->explained[1];
  d->pca_done = TRUE;
  d->built = FALSE;   /* the figure again, at the components */
  lesc_tui_queue_redraw (d->tui);
}

/* Where the samples go (plot/positions.h): the components of a small data set are computed
 * at once, a large one's on a worker while the figure shows the first two features. */
static LescPositions *
positions (Distributions *d, const LescDataset *ds)
{
  if (g_strcmp0 (d->pca_of, ds->checksum) != 0)
    {
      if (d->pca_running != NULL)
        g_cancellable_cancel (d->pca_running);
      g_clear_object (&d->pca_running);
      g_clear_pointer (&d->pca, lesc_matrix_free);
      g_free (d->pca_of);
      d->pca_of = g_strdup (ds->checksum);
      d->pca_done = FALSE;
    }
  gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds);
  if (lesc_positions_is_grid (ds) || n < 2 || q < 2)
    return lesc_positions_default (ds, NULL, NULL);
  if (!d->pca_done && d->pca_running == NULL)
    {
      if ((double) n * q * MIN (n, q) <= 2e8)
        {
          d->pca = lesc_pca (ds->features, 2, d->explained, NULL);
          d->pca_done = TRUE;
        }
      else
        {
          PcaWork *w = g_new0 (PcaWork, 1);
          w->features = lesc_matrix_copy (ds->features);
          d->pca_running = g_cancellable_new ();
          g_autoptr (GTask) task = g_task_new (NULL, d->pca_running, pca_done, d);
          g_task_set_task_data (task, w, (GDestroyNotify) pca_work_free);
          g_task_run_in_thread (task, pca_thread);
        }
    }
  return d->pca != NULL ? lesc_positions_default (ds, d->pca, d->explained) : lesc_positions_features (ds, 0, 1);
}

static void
rebuild (Distributions *d, LescTui *tui)
{
  g_clear_pointer (&d->model, lesc_scatter_model_free);
  g_clear_pointer (&d->problem, g_free);
  g_clear_pointer (&d->log_tag, g_free);
  d->version = lesc_session_version (tui->session);
  d->frames = lesc_session_frames (tui->session);
  d->serial++;
  d->built = TRUE;
  const LescDataset *ds = lesc_session_dataset (tui->session);
  if (ds == NULL)
    {
      d->problem = g_strdup (_("No data set: press o to open one."));
      return;
    }
  gsize o = lesc_dataset_o (ds);
  gboolean truth = ds->truth != NULL;
  g_clear_pointer (&d->positions, lesc_positions_free);
  d->positions = positions (d, ds);
  const LescPositions *pos = d->positions;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  g_autoptr (GArray) from = g_array_new (FALSE, FALSE, sizeof (int));
  int none = -1;
  if (truth)
    {
      g_ptr_array_add (names, _("Ground truth"));
      g_ptr_array_add (tables, ds->truth);
      g_array_append_val (from, none);
    }
  for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (tui->session, i);
      /* the current result, or the stale one kept until its rerun replaces it */
      const LescRunOutcome *shown = lesc_session_shown (tui->session, i, NULL, NULL);
      if (shown == NULL || (m->outcome == NULL && !m->ticked))
        continue;
      g_ptr_array_add (names, (gpointer) m->method->display_name);
      g_ptr_array_add (tables, shown->recovered);
      int k = (int) i;
      g_array_append_val (from, k);
    }
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = o == 3 ? LESC_SCATTER_RGB : LESC_SCATTER_HEATMAPS;
  if (!truth)
    {
      opt.fit = LESC_SCATTER_FIT_PER_PANEL;
      opt.reference_panel = -1;
    }
  if (opt.style == LESC_SCATTER_HEATMAPS)
    opt.scale = LESC_SCATTER_SCALE_PER_LABEL;
  g_autoptr (GError) error = NULL;
  /* the logical labels the results were recovered from, last, as the window draws them
   * (plot/logical.h) */
  d->model = lesc_scatter_model_new_with_logical (pos->xy, pos->grid, pos->x_label, pos->y_label, names->len,
                                                  (const char *const *) names->pdata,
                                                  (const LescMatrix *const *) tables->pdata, _("Logical labels"),
                                                  ds->logical, &opt, &error);
  if (d->model == NULL)
    {
      d->problem = g_strdup (error->message);
      return;
    }
  d->model->no_truth = !truth;
  if (ds->label_names != NULL)
    d->model->label_names = g_strdupv (ds->label_names);
  GString *tag = lesc_frame_log_enabled () ? g_string_new ("distributions") : NULL;
  for (guint p = 0; p < from->len; p++)
    {
      int k = g_array_index (from, int, p);
      if (k < 0)
        continue;
      LescSessionMethod *m = lesc_session_method (tui->session, (guint) k);
      LescShown how;
      const LescRunOutcome *shown = lesc_session_shown (tui->session, (guint) k, &how, NULL);
      if (tag != NULL)
        lesc_frame_log_panel (tag, m->method, &m->params,
                              how == LESC_SHOWN_STALE ? "outdated" : how == LESC_SHOWN_PROVISIONAL ? "provisional" : "final");
      /* a stale result is drawn faded and says so in the figure, not only in the status;
       * an iterate of the run under way says which it is */
      if (how == LESC_SHOWN_STALE)
        {
          d->model->panels[p].dimmed = TRUE;
          lesc_scatter_model_set_subtitle (d->model, p, lesc_shown_stale_words (m->task != NULL));
        }
      else if (how == LESC_SHOWN_PROVISIONAL)
        {
          g_autofree char *words = lesc_shown_provisional_words (shown->report.le.iterations);
          lesc_scatter_model_set_subtitle (d->model, p, words);
        }
      const double *v = lesc_run_outcome_measures (shown, lesc_session_kl (tui->session));
      if (truth && isfinite (v[0]))
        lesc_scatter_model_set_measures (d->model, p, v);
    }
  d->log_tag = tag != NULL ? g_string_free (tag, FALSE) : NULL;
}

/* One line under the figure: each panel's name and its Chebyshev distance. */
static char *
caption (LescTui *tui)
{
  const LescDataset *ds = lesc_session_dataset (tui->session);
  gboolean truth = ds != NULL && ds->truth != NULL;
  /* TRANSLATORS: the Distributions view's caption for data without distributions */
  GString *s = g_string_new (truth ? _("Ground truth") : _("No ground truth: recovered distributions"));
  for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (tui->session, i);
      LescShown how;
      const LescRunOutcome *shown = m->outcome == NULL && m->ticked ? lesc_session_shown (tui->session, i, &how, NULL) : NULL;
      if (shown != NULL && how == LESC_SHOWN_PROVISIONAL)
        {
          g_autofree char *words = lesc_shown_provisional_words (shown->report.le.iterations);
          g_string_append_printf (s, " │ %s %s", m->method->display_name, words);
        }
      else if (shown != NULL)
        g_string_append_printf (s, " │ %s %s", m->method->display_name, lesc_shown_stale_words (m->task != NULL));
      else if (m->outcome != NULL && !truth)
        g_string_append_printf (s, " │ %s", m->method->display_name);
      else if (m->outcome != NULL)
        {
          const double *v = lesc_run_outcome_measures (m->outcome, lesc_session_kl (tui->session));
          g_string_append_printf (s, " │ %s %s %.4f", m->method->display_name, lesc_tui_measure_name (LESC_MEASURE_CHEB),
                                  v[LESC_MEASURE_CHEB]);
        }
      else if (m->task != NULL)
        /* TRANSLATORS: a method whose run is not finished yet */
        g_string_append_printf (s, " │ %s %s", m->method->display_name, _("(running)"));
    }
  return g_string_free (s, FALSE);
}

/* The run whose iterate the figure shows (the first ticked method's run under way), for
 * the pacing: NULL when none. */
static gconstpointer
running_shown (LescTui *tui)
{
  for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (tui->session, i);
      if (m->ticked && m->task != NULL)
        return m->task;
    }
  return NULL;
}

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  Distributions *d = self;
  d->tui = tui;
  /* a new result at once; a run's first iterate at once, its next ones when the terminal
   * has time for them */
  gint64 start = g_get_monotonic_time ();
  gboolean frame = FALSE;
  gconstpointer run = running_shown (tui);
  if (!d->built || d->version != lesc_session_version (tui->session))
    rebuild (d, tui);
  else if (d->frames != lesc_session_frames (tui->session) && lesc_tui_provisional_due (tui, run))
    {
      rebuild (d, tui);
      frame = TRUE;
    }
  const LescDataset *ds = lesc_session_dataset (tui->session);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  /* TRANSLATORS: the Distributions view's title: the data set's name */
  g_autofree char *head = g_strdup_printf (_("Label distributions of %s"), ds != NULL ? ds->name : "–");
  lesc_tui_draw (stdscr, a->y, a->x, a->w, title, head);
  if (d->model == NULL)
    {
      lesc_tui_draw (stdscr, a->y + 2, a->x, a->w, A_NORMAL, d->problem != NULL ? d->problem : "");
      lesc_tui_show_figure (tui, 0, 0, NULL);
      return;
    }
  int rows = a->h - 2;
  if (rows < 3)
    {
      lesc_tui_show_figure (tui, 0, 0, NULL);
      return;
    }
  LescTermFigure *f = lesc_tui_figure_get (&d->figure, tui, a->w, rows, paint, d->model, d->serial, NULL, NULL);
  if (d->log_tag != NULL && f->log_tag == NULL)
    f->log_tag = g_steal_pointer (&d->log_tag);
  if (frame)
    lesc_tui_provisional_painted (tui, run, start);
  lesc_tui_show_figure (tui, a->y + 1, a->x, f);
  g_autofree char *cap = caption (tui);
  lesc_tui_draw (stdscr, a->y + a->h - 1, a->x, a->w, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM), cap);
}

static gboolean
key (gpointer self, LescTui *tui, int k, gboolean focused)
{
  return FALSE;
}

static gboolean
click (gpointer self, LescTui *tui, int y, int x)
{
  return FALSE;
}

const LescTuiView lesc_tui_view_distributions = {
  N_("Distributions"), N_("Distr."), create, destroy, draw, key, click, FALSE, NULL,
};
