/* Comparison: the critical-difference diagram of the methods over the data sets of the
 * results store (the CD painter), the Friedman and Iman–Davenport numbers, the critical
 * differences and the pairwise p-values of the post-hoc test. */
#include "config.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "core/eval/stats.h"
#include "plot/cd.h"
#include "plot/comparison.h"

#include <glib/gi18n.h>
#include <math.h>

static const double alphas[] = { 0.05, 0.10, 0.01 };
static const LescPosthoc tests[] = { LESC_POSTHOC_WILCOXON_HOLM, LESC_POSTHOC_NEMENYI, LESC_POSTHOC_BONFERRONI_DUNN };

typedef struct {
  LescMeasure measure;
  guint test, alpha;            /* indices into tests[] and alphas[] */
  gconstpointer table;          /* what the statistics are of */
  LescMeasure for_measure;
  guint for_test, for_alpha, for_version;
  LescStatsResult *stats;
  LescCdModel *model;
  char *problem;
  guint figure_version;
  LescTuiFigureCache figure;
} Comparison;

static gpointer
create (void)
{
  return g_new0 (Comparison, 1);
}

static void
drop_statistics (Comparison *v)
{
  g_clear_pointer (&v->stats, lesc_stats_result_free);
  g_clear_pointer (&v->model, lesc_cd_model_free);
  g_clear_pointer (&v->problem, g_free);
}

static void
destroy (gpointer self)
{
  Comparison *v = self;
  drop_statistics (v);
  lesc_tui_figure_cache_clear (&v->figure);
  g_free (v);
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  lesc_plot_cd_paint (cr, w, h, model);
}

static const char *
test_name (LescPosthoc p)
{
  switch (p)
    {
    case LESC_POSTHOC_NEMENYI: return _("Nemenyi");
    case LESC_POSTHOC_BONFERRONI_DUNN: return _("Bonferroni–Dunn");
    default: return _("Wilcoxon–Holm");
    }
}

static void
rebuild (Comparison *v, LescTui *tui, const LescRecoveryTable *t)
{
  drop_statistics (v);
  v->table = t;
  v->for_measure = v->measure;
  v->for_test = v->test;
  v->for_alpha = v->alpha;
  v->for_version = lesc_session_version (tui->session);
  v->figure_version++;
  if (t == NULL)
    return;
  g_autoptr (GError) error = NULL;
  v->stats = lesc_comparison_stats (t, v->measure, tests[v->test], alphas[v->alpha], &error);
  if (v->stats == NULL)
    {
      LescComparisonCoverage c;
      lesc_comparison_coverage (t, NULL, &c);
      g_autofree char *have = lesc_comparison_coverage_text (&c);
      v->problem = g_strdup_printf ("%s %s", have,
          /* TRANSLATORS: after the Comparison's empty state in the terminal */
          _("Press c to compute the missing runs on the data directory’s sets, or run “lesc table” in a terminal, "
            "then u to read the store again."));
      return;
    }
  v->model = lesc_cd_model_new_from_stats (v->stats, lesc_measure_title (v->measure),
                                           lesc_measure_lower_is_better (v->measure));
}

