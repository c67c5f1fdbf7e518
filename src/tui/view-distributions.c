/* Distributions: the ground truth and each method's recovered distributions side by side,
 * painted by the scatter painter (decorrelation-stretched RGB for three labels, one
 * heatmap per label otherwise). */
#include "config.h"
#include "tui/tui.h"
#include "tui/text.h"
#include "plot/scatter.h"
#include "core/base/framelog.h"
#include "core/methods/frametag.h"

#include <glib/gi18n.h>
#include <math.h>

typedef struct {
  LescScatterModel *model;
  guint version;             /* the session version the model is of */
  gboolean built;
  char *problem;             /* why there is no figure */
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
  g_free (d->problem);
  g_free (d->log_tag);
  g_free (d);
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  lesc_plot_scatter_paint (cr, w, h, model);
}

static void
rebuild (Distributions *d, LescTui *tui)
{
  g_clear_pointer (&d->model, lesc_scatter_model_free);
  g_clear_pointer (&d->problem, g_free);
  g_clear_pointer (&d->log_tag, g_free);
  d->version = lesc_session_version (tui->session);
  d->built = TRUE;
  const LescDataset *ds = lesc_session_dataset (tui->session);
  if (ds == NULL)
    {
      d->problem = g_strdup (_("No data set: press o to open one."));
      return;
    }
  if (ds->truth == NULL)
    {
      d->problem = g_strdup (_("This data set has only logical labels: there is no ground truth to compare with."));
      return;
    }
  gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds), o = lesc_dataset_o (ds);
  /* Positions: the artificial set's grid (x₁, x₂), else the first two features. */
  gboolean grid = g_strcmp0 (ds->name, "artificial") == 0 && ds->source == NULL && q >= 2;
  g_autoptr (LescMatrix) xy = lesc_matrix_new (n, 2);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (xy, i, 0) = LESC_AT (ds->features, i, 0);
      LESC_AT (xy, i, 1) = q >= 2 ? LESC_AT (ds->features, i, 1) : (double) i;
    }
  g_autofree char *xl = grid ? g_strdup ("x₁") : g_strdup_printf (_("feature %d"), 1);
  g_autofree char *yl = grid ? g_strdup ("x₂") : q >= 2 ? g_strdup_printf (_("feature %d"), 2) : g_strdup (_("sample"));
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  g_autoptr (GArray) from = g_array_new (FALSE, FALSE, sizeof (guint));
  g_ptr_array_add (names, _("Ground truth"));
  g_ptr_array_add (tables, ds->truth);
  for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (tui->session, i);
      if (m->outcome == NULL)
        continue;
      g_ptr_array_add (names, (gpointer) m->method->display_name);
      g_ptr_array_add (tables, m->outcome->recovered);
      g_array_append_val (from, i);
    }
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = o == 3 ? LESC_SCATTER_RGB : LESC_SCATTER_HEATMAPS;
  g_autoptr (GError) error = NULL;
  d->model = lesc_scatter_model_new (xy, grid, xl, yl, names->len, (const char *const *) names->pdata,
                                     (const LescMatrix *const *) tables->pdata, &opt, &error);
  if (d->model == NULL)
    {
      d->problem = g_strdup (error->message);
      return;
    }
  if (ds->label_names != NULL)
    d->model->label_names = g_strdupv (ds->label_names);
  GString *tag = lesc_frame_log_enabled () ? g_string_new ("distributions") : NULL;
  for (guint p = 0; p < from->len; p++)
    {
      LescSessionMethod *m = lesc_session_method (tui->session, g_array_index (from, guint, p));
      if (tag != NULL)   /* the session shows only results of the current settings */
        lesc_frame_log_panel (tag, m->method, &m->params, "final");
      const double *v = lesc_run_outcome_measures (m->outcome, lesc_session_kl (tui->session));
      if (isfinite (v[0]))
        lesc_scatter_model_set_measures (d->model, p + 1, v);
    }
  d->log_tag = tag != NULL ? g_string_free (tag, FALSE) : NULL;
}

/* One line under the figure: each panel's name and its Chebyshev distance. */
static char *
caption (LescTui *tui)
{
  GString *s = g_string_new (_("Ground truth"));
  for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (tui->session, i);
      if (m->outcome != NULL)
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
  if (d->log_tag != NULL && f->log_tag == NULL)
    f->log_tag = g_steal_pointer (&d->log_tag);
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
