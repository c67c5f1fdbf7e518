#include "plot/text.h"

#include <math.h>
#include <string.h>

static const cairo_user_data_key_t style_key;

void
lesc_plot_style_attach (cairo_t *cr, const LescPlotStyle *style)
{
  cairo_set_user_data (cr, &style_key, style != NULL ? g_memdup2 (style, sizeof *style) : NULL, g_free);
}

const LescPlotStyle *
lesc_plot_style_get (cairo_t *cr)
{
  return cairo_get_user_data (cr, &style_key);
}

gboolean
lesc_plot_style_equal (const LescPlotStyle *a, const LescPlotStyle *b)
{
  return a->scale == b->scale && !a->high_contrast == !b->high_contrast;
}

gboolean
lesc_rect_intersects (const LescRect *a, const LescRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

struct _LescTextCapture {
  double cell_w, cell_h;
  double font;                /* the monospace size whose advance is one cell (0: not yet known) */
  GPtrArray *items;           /* LescTextItem */
};

static const cairo_user_data_key_t capture_key;

static LescTextCapture *
capture_of (cairo_t *cr)
{
  return cairo_surface_get_user_data (cairo_get_target (cr), &capture_key);
}

static PangoLayout *
layout_with_font (cairo_t *cr, const char *family, double size, gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoContext *ctx = pango_layout_get_context (layout);
  cairo_font_options_t *fo = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (ctx, fo);
  cairo_font_options_destroy (fo);
  pango_cairo_context_set_resolution (ctx, 72.0);
  PangoFontDescription *desc = pango_font_description_from_string (family);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_context_changed (layout);
  return layout;
}

static PangoLayout *
new_layout (cairo_t *cr, double size, gboolean bold)
{
  LescTextCapture *c = capture_of (cr);
  if (c == NULL)
    return layout_with_font (cr, LESC_PLOT_FONT, size, bold);
  if (c->font <= 0)
    {
      /* The size at which ten digits are ten cells wide: Pango then wraps at cell edges. */
      PangoLayout *probe = layout_with_font (cr, "Monospace", 100.0, FALSE);
      pango_layout_set_text (probe, "0000000000", -1);
      PangoRectangle logical;
      pango_layout_get_extents (probe, NULL, &logical);
      g_object_unref (probe);
      c->font = logical.width > 0 ? 100.0 * 10 * c->cell_w / ((double) logical.width / PANGO_SCALE) : c->cell_w;
    }
  PangoLayout *layout = layout_with_font (cr, "Monospace", c->font, bold);
  g_object_set_data (G_OBJECT (layout), "lesc-capture", c);
  return layout;
}

PangoLayout *
lesc_text_new (cairo_t *cr, const char *text, double size, gboolean bold)
{
  PangoLayout *layout = new_layout (cr, size, bold);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

PangoLayout *
lesc_text_new_markup (cairo_t *cr, const char *markup, double size, gboolean bold)
{
  PangoLayout *layout = new_layout (cr, size, bold);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

/* A captured layout's size: its lines in whole cells. */
static void
cell_size (const LescTextCapture *c, PangoLayout *layout, double *width, double *height)
{
  int widest = 0, n = pango_layout_get_line_count (layout);
  const char *text = pango_layout_get_text (layout);
  for (int i = 0; i < n; i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      g_autofree char *part = g_strndup (text + line->start_index, line->length);
      /* the blanks a wrapped line ends with are not drawn; a lone " " is a cell wide */
      if (i + 1 < n)
        g_strchomp (part);
      part[strcspn (part, "\r\n")] = '\0';
      widest = MAX (widest, lesc_text_cells (part));
    }
  if (width)
    *width = widest * c->cell_w;
  if (height)
    *height = MAX (n, 1) * c->cell_h;
}

void
lesc_text_size (PangoLayout *layout, double *width, double *height)
{
  LescTextCapture *c = g_object_get_data (G_OBJECT (layout), "lesc-capture");
  if (c != NULL)
    {
      cell_size (c, layout, width, height);
      return;
    }
  PangoRectangle logical;
  pango_layout_get_extents (layout, NULL, &logical);
  if (width)
    *width = (double) logical.width / PANGO_SCALE;
  if (height)
    *height = (double) logical.height / PANGO_SCALE;
}

void
lesc_text_box (PangoLayout *layout, double x, double y, double ax, double ay, LescRect *box)
{
  double w, h;
  lesc_text_size (layout, &w, &h);
  box->x = x - ax * w;
  box->y = y - ay * h;
  box->width = w;
  box->height = h;
}

/* Record the lines of a layout whose box is `r` (user units) instead of painting them. */
static void
capture_show (cairo_t *cr, LescTextCapture *c, PangoLayout *layout, const LescRect *r)
{
  double rgba[4] = { 0, 0, 0, 1 };
  cairo_pattern_t *source = cairo_get_source (cr);
  if (cairo_pattern_get_type (source) == CAIRO_PATTERN_TYPE_SOLID)
    cairo_pattern_get_rgba (source, &rgba[0], &rgba[1], &rgba[2], &rgba[3]);
  cairo_matrix_t m;
  cairo_get_matrix (cr, &m);
  gboolean vertical = fabs (m.xy) > fabs (m.xx);
  const PangoFontDescription *desc = pango_layout_get_font_description (layout);
  gboolean bold = desc != NULL && pango_font_description_get_weight (desc) >= PANGO_WEIGHT_BOLD;
  const char *text = pango_layout_get_text (layout);
  int n = pango_layout_get_line_count (layout);
  int width = pango_layout_get_width (layout);
  PangoAlignment align = pango_layout_get_alignment (layout);
  for (int i = 0; i < n; i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      g_autofree char *part = g_strndup (text + line->start_index, line->length);
      g_strstrip (part);
      if (part[0] == '\0')
        continue;
      double w = lesc_text_cells (part) * c->cell_w;
      double x = r->x;
      if (width > 0 && align != PANGO_ALIGN_LEFT)
        x += ((double) width / PANGO_SCALE - w) * (align == PANGO_ALIGN_CENTER ? 0.5 : 1.0);
      else if (n > 1 && align != PANGO_ALIGN_LEFT)
        x += (r->width - w) * (align == PANGO_ALIGN_CENTER ? 0.5 : 1.0);
      /* the device box of the line's user box (any quarter turn) */
      double px[4] = { x, x + w, x, x + w }, py[4];
      py[0] = py[1] = r->y + i * c->cell_h;
      py[2] = py[3] = r->y + (i + 1) * c->cell_h;
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
      for (int k = 0; k < 4; k++)
        {
          cairo_user_to_device (cr, &px[k], &py[k]);
          x0 = MIN (x0, px[k]);
          x1 = MAX (x1, px[k]);
          y0 = MIN (y0, py[k]);
          y1 = MAX (y1, py[k]);
        }
      LescTextItem *item = g_new0 (LescTextItem, 1);
      item->text = g_steal_pointer (&part);
      *item = (LescTextItem) { item->text, x0, y0, x1 - x0, y1 - y0, { rgba[0], rgba[1], rgba[2], rgba[3] },
                               bold, vertical };
      g_ptr_array_add (c->items, item);
    }
}

void
lesc_text_show (cairo_t *cr, PangoLayout *layout, double x, double y, double ax, double ay,
                LescRect *box)
{
  LescRect r;
  PangoRectangle logical;
  lesc_text_box (layout, x, y, ax, ay, &r);
  LescTextCapture *c = g_object_get_data (G_OBJECT (layout), "lesc-capture");
  if (c != NULL)
    capture_show (cr, c, layout, &r);
  else
    {
      const LescPlotStyle *style = lesc_plot_style_get (cr);
      double rgba[4];
      cairo_pattern_t *source = cairo_get_source (cr);
      gboolean contrast = style != NULL && style->high_contrast
                          && cairo_pattern_get_type (source) == CAIRO_PATTERN_TYPE_SOLID
                          && cairo_pattern_get_rgba (source, &rgba[0], &rgba[1], &rgba[2], &rgba[3]) == CAIRO_STATUS_SUCCESS;
      if (contrast)
        {
          /* grey text black; near-white text (on a dark fill) white */
          double v = 0.2126 * rgba[0] + 0.7152 * rgba[1] + 0.0722 * rgba[2] < 0.8 ? 0.0 : 1.0;
          cairo_save (cr);
          cairo_set_source_rgb (cr, v, v, v);
        }
      pango_layout_get_extents (layout, NULL, &logical);
      cairo_move_to (cr, r.x - (double) logical.x / PANGO_SCALE, r.y - (double) logical.y / PANGO_SCALE);
      pango_cairo_show_layout (cr, layout);
      cairo_new_path (cr);
      if (contrast)
        cairo_restore (cr);
    }
  if (box)
    *box = r;
}

double
lesc_text_width (cairo_t *cr, const char *text, double size, gboolean bold)
{
  PangoLayout *layout = lesc_text_new (cr, text, size, bold);
  double w;
  lesc_text_size (layout, &w, NULL);
  g_object_unref (layout);
  return w;
}

double
lesc_text_line_height (cairo_t *cr, double size)
{
  PangoLayout *layout = lesc_text_new (cr, "Ag", size, FALSE);
  double h;
  lesc_text_size (layout, NULL, &h);
  g_object_unref (layout);
  return h;
}

char *
lesc_text_ellipsize_middle (cairo_t *cr, const char *text, double size, gboolean bold,
                            double max_width)
{
  if (lesc_text_width (cr, text, size, bold) <= max_width)
    return g_strdup (text);
  glong n = g_utf8_strlen (text, -1);
  char *best = NULL;
  for (glong keep = n - 1; keep >= 2; keep--)
    {
      glong head = (keep + 1) / 2, tail = keep / 2;
      const char *head_end = g_utf8_offset_to_pointer (text, head);
      const char *tail_start = g_utf8_offset_to_pointer (text, n - tail);
      g_free (best);
      best = g_strdup_printf ("%.*s…%s", (int) (head_end - text), text, tail_start);
      if (lesc_text_width (cr, best, size, bold) <= max_width)
        break;
    }
  return best ? best : g_strdup (text);
}

gboolean
lesc_plot_target_is_raster (cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_target (cr);
  return cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE;
}

void
lesc_plot_snap_point (cairo_t *cr, double *x, double *y)
{
  if (!lesc_plot_target_is_raster (cr))
    return;
  cairo_user_to_device (cr, x, y);
  *x = round (*x);
  *y = round (*y);
  cairo_device_to_user (cr, x, y);
}

double
lesc_plot_snap_length (cairo_t *cr, double length)
{
  if (!lesc_plot_target_is_raster (cr))
    return length;
  double dx = 1.0, dy = 0.0;
  cairo_user_to_device_distance (cr, &dx, &dy);
  double scale = hypot (dx, dy);
  return MAX (1.0, floor (length * scale + 1e-9)) / scale;
}

char *
lesc_text_keep_equals (const char *text)
{
  char *out = g_strdup (text);
  static const char *const signs[] = { " = ", " < ", " ≥ " };
  for (guint i = 0; i < G_N_ELEMENTS (signs); i++)
    {
      g_auto (GStrv) parts = g_strsplit (out, signs[i], -1);
      g_autofree char *held = g_strdup_printf ("\u00a0%.*s\u00a0", (int) strlen (signs[i]) - 2, signs[i] + 1);
      g_free (out);
      out = g_strjoinv (held, parts);
    }
  return out;
}

/* ---- capture ---------------------------------------------------------------------------- */

static void
item_free (gpointer p)
{
  LescTextItem *item = p;
  g_free (item->text);
  g_free (item);
}

LescTextCapture *
lesc_text_capture_new (double cell_width, double cell_height)
{
  g_return_val_if_fail (cell_width > 0 && cell_height > 0, NULL);
  LescTextCapture *c = g_new0 (LescTextCapture, 1);
  c->cell_w = cell_width;
  c->cell_h = cell_height;
  c->items = g_ptr_array_new_with_free_func (item_free);
  return c;
}

void
lesc_text_capture_free (LescTextCapture *c)
{
  if (c == NULL)
    return;
  g_ptr_array_unref (c->items);
  g_free (c);
}

void
lesc_text_capture_attach (cairo_t *cr, LescTextCapture *c, gboolean owned)
{
  cairo_surface_set_user_data (cairo_get_target (cr), &capture_key, c,
                               owned ? (cairo_destroy_func_t) lesc_text_capture_free : NULL);
}

guint
lesc_text_capture_n (const LescTextCapture *c)
{
  return c->items->len;
}

const LescTextItem *
lesc_text_capture_item (const LescTextCapture *c, guint i)
{
  g_return_val_if_fail (i < c->items->len, NULL);
  return g_ptr_array_index (c->items, i);
}

char *
lesc_text_capture_text (const LescTextCapture *c)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < c->items->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, '\n');
      g_string_append (s, ((const LescTextItem *) g_ptr_array_index (c->items, i))->text);
    }
  return g_string_free (s, FALSE);
}

int
lesc_text_cells (const char *text)
{
  int n = 0;
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar u = g_utf8_get_char (p);
      if (g_unichar_iszerowidth (u))
        continue;
      n += g_unichar_iswide (u) ? 2 : 1;
    }
  return n;
}
