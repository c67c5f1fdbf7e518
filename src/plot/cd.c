/* Critical-difference diagram: model, bar packing, layout from measured text, painter,
 * caption and CSV. */
#include "config.h"
#include "plot/cd.h"
#include "plot/comparison.h"
#include "core/base/format.h"
#include "plot/export.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 8.0
#define PAD 4.0          /* label text ↔ end of its connector */
#define LEAD 12.0        /* horizontal connector beyond the axis ends */
#define MAX_FONT 11.0
#define MIN_FONT 8.5
#define MIN_AXIS 0.4     /* of the width */
#define EXTEND 3.0       /* bars extend past their end members */
#define BAR_GAP 4.0      /* between bars on one level */
#define LEVEL_PITCH 6.0
#define MAJOR_TICK 5.0
#define MINOR_TICK 3.0

LescCdModel *
lesc_cd_model_new (guint k, const char *const *names, const double *ranks, guint n_datasets,
                   const char *measure, gboolean lower_is_better)
{
  LescCdModel *m = g_new0 (LescCdModel, 1);
  m->k = k;
  m->names = g_new0 (char *, k + 1);
  for (guint j = 0; j < k; j++)
    m->names[j] = g_strdup (names[j]);
  m->ranks = g_memdup2 (ranks, k * sizeof (double));
  m->n_datasets = n_datasets;
  m->measure = g_strdup (measure);
  m->lower_is_better = lower_is_better;
  m->test = LESC_CD_TEST_WILCOXON_HOLM;
  m->alpha = 0.05;
  return m;
}

void
lesc_cd_model_add_clique (LescCdModel *m, const guint *members, guint n_members)
{
  m->cliques = g_renew (LescCdClique, m->cliques, m->n_cliques + 1);
  m->cliques[m->n_cliques].n_members = n_members;
  m->cliques[m->n_cliques].members = g_memdup2 (members, n_members * sizeof (guint));
  m->n_cliques++;
}

void
lesc_cd_model_set_omnibus (LescCdModel *m, const char *name, double statistic, double p)
{
  g_free (m->omnibus_name);
  m->omnibus_name = g_strdup (name);
  m->omnibus_statistic = statistic;
  m->omnibus_p = p;
  m->has_omnibus = TRUE;
}

void
lesc_cd_model_free (LescCdModel *m)
{
  if (m == NULL)
    return;
  g_strfreev (m->names);
  g_free (m->ranks);
  for (guint c = 0; c < m->n_cliques; c++)
    g_free (m->cliques[c].members);
  g_free (m->cliques);
  g_free (m->measure);
  g_free (m->omnibus_name);
  g_free (m);
}

/* ---- bar packing ---- */

typedef struct {
  double x0, x1;
  guint index;
} Interval;

static int
cmp_interval (const void *a, const void *b)
{
  const Interval *p = a, *q = b;
  if (p->x0 != q->x0)
    return p->x0 < q->x0 ? -1 : 1;
  if (p->x1 != q->x1)
    return p->x1 < q->x1 ? -1 : 1;
  return (p->index > q->index) - (p->index < q->index);
}

guint
lesc_cd_pack_bars (const double *x0, const double *x1, guint n, double gap, guint *level)
{
  g_autofree Interval *iv = g_new (Interval, n);
  g_autofree double *level_end = g_new (double, n + 1);
  for (guint i = 0; i < n; i++)
    iv[i] = (Interval) { x0[i], x1[i], i };
  if (n > 1) /* qsort must not be given the NULL of an empty g_new */
    qsort (iv, n, sizeof *iv, cmp_interval);
  guint n_levels = 0;
  for (guint i = 0; i < n; i++)
    {
      guint lv = 0;
      while (lv < n_levels && !(level_end[lv] + gap <= iv[i].x0))
        lv++;
      if (lv == n_levels)
        n_levels++;
      level_end[lv] = iv[i].x1;
      level[iv[i].index] = lv;
    }
  return n_levels;
}

/* ---- caption ---- */

/* "3.69", or "∞" when every data set ranks the methods identically. */
static char *
format_statistic (double v)
{
  if (isinf (v))
    return g_strdup (v > 0 ? "∞" : "−∞");
  return g_strdup_printf ("%.2f", v);
}

