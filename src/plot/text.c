#include "plot/text.h"

#include <math.h>
#include <string.h>

gboolean
lesc_rect_intersects (const LescRect *a, const LescRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

static PangoLayout *
new_layout (cairo_t *cr, double size, gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoContext *ctx = pango_layout_get_context (layout);
  cairo_font_options_t *fo = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (ctx, fo);
  cairo_font_options_destroy (fo);
  pango_cairo_context_set_resolution (ctx, 72.0);
  PangoFontDescription *desc = pango_font_description_from_string (LESC_PLOT_FONT);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_context_changed (layout);
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

void
lesc_text_size (PangoLayout *layout, double *width, double *height)
{
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

void
lesc_text_show (cairo_t *cr, PangoLayout *layout, double x, double y, double ax, double ay,
                LescRect *box)
{
  LescRect r;
  PangoRectangle logical;
  lesc_text_box (layout, x, y, ax, ay, &r);
  pango_layout_get_extents (layout, NULL, &logical);
  cairo_move_to (cr, r.x - (double) logical.x / PANGO_SCALE, r.y - (double) logical.y / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
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
  g_auto (GStrv) parts = g_strsplit (text, " = ", -1);
  return g_strjoinv ("\u00a0=\u00a0", parts);
}
