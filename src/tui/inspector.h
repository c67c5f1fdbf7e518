/* The terminal's sample inspector (key i): a search line (session/sample-search.h: a
 * number, "label 3 > 0.5", a label's name), the found samples as a list drawn a screen at
 * a time (10⁵ rows cost only their indices), and the chosen sample's degrees in the ground
 * truth and in every method's result shown. */
#pragma once
#include "tui/tui.h"

G_BEGIN_DECLS

/* Open the inspector over the screen (tui->inspector), every sample listed (the last
 * search again on the same data); `search`: typing a search at once. */
void lesc_tui_open_inspector (LescTui *tui, gboolean search);
void lesc_tui_inspector_free (LescTuiInspector *p);
void lesc_tui_inspector_draw (LescTuiInspector *p, LescTui *tui, int rows, int cols);
/* FALSE once the inspector is closed (Esc, q). */
gboolean lesc_tui_inspector_key (LescTuiInspector *p, LescTui *tui, int key, gboolean is_char);

G_END_DECLS