/* The statistics as text lines; the number of lines written. */
static int
draw_numbers (Comparison *v, LescTui *tui, const LescTuiRect *a, int y, gboolean matrix)
{
  const LescStatsResult *r = v->stats;
  const LescFriedman *f = &r->friedman;
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t good = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_GOOD);
  int y0 = y;
  /* The diagram's labels as text: the mean ranks, best first. */
  g_autofree guint *order = lesc_comparison_rank_order (r->mean_ranks, (guint) r->k);
  GString *ranks = g_string_new (_("Mean ranks:"));
  for (gsize i = 0; i < r->k; i++)
    g_string_append_printf (ranks, "%s %s %.2f", i > 0 ? " ·" : "", r->names[order[i]], r->mean_ranks[order[i]]);
  y += lesc_tui_draw_wrapped (stdscr, y, a->x, a->w, 2, A_NORMAL, ranks->str);
  g_string_free (ranks, TRUE);
  g_autofree char *ff = isinf (f->ff) ? g_strdup (lesc_tui_glyph ("∞", "inf")) : g_strdup_printf ("%.3f", f->ff);
  g_autofree char *p1 = lesc_format_p (f->chi2_p), *p2 = lesc_format_p (f->ff_p);
  lesc_tui_drawf (stdscr, y++, a->x, a->w, A_NORMAL, "%s χ²F = %.3f, %s · %s FF = %s, %s", _("Friedman"),
                  f->chi2, p1, _("Iman–Davenport"), ff, p2);
  lesc_tui_drawf (stdscr, y++, a->x, a->w, A_NORMAL, "%s · %s CD = %.3f · %s CD = %.3f",
                  r->omnibus_not_significant ? _("omnibus test not significant: no differences claimed")
                                             : _("omnibus test significant"),
                  _("Nemenyi"), r->nemenyi_cd, _("Bonferroni–Dunn"), r->bd_cd);
  if (!matrix || y + (int) r->k + 1 > a->y + a->h)
    return y - y0;
  /* The pairwise p-values of the test (Holm-adjusted Wilcoxon, or Nemenyi). */
  LescPosthoc p = tests[v->test];
  const LescMatrix *pm = p == LESC_POSTHOC_NEMENYI ? r->nemenyi_p : r->holm_p;
  int nw = 8, cw = 7;
  lesc_tui_draw (stdscr, y, a->x, nw, title, p == LESC_POSTHOC_NEMENYI ? "p" : "p (Holm)");
  for (gsize j = 0; j < r->k && nw + (int) (j + 1) * cw <= a->w; j++)
    lesc_tui_draw_right (stdscr, y, a->x + nw + (int) j * cw, cw - 1, title, r->names[j]);
  y++;
  for (gsize i = 0; i < r->k; i++, y++)
    {
      lesc_tui_draw (stdscr, y, a->x, nw, A_NORMAL, r->names[i]);
      for (gsize j = 0; j < r->k && nw + (int) (j + 1) * cw <= a->w; j++)
        {
          gboolean sig = i != j && p != LESC_POSTHOC_BONFERRONI_DUNN && r->significant[i * r->k + j]
                         && !r->omnibus_not_significant;
          g_autofree char *cell = i == j ? g_strdup (lesc_tui_glyph ("–", "-")) : g_strdup_printf ("%.3g", LESC_AT (pm, i, j));
          lesc_tui_draw_right (stdscr, y, a->x + nw + (int) j * cw, cw - 1, sig ? good : A_NORMAL, cell);
        }
    }
  return y - y0;
}

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  Comparison *v = self;
  LescSession *s = tui->session;
  if (!lesc_session_table_requested (s))
    lesc_session_request_table (s, TRUE);   /* the first look: what the store has */
  const LescRecoveryTable *t = lesc_session_table (s);
  if (t != v->table || v->for_measure != v->measure || v->for_test != v->test || v->for_alpha != v->alpha
      || v->for_version != lesc_session_version (s))
    rebuild (v, tui, t);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  g_autofree char *head = g_strdup_printf (
      /* TRANSLATORS: the Comparison view's title: number of data sets, measure, test, α */
      _("Mean ranks over %zu data sets: %s, %s, α = %.2f"), v->stats != NULL ? v->stats->n : (gsize) 0,
      lesc_tui_measure_name (v->measure), test_name (tests[v->test]), alphas[v->alpha]);
  lesc_tui_draw (stdscr, a->y, a->x, a->w, title, head);
  lesc_tui_draw (stdscr, a->y + a->h - 1, a->x, a->w, dim, _("m measure · t test · a α · u read the store · c compute missing runs"));
  if (v->model == NULL)
    {
      lesc_tui_show_figure (tui, 0, 0, NULL);
      const char *text = v->problem != NULL ? v->problem
                         : t == NULL && lesc_session_running (s) != NULL ? _("Reading the results store…")
                                                                         : _("Nothing to compare yet.");
      lesc_tui_draw_wrapped (stdscr, a->y + 2, a->x, a->w, a->h - 3, A_NORMAL, text);
      return;
    }
  /* The diagram gets what the numbers leave; the p-value matrix only when it fits too. */
  int k = (int) v->stats->k;
  int body = a->h - 2;
  gboolean matrix = body - (4 + k + 1) >= 6;
  int text_lines = 4 + (matrix ? k + 1 : 0);
  int rows = MIN (body - text_lines, 4 + 2 * ((k + 1) / 2) + 4);
  if (rows >= 4)
    {
      LescTermFigure *f = lesc_tui_figure_get (&v->figure, tui, a->w, rows, paint, v->model, v->figure_version, NULL, NULL);
      lesc_tui_show_figure (tui, a->y + 1, a->x, f);
    }
  else
    {
      rows = 0;
      lesc_tui_show_figure (tui, 0, 0, NULL);
    }
  draw_numbers (v, tui, a, a->y + 1 + rows, matrix);
}

static gboolean
key (gpointer self, LescTui *tui, int k, gboolean focused)
{
  Comparison *v = self;
  switch (k)
    {
    case 'm': v->measure = (v->measure + 1) % LESC_N_MEASURES; return TRUE;
    case 'M': v->measure = (v->measure + LESC_N_MEASURES - 1) % LESC_N_MEASURES; return TRUE;
    case 't': v->test = (v->test + 1) % G_N_ELEMENTS (tests); return TRUE;
    case 'a': v->alpha = (v->alpha + 1) % G_N_ELEMENTS (alphas); return TRUE;
    case 'u': lesc_session_request_table (tui->session, TRUE); return TRUE;
    case 'c': lesc_session_request_table (tui->session, FALSE); return TRUE;
    default: return FALSE;
    }
}

static gboolean
click (gpointer self, LescTui *tui, int y, int x)
{
  return FALSE;
}

static const char *const keys[] = {
  "m M", N_("next or previous measure"),
  "t", N_("post-hoc test: Wilcoxon–Holm, Nemenyi, Bonferroni–Dunn"),
  "a", N_("significance level α: 0.05, 0.10, 0.01"),
  "u", N_("read the results store again"),
  "c", N_("compute the missing runs on the data directory’s sets"),
  NULL
};

const LescTuiView lesc_tui_view_comparison = {
  N_("Comparison"), N_("Comp."), create, destroy, draw, key, click, FALSE, keys,
};
