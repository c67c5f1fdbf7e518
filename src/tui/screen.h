/* The terminal as a full screen: curses set up and torn down, the terminal restored on
 * every way out (quit, Ctrl-C, SIGTERM, SIGHUP and crashes: SIGSEGV, SIGABRT, SIGBUS,
 * SIGFPE, SIGILL restore and re-raise), the size after a resize, colours, the mouse, and
 * figures (figure.h) placed over areas the curses screen leaves blank. */
#pragma once
#include <curses.h>
#include "tui/figure.h"

G_BEGIN_DECLS

/* Colour pairs of the interface (A_NORMAL-based attributes without colours). */
typedef enum {
  LESC_TUI_ATTR_NORMAL,
  LESC_TUI_ATTR_TITLE,      /* section headers */
  LESC_TUI_ATTR_FOCUS,      /* the focused row */
  LESC_TUI_ATTR_TAB,        /* the current view's tab */
  LESC_TUI_ATTR_DIM,        /* hints, units */
  LESC_TUI_ATTR_GOOD,       /* done, best values */
  LESC_TUI_ATTR_BAD,        /* errors, refusals */
  LESC_TUI_ATTR_BAR,        /* the filled part of the progress bar */
  LESC_TUI_ATTR_CURSOR,     /* a table or grid cursor */
  LESC_TUI_N_ATTRS
} LescTuiAttr;

typedef struct _LescScreen LescScreen;

/* Take over the terminal (alternate screen, no echo, keys, mouse). `colors` FALSE: no
 * colour pairs (NO_COLOR). NULL with an error when curses cannot start. */
LescScreen *lesc_screen_open (const LescTermGraphics *graphics, gboolean colors, GError **error);
/* Give the terminal back as it was (idempotent). */
void lesc_screen_close (LescScreen *s);

void lesc_screen_size (LescScreen *s, int *rows, int *cols);
/* Read the new size from the terminal after SIGWINCH. */
void lesc_screen_update_size (LescScreen *s);
attr_t lesc_screen_attr (LescScreen *s, LescTuiAttr a);

/* A figure shown at (y, x) after the next flush (NULL: none in `slot`). A slot keeps its
 * figure (borrowed: the caller keeps it alive) until replaced; the curses cells under it
 * must stay blank. Replacing or removing a figure repaints its rows. */
void lesc_screen_set_figure (LescScreen *s, guint slot, int y, int x, LescTermFigure *f);
/* Something was drawn over the figures (a popup): paint them again at the next flush. */
void lesc_screen_invalidate_figures (LescScreen *s);
/* Repaint the whole terminal at the next flush (after a resize). */
void lesc_screen_invalidate_all (LescScreen *s);
/* Send the curses screen and the figures to the terminal. */
void lesc_screen_flush (LescScreen *s);

#define LESC_SCREEN_FIGURE_SLOTS 2

G_END_DECLS
