/* Cross-validation: ten-fold CV of the methods that learn a mapping (GLLE, LESC, gLESC):
 * mean ± std over the folds per measure with the rank of each method (Table 4), and the
 * paired two-sided t-tests of every pair (Table 5). */
#include "config.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "core/eval/stats.h"

#include <glib/gi18n.h>
#include <math.h>

#define ALPHA 0.05

typedef struct {
  guint first_measure;   /* the t-test columns start here when not all fit */
} CrossValidation;

static gpointer
create (void)
{
  return g_new0 (CrossValidation, 1);
}

static void
destroy (gpointer self)
{
  g_free (self);
}

static void
draw_summary (LescTui *tui, const LescCvResult *r, const LescTuiRect *a, int *y)
{
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t good = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_GOOD);
  guint k = r->n_methods;
  int mw = 10;
  int cw = MAX ((a->w - mw) / (int) MAX (k, 1), 8);
  gboolean ranks = cw >= 18;
  lesc_tui_draw (stdscr, *y, a->x, mw, title, "");
  for (guint j = 0; j < k; j++)
    {
      g_autofree char *name = g_strdup_printf ("%s%s", r->methods[j]->display_name, r->methods[j]->reconstructed ? "*" : "");
      lesc_tui_draw_right (stdscr, *y, a->x + mw + (int) j * cw, cw - 1, title, name);
    }
  (*y)++;
  g_autofree double *mean = g_new (double, k);
  g_autofree double *std = g_new (double, k);
  g_autofree double *rank = g_new (double, k);
  g_autofree double *sum = g_new0 (double, k);
  for (guint m = 0; m < LESC_N_MEASURES && *y < a->y + a->h; m++, (*y)++)
    {
      gboolean complete = TRUE;
      for (guint j = 0; j < k; j++)
        {
          lesc_cv_summary (r, 0, j, m, &mean[j], &std[j]);
          complete &= isfinite (mean[j]);
        }
      if (complete)
        lesc_stats_rank (mean, k, lesc_measure_lower_is_better (m), LESC_RANK_TIES_MID, rank);
      lesc_tui_draw (stdscr, *y, a->x, mw, title, lesc_tui_measure_name (m));
      for (guint j = 0; j < k; j++)
        {
          sum[j] += complete ? rank[j] : NAN;
          g_autofree char *cell = NULL;
          if (isnan (mean[j]))
            cell = g_strdup (lesc_tui_glyph ("–", "-"));
          else if (ranks)
            cell = g_strdup_printf ("%.4f%s%.4f (%g)", mean[j], lesc_tui_glyph ("±", "+-"), std[j], rank[j]);
          else
            cell = g_strdup_printf ("%.4f%s%.4f", mean[j], lesc_tui_glyph ("±", "+-"), std[j]);
          lesc_tui_draw_right (stdscr, *y, a->x + mw + (int) j * cw, cw - 1,
                               complete && rank[j] == 1.0 ? good : A_NORMAL, cell);
        }
    }
  if (*y >= a->y + a->h)
    return;
  lesc_tui_draw (stdscr, *y, a->x, mw, title, _("Avg. rank"));
  for (guint j = 0; j < k; j++)
    {
      g_autofree char *cell = isnan (sum[j]) ? g_strdup (lesc_tui_glyph ("–", "-"))
                                             : g_strdup_printf ("%.2f", sum[j] / LESC_N_MEASURES);
      lesc_tui_draw_right (stdscr, *y, a->x + mw + (int) j * cw, cw - 1, A_NORMAL, cell);
    }
  (*y)++;
}

