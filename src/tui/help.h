/* The keys (`?`): the global ones, the side panel's and the current view's. */
#pragma once
#include "tui/tui.h"

#include <stdio.h>

G_BEGIN_DECLS

void lesc_tui_help_draw (LescTui *tui, int rows, int cols);
/* The same keys as text: a line per group ("Everywhere", "Side panel", "Views", each view
 * with keys of its own), then "  KEY  WHAT" lines. */
void lesc_tui_help_print (FILE *out);

G_END_DECLS
