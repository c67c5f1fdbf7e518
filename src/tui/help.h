/* The keys (`?`): the global ones, the side panel's and the current view's. */
#pragma once
#include "tui/tui.h"

G_BEGIN_DECLS

void lesc_tui_help_draw (LescTui *tui, int rows, int cols);

G_END_DECLS