static const char *
test_description (LescCdTest t)
{
  switch (t)
    {
    case LESC_CD_TEST_WILCOXON_HOLM: return _("Wilcoxon signed-rank (Pratt), Holm-corrected");
    case LESC_CD_TEST_NEMENYI: return _("Nemenyi");
    case LESC_CD_TEST_BONFERRONI_DUNN: return _("Bonferroni–Dunn");
    default: return _("no post-hoc test");
    }
}

char *
lesc_cd_caption (const LescCdModel *m)
{
  GString *s = g_string_new (NULL);
  /* TRANSLATORS: the CD diagram's caption: methods, data sets, the measure, then "lower is
   * better" or "higher is better", then where the best rank is */
  g_string_append_printf (s, _("Mean ranks of k = %u methods over N = %u data sets; %s (%s); best rank on the %s."),
                          m->k, m->n_datasets, m->measure ? m->measure : _("value"),
                          m->lower_is_better ? _("lower is better") : _("higher is better"),
                          m->best_right ? _("right") : _("left"));
  g_autofree char *p = lesc_format_p (m->omnibus_p);
  g_autofree char *stat = format_statistic (m->omnibus_statistic);
  if (m->omnibus_not_significant)
    {
      if (m->has_omnibus)
        g_string_append_printf (s, _(" Omnibus test not significant (%s = %s, %s ≥ α = %.2f): no differences claimed."),
                                m->omnibus_name, stat, p, m->alpha);
      else
        g_string_append_printf (s, _(" Omnibus test not significant (p ≥ α = %.2f): no differences claimed."),
                                m->alpha);
    }
  else if (m->has_omnibus)
    g_string_append_printf (s, " %s = %s, %s.", m->omnibus_name, stat, p);

  if (m->test == LESC_CD_TEST_NONE)
    g_string_append (s, _(" Mean ranks only: no post-hoc test."));
  else if (!m->omnibus_not_significant || m->exploratory)
    {
      g_string_append_printf (s, " %s%s, α = %.2f", m->omnibus_not_significant ? _("Exploratory (grey): ") : "",
                              test_description (m->test), m->alpha);
      if (m->has_cd && m->test != LESC_CD_TEST_WILCOXON_HOLM)
        g_string_append_printf (s, ", CD = %.2f", m->cd);
      if (m->test == LESC_CD_TEST_BONFERRONI_DUNN)
        g_string_append_printf (s, _("; the bar spans R ± CD around the control, %s."),
                                m->control < m->k ? m->names[m->control] : "?");
      else
        g_string_append (s, _("; methods joined by a bar do not differ significantly (dots mark the members)."));
    }
  else
    g_string_append_printf (s, _(" Post-hoc test: %s, α = %.2f (not applied)."), test_description (m->test), m->alpha);
  return g_string_free (s, FALSE);
}

/* "F_F" → F with a subscript F (70 % size, lowered), markup-escaped; `size` in points. */
static char *
caption_markup (const char *text, double size)
{
  g_autofree char *kept = lesc_text_keep_equals (text);
  g_autofree char *esc = g_markup_escape_text (kept, -1);
  GString *s = g_string_new (NULL);
  for (const char *c = esc; *c; c++)
    if (*c == '_' && g_ascii_isalpha (c[1]))
      {
        g_string_append_printf (s, "<span size=\"%d\" rise=\"%d\">%c</span>", (int) (0.7 * size * PANGO_SCALE),
                                (int) (-0.2 * size * PANGO_SCALE), c[1]);
        c++;
      }
    else
      g_string_append_c (s, *c);
  return g_string_free (s, FALSE);
}

/* ---- layout ---- */

void
lesc_cd_layout_free (LescCdLayout *l)
{
  if (l == NULL)
    return;
  g_free (l->marker_x);
  g_free (l->label_boxes);
  g_strfreev (l->labels);
  g_free (l->left_side);
  g_free (l->row_y);
  for (guint b = 0; b < l->n_bars; b++)
    g_free (l->bars[b].member_x);
  g_free (l->bars);
  g_free (l->caption);
  g_free (l);
}

/* x of rank r under the layout's affine map. */
static double
layout_rank_x (const LescCdLayout *l, const LescCdModel *m, double r)
{
  double t = (r - l->rank_lo) / (l->rank_hi - l->rank_lo);
  return m->best_right ? l->axis_x1 - t * (l->axis_x1 - l->axis_x0)
                       : l->axis_x0 + t * (l->axis_x1 - l->axis_x0);
}

