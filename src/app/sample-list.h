/* The sample inspector's list of found samples as a GListModel: a row per index, its text
 * ("Sample 123 · happy 0.41 · sad 0.12 …") made only when the list view asks for that row,
 * so that 10⁵ matches cost an index array, not 10⁵ objects. */
#pragma once
#include <gio/gio.h>
#include "app/data-object.h"

G_BEGIN_DECLS

#define LESC_TYPE_SAMPLE_LIST (lesc_sample_list_get_type ())
G_DECLARE_FINAL_TYPE (LescSampleList, lesc_sample_list, LESC, SAMPLE_LIST, GObject)

LescSampleList *lesc_sample_list_new (void);
/* Show `indices` (guint32, taken) of `data`'s samples, the degrees from `values` (n×c). */
void lesc_sample_list_set (LescSampleList *self, LescDataObject *data, const LescMatrix *values, GArray *indices);
/* The sample of row `position` (−1 beyond the end). */
gint64 lesc_sample_list_get_sample (LescSampleList *self, guint position);

G_END_DECLS
