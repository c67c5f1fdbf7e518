/* The data folder: the preference, else $LESC_DATA_DIR; and the data files in it. The
 * side bar's list of data sets and the Comparison's choice of data sets both come from
 * here. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

/* The folder in use (a new string), or NULL when neither the preference nor
 * $LESC_DATA_DIR names one (an empty value counts as none). `from_env` (may be NULL) says
 * whether it came from $LESC_DATA_DIR. */
char *lesc_data_folder_get (GSettings *settings, gboolean *from_env);

/* The .mat and .csv files of `dir` (full paths, sorted by name); empty when `dir` is NULL
 * or cannot be read. */
GPtrArray *lesc_data_folder_list (const char *dir);

G_END_DECLS