static char *
label_text (const LescCdModel *m, const char *name, guint j)
{
  if (m->hide_ranks)
    return g_strdup (name);
  return g_strdup_printf ("%s (%.2f)", name, m->ranks[j]);
}

/* Which bars to draw: fills l->bars (x extents, members, style) and packs them. */
static void
build_bars (LescCdLayout *l, const LescCdModel *m)
{
  for (guint b = 0; b < l->n_bars; b++)
    g_free (l->bars[b].member_x);
  g_free (l->bars);
  l->bars = g_new0 (LescCdBar, m->n_cliques + 2);
  l->n_bars = 0;
  gboolean not_sig = m->omnibus_not_significant;
  if (not_sig)
    {
      LescCdBar *bar = &l->bars[l->n_bars++];
      double lo = INFINITY, hi = -INFINITY;
      for (guint j = 0; j < m->k; j++)
        {
          lo = MIN (lo, l->marker_x[j]);
          hi = MAX (hi, l->marker_x[j]);
        }
      bar->x0 = lo - EXTEND;
      bar->x1 = hi + EXTEND;
      bar->dashed = TRUE;
    }
  if (!not_sig || m->exploratory)
    {
      if (m->test == LESC_CD_TEST_BONFERRONI_DUNN && m->has_cd && m->control < m->k)
        {
          LescCdBar *bar = &l->bars[l->n_bars++];
          double r = m->ranks[m->control];
          double a = layout_rank_x (l, m, MAX (l->rank_lo, r - m->cd));
          double b = layout_rank_x (l, m, MIN (l->rank_hi, r + m->cd));
          bar->x0 = MIN (a, b);
          bar->x1 = MAX (a, b);
          bar->grey = not_sig;
          bar->n_members = 1;
          bar->member_x = g_new (double, 1);
          bar->member_x[0] = l->marker_x[m->control];
        }
      else if (m->test != LESC_CD_TEST_BONFERRONI_DUNN)
        for (guint c = 0; c < m->n_cliques; c++)
          {
            const LescCdClique *q = &m->cliques[c];
            if (q->n_members == 0)
              continue;
            LescCdBar *bar = &l->bars[l->n_bars++];
            double lo = INFINITY, hi = -INFINITY;
            bar->member_x = g_new (double, q->n_members);
            for (guint i = 0; i < q->n_members; i++)
              {
                double x = q->members[i] < m->k ? l->marker_x[q->members[i]] : NAN;
                bar->member_x[bar->n_members++] = x;
                lo = MIN (lo, x);
                hi = MAX (hi, x);
              }
            bar->x0 = lo - EXTEND;
            bar->x1 = hi + EXTEND;
            bar->grey = not_sig;
          }
    }
  g_autofree double *x0 = g_new (double, l->n_bars + 1);
  g_autofree double *x1 = g_new (double, l->n_bars + 1);
  g_autofree guint *lv = g_new (guint, l->n_bars + 1);
  for (guint b = 0; b < l->n_bars; b++)
    {
      x0[b] = l->bars[b].x0;
      x1[b] = l->bars[b].x1;
    }
  l->n_levels = lesc_cd_pack_bars (x0, x1, l->n_bars, BAR_GAP, lv);
  for (guint b = 0; b < l->n_bars; b++)
    l->bars[b].level = lv[b];
}

static double
tick_font (double font)
{
  return MAX (MIN_FONT, font - 1.0);
}

/* Lay out at one font size; returns the height needed. `ellipsize` shortens names so that
 * the axis keeps its share of the width. */
