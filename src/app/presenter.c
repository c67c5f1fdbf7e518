/* Presenter mode (presenter.h). */
#include "config.h"
#include "app/presenter.h"
#include "app/settings.h"

#include <glib/gi18n.h>
#include <math.h>

const double lesc_presenter_scales[LESC_PRESENTER_N_SCALES] = { 1.0, 1.25, 1.5, 2.0 };

/* libadwaita 1.2's type classes, whose sizes are points of their own (not relative to the
 * window's): scaled alike. The view switcher's narrow labels are 0.75 rem. */
static const struct { const char *selector; double pt; } type_classes[] = {
  { ".large-title", 26 }, { ".title-1", 20 }, { ".title-2", 15 }, { ".title-3", 15 },
  { ".title-4", 13 }, { ".heading", 11 }, { ".body", 11 }, { ".caption-heading", 9 },
  { ".caption", 9 }, { "viewswitcher box.narrow", 8.25 },
};

/* GTK's own sizes the CSS scales: the check and radio indicators, icons in buttons. */
#define CHECK_PX 14.0
#define ICON_PX 16.0

static struct {
  GSettings *settings;
  GtkCssProvider *provider;
  LescPlotStyle style;
  char *css;
} presenter = { .style = { 1.0, FALSE } };

void
lesc_presenter_get_style (LescPlotStyle *style)
{
  *style = presenter.style;
}

double
lesc_presenter_scale (void)
{
  return presenter.style.scale;
}

char *
lesc_presenter_dup_css (void)
{
  return g_strdup (presenter.css != NULL ? presenter.css : "");
}

/* The offered scale nearest to `value`. */
static guint
nearest_scale (double value)
{
  guint best = 0;
  for (guint i = 1; i < LESC_PRESENTER_N_SCALES; i++)
    if (fabs (lesc_presenter_scales[i] - value) < fabs (lesc_presenter_scales[best] - value))
      best = i;
  return best;
}

/* The user's font size in points (GtkSettings gtk-font-name, "Cantarell 11"). */
static double
base_font_points (void)
{
  g_autofree char *name = NULL;
  g_object_get (gtk_settings_get_default (), "gtk-font-name", &name, NULL);
  PangoFontDescription *desc = pango_font_description_from_string (name != NULL ? name : "Sans 11");
  double pt = pango_font_description_get_size (desc) / (double) PANGO_SCALE;
  if (pango_font_description_get_size_is_absolute (desc))
    pt *= 72.0 / 96.0;
  pango_font_description_free (desc);
  return pt > 0 ? pt : 11.0;
}

static char *
make_css (double scale, gboolean contrast)
{
  GString *css = g_string_new (NULL);
  if (scale != 1.0)
    {
      char pt[G_ASCII_DTOSTR_BUF_SIZE], check[G_ASCII_DTOSTR_BUF_SIZE], icon[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (pt, sizeof pt, "%.2f", base_font_points () * scale);
      g_ascii_formatd (check, sizeof check, "%.0f", CHECK_PX * scale);
      g_ascii_formatd (icon, sizeof icon, "%.0f", ICON_PX * scale);
      /* every control inherits its font size from its window; libadwaita's sizes are
       * relative (smaller, 181 %), so they follow */
      g_string_append_printf (css,
                              "window, tooltip { font-size: %spt; }\n"
                              "button image, row image, menubutton image { -gtk-icon-size: %spx; }\n"
                              "check, radio { min-width: %spx; min-height: %spx; -gtk-icon-size: %spx; }\n",
                              pt, icon, check, check, check);
      for (guint i = 0; i < G_N_ELEMENTS (type_classes); i++)
        {
          char size[G_ASCII_DTOSTR_BUF_SIZE];
          g_ascii_formatd (size, sizeof size, "%.2f", type_classes[i].pt * scale);
          g_string_append_printf (css, "%s { font-size: %spt; }\n", type_classes[i].selector, size);
        }
    }
  if (contrast)
    g_string_append (css,
                     "@define-color window_fg_color black;\n@define-color view_fg_color black;\n"
                     "@define-color headerbar_fg_color black;\n@define-color card_fg_color black;\n"
                     "@define-color popover_fg_color black;\n@define-color dialog_fg_color black;\n"
                     "@define-color window_bg_color white;\n@define-color view_bg_color white;\n"
                     "@define-color headerbar_bg_color white;\n@define-color card_bg_color white;\n"
                     "@define-color popover_bg_color white;\n@define-color dialog_bg_color white;\n"
                     "@define-color accent_color #0028a0;\n@define-color accent_bg_color #0028a0;\n"
                     "@define-color borders black;\n"
                     ".dim-label, .caption, .subtitle, .title > .subtitle { opacity: 1; }\n"
                     "separator { background-color: black; min-width: 2px; min-height: 2px; }\n"
                     "*:focus-visible { outline: 3px solid black; outline-offset: 1px; }\n");
  return g_string_free (css, FALSE);
}

/* Every widget draws again: a figure then finds its picture of another style and paints a
 * new one (app/figure.c). */
static void
queue_draw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    queue_draw_all (c);
}

