#include "config.h"
#include "app/param-row.h"
#include "app/wheel-guard.h"
#include "core/base/number.h"

#include <glib/gi18n.h>
#include <math.h>

struct _LescParamRow
{
  AdwPreferencesRow parent_instance;

  GtkLabel *title_label;
  GtkLabel *description_label;
  GtkScale *scale;
  GtkAdjustment *adjustment;
  GtkEntry *entry;

  const LescParamSpec *spec;
  double value;
  gboolean updating;
};

enum { SIGNAL_VALUE_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescParamRow, lesc_param_row, ADW_TYPE_PREFERENCES_ROW)

/* The slider works in decades for log-scale parameters. */
static double
log_lower (const LescParamSpec *spec)
{
  double lo = spec->min > 0.0 ? spec->min : spec->max * 1e-8;
  return log10 (lo);
}

static double
to_slider (const LescParamSpec *spec, double value)
{
  if (spec->log_scale)
    return log10 (MAX (value, pow (10.0, log_lower (spec))));
  return value;
}

/* A slider position as the number shown: decades to 3 significant digits, so the value
 * used is exactly the one on screen. */
static double
from_slider (const LescParamSpec *spec, double x)
{
  if (spec->log_scale)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (buf, sizeof buf, "%.3g", pow (10.0, x));
      return g_ascii_strtod (buf, NULL);
    }
  if (spec->integer)
    return round (x);
  return x;
}

static void
format_value (const LescParamSpec *spec, double value, char *buf, gsize size)
{
  if (spec->integer)
    g_snprintf (buf, size, "%.0f", value);
  else
    g_ascii_formatd (buf, size, "%g", value);
}

/* The number rule is the core's (core/base/number.h); the messages are the window's own,
 * translated. */
gboolean
lesc_param_row_parse (const LescParamSpec *spec, const char *text, double *value, char **message)
{
  double v = 0.0;
  gboolean number = lesc_number_parse (text, &v, NULL);
  char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];
  format_value (spec, spec->min, lo, sizeof lo);
  format_value (spec, spec->max, hi, sizeof hi);
  if (!number)
    {
      if (message != NULL)
        /* TRANSLATORS: %s: what was typed; then the parameter's name and its range */
        *message = g_strdup_printf (_("“%s” is not a number: %s takes a value from %s to %s."),
                                    text, spec->name, lo, hi);
      return FALSE;
    }
  if (!lesc_param_spec_check (spec, v, NULL))
    {
      if (message != NULL)
        *message = g_strdup_printf (spec->integer
                                      ? _("%s takes a whole number from %s to %s.")
                                      : _("%s takes a value from %s to %s."),
                                    spec->name, lo, hi);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

static void
show_value (LescParamRow *self)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  format_value (self->spec, self->value, buf, sizeof buf);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), buf);
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry), NULL);
  gtk_adjustment_set_value (self->adjustment, to_slider (self->spec, self->value));
  self->updating = FALSE;
}

void
lesc_param_row_set_value (LescParamRow *self, double value)
{
  g_return_if_fail (LESC_IS_PARAM_ROW (self));
  value = CLAMP (value, self->spec->min, self->spec->max);
  gboolean changed = value != self->value;
  self->value = value;
  show_value (self);
  if (changed)
    g_signal_emit (self, signals[SIGNAL_VALUE_CHANGED], 0);
}

double
lesc_param_row_get_value (LescParamRow *self)
{
  return self->value;
}

GtkWidget *
lesc_param_row_get_slider (LescParamRow *self)
{
  return GTK_WIDGET (self->scale);
}

const LescParamSpec *
lesc_param_row_get_spec (LescParamRow *self)
{
  return self->spec;
}

static void
adjustment_value_changed_cb (LescParamRow *self, GtkAdjustment *adjustment)
{
  if (self->updating)
    return;
  double v = from_slider (self->spec, gtk_adjustment_get_value (adjustment));
  v = CLAMP (v, self->spec->min, self->spec->max);
  if (v == self->value)
    return;
  self->value = v;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  format_value (self->spec, v, buf, sizeof buf);
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), buf);
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  self->updating = FALSE;
  g_signal_emit (self, signals[SIGNAL_VALUE_CHANGED], 0);
}

static void
commit_entry (LescParamRow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  double v;
  g_autofree char *message = NULL;
  if (!lesc_param_row_parse (self->spec, text, &v, &message))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry), message);
      return;
    }
  lesc_param_row_set_value (self, v);
}

static void
entry_activate_cb (LescParamRow *self)
{
  commit_entry (self);
}

static void
entry_focus_leave_cb (LescParamRow *self)
{
  commit_entry (self);
}

static void
lesc_param_row_class_init (LescParamRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/param-row.ui");
  gtk_widget_class_bind_template_child (widget_class, LescParamRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, LescParamRow, description_label);
  gtk_widget_class_bind_template_child (widget_class, LescParamRow, scale);
  gtk_widget_class_bind_template_child (widget_class, LescParamRow, adjustment);
  gtk_widget_class_bind_template_child (widget_class, LescParamRow, entry);
  signals[SIGNAL_VALUE_CHANGED] = g_signal_new ("value-changed", G_TYPE_FROM_CLASS (klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                G_TYPE_NONE, 0);
}

static void
lesc_param_row_init (LescParamRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lesc_wheel_guard (GTK_WIDGET (self->scale));
  g_signal_connect_swapped (self->adjustment, "value-changed",
                            G_CALLBACK (adjustment_value_changed_cb), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (entry_activate_cb), self);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (entry_focus_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->entry), focus);
}

LescParamRow *
lesc_param_row_new (const LescParamSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  LescParamRow *self = g_object_new (LESC_TYPE_PARAM_ROW, NULL);
  self->spec = spec;
  /* The registry's texts are English; their translations are in the catalogue too
   * (registry-strings.c). */
  const char *label = spec->label != NULL ? _(spec->label) : spec->name;
  const char *description = spec->description != NULL ? _(spec->description) : NULL;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), label);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self), FALSE);
  gtk_label_set_text (self->title_label, label);
  if (description != NULL)
    {
      gtk_label_set_text (self->description_label, description);
      gtk_widget_set_visible (GTK_WIDGET (self->description_label), TRUE);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->scale), description);
  self->updating = TRUE;
  if (spec->log_scale)
    {
      double lo = log_lower (spec), hi = log10 (spec->max);
      gtk_adjustment_configure (self->adjustment, lo, lo, hi, 0.1, 1.0, 0.0);
      for (double k = ceil (lo); k <= floor (hi); k += 1.0)
        gtk_scale_add_mark (self->scale, k, GTK_POS_BOTTOM, NULL);
    }
  else
    {
      double step = spec->integer ? 1.0 : (spec->max - spec->min) / 100.0;
      gtk_adjustment_configure (self->adjustment, spec->min, spec->min, spec->max, step,
                                step * 10.0, 0.0);
      gtk_scale_set_digits (self->scale, spec->integer ? 0 : 3);
    }
  self->updating = FALSE;
  self->value = spec->default_value;
  show_value (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return self;
}