static double
layout_at (cairo_t *cr, double width, const LescCdModel *m, const guint *order, double font,
           gboolean ellipsize, double pitch_factor, LescCdLayout *l)
{
  guint k = m->k, half = (k + 1) / 2;
  l->font = font;
  g_strfreev (l->labels);
  l->labels = g_new0 (char *, k + 1);
  double side_w[2] = { 0, 0 }; /* [0] left, [1] right */
  double max_side = (width * (1.0 - MIN_AXIS)) / 2 - MARGIN - PAD - LEAD;
  for (guint pos = 0; pos < k; pos++)
    {
      guint j = order[pos];
      gboolean better = pos < half;
      l->left_side[j] = better != m->best_right;
      char *text = label_text (m, m->names[j], j);
      if (ellipsize && lesc_text_width (cr, text, font, FALSE) > max_side)
        {
          g_autofree char *suffix = m->hide_ranks ? g_strdup ("") : g_strdup_printf (" (%.2f)", m->ranks[j]);
          double room = max_side - lesc_text_width (cr, suffix, font, FALSE);
          g_autofree char *name = lesc_text_ellipsize_middle (cr, m->names[j], font, FALSE, room);
          g_free (text);
          text = g_strconcat (name, suffix, NULL);
        }
      l->labels[j] = text;
      double w = lesc_text_width (cr, text, font, FALSE);
      side_w[l->left_side[j] ? 0 : 1] = MAX (side_w[l->left_side[j] ? 0 : 1], w);
    }
  l->axis_x0 = MARGIN + side_w[0] + PAD + LEAD;
  l->axis_x1 = width - MARGIN - side_w[1] - PAD - LEAD;
  if (l->axis_x1 <= l->axis_x0)
    l->axis_x1 = l->axis_x0 + 1.0;
  for (guint j = 0; j < k; j++)
    l->marker_x[j] = layout_rank_x (l, m, m->ranks[j]);

  /* vertical: CD bar, tick labels, axis, bars, label rows, caption */
  double tf = tick_font (font);
  double tick_line = lesc_text_line_height (cr, tf);
  double line = lesc_text_line_height (cr, font);
  double y = MARGIN;
  gboolean cd_bar = m->test == LESC_CD_TEST_NEMENYI && m->has_cd
                    && (!m->omnibus_not_significant || m->exploratory);
  l->has_cd_bar = cd_bar;
  if (cd_bar)
    {
      y += tick_line + 3.0;
      l->cd_y = y;
      double a = layout_rank_x (l, m, m->best_right ? l->rank_hi : l->rank_lo);
      double b = layout_rank_x (l, m, m->best_right ? l->rank_hi - m->cd : l->rank_lo + m->cd);
      l->cd_x0 = MIN (a, b);
      l->cd_x1 = MAX (a, b);
      y += 8.0;
    }
  y += tick_line + 2.0 + MAJOR_TICK;
  l->axis_y = y;
  build_bars (l, m);
  double bars_top = l->axis_y + 9.0;
  for (guint b = 0; b < l->n_bars; b++)
    l->bars[b].y = bars_top + l->bars[b].level * LEVEL_PITCH;
  double bars_end = l->n_levels > 0 ? bars_top + (l->n_levels - 1) * LEVEL_PITCH + 4.0 : l->axis_y + 4.0;
  double pitch = pitch_factor * line;
  double row0 = bars_end + 4.0 + 0.5 * pitch;
  for (guint pos = 0; pos < k; pos++)
    {
      guint j = order[pos];
      guint row = pos < half ? pos : k - 1 - pos;
      l->row_y[j] = row0 + row * pitch;
      PangoLayout *t = lesc_text_new (cr, l->labels[j], font, FALSE);
      if (l->left_side[j])
        lesc_text_box (t, l->axis_x0 - LEAD - PAD, l->row_y[j], 1.0, 0.5, &l->label_boxes[j]);
      else
        lesc_text_box (t, l->axis_x1 + LEAD + PAD, l->row_y[j], 0.0, 0.5, &l->label_boxes[j]);
      g_object_unref (t);
    }
  guint rows = MAX (half, k - half);
  double rows_end = row0 + (rows - 1) * pitch + 0.5 * line;

  g_free (l->caption);
  l->caption = lesc_cd_caption (m);
  g_autofree char *markup = caption_markup (l->caption, tf);
  PangoLayout *ct = lesc_text_new_markup (cr, markup, tf, FALSE);
  pango_layout_set_width (ct, (int) ((width - 2 * MARGIN) * PANGO_SCALE));
  pango_layout_set_wrap (ct, PANGO_WRAP_WORD);
  lesc_text_box (ct, MARGIN, rows_end + 10.0, 0.0, 0.0, &l->caption_box);
  g_object_unref (ct);
  return l->caption_box.y + l->caption_box.height + MARGIN;
}

