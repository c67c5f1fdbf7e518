/* The one-line editor of the status line. */
#include "config.h"
#include "tui/prompt.h"
#include "tui/text.h"

#include <glib/gi18n.h>

struct _LescTuiPrompt {
  char *title;
  GArray *text;          /* gunichar */
  guint cursor;          /* characters before the cursor */
  LescTuiPromptDone done;
  gpointer data;
};

LescTuiPrompt *
lesc_tui_prompt_new (const char *title, const char *initial, LescTuiPromptDone done, gpointer data)
{
  LescTuiPrompt *p = g_new0 (LescTuiPrompt, 1);
  p->title = g_strdup (title);
  p->text = g_array_new (TRUE, TRUE, sizeof (gunichar));
  if (initial != NULL)
    for (const char *c = initial; *c; c = g_utf8_next_char (c))
      {
        gunichar u = g_utf8_get_char (c);
        g_array_append_val (p->text, u);
      }
  p->cursor = p->text->len;
  p->done = done;
  p->data = data;
  return p;
}

void
lesc_tui_prompt_free (LescTuiPrompt *p)
{
  if (p == NULL)
    return;
  g_free (p->title);
  g_array_unref (p->text);
  g_free (p);
}

static char *
text_utf8 (LescTuiPrompt *p, guint from, guint to)
{
  return g_ucs4_to_utf8 ((const gunichar *) p->text->data + from, (glong) (to - from), NULL, NULL, NULL);
}

void
lesc_tui_prompt_draw (LescTuiPrompt *p, LescTui *tui, int y, int x, int w)
{
  lesc_tui_blank (stdscr, y, x, w, A_NORMAL);
  int used = lesc_tui_draw (stdscr, y, x, w, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE), p->title);
  g_autofree char *before = text_utf8 (p, 0, p->cursor);
  g_autofree char *after = text_utf8 (p, p->cursor, p->text->len);
  used += lesc_tui_draw (stdscr, y, x + used, w - used, A_NORMAL, before);
  /* The cursor: the character under it reversed (a space at the end). */
  g_autofree char *under = p->cursor < p->text->len ? text_utf8 (p, p->cursor, p->cursor + 1) : g_strdup (" ");
  int cw = lesc_tui_draw (stdscr, y, x + used, w - used, A_REVERSE, under);
  if (p->cursor < p->text->len)
    lesc_tui_draw (stdscr, y, x + used + cw, w - used - cw, A_NORMAL, g_utf8_next_char (after));
  /* TRANSLATORS: keys of the value prompt, right of the text */
  const char *hint = _("Enter accept · Esc cancel");
  int hw = lesc_tui_text_width (hint);
  if (used + cw + (int) (p->text->len - p->cursor) + hw + 4 < w)
    lesc_tui_draw_right (stdscr, y, x, w - 1, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM), hint);
}

LescTuiPromptResult
lesc_tui_prompt_key (LescTuiPrompt *p, LescTui *tui, int key, gboolean is_char)
{
  if (is_char && (key == '\n' || key == '\r'))
    key = KEY_ENTER, is_char = FALSE;
  if (is_char && (key == 127 || key == 8))
    key = KEY_BACKSPACE, is_char = FALSE;
  if (is_char && key == 27)
    return LESC_TUI_PROMPT_CANCELLED;
  if (is_char && key == 21)   /* Ctrl-U: clear */
    {
      g_array_set_size (p->text, 0);
      p->cursor = 0;
      return LESC_TUI_PROMPT_EDITING;
    }
  if (is_char && key >= 32)
    {
      gunichar u = (gunichar) key;
      g_array_insert_val (p->text, p->cursor, u);
      p->cursor++;
      return LESC_TUI_PROMPT_EDITING;
    }
  switch (key)
    {
    case KEY_ENTER:
      {
        g_autofree char *text = text_utf8 (p, 0, p->text->len);
        g_autoptr (GError) error = NULL;
        g_strstrip (text);
        if (p->done (tui, text, p->data, &error))
          return LESC_TUI_PROMPT_ACCEPTED;
        /* TRANSLATORS: a typed value was refused; the reason follows */
        lesc_tui_message (tui, TRUE, _("Not accepted: %s"), error != NULL ? error->message : "");
        return LESC_TUI_PROMPT_EDITING;
      }
    case KEY_BACKSPACE:
      if (p->cursor > 0)
        g_array_remove_index (p->text, --p->cursor);
      break;
    case KEY_DC:
      if (p->cursor < p->text->len)
        g_array_remove_index (p->text, p->cursor);
      break;
    case KEY_LEFT:
      if (p->cursor > 0)
        p->cursor--;
      break;
    case KEY_RIGHT:
      if (p->cursor < p->text->len)
        p->cursor++;
      break;
    case KEY_HOME:
      p->cursor = 0;
      break;
    case KEY_END:
      p->cursor = p->text->len;
      break;
    default:
      break;
    }
  return LESC_TUI_PROMPT_EDITING;
}
