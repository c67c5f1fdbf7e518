/* Helpers for the window tests: run the main loop until something happens, snapshot a
 * widget to a PNG in the build folder and measure its pixels. */
#pragma once
#include <gtk/gtk.h>
#include <string.h>

#include "app/figure.h"

/* Iterate the default main context until `cond(data)` or `timeout_s` seconds. */
static inline gboolean
lesc_test_wait (gboolean (*cond) (gpointer), gpointer data, double timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) (timeout_s * 1e6);
  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
lesc_test_false (gpointer data)
{
  return FALSE;
}

/* Keep the main loop turning for `seconds`. */
static inline void
lesc_test_spin (double seconds)
{
  lesc_test_wait (lesc_test_false, NULL, seconds);
}

/* TRUE when every mapped figure under `widget` shows its current picture. */
static inline gboolean
lesc_test_figures_ready (gpointer widget)
{
  if (LESC_IS_FIGURE (widget) && gtk_widget_get_mapped (widget)
      && gtk_widget_get_width (widget) > 0 && !lesc_figure_is_ready (LESC_FIGURE (widget)))
    return FALSE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (!lesc_test_figures_ready (c))
      return FALSE;
  return TRUE;
}

/* The number of mapped figures under `widget` drawn stale (faded, "stale — recomputing"). */
static inline guint
lesc_test_stale_figures (gpointer widget)
{
  guint n = LESC_IS_FIGURE (widget) && gtk_widget_get_mapped (widget) && lesc_figure_is_stale (LESC_FIGURE (widget));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += lesc_test_stale_figures (c);
  return n;
}

/* The largest mapped figure under `widget` (NULL: none). */
static inline GtkWidget *
lesc_test_find_figure (GtkWidget *widget)
{
  GtkWidget *best = NULL;
  if (LESC_IS_FIGURE (widget) && gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0)
    best = widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *f = lesc_test_find_figure (c);
      if (f != NULL && (best == NULL || gtk_widget_get_width (f) * gtk_widget_get_height (f)
                                          > gtk_widget_get_width (best) * gtk_widget_get_height (best)))
        best = f;
    }
  return best;
}

typedef struct {
  int width, height;
  guint distinct_colours;   /* up to 100000 */
  double non_background;    /* share of pixels differing from the most common colour */
} LescPixelStats;

/* Render `widget` as it is on screen (the window's renderer: cairo under the tests),
 * save it to $LESC_TEST_BUILDDIR/snapshots/NAME.png and return its pixel statistics. */
static inline gboolean
lesc_test_snapshot (GtkWidget *widget, const char *name, LescPixelStats *stats)
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (w <= 0 || h <= 0)
    {
      g_test_message ("snapshot %s: the widget has no size (%d×%d)", name, w, h);
      return FALSE;
    }
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);
  g_object_unref (paintable);
  if (node == NULL)
    {
      g_test_message ("snapshot %s: nothing drawn", name);
      return FALSE;
    }
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_render_node_unref (node);

  const char *builddir = g_getenv ("LESC_TEST_BUILDDIR");
  g_autofree char *dir = g_build_filename (builddir != NULL ? builddir : ".", "snapshots", NULL);
  g_mkdir_with_parents (dir, 0755);
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  gdk_texture_save_to_png (texture, path);
  g_test_message ("snapshot %s (%d×%d)", path, w, h);

  gsize stride = (gsize) w * 4;
  guchar *pixels = g_malloc (stride * h);
  gdk_texture_download (texture, pixels, stride);
  g_object_unref (texture);
  GHashTable *colours = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 c;
        memcpy (&c, pixels + y * stride + x * 4, 4);
        gpointer count = g_hash_table_lookup (colours, GUINT_TO_POINTER (c));
        g_hash_table_insert (colours, GUINT_TO_POINTER (c), GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
      }
  guint most = 0;
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, colours);
  while (g_hash_table_iter_next (&it, &key, &value))
    most = MAX (most, GPOINTER_TO_UINT (value));
  stats->width = w;
  stats->height = h;
  stats->distinct_colours = g_hash_table_size (colours);
  stats->non_background = 1.0 - (double) most / ((double) w * h);
  g_hash_table_unref (colours);
  g_free (pixels);
  return TRUE;
}

/* `node` rendered by `widget`'s renderer at w × h: 4 bytes a pixel (B, G, R, A in memory,
 * premultiplied, GDK_MEMORY_DEFAULT); takes the node; free with g_free. */
static inline guchar *
lesc_test_render_node (GtkWidget *widget, GskRenderNode *node, int w, int h)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_render_node_unref (node);
  guchar *pixels = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (texture, pixels, (gsize) w * 4);
  g_object_unref (texture);
  return pixels;
}

/* `widget` as drawn now: width × height pixels (lesc_test_render_node); free with g_free.
 * NULL when it has no size. */
static inline guchar *
lesc_test_pixels (GtkWidget *widget, int *width, int *height)
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (w <= 0 || h <= 0)
    return NULL;
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);
  g_object_unref (paintable);
  if (node == NULL)
    return NULL;
  *width = w;
  *height = h;
  return lesc_test_render_node (widget, node, w, h);
}

/* How much ink `figure` would draw now (its snapshot taken at once, not its last frame):
 * the mean of 1 − brightness over its pixels laid on white (0 blank, 1 all black); −1
 * when it has no size or draws nothing. */
static inline double
lesc_test_ink (GtkWidget *figure)
{
  int w = gtk_widget_get_width (figure), h = gtk_widget_get_height (figure);
  if (w <= 0 || h <= 0)
    return -1;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (figure)->snapshot (figure, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return -1;
  guchar *px = lesc_test_render_node (figure, node, w, h);
  double sum = 0;
  for (gsize i = 0; i < (gsize) w * h; i++)
    {
      guchar *p = px + i * 4;
      /* premultiplied B, G, R, A over white */
      for (int c = 0; c < 3; c++)
        sum += 1.0 - (p[c] + (255.0 - p[3])) / 255.0;
    }
  g_free (px);
  return sum / (3.0 * w * h);
}

/* The same once the widget has been drawn (a widget is snapshot from its last frame). */
static inline gboolean
lesc_test_snapshot_drawn (GtkWidget *widget, const char *name, LescPixelStats *stats)
{
  for (int attempt = 0; attempt < 50; attempt++)
    {
      lesc_test_spin (0.1);
      if (lesc_test_snapshot (widget, name, stats))
        return TRUE;
    }
  return FALSE;
}
