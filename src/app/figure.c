#include "config.h"
#include "app/figure.h"
#include "app/presenter.h"
#include "core/base/framelog.h"
#include "session/provenance.h"

/* How much of a stale picture shows through (docs/HACKING.md, staleness). */
#define STALE_OPACITY 0.35

/* The painter and its model, shared with the worker that paints it. */
typedef struct {
  const LescPainter *painter;
  gpointer model;
  char *log_tag;   /* what the frame log says when this model is painted, or NULL */
} Model;

static void
model_clear (gpointer data)
{
  Model *m = data;
  if (m->painter->free_model != NULL && m->model != NULL)
    m->painter->free_model (m->model);
  g_free (m->log_tag);
}

static Model *
model_ref (Model *m)
{
  return m != NULL ? g_atomic_rc_box_acquire (m) : NULL;
}

static void
model_unref (Model *m)
{
  if (m != NULL)
    g_atomic_rc_box_release_full (m, model_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Model, model_unref)

struct _LescFigure
{
  GtkWidget parent_instance;

  Model *model;
  GdkTexture *texture;       /* the last picture made */
  Model *texture_model;      /* of which model */
  int texture_w, texture_h;  /* at which size (logical pixels) */
  int texture_scale;
  LescPlotStyle texture_style; /* and in which presenter style */
  char *subject;             /* what the model is of (a data set's checksum), or NULL */
  char *texture_subject;     /* what the picture shown is of */
  gboolean stale;            /* the model itself no longer matches its inputs */
  GCancellable *rendering;   /* the render in flight, or NULL */
  gboolean dirty;            /* render again when the one in flight is done */
};

G_DEFINE_FINAL_TYPE (LescFigure, lesc_figure, GTK_TYPE_WIDGET)

typedef struct {
  Model *model;
  char *subject;
  int width, height, scale;
  LescPlotStyle style;
} Render;

static void
render_free (Render *r)
{
  model_unref (r->model);
  g_free (r->subject);
  g_free (r);
}

static void
render_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Render *r = task_data;
  cairo_surface_t *image = lesc_plot_render_image_style (r->width, r->height, 72.0 * r->scale, &r->style,
                                                         r->model->painter->paint, r->model->model);
  GdkTexture *texture = lesc_figure_texture_new (image);
  g_task_return_pointer (task, texture, g_object_unref);
}

GdkTexture *
lesc_figure_texture_new (cairo_surface_t *image)
{
  cairo_surface_flush (image);
  int pw = MAX (cairo_image_surface_get_width (image), 1), ph = MAX (cairo_image_surface_get_height (image), 1);
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS || cairo_image_surface_get_width (image) <= 0)
    {
      cairo_surface_destroy (image);
      image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);   /* transparent */
    }
  GBytes *bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (image),
                                              (gsize) cairo_image_surface_get_stride (image) * ph,
                                              (GDestroyNotify) cairo_surface_destroy, image);
  GdkTexture *texture = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes,
                                                cairo_image_surface_get_stride (image));
  /* The picture itself, for the snapshot's cairo node (lesc_figure_snapshot). */
  g_object_set_data_full (G_OBJECT (texture), "lesc-surface", cairo_surface_reference (image),
                          (GDestroyNotify) cairo_surface_destroy);
  g_bytes_unref (bytes);
  return texture;
}

static void start_render (LescFigure *self);

static void
render_done (GObject *source, GAsyncResult *result, gpointer data)
{
  GTask *task = G_TASK (result);
  Render *r = g_task_get_task_data (task);
  g_autoptr (GdkTexture) texture = g_task_propagate_pointer (task, NULL);
  if (texture == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;   /* the widget is gone or moved on */
  LescFigure *self = LESC_FIGURE (source);
  g_clear_object (&self->rendering);
  g_set_object (&self->texture, texture);
  model_unref (self->texture_model);
  self->texture_model = model_ref (r->model);
  g_free (self->texture_subject);
  self->texture_subject = g_strdup (r->subject);
  self->texture_w = r->width;
  self->texture_h = r->height;
  self->texture_scale = r->scale;
  self->texture_style = r->style;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->dirty)
    start_render (self);
}

static void
start_render (LescFigure *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  self->dirty = FALSE;
  if (self->model == NULL || w <= 0 || h <= 0)
    return;
  if (self->rendering != NULL)
    {
      self->dirty = TRUE;   /* after the current one */
      return;
    }
  self->rendering = g_cancellable_new ();
  Render *r = g_new0 (Render, 1);
  r->model = model_ref (self->model);
  r->subject = g_strdup (self->subject);
  r->width = w;
  r->height = h;
  r->scale = scale;
  lesc_presenter_get_style (&r->style);
  g_autoptr (GTask) task = g_task_new (self, self->rendering, render_done, NULL);
  g_task_set_task_data (task, r, (GDestroyNotify) render_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, render_thread);
}

gboolean
lesc_figure_is_ready (LescFigure *self)
{
  LescPlotStyle style;
  lesc_presenter_get_style (&style);
  return self->model != NULL && self->texture != NULL && self->texture_model == self->model
         && self->texture_w == gtk_widget_get_width (GTK_WIDGET (self))
         && self->texture_h == gtk_widget_get_height (GTK_WIDGET (self))
         && self->texture_scale == gtk_widget_get_scale_factor (GTK_WIDGET (self))
         && lesc_plot_style_equal (&self->texture_style, &style);
}

gboolean
lesc_figure_is_stale (LescFigure *self)
{
  g_return_val_if_fail (LESC_IS_FIGURE (self), FALSE);
  if (self->model == NULL || self->texture == NULL)
    return FALSE;
  return self->stale || g_strcmp0 (self->texture_subject, self->subject) != 0;
}

