/* Choosing a data set. */
#include "config.h"
#include "tui/picker.h"
#include "tui/text.h"

#include <glib/gi18n.h>
#include <string.h>

struct _LescTuiPicker {
  char *dir;             /* NULL: no data directory */
  GPtrArray *specs;      /* what lesc_session_open_typed gets (a data set and its options);
                          * the last entry is "type one" (NULL) */
  GPtrArray *labels;
  int selected, scroll;
  int first_row, list_x, list_w, shown;   /* where the list was drawn */
};

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_ascii_strcasecmp (*(char *const *) a, *(char *const *) b);
}

GStrv
lesc_tui_data_files (const char *dir)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new ();
  g_autoptr (GDir) d = dir != NULL ? g_dir_open (dir, 0, NULL) : NULL;
  for (const char *name; d != NULL && (name = g_dir_read_name (d)) != NULL;)
    {
      g_autofree char *lower = g_ascii_strdown (name, -1);
      if (g_str_has_suffix (lower, ".mat") || g_str_has_suffix (lower, ".csv"))
        g_ptr_array_add (out, g_strdup (name));
    }
  g_ptr_array_sort (out, compare_names);
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

void
lesc_tui_picker_free (LescTuiPicker *p)
{
  if (p == NULL)
    return;
  g_free (p->dir);
  g_ptr_array_unref (p->specs);
  g_ptr_array_unref (p->labels);
  g_free (p);
}

void
lesc_tui_open_picker (LescTui *tui)
{
  LescTuiPicker *p = g_new0 (LescTuiPicker, 1);
  const char *dir = lesc_session_data_dir (tui->session);
  if (dir == NULL || dir[0] == '\0')
    dir = g_getenv ("LESC_DATA_DIR");
  p->dir = dir != NULL && dir[0] != '\0' ? g_strdup (dir) : NULL;
  p->specs = g_ptr_array_new_with_free_func (g_free);
  p->labels = g_ptr_array_new_with_free_func (g_free);
  /* The recent data sets first, with the options they were opened with. */
  const char *const *recent = lesc_session_recent (tui->session);
  for (guint i = 0; recent[i] != NULL; i++)
    if (strcmp (recent[i], "artificial") != 0)
      {
        g_ptr_array_add (p->specs, g_strdup (recent[i]));
        /* TRANSLATORS: the picker's entry of a data set opened before */
        g_ptr_array_add (p->labels, g_strdup_printf (_("%s (recent)"), recent[i]));
      }
  g_ptr_array_add (p->specs, g_strdup ("artificial"));
  /* TRANSLATORS: the picker's entry of the built-in data set */
  g_ptr_array_add (p->labels, g_strdup (_("artificial (built in)")));
  g_auto (GStrv) files = lesc_tui_data_files (p->dir);
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (p->dir, files[i], NULL);
      g_ptr_array_add (p->specs, g_shell_quote (path));
      g_ptr_array_add (p->labels, g_strdup (files[i]));
    }
  g_ptr_array_add (p->specs, NULL);
  g_ptr_array_add (p->labels, g_strdup (_("Type a path or a name…")));
  /* Start on the data set that is open. */
  g_autofree char *spec = lesc_session_data_text (tui->session);
  for (guint i = 0; i + 1 < p->specs->len; i++)
    if (g_strcmp0 (g_ptr_array_index (p->specs, i), spec) == 0)
      p->selected = (int) i;
  lesc_tui_picker_free (tui->picker);
  tui->picker = p;
}

void
lesc_tui_picker_draw (LescTuiPicker *p, LescTui *tui, int rows, int cols)
{
  int w = MIN (cols - 4, 64), h = MIN (rows - 4, (int) p->labels->len + 4);
  int y0 = (rows - h) / 2, x0 = (cols - w) / 2;
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  lesc_tui_frame_box (y0, x0, h, w);
  lesc_tui_draw (stdscr, y0, x0 + 2, w - 4, title, _(" Open a data set "));
  g_autofree char *where = p->dir != NULL ? g_strdup_printf (_("Data directory: %s"), p->dir)
                                          : g_strdup (_("No data directory: use --data-dir or LESC_DATA_DIR"));
  lesc_tui_draw (stdscr, y0 + 1, x0 + 2, w - 4, dim, where);
  int shown = h - 4;
  if (p->selected < p->scroll)
    p->scroll = p->selected;
  if (p->selected >= p->scroll + shown)
    p->scroll = p->selected - shown + 1;
  p->first_row = y0 + 2;
  p->list_x = x0 + 1;
  p->list_w = w - 2;
  p->shown = shown;
  for (int i = 0; i < shown && p->scroll + i < (int) p->labels->len; i++)
    {
      int k = p->scroll + i;
      attr_t a = k == p->selected ? lesc_screen_attr (tui->screen, LESC_TUI_ATTR_FOCUS) : A_NORMAL;
      lesc_tui_blank (stdscr, y0 + 2 + i, x0 + 1, w - 2, a);
      lesc_tui_draw (stdscr, y0 + 2 + i, x0 + 2, w - 4, a, g_ptr_array_index (p->labels, k));
    }
  lesc_tui_draw (stdscr, y0 + h - 2, x0 + 2, w - 4, dim, _("↑/↓ choose · Enter open · Esc close"));
}

static gboolean
spec_typed (LescTui *tui, const char *text, gpointer data, GError **error)
{
  if (text[0] == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("type a path or a data set name"));
      return FALSE;
    }
  if (!lesc_session_open_typed (tui->session, text, error))
    return FALSE;
  lesc_tui_message (tui, FALSE, _("Opened %s"), lesc_session_dataset (tui->session)->name);
  return TRUE;
}

/* Enter on the selected entry: FALSE when the picker is done. */
static gboolean
choose (LescTuiPicker *p, LescTui *tui)
{
  const char *spec = g_ptr_array_index (p->specs, p->selected);
  if (spec == NULL)
    {
      /* TRANSLATORS: the prompt for a data set; the options are those of lesc (lesc --help data) */
      lesc_tui_prompt_start (tui, _("Open (path or name, then lesc's options): "), "",
                             spec_typed, NULL);
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  if (!lesc_session_open_typed (tui->session, spec, &error))
    {
      lesc_tui_message (tui, TRUE, "%s", error->message);
      return TRUE;
    }
  lesc_tui_message (tui, FALSE, _("Opened %s"), lesc_session_dataset (tui->session)->name);
  return FALSE;
}

gboolean
lesc_tui_picker_key (LescTuiPicker *p, LescTui *tui, int key, gboolean is_char)
{
  int n = (int) p->labels->len;
  if (is_char)
    switch (key)
      {
      case 27: case 'q':
        return FALSE;
      case '\n': case '\r':
        return choose (p, tui);
      default:
        break;
      }
  if (!is_char && key == KEY_ENTER)
    return choose (p, tui);
  lesc_tui_list_move (&p->selected, n, key, is_char);
  return TRUE;
}

gboolean
lesc_tui_picker_click (LescTuiPicker *p, LescTui *tui, int y, int x)
{
  int k = p->scroll + (y - p->first_row);
  if (y < p->first_row || y >= p->first_row + p->shown || x < p->list_x || x >= p->list_x + p->list_w
      || k >= (int) p->labels->len)
    return TRUE;
  if (k == p->selected)
    return choose (p, tui);
  p->selected = k;
  return TRUE;
}
