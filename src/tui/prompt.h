/* Typing a value on the status line: the text with a cursor, Enter to accept (the caller
 * checks it and may refuse with a reason: the text stays for correcting), Esc to leave. */
#pragma once
#include "tui/tui.h"

G_BEGIN_DECLS

LescTuiPrompt *lesc_tui_prompt_new (const char *title, const char *initial, LescTuiPromptDone done,
                                    gpointer data);
void lesc_tui_prompt_free (LescTuiPrompt *p);
void lesc_tui_prompt_draw (LescTuiPrompt *p, LescTui *tui, int y, int x, int w);

typedef enum {
  LESC_TUI_PROMPT_EDITING,
  LESC_TUI_PROMPT_ACCEPTED,
  LESC_TUI_PROMPT_CANCELLED,
} LescTuiPromptResult;

/* A key (`is_char`: `key` is a character, else a curses KEY_ code). */
LescTuiPromptResult lesc_tui_prompt_key (LescTuiPrompt *p, LescTui *tui, int key, gboolean is_char);

G_END_DECLS