void
lesc_figure_set_subject (LescFigure *self, const char *subject)
{
  g_return_if_fail (LESC_IS_FIGURE (self));
  g_free (self->subject);
  self->subject = g_strdup (subject);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lesc_figure_set_stale (LescFigure *self, gboolean stale)
{
  g_return_if_fail (LESC_IS_FIGURE (self));
  self->stale = stale;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A stale picture: faded, with the session's words over its top. */
static void
snapshot_stale (LescFigure *self, GtkSnapshot *snapshot, int w, int h)
{
  gtk_snapshot_push_opacity (snapshot, STALE_OPACITY);
  gtk_snapshot_append_texture (snapshot, self->texture, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gtk_snapshot_pop (snapshot);
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), lesc_shown_stale_words (TRUE));
  int lw, lh;
  pango_layout_get_pixel_size (layout, &lw, &lh);
  float x = MAX (0, (w - lw) / 2), y = 8;
  GdkRGBA back = { 1, 1, 1, 0.85 }, ink = { 0.2, 0.2, 0.2, 1 };
  gtk_snapshot_append_color (snapshot, &back, &GRAPHENE_RECT_INIT (x - 8, y - 4, lw + 16, lh + 8));
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, &ink);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
lesc_figure_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LescFigure *self = LESC_FIGURE (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (self->model == NULL)
    return;
  if (!lesc_figure_is_ready (self) && self->rendering == NULL)
    start_render (self);
  else if (!lesc_figure_is_ready (self))
    self->dirty = TRUE;
  if (self->texture == NULL)
    {
      GdkRGBA white = { 1, 1, 1, 1 };
      gtk_snapshot_append_color (snapshot, &white, &GRAPHENE_RECT_INIT (0, 0, w, h));
      return;
    }
  /* A picture of other inputs is never shown as current. */
  if (lesc_figure_is_stale (self))
    {
      snapshot_stale (self, snapshot, w, h);
      return;
    }
  /* The last picture, stretched to the new size until the new one arrives. A cairo node,
   * not a texture node: GTK 4.8's cairo renderer converts a texture node's whole picture in
   * every frame, even one that repaints only a cursor elsewhere, and paints a cairo node
   * within the frame's damage only (the GL renderer keeps either while it is unchanged). */
  cairo_surface_t *picture = g_object_get_data (G_OBJECT (self->texture), "lesc-surface");
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  double sx, sy;   /* the picture's own size in its user units, whatever its device scale */
  cairo_surface_get_device_scale (picture, &sx, &sy);
  cairo_scale (cr, w * sx / cairo_image_surface_get_width (picture), h * sy / cairo_image_surface_get_height (picture));
  cairo_set_source_surface (cr, picture, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  if (self->texture_model->log_tag != NULL)   /* its first paint: said once */
    {
      lesc_frame_log ("gtk", self->texture_model->log_tag);
      g_clear_pointer (&self->texture_model->log_tag, g_free);
    }
}

static void
lesc_figure_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_queue_draw (widget);
}

void
lesc_figure_set_model (LescFigure *self, const LescPainter *painter, gpointer model)
{
  g_return_if_fail (LESC_IS_FIGURE (self));
  Model *m = NULL;
  if (model != NULL)
    {
      m = g_atomic_rc_box_new0 (Model);
      m->painter = painter;
      m->model = model;
    }
  model_unref (self->model);
  self->model = m;
  if (m == NULL)
    {
      g_clear_object (&self->texture);
      model_unref (self->texture_model);
      self->texture_model = NULL;
    }
  self->dirty = self->rendering != NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lesc_figure_set_log_tag (LescFigure *self, const char *tag)
{
  g_return_if_fail (LESC_IS_FIGURE (self));
  if (self->model != NULL && lesc_frame_log_enabled ())
    {
      g_free (self->model->log_tag);
      self->model->log_tag = g_strdup (tag);
    }
}

void
lesc_figure_get_export_size (LescFigure *self, double *width, double *height)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  *width = w > 100 ? w : self->model != NULL ? self->model->painter->width : 800;
  *height = h > 100 ? h : self->model != NULL ? self->model->painter->height : 600;
}

void
lesc_figure_paint (LescFigure *self, cairo_t *cr, double width, double height)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (self->model != NULL)
    self->model->painter->paint (cr, width, height, self->model->model);
}

char *
lesc_figure_dup_data (LescFigure *self)
{
  if (self->model == NULL || self->model->painter->to_csv == NULL)
    return NULL;
  return self->model->painter->to_csv (self->model->model);
}

static void
lesc_figure_dispose (GObject *object)
{
  LescFigure *self = LESC_FIGURE (object);
  if (self->rendering != NULL)
    g_cancellable_cancel (self->rendering);
  g_clear_object (&self->rendering);
  g_clear_object (&self->texture);
  model_unref (self->texture_model);
  self->texture_model = NULL;
  model_unref (self->model);
  self->model = NULL;
  g_clear_pointer (&self->subject, g_free);
  g_clear_pointer (&self->texture_subject, g_free);
  G_OBJECT_CLASS (lesc_figure_parent_class)->dispose (object);
}

static void
lesc_figure_class_init (LescFigureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_figure_dispose;
  widget_class->snapshot = lesc_figure_snapshot;
  widget_class->size_allocate = lesc_figure_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "figure");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lesc_figure_init (LescFigure *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
lesc_figure_new (void)
{
  return g_object_new (LESC_TYPE_FIGURE, NULL);
}
