/* Distributions: the ground truth and each method's recovered distributions side by side,
 * painted by the scatter painter (decorrelation-stretched RGB for three labels, one
 * heatmap per label otherwise) at the window's positions (plot/positions.h). Data without
 * ground truth shows the recovered distributions and the logical labels. */
#include "config.h"
#include "tui/tui.h"
#include "tui/text.h"
#include "plot/positions.h"
#include "plot/scatter.h"

#include <glib/gi18n.h>
#include <math.h>

typedef struct {
  LescScatterModel *model;
  guint version;             /* the session version the model is of */
  gboolean built;
  char *problem;             /* why there is no figure */
  LescPositions *positions;  /* of `positions_of` */
  const LescDataset *positions_of;
  LescTuiFigureCache figure;
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
  g_free (d->problem);
  g_free (d);
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  lesc_plot_scatter_paint (cr, w, h, model);
}

/* The positions of the data set (principal components as in the window), kept while the
 * data set stays. */
static const LescPositions *
positions (Distributions *d, const LescDataset *ds)
{
  if (d->positions == NULL || d->positions_of != ds)
    {
      g_clear_pointer (&d->positions, lesc_positions_free);
      d->positions = lesc_positions_default (ds, NULL, NULL);
      d->positions_of = ds;
    }
  return d->positions;
}

static void
rebuild (Distributions *d, LescTui *tui)
{
  g_clear_pointer (&d->model, lesc_scatter_model_free);
  g_clear_pointer (&d->problem, g_free);
  d->version = lesc_session_version (tui->session);
  d->built = TRUE;
  const LescDataset *ds = lesc_session_dataset (tui->session);
  if (ds == NULL)
    {
      d->problem = g_strdup (_("No data set: press o to open one."));
      return;
    }
  gsize o = lesc_dataset_o (ds);
  gboolean truth = ds->truth != NULL;
  const LescPositions *pos = positions (d, ds);
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
      if (m->outcome == NULL)
        continue;
      g_ptr_array_add (names, (gpointer) m->method->display_name);
      g_ptr_array_add (tables, m->outcome->recovered);
      int k = (int) i;
      g_array_append_val (from, k);
    }
  /* Own data without distributions: the recovered ones as the window shows them, and the
   * logical labels they were recovered from. */
  if (!truth)
    {
      g_ptr_array_add (names, _("Logical labels"));
      g_ptr_array_add (tables, ds->logical);
      g_array_append_val (from, none);
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
  d->model = lesc_scatter_model_new (pos->xy, pos->grid, pos->x_label, pos->y_label, names->len,
                                     (const char *const *) names->pdata,
                                     (const LescMatrix *const *) tables->pdata, &opt, &error);
  if (d->model == NULL)
    {
      d->problem = g_strdup (error->message);
      return;
    }
  d->model->no_truth = !truth;
  if (ds->label_names != NULL)
    d->model->label_names = g_strdupv (ds->label_names);
  for (guint p = 0; truth && p < from->len; p++)
    {
      int k = g_array_index (from, int, p);
      if (k < 0)
        continue;
      LescSessionMethod *m = lesc_session_method (tui->session, (guint) k);
      const double *v = lesc_run_outcome_measures (m->outcome, lesc_session_kl (tui->session));
      if (isfinite (v[0]))
        lesc_scatter_model_set_measures (d->model, p, v);
    }
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
      if (m->outcome != NULL && !truth)
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

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  Distributions *d = self;
  if (!d->built || d->version != lesc_session_version (tui->session))
    rebuild (d, tui);
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
  LescTermFigure *f = lesc_tui_figure_get (&d->figure, tui, a->w, rows, paint, d->model, d->version, NULL, NULL);
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
