/* The side panel: the data set, the methods (ticked ones run) with the parameters of the
 * method in focus, the seed, the LE step's variant, the KL direction and auto-run. The
 * arrow keys move the focus (↑/↓) and change the focused value (←/→: one step, a decade
 * for log-scaled parameters); Enter types an exact value, checked against the
 * parameter's spec. */
#pragma once
#include "tui/tui.h"

G_BEGIN_DECLS

LescTuiPanel *lesc_tui_panel_new (void);
void lesc_tui_panel_free (LescTuiPanel *p);
void lesc_tui_panel_draw (LescTuiPanel *p, LescTui *tui, const LescTuiRect *area, gboolean focused);
gboolean lesc_tui_panel_key (LescTuiPanel *p, LescTui *tui, int key);
gboolean lesc_tui_panel_click (LescTuiPanel *p, LescTui *tui, int y, int x);
/* The method whose row or parameter has the focus, or −1. */
int lesc_tui_panel_focused_method (LescTuiPanel *p);
/* Put the focus on a method's row. */
void lesc_tui_panel_focus_method (LescTuiPanel *p, int method);

/* One step of a parameter from `value` (`direction` ±1): ×10 or ÷10 for log-scaled ones,
 * ±1 for whole numbers, else a round tenth-power step; kept in the spec's range. */
double lesc_tui_param_step (const LescParamSpec *spec, double value, int direction);

G_END_DECLS