LescCdLayout *
lesc_cd_layout_new (cairo_t *cr, double width, double height, const LescCdModel *m)
{
  LescCdLayout *l = g_new0 (LescCdLayout, 1);
  guint k = m->k;
  l->k = k;
  l->marker_x = g_new0 (double, k);
  l->label_boxes = g_new0 (LescRect, k);
  l->left_side = g_new0 (gboolean, k);
  l->row_y = g_new0 (double, k);
  double lo = INFINITY, hi = -INFINITY;
  for (guint j = 0; j < k; j++)
    {
      lo = MIN (lo, m->ranks[j]);
      hi = MAX (hi, m->ranks[j]);
    }
  l->rank_lo = k ? MIN (1.0, floor (lo)) : 1.0;
  l->rank_hi = k ? MAX ((double) k, ceil (hi)) : 2.0;
  if (l->rank_hi <= l->rank_lo)
    l->rank_hi = l->rank_lo + 1.0;
  g_autofree guint *order = lesc_comparison_rank_order (m->ranks, m->k);

  /* largest font whose axis keeps ≥ 40 % of the width and whose rows fit the height */
  double need = 0.0;
  gboolean fits = FALSE;
  for (double font = MAX_FONT; font >= MIN_FONT && !fits; font -= 0.5)
    {
      need = layout_at (cr, width, m, order, font, FALSE, 1.4, l);
      fits = l->axis_x1 - l->axis_x0 >= MIN_AXIS * width && need <= height;
    }
  /* 7 pt: shorten names in the middle, then tighten the rows if the height is short */
  for (double pf = 1.4; !fits && pf >= 1.05; pf -= 0.05)
    {
      need = layout_at (cr, width, m, order, MIN_FONT, TRUE, pf, l);
      fits = need <= height;
    }
  /* centre vertically in a taller area */
  double dy = need < height ? (height - need) / 2 : 0.0;
  l->axis_y += dy;
  l->cd_y += dy;
  l->caption_box.y += dy;
  for (guint j = 0; j < k; j++)
    {
      l->row_y[j] += dy;
      l->label_boxes[j].y += dy;
    }
  for (guint b = 0; b < l->n_bars; b++)
    l->bars[b].y += dy;
  return l;
}

/* ---- painter ---- */

static void
paint_axis (cairo_t *cr, const LescCdLayout *l, const LescCdModel *m)
{
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.9);
  cairo_move_to (cr, l->axis_x0, l->axis_y);
  cairo_line_to (cr, l->axis_x1, l->axis_y);
  cairo_stroke (cr);
  double tf = tick_font (l->font);
  guint step = m->k > 12 ? 2 : 1;
  cairo_set_line_width (cr, 0.7);
  for (double r = l->rank_lo; r <= l->rank_hi + 1e-9; r += 0.5)
    {
      gboolean major = fabs (r - round (r)) < 1e-9;
      double x = layout_rank_x (l, m, r);
      cairo_move_to (cr, x, l->axis_y);
      cairo_line_to (cr, x, l->axis_y - (major ? MAJOR_TICK : MINOR_TICK));
      cairo_stroke (cr);
      if (major && ((guint) llround (r - l->rank_lo)) % step == 0)
        {
          g_autofree char *s = g_strdup_printf ("%d", (int) llround (r));
          PangoLayout *t = lesc_text_new (cr, s, tf, FALSE);
          lesc_text_show (cr, t, x, l->axis_y - MAJOR_TICK - 2.0, 0.5, 1.0, NULL);
          g_object_unref (t);
        }
    }
  if (l->has_cd_bar)
    {
      gboolean grey = m->omnibus_not_significant;
      double ink = grey ? 0.55 : 0.0;
      cairo_set_source_rgb (cr, ink, ink, ink);
      cairo_set_line_width (cr, 1.2);
      cairo_move_to (cr, l->cd_x0, l->cd_y);
      cairo_line_to (cr, l->cd_x1, l->cd_y);
      cairo_move_to (cr, l->cd_x0, l->cd_y - 3.0);
      cairo_line_to (cr, l->cd_x0, l->cd_y + 3.0);
      cairo_move_to (cr, l->cd_x1, l->cd_y - 3.0);
      cairo_line_to (cr, l->cd_x1, l->cd_y + 3.0);
      cairo_stroke (cr);
      g_autofree char *s = g_strdup_printf ("CD = %.2f", m->cd);
      PangoLayout *t = lesc_text_new (cr, s, tf, FALSE);
      lesc_text_show (cr, t, (l->cd_x0 + l->cd_x1) / 2, l->cd_y - 3.0, 0.5, 1.0, NULL);
      g_object_unref (t);
    }
}

