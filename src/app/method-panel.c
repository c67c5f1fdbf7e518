#include "config.h"
#include "app/method-panel.h"

#include <glib/gi18n.h>

#include "app/param-row.h"
#include "app/settings.h"
#include "app/wheel-guard.h"
#include "core/methods/options.h"

#include <string.h>

typedef struct {
  const LescMethod *method;
  AdwExpanderRow *row;
  GtkCheckButton *check;
  LescParamRow *params[LESC_MAX_PARAMS];
} MethodControls;

struct _LescMethodPanel
{
  GtkWidget parent_instance;

  GtkWidget *box;
  AdwPreferencesGroup *methods_group;
  GtkSpinButton *seed_spin;
  GtkAdjustment *seed_adjustment;
  AdwComboRow *variant_row;
  AdwComboRow *kl_row;
  GtkSwitch *orientation_switch;
  GtkSwitch *fft_switch;
  GtkSwitch *shrink_switch;
  AdwComboRow *flavour_row;
  GtkSwitch *auto_run_switch;

  GSettings *settings;
  MethodControls *controls;
  guint n_controls;
  gboolean resetting;
};

enum { SIGNAL_PARAMS_CHANGED, SIGNAL_SELECTION_CHANGED, SIGNAL_KL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescMethodPanel, lesc_method_panel, GTK_TYPE_WIDGET)

static MethodControls *
find_controls (LescMethodPanel *self, const LescMethod *method)
{
  for (guint i = 0; i < self->n_controls; i++)
    if (self->controls[i].method == method)
      return &self->controls[i];
  return NULL;
}

static void
emit_params_changed (LescMethodPanel *self, const LescMethod *method)
{
  if (!self->resetting)
    g_signal_emit (self, signals[SIGNAL_PARAMS_CHANGED], 0, method);
}

static void
param_value_changed_cb (LescParamRow *row, LescMethodPanel *self)
{
  emit_params_changed (self, g_object_get_data (G_OBJECT (row), "lesc-method"));
}

static void
check_toggled_cb (GtkCheckButton *check, LescMethodPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0,
                 g_object_get_data (G_OBJECT (check), "lesc-method"));
}

static void
shared_setting_changed_cb (LescMethodPanel *self)
{
  emit_params_changed (self, NULL);
}

static void
kl_changed_cb (LescMethodPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_KL_CHANGED], 0);
}

static void
defaults_clicked_cb (LescMethodPanel *self)
{
  lesc_method_panel_reset (self);
}

static void
build_method_rows (LescMethodPanel *self)
{
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  self->controls = g_new0 (MethodControls, n);
  self->n_controls = n;
  for (guint i = 0; i < n; i++)
    {
      const LescMethod *m = methods[i];
      MethodControls *c = &self->controls[i];
      c->method = m;
      c->row = ADW_EXPANDER_ROW (adw_expander_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (c->row), m->display_name);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (c->row), FALSE);
      adw_expander_row_set_subtitle (c->row, _(m->description));
      if (m->reconstructed)
        {
          /* TRANSLATORS: a tag beside a method that has no official code */
          GtkWidget *tag = gtk_label_new (_("reconstructed"));
          gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (tag, "tag");
          gtk_widget_set_tooltip_text (tag, _("No official code exists: rebuilt from the paper and the gLESC repository"));
          adw_expander_row_add_action (c->row, tag);
        }
      if (m->published_note != NULL)
        {
          /* how the method stands against its published rows (docs/reproducing.md) */
          gtk_widget_set_tooltip_text (GTK_WIDGET (c->row), _(m->published_note));
          if (!m->published_flavour)
            {
              /* TRANSLATORS: a tag beside FCM and ML, whose published numbers no
               * public definition reproduces */
              GtkWidget *tag = gtk_label_new (_("not reproducible"));
              gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
              gtk_widget_add_css_class (tag, "tag");
              gtk_widget_set_tooltip_text (tag, _(m->published_note));
              adw_expander_row_add_action (c->row, tag);
            }
        }
      c->check = GTK_CHECK_BUTTON (gtk_check_button_new ());
      gtk_widget_set_valign (GTK_WIDGET (c->check), GTK_ALIGN_CENTER);
      g_autofree char *check_label = g_strdup_printf (_("Run %s"), m->display_name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (c->check), check_label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (c->check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      check_label, -1);
      gtk_check_button_set_active (c->check, TRUE);
      g_object_set_data (G_OBJECT (c->check), "lesc-method", (gpointer) m);
      g_signal_connect (c->check, "toggled", G_CALLBACK (check_toggled_cb), self);
      adw_expander_row_add_prefix (c->row, GTK_WIDGET (c->check));
      if (m->n_params == 0)
        adw_expander_row_set_enable_expansion (c->row, FALSE);
      for (guint k = 0; k < m->n_params && k < LESC_MAX_PARAMS; k++)
        {
          c->params[k] = lesc_param_row_new (&m->params[k]);
          g_object_set_data (G_OBJECT (c->params[k]), "lesc-method", (gpointer) m);
          g_signal_connect (c->params[k], "value-changed", G_CALLBACK (param_value_changed_cb), self);
          adw_expander_row_add_row (c->row, GTK_WIDGET (c->params[k]));
        }
      adw_preferences_group_add (self->methods_group, GTK_WIDGET (c->row));
    }
}

