/* The sample inspector of the Distributions view: one sample's ground truth and every
 * method's distribution as grouped bars with the label names (the bars painter of
 * src/plot), with buttons to the previous and next sample; above them a search for
 * samples (session/sample-search.h: a number, "label 3 > 0.5", a label's name) whose
 * matches fill a list view over a list model (sample-list.h: rows made as they are
 * shown, 10⁵ matches are fine). */
#pragma once
#include <gtk/gtk.h>
#include "app/data-object.h"
#include "plot/bars.h"

G_BEGIN_DECLS

#define LESC_TYPE_SAMPLE_INSPECTOR (lesc_sample_inspector_get_type ())
G_DECLARE_FINAL_TYPE (LescSampleInspector, lesc_sample_inspector, LESC, SAMPLE_INSPECTOR, GtkWidget)

/* Show `model` (the inspector owns it from now on), under `title`. */
void lesc_sample_inspector_set_model (LescSampleInspector *self, const char *title, LescBarsModel *model);
/* Show sample i of `data`: its ground truth and each of `results` (LescResult, in order;
 * an outdated one dimmed) as bars, its logical labels under the title. */
void lesc_sample_inspector_show_sample (LescSampleInspector *self, LescDataObject *data, GPtrArray *results,
                                        gsize i);
const LescBarsModel *lesc_sample_inspector_get_model (LescSampleInspector *self);
GtkWidget *lesc_sample_inspector_get_figure (LescSampleInspector *self);

/* The samples searched: `data`'s ground truth, else its logical labels (NULL: none). */
void lesc_sample_inspector_set_data (LescSampleInspector *self, LescDataObject *data);
/* Search for `text` now (what typing in the entry does after a short pause). */
void lesc_sample_inspector_search (LescSampleInspector *self, const char *text);
/* The search opened (the inspector shows it without a sample) or closed. */
void     lesc_sample_inspector_set_searching (LescSampleInspector *self, gboolean searching);
gboolean lesc_sample_inspector_get_searching (LescSampleInspector *self);
/* For the tests: the matches (GtkStringObject rows), the list view, the line under the
 * entry ("1 234 of 100 000 samples" or why the search was refused). */
GListModel *lesc_sample_inspector_get_matches (LescSampleInspector *self);
GtkWidget  *lesc_sample_inspector_get_list (LescSampleInspector *self);
const char *lesc_sample_inspector_get_search_status (LescSampleInspector *self);

/* Signals: "navigate" (int step: −1 previous, +1 next), "closed", "chosen" (gint64: a
 * found sample activated in the list, or Enter in the entry: the first match). */

G_END_DECLS
