/* The data set picker: the built-in artificial set, the .mat and .csv files of the data
 * directory (--data-dir, else $LESC_DATA_DIR) and a line to type any path or name. */
#pragma once
#include "tui/tui.h"

G_BEGIN_DECLS

/* Open the picker over the screen (tui->picker). */
void lesc_tui_open_picker (LescTui *tui);
void lesc_tui_picker_free (LescTuiPicker *p);
void lesc_tui_picker_draw (LescTuiPicker *p, LescTui *tui, int rows, int cols);
/* FALSE once the picker is done (a data set opened, or left with Esc). */
gboolean lesc_tui_picker_key (LescTuiPicker *p, LescTui *tui, int key, gboolean is_char);
gboolean lesc_tui_picker_click (LescTuiPicker *p, LescTui *tui, int y, int x);

/* The files of `dir` a data set can be read from (.mat, .csv), sorted; NULL-terminated. */
GStrv lesc_tui_data_files (const char *dir);

G_END_DECLS