static void
lesc_method_panel_dispose (GObject *object)
{
  LescMethodPanel *self = LESC_METHOD_PANEL (object);
  if (self->auto_run_switch != NULL)
    g_settings_unbind (self->auto_run_switch, "active");
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_METHOD_PANEL);
  lesc_app_settings_release (&self->settings, self);
  g_clear_pointer (&self->controls, g_free);
  self->n_controls = 0;
  G_OBJECT_CLASS (lesc_method_panel_parent_class)->dispose (object);
}

static void
lesc_method_panel_class_init (LescMethodPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_method_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/method-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, box);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, methods_group);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, seed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, variant_row);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, kl_row);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, orientation_switch);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, fft_switch);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, shrink_switch);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, flavour_row);
  gtk_widget_class_bind_template_child (widget_class, LescMethodPanel, auto_run_switch);
  gtk_widget_class_bind_template_callback (widget_class, defaults_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  signals[SIGNAL_PARAMS_CHANGED] = g_signal_new ("params-changed", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_KL_CHANGED] = g_signal_new ("kl-changed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 0);
}

static void
lesc_method_panel_init (LescMethodPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = lesc_app_settings_new ();
  lesc_wheel_guard (GTK_WIDGET (self->seed_spin));
  build_method_rows (self);
  gtk_adjustment_set_value (self->seed_adjustment, g_settings_get_uint (self->settings, "default-seed"));
  g_settings_bind (self->settings, "auto-run", self->auto_run_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->seed_adjustment, "value-changed",
                            G_CALLBACK (shared_setting_changed_cb), self);
  g_signal_connect_swapped (self->variant_row, "notify::selected",
                            G_CALLBACK (shared_setting_changed_cb), self);
  GtkSwitch *switches[] = { self->orientation_switch, self->fft_switch, self->shrink_switch };
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_signal_connect_swapped (switches[i], "notify::active",
                              G_CALLBACK (shared_setting_changed_cb), self);
  g_signal_connect_swapped (self->flavour_row, "notify::selected",
                            G_CALLBACK (shared_setting_changed_cb), self);
  g_signal_connect_swapped (self->kl_row, "notify::selected", G_CALLBACK (kl_changed_cb), self);
}

LescMethodPanel *
lesc_method_panel_new (void)
{
  return g_object_new (LESC_TYPE_METHOD_PANEL, NULL);
}

/* The widgets of the run options (core/methods/options.h), by key. */
enum { N_OPTION_WIDGETS = 5 };
typedef struct {
  const LescRunOption *option;
  AdwComboRow *combo;
  GtkSwitch *toggle;
} OptionWidget;

static void
option_widgets (LescMethodPanel *self, OptionWidget *w)
{
  const OptionWidget all[N_OPTION_WIDGETS] = {
    { lesc_run_option_find ("variant"), self->variant_row, NULL },
    { lesc_run_option_find ("c-orientation"), NULL, self->orientation_switch },
    { lesc_run_option_find ("tensor-fft"), NULL, self->fft_switch },
    { lesc_run_option_find ("odd-n-double-shrink"), NULL, self->shrink_switch },
    { lesc_run_option_find ("flavour"), self->flavour_row, NULL },
  };
  memcpy (w, all, sizeof all);
}

void
lesc_method_panel_get_params (LescMethodPanel *self, const LescMethod *method, LescRunParams *p)
{
  g_return_if_fail (LESC_IS_METHOD_PANEL (self));
  lesc_run_params_init (p, method);
  MethodControls *c = find_controls (self, method);
  if (c != NULL)
    for (guint k = 0; k < method->n_params && k < LESC_MAX_PARAMS; k++)
      p->values[k] = lesc_param_row_get_value (c->params[k]);
  p->seed = (guint32) gtk_adjustment_get_value (self->seed_adjustment);
  OptionWidget w[N_OPTION_WIDGETS];
  option_widgets (self, w);
  for (guint i = 0; i < N_OPTION_WIDGETS; i++)
    {
      /* a combo row's entries and a switch's off/on are in the table's order */
      guint index = w[i].combo != NULL ? adw_combo_row_get_selected (w[i].combo)
                                       : (guint) gtk_switch_get_active (w[i].toggle);
      lesc_run_option_set_index (w[i].option, p, MIN (index, w[i].option->n_values - 1));
    }
}

gboolean
lesc_method_panel_is_selected (LescMethodPanel *self, const LescMethod *method)
{
  MethodControls *c = find_controls (self, method);
  return c != NULL && gtk_check_button_get_active (c->check);
}

void
lesc_method_panel_set_selected (LescMethodPanel *self, const LescMethod *method, gboolean selected)
{
  MethodControls *c = find_controls (self, method);
  g_return_if_fail (c != NULL);
  gtk_check_button_set_active (c->check, selected);
}

gboolean
lesc_method_panel_set_param (LescMethodPanel *self, const LescMethod *method, const char *name,
                             double value)
{
  MethodControls *c = find_controls (self, method);
  int k = lesc_method_param_index (method, name);
  if (c == NULL || k < 0 || k >= LESC_MAX_PARAMS)
    return FALSE;
  lesc_param_row_set_value (c->params[k], value);
  return TRUE;
}

GtkWidget *
lesc_method_panel_get_param_row (LescMethodPanel *self, const LescMethod *method, const char *name)
{
  MethodControls *c = find_controls (self, method);
  int k = lesc_method_param_index (method, name);
  return c != NULL && k >= 0 && k < LESC_MAX_PARAMS ? GTK_WIDGET (c->params[k]) : NULL;
}

void
lesc_method_panel_set_seed (LescMethodPanel *self, guint32 seed)
{
  gtk_adjustment_set_value (self->seed_adjustment, seed);
}

void
lesc_method_panel_set_variant (LescMethodPanel *self, LescVariant variant)
{
  LescRunParams p = { .variant = variant };
  adw_combo_row_set_selected (self->variant_row,
                              lesc_run_option_get_index (lesc_run_option_find ("variant"), &p));
}

GtkWidget *
lesc_method_panel_get_setting_row (LescMethodPanel *self, const char *key)
{
  if (g_strcmp0 (key, "variant") == 0)
    return GTK_WIDGET (self->variant_row);
  if (g_strcmp0 (key, "seed") == 0)
    return gtk_widget_get_ancestor (GTK_WIDGET (self->seed_spin), ADW_TYPE_ACTION_ROW);
  return NULL;
}

LescKlDirection
lesc_method_panel_get_kl (LescMethodPanel *self)
{
  return adw_combo_row_get_selected (self->kl_row) == 1 ? LESC_KL_RECOVERED_TRUTH
                                                        : LESC_KL_TRUTH_RECOVERED;
}

void
lesc_method_panel_show_method (LescMethodPanel *self, const LescMethod *method)
{
  MethodControls *c = find_controls (self, method);
  g_return_if_fail (c != NULL);
  adw_expander_row_set_expanded (c->row, TRUE);
}

void
lesc_method_panel_reset (LescMethodPanel *self)
{
  self->resetting = TRUE;
  for (guint i = 0; i < self->n_controls; i++)
    {
      MethodControls *c = &self->controls[i];
      for (guint k = 0; k < c->method->n_params && k < LESC_MAX_PARAMS; k++)
        lesc_param_row_set_value (c->params[k], c->method->params[k].default_value);
    }
  gtk_adjustment_set_value (self->seed_adjustment, g_settings_get_uint (self->settings, "default-seed"));
  OptionWidget w[N_OPTION_WIDGETS];
  option_widgets (self, w);
  for (guint i = 0; i < N_OPTION_WIDGETS; i++)   /* every option's first value: the default */
    if (w[i].combo != NULL)
      adw_combo_row_set_selected (w[i].combo, 0);
    else
      gtk_switch_set_active (w[i].toggle, FALSE);
  self->resetting = FALSE;
  emit_params_changed (self, NULL);
}
