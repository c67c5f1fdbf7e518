/* The sample inspector of the Distributions view: one sample's ground truth and every
 * method's distribution as grouped bars with the label names (the bars painter of
 * src/plot), with buttons to the previous and next sample. */
#pragma once
#include <gtk/gtk.h>
#include "plot/bars.h"

G_BEGIN_DECLS

#define LESC_TYPE_SAMPLE_INSPECTOR (lesc_sample_inspector_get_type ())
G_DECLARE_FINAL_TYPE (LescSampleInspector, lesc_sample_inspector, LESC, SAMPLE_INSPECTOR, GtkWidget)

/* Show `model` (the inspector owns it from now on), under `title`. */
void lesc_sample_inspector_set_model (LescSampleInspector *self, const char *title, LescBarsModel *model);
const LescBarsModel *lesc_sample_inspector_get_model (LescSampleInspector *self);
GtkWidget *lesc_sample_inspector_get_figure (LescSampleInspector *self);

/* Signals: "navigate" (int step: −1 previous, +1 next), "closed". */

G_END_DECLS
