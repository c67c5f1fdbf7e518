#include "config.h"
#include "app/sample-inspector.h"

#include "app/figure.h"

#include <math.h>

#define BARS_WIDTH 320.0

struct _LescSampleInspector
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkLabel *title;
  LescFigure *figure;   /* owns the model */
  LescBarsModel *model;
};

enum { SIGNAL_NAVIGATE, SIGNAL_CLOSED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescSampleInspector, lesc_sample_inspector, GTK_TYPE_WIDGET)

static const LescPainter bars_painter = {
  (LescFigurePaint) lesc_plot_bars_paint, (LescFigureData) lesc_bars_model_to_csv,
  (GDestroyNotify) lesc_bars_model_free, BARS_WIDTH, 400,
};

void
lesc_sample_inspector_set_model (LescSampleInspector *self, const char *title, LescBarsModel *model)
{
  g_return_if_fail (LESC_IS_SAMPLE_INSPECTOR (self));
  gtk_label_set_text (self->title, title);
  self->model = model;
  if (model != NULL)
    {
      /* as tall as the bars need at the pane's width */
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
      cairo_t *cr = cairo_create (surface);
      int width = gtk_widget_get_width (GTK_WIDGET (self->figure));
      double h = lesc_bars_natural_height (cr, width > 100 ? width : BARS_WIDTH, model);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      gtk_widget_set_size_request (GTK_WIDGET (self->figure), -1, (int) ceil (h));
    }
  lesc_figure_set_model (self->figure, &bars_painter, model);
}

const LescBarsModel *
lesc_sample_inspector_get_model (LescSampleInspector *self)
{
  return self->model;
}

GtkWidget *
lesc_sample_inspector_get_figure (LescSampleInspector *self)
{
  return GTK_WIDGET (self->figure);
}

static void
previous_clicked_cb (LescSampleInspector *self)
{
  g_signal_emit (self, signals[SIGNAL_NAVIGATE], 0, -1);
}

static void
next_clicked_cb (LescSampleInspector *self)
{
  g_signal_emit (self, signals[SIGNAL_NAVIGATE], 0, 1);
}

static void
close_clicked_cb (LescSampleInspector *self)
{
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0);
}

static void
lesc_sample_inspector_dispose (GObject *object)
{
  LescSampleInspector *self = LESC_SAMPLE_INSPECTOR (object);
  self->model = NULL;   /* owned by the figure */
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_SAMPLE_INSPECTOR);
  G_OBJECT_CLASS (lesc_sample_inspector_parent_class)->dispose (object);
}

static void
lesc_sample_inspector_class_init (LescSampleInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_sample_inspector_dispose;
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/sample-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, LescSampleInspector, box);
  gtk_widget_class_bind_template_child (widget_class, LescSampleInspector, title);
  gtk_widget_class_bind_template_child (widget_class, LescSampleInspector, figure);
  gtk_widget_class_bind_template_callback (widget_class, previous_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_NAVIGATE] = g_signal_new ("navigate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SIGNAL_CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lesc_sample_inspector_init (LescSampleInspector *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
