/* Shared by the Distributions figure's model, layout and painter (scatter-model.c,
 * scatter-layout.c, scatter.c); sizes in points. */
#pragma once
#include "plot/scatter.h"

G_BEGIN_DECLS

#define MARGIN 6.0
#define H_GAP 10.0
#define V_GAP 8.0
#define NAME_FONT 10.5
#define SUBTITLE_FONT 8.5
#define MEASURE_FONT 9.0
#define MIN_MEASURE_FONT 7.5
#define CAPTION_FONT 9.0
#define BAR_WIDTH 10.0
#define MAX_GRID 2000

/* untranslated: _() at use */
extern const char *const lesc_scatter_measure_names[LESC_N_MEASURES];

int lesc_scatter_cmp_double (const void *a, const void *b);
/* A panel's measure k as shown ("0.123", "∞"). */
char *lesc_scatter_measure_value (const LescScatterPanel *p, guint k);
/* Lines of the tallest subtitle; 0: none. */
guint lesc_scatter_subtitle_lines (const LescScatterModel *m);
/* One measure column ("Key" left, value right) at `font`. */
double lesc_scatter_measure_width (cairo_t *cr, const LescScatterModel *m, double font);
/* The caption as laid out under the panels, and its height (with the layout's bins; before
 * they are known, room for the widest count). */
PangoLayout *lesc_scatter_caption_layout (cairo_t *cr, const LescScatterModel *m, const LescScatterLayout *l,
                                          double width);
double lesc_scatter_caption_height (cairo_t *cr, const LescScatterModel *m, const LescScatterLayout *l,
                                    double width);
/* Heatmap style with a scale per label: a bar under each column. */
gboolean lesc_scatter_per_label_bars (const LescScatterModel *m);
LescPalette lesc_scatter_heat_palette (const LescScatterModel *m);

G_END_DECLS
