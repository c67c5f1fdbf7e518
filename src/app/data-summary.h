/* The always-visible data panel: which data set (the built-in one and the files found in
 * the data directory), its size, label statistics and warnings. */
#pragma once
#include <adwaita.h>
#include "app/data-object.h"

G_BEGIN_DECLS

#define LESC_TYPE_DATA_SUMMARY (lesc_data_summary_get_type ())
G_DECLARE_FINAL_TYPE (LescDataSummary, lesc_data_summary, LESC, DATA_SUMMARY, GtkWidget)

void lesc_data_summary_set_data (LescDataSummary *self, LescDataObject *data);
/* List "artificial" and the .mat/.csv files of the data folder `dir` (NULL: none). */
void lesc_data_summary_set_directory (LescDataSummary *self, const char *dir);
/* The number of data sets listed (the built-in one included). */
guint lesc_data_summary_get_n_sets (LescDataSummary *self);

/* Signal "open" (const char *spec): the person chose another data set in the list.
 * Signal "name-labels": the person wants to name the labels. */

G_END_DECLS