static void
apply (void)
{
  double scale = lesc_presenter_scales[nearest_scale (g_settings_get_double (presenter.settings, "presenter-scale"))];
  gboolean contrast = g_settings_get_boolean (presenter.settings, "presenter-high-contrast");
  LescPlotStyle style = { scale, contrast };
  g_free (presenter.css);
  presenter.css = make_css (scale, contrast);
  gtk_css_provider_load_from_data (presenter.provider, presenter.css, -1);
  if (lesc_plot_style_equal (&style, &presenter.style))
    return;
  presenter.style = style;
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);
      queue_draw_all (w);
    }
}

static void
changed_cb (void)
{
  apply ();
}

/* One step along the offered scales (0: back to 1). */
static void
step_scale (int direction)
{
  guint i = nearest_scale (g_settings_get_double (presenter.settings, "presenter-scale"));
  guint to = direction == 0 ? 0 : direction > 0 ? MIN (i + 1, LESC_PRESENTER_N_SCALES - 1) : (i > 0 ? i - 1 : 0);
  g_settings_set_double (presenter.settings, "presenter-scale", lesc_presenter_scales[to]);
}

static void
larger_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  step_scale (1);
}

static void
smaller_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  step_scale (-1);
}

static void
normal_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  step_scale (0);
}

static void
fullscreen_action (GSimpleAction *a, GVariant *p, gpointer data)
{
  GtkWindow *w = gtk_application_get_active_window (GTK_APPLICATION (data));
  if (w == NULL)
    return;
  if (gtk_window_is_fullscreen (w))
    gtk_window_unfullscreen (w);
  else
    gtk_window_fullscreen (w);
}

static const GActionEntry actions[] = {
  { "presenter-larger", larger_action },
  { "presenter-smaller", smaller_action },
  { "presenter-normal", normal_action },
  { "fullscreen", fullscreen_action },
};

void
lesc_presenter_install (GtkApplication *app)
{
  if (presenter.settings == NULL)
    {
      presenter.settings = lesc_app_settings_new ();
      presenter.provider = gtk_css_provider_new ();
      /* above the application's style.css */
      gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                  GTK_STYLE_PROVIDER (presenter.provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
      g_signal_connect (presenter.settings, "changed::presenter-scale", G_CALLBACK (changed_cb), NULL);
      g_signal_connect (presenter.settings, "changed::presenter-high-contrast", G_CALLBACK (changed_cb), NULL);
      g_signal_connect (gtk_settings_get_default (), "notify::gtk-font-name", G_CALLBACK (changed_cb), NULL);
    }
  const char *keys[] = { "presenter-scale", "presenter-high-contrast" };
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr (GAction) a = g_settings_create_action (presenter.settings, keys[i]);
      g_action_map_add_action (G_ACTION_MAP (app), a);
    }
  g_action_map_add_action_entries (G_ACTION_MAP (app), actions, G_N_ELEMENTS (actions), app);
  apply ();
}

void
lesc_presenter_add_menu (GMenu *menu)
{
  g_autoptr (GMenu) section = g_menu_new ();
  g_autoptr (GMenu) sizes = g_menu_new ();
  const char *labels[LESC_PRESENTER_N_SCALES] = { N_("_Normal Size"), N_("Text and Lines × 1.2_5"),
                                                  N_("Text and Lines × 1._5"), N_("Text and Lines × _2") };
  for (guint i = 0; i < LESC_PRESENTER_N_SCALES; i++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_(labels[i]), NULL);
      g_menu_item_set_action_and_target_value (item, "app.presenter-scale",
                                               g_variant_new_double (lesc_presenter_scales[i]));
      g_menu_append_item (sizes, item);
    }
  g_autoptr (GMenu) more = g_menu_new ();
  g_menu_append (more, _("_High Contrast"), "app.presenter-high-contrast");
  g_menu_append (more, _("_Full Screen"), "app.fullscreen");
  g_menu_append_section (sizes, NULL, G_MENU_MODEL (more));
  g_menu_append_submenu (section, _("Presenter _Mode"), G_MENU_MODEL (sizes));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
}
