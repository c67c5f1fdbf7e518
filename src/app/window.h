/* The main window: the data and method panel in a side bar, the progress of the running
 * job with its Cancel button, and the views in an AdwViewStack. The functions below are
 * what the actions call; the tests drive the window through them. */
#pragma once
#include <adwaita.h>
#include "app/data-object.h"
#include "app/job-queue.h"
#include "app/method-panel.h"

G_BEGIN_DECLS

#define LESC_TYPE_WINDOW (lesc_window_get_type ())
G_DECLARE_FINAL_TYPE (LescWindow, lesc_window, LESC, WINDOW, AdwApplicationWindow)

LescWindow *lesc_window_new (GtkApplication *application);

/* Load a data set ("artificial", a path, or a name in the data directory) in the
 * background; on failure a toast names the file and the problem and the current data set
 * stays. */
void lesc_window_open (LescWindow *self, const char *spec);
/* The same without asking: `label_columns` for a single CSV file, `renormalize` to divide
 * rows that do not sum to 1 by their sums. */
void lesc_window_open_with (LescWindow *self, const char *spec, gsize label_columns,
                            gboolean renormalize);
/* A single table file whose last `label_columns` columns are labels: distributions, or
 * with `logical` 0/1 labels (data without ground truth). */
void lesc_window_open_table (LescWindow *self, const char *spec, gsize label_columns,
                             gboolean logical);
/* Save the distributions `method` recovered on the current data to `path`, in the format of
 * its extension (.csv, .tsv, .mat, .npy, .json), with the run's settings; FALSE with an
 * error when there is no such result or the file cannot be written. */
gboolean lesc_window_save_distributions (LescWindow *self, const LescMethod *method,
                                         const char *path, GError **error);
/* Run the ticked methods whose current settings have no result yet. */
void lesc_window_run (LescWindow *self);
/* Cancel every running and queued job. */
void lesc_window_cancel (LescWindow *self);
/* Show a view: "distributions", "measures", "sensitivity", "comparison", "cv". */
void lesc_window_show_view (LescWindow *self, const char *name);
/* A message at the bottom of the window. */
void lesc_window_toast (LescWindow *self, const char *message);

LescDataObject  *lesc_window_get_data (LescWindow *self);
LescMethodPanel *lesc_window_get_method_panel (LescWindow *self);
LescJobQueue    *lesc_window_get_queue (LescWindow *self);
/* The results of the current data set and settings (GListModel of LescResult). */
GListModel      *lesc_window_get_results (LescWindow *self);
GtkWidget       *lesc_window_get_view (LescWindow *self, const char *name);
/* Whether the export menu offers the visible view's "figure" or "table" now. */
gboolean         lesc_window_get_export_enabled (LescWindow *self, const char *what);
/* The last message shown as a toast (for the tests), or NULL. */
const char      *lesc_window_get_last_toast (LescWindow *self);
/* Open Recent's items (label: the data set with its options; action win.open-recent). */
GMenuModel      *lesc_window_get_recent_menu (LescWindow *self);
/* The progress strip's words: "TITLE — STAGE" (for the tests). */
char            *lesc_window_dup_status (LescWindow *self);

/* Signal "data-changed": a new data set is current. */

G_END_DECLS