static void
paint_bars (cairo_t *cr, const LescCdLayout *l)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint b = 0; b < l->n_bars; b++)
    {
      const LescCdBar *bar = &l->bars[b];
      double ink = bar->grey ? 0.6 : 0.0;
      cairo_set_source_rgb (cr, ink, ink, ink);
      cairo_set_line_width (cr, 2.2);
      if (bar->dashed)
        {
          const double dash[] = { 4.0, 2.5 };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_move_to (cr, bar->x0, bar->y);
      cairo_line_to (cr, bar->x1, bar->y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      for (guint i = 0; i < bar->n_members; i++)
        {
          cairo_arc (cr, bar->member_x[i], bar->y, 2.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
}

void
lesc_plot_cd_paint (cairo_t *cr, double width, double height, const LescCdModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (m == NULL || m->k == 0)
    {
      cairo_restore (cr);
      return;
    }
  g_autoptr (LescCdLayout) l = lesc_cd_layout_new (cr, width, height, m);
  paint_axis (cr, l, m);

  /* elbows: marker → down to the row → out to the label */
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.75);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (guint j = 0; j < m->k; j++)
    {
      double x = l->marker_x[j];
      double end = l->left_side[j] ? l->axis_x0 - LEAD : l->axis_x1 + LEAD;
      cairo_move_to (cr, x, l->axis_y);
      cairo_line_to (cr, x, l->row_y[j]);
      cairo_line_to (cr, end, l->row_y[j]);
      cairo_stroke (cr);
    }
  paint_bars (cr, l);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint j = 0; j < m->k; j++)
    {
      cairo_arc (cr, l->marker_x[j], l->axis_y, 2.4, 0, 2 * G_PI);
      cairo_fill (cr);
      PangoLayout *t = lesc_text_new (cr, l->labels[j], l->font, FALSE);
      lesc_text_show (cr, t, l->label_boxes[j].x, l->label_boxes[j].y, 0, 0, NULL);
      g_object_unref (t);
    }

  g_autofree char *markup = caption_markup (l->caption, tick_font (l->font));
  PangoLayout *ct = lesc_text_new_markup (cr, markup, tick_font (l->font), FALSE);
  pango_layout_set_width (ct, (int) ((width - 2 * MARGIN) * PANGO_SCALE));
  pango_layout_set_wrap (ct, PANGO_WRAP_WORD);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  lesc_text_show (cr, ct, l->caption_box.x, l->caption_box.y, 0, 0, NULL);
  g_object_unref (ct);
  cairo_restore (cr);
}

char *
lesc_cd_model_to_csv (const LescCdModel *m)
{
  GString *s = g_string_new (NULL);
  g_autofree char *caption = lesc_cd_caption (m);
  g_string_append_printf (s, "# %s\n", caption);
  g_string_append_printf (s, "# test: %s; alpha: %g; orientation: best-%s\n", test_description (m->test),
                          m->alpha, m->best_right ? "right" : "left");
  if (m->has_cd)
    {
      g_string_append (s, "# cd: ");
      lesc_format_append (s, m->cd, LESC_FORMAT_TEXT, "%.15g");
      g_string_append_c (s, '\n');
    }
  g_string_append (s, "method,mean_rank,groups\n");
  for (guint j = 0; j < m->k; j++)
    {
      lesc_csv_field (s, m->names[j]);
      g_string_append_c (s, ',');
      lesc_format_append (s, m->ranks[j], LESC_FORMAT_CSV, "%.15g");
      g_string_append_c (s, ',');
      GString *groups = g_string_new (NULL);
      for (guint c = 0; c < m->n_cliques; c++)
        for (guint i = 0; i < m->cliques[c].n_members; i++)
          if (m->cliques[c].members[i] == j)
            g_string_append_printf (groups, "%s%u", groups->len ? " " : "", c + 1);
      g_string_append (s, groups->str);
      g_string_free (groups, TRUE);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
