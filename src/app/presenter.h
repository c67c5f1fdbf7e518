/* Presenter mode (docs/teaching.md, "Presenter mode"): a text and line scale (×1.25, ×1.5,
 * ×2) for every figure and control, a high-contrast option and full screen, all from the
 * keyboard. The scale and the contrast are GSettings keys (presenter-scale,
 * presenter-high-contrast); controls follow through a CSS provider (font sizes, icon and
 * check sizes), figures are painted again in the style (plot/text.h, LescPlotStyle). */
#pragma once
#include <gtk/gtk.h>
#include "plot/text.h"

G_BEGIN_DECLS

/* The scales offered, smallest first (1: presenter mode off). */
#define LESC_PRESENTER_N_SCALES 4
extern const double lesc_presenter_scales[LESC_PRESENTER_N_SCALES];

/* At the application's startup: the settings, the CSS provider and the actions
 * app.presenter-scale (d), app.presenter-high-contrast, app.presenter-larger,
 * app.presenter-smaller, app.presenter-normal and app.fullscreen. */
void lesc_presenter_install (GtkApplication *app);
/* The style figures are painted in now (plain before install). Main thread. */
void lesc_presenter_get_style (LescPlotStyle *style);
/* The style's scale alone: a figure is laid out on its widget's size divided by it, which
 * is where a hit test looks (lesc_plot_render_image_style). */
double lesc_presenter_scale (void);
/* The menu section "Presenter Mode" (scales, high contrast, full screen) for `menu`. */
void lesc_presenter_add_menu (GMenu *menu);
/* The CSS the provider holds now (for the tests). */
char *lesc_presenter_dup_css (void);

G_END_DECLS