/* Pairs by rows, as many measures as fit from `first`: t (p), p < α in bold. */
static void
draw_ttests (LescTui *tui, const LescCvResult *r, guint first, const LescTuiRect *a, int y)
{
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t good = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_GOOD);
  guint k = r->n_methods, folds = r->folds;
  int pw = 0;
  for (guint i = 0; i < k; i++)
    for (guint j = i + 1; j < k; j++)
      {
        g_autofree char *pair = g_strdup_printf (_("%s vs %s"), r->methods[i]->display_name, r->methods[j]->display_name);
        pw = MAX (pw, lesc_tui_text_width (pair) + 1);
      }
  int cw = 19;   /* "-10.123 (1.23e-05)" */
  guint shown = (guint) CLAMP ((a->w - pw) / cw, 1, LESC_N_MEASURES);
  for (guint c = 0; c < shown; c++)
    lesc_tui_draw_right (stdscr, y, a->x + pw + (int) c * cw, cw - 1, title,
                         lesc_tui_measure_name ((first + c) % LESC_N_MEASURES));
  y++;
  g_autofree double *va = g_new (double, folds);
  g_autofree double *vb = g_new (double, folds);
  for (guint i = 0; i < k; i++)
    for (guint j = i + 1; j < k && y < a->y + a->h - 1; j++, y++)
      {
        g_autofree char *pair = g_strdup_printf (_("%s vs %s"), r->methods[i]->display_name, r->methods[j]->display_name);
        lesc_tui_draw (stdscr, y, a->x, pw, A_NORMAL, pair);
        for (guint c = 0; c < shown; c++)
          {
            guint m = (first + c) % LESC_N_MEASURES;
            lesc_cv_fold_values (r, 0, i, m, va);
            lesc_cv_fold_values (r, 0, j, m, vb);
            LescTTest tt;
            g_autofree char *cell = NULL;
            gboolean sig = FALSE;
            if (lesc_stats_paired_ttest (va, vb, folds, lesc_measure_lower_is_better (m), &tt, NULL))
              {
                cell = g_strdup_printf ("%.3f (%.3g)", tt.t, tt.p);
                sig = tt.p < ALPHA;
              }
            else
              cell = g_strdup (lesc_tui_glyph ("–", "-"));
            lesc_tui_draw_right (stdscr, y, a->x + pw + (int) c * cw, cw - 1, sig ? good : A_NORMAL, cell);
          }
      }
}

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  CrossValidation *v = self;
  lesc_tui_show_figure (tui, 0, 0, NULL);
  const LescCvResult *r = lesc_session_cv (tui->session);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  if (r == NULL)
    {
      lesc_tui_draw (stdscr, a->y, a->x, a->w, title, _("Cross-validation"));
      lesc_tui_draw_wrapped (stdscr, a->y + 2, a->x, a->w, a->h - 2, A_NORMAL,
                             _("No cross-validation yet. Press c to run ten-fold cross-validation of the ticked methods "
                               "that learn a mapping (GLLE, LESC, gLESC; all three when none is ticked). The folds "
                               "are kept in the results store, as `lesc cv` keeps them."));
      return;
    }
  /* TRANSLATORS: the CV view's title: folds, data set */
  g_autofree char *head = g_strdup_printf (_("%u-fold cross-validation on %s: mean ± std over the folds"), r->folds,
                                           r->datasets[0]);
  lesc_tui_draw (stdscr, a->y, a->x, a->w, title, head);
  int y = a->y + 2;
  draw_summary (tui, r, a, &y);
  if (r->n_methods >= 2 && y + 3 < a->y + a->h)
    {
      y++;
      g_autofree char *cap = g_strdup_printf (
          /* TRANSLATORS: caption of the t-test table: degrees of freedom, α */
          _("Paired t-tests, df = %u: t (p); t > 0: the second is better; p < %.2f bold"), r->folds - 1, ALPHA);
      lesc_tui_draw (stdscr, y++, a->x, a->w, dim, cap);
      draw_ttests (tui, r, v->first_measure, a, y);
    }
  lesc_tui_draw (stdscr, a->y + a->h - 1, a->x, a->w, dim, _("c run the cross-validation · m more t-test measures"));
}

static gboolean
key (gpointer self, LescTui *tui, int k, gboolean focused)
{
  CrossValidation *v = self;
  switch (k)
    {
    case 'c':
      lesc_session_request_cv (tui->session);
      return TRUE;
    case 'm':
      v->first_measure = (v->first_measure + 1) % LESC_N_MEASURES;
      return TRUE;
    case 'M':
      v->first_measure = (v->first_measure + LESC_N_MEASURES - 1) % LESC_N_MEASURES;
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
click (gpointer self, LescTui *tui, int y, int x)
{
  return FALSE;
}

static const char *const keys[] = {
  "c", N_("run ten-fold cross-validation (the folds go to the results store)"),
  "m M", N_("scroll the t-test table through the measures"),
  NULL
};

const LescTuiView lesc_tui_view_cv = {
  N_("Cross-validation"), N_("CV"), create, destroy, draw, key, click, FALSE, keys,
};
