/* Clipped, locale-aware text for the curses screen. glibc's wchar_t holds Unicode code
 * points in every locale; curses converts them to the locale's bytes. */
#include "tui/text.h"
#include "core/base/format.h"
#include "core/eval/measures.h"

#include <math.h>
#include <string.h>
#include <wchar.h>

static gboolean text_unicode = TRUE;

void
lesc_tui_text_init (gboolean unicode)
{
  text_unicode = unicode;
}

gboolean
lesc_tui_text_unicode (void)
{
  return text_unicode;
}

const char *
lesc_tui_glyph (const char *unicode, const char *ascii)
{
  return text_unicode ? unicode : ascii;
}

/* ASCII look-alikes of the characters the program's texts use. */
static const char *
ascii_for (gunichar c)
{
  static const struct { gunichar c; const char *ascii; } table[] = {
    { 0x03BB, "l" }, { 0x03B2, "b" }, { 0x03B1, "a" }, { 0x03B7, "eta" }, { 0x03C3, "s" },
    { 0x03C7, "chi" }, { 0x2080, "0" }, { 0x2081, "1" }, { 0x2082, "2" }, { 0x2083, "3" },
    { 0x00B2, "2" }, { 0x00B3, "3" }, { 0x207B, "-" }, { 0x00B1, "+-" }, { 0x00D7, "x" },
    { 0x2013, "-" }, { 0x2014, "-" }, { 0x2212, "-" }, { 0x2026, "..." }, { 0x2193, "v" },
    { 0x2191, "^" }, { 0x2190, "<" }, { 0x2192, ">" }, { 0x2016, "||" }, { 0x2264, "<=" },
    { 0x2265, ">=" }, { 0x00B7, "." }, { 0x2022, "*" }, { 0x2588, "#" }, { 0x2591, "." },
    { 0x2713, "v" }, { 0x2717, "x" }, { 0x25B6, ">" }, { 0x25B8, ">" }, { 0x00A0, " " },
    { 0x221E, "inf" }, { 0x2018, "'" }, { 0x2019, "'" }, { 0x201C, "\"" }, { 0x201D, "\"" },
    { 0x2502, "|" }, { 0x2500, "-" }, { 0x2261, "=" }, { 0x2248, "~" }, { 0x2260, "!=" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (table[i].c == c)
      return table[i].ascii;
  return NULL;
}

/* The code points to draw: `utf8` as is, or with ASCII replacements outside UTF-8. */
static GArray *
to_cells (const char *utf8)
{
  GArray *out = g_array_new (TRUE, FALSE, sizeof (wchar_t));
  if (utf8 == NULL)
    return out;
  const char *p = utf8;
  while (*p)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          c = '?';
          p++;
        }
      else
        p = g_utf8_next_char (p);
      if (c < 0x20 || c == 0x7f)
        c = ' ';
      if (!text_unicode && c >= 0x80)
        {
          const char *a = ascii_for (c);
          if (a == NULL)
            a = "?";
          for (; *a; a++)
            {
              wchar_t w = (wchar_t) *a;
              g_array_append_val (out, w);
            }
          continue;
        }
      wchar_t w = (wchar_t) c;
      g_array_append_val (out, w);
    }
  return out;
}

static int
char_width (wchar_t c)
{
  if (g_unichar_iszerowidth ((gunichar) c))
    return 0;
  return g_unichar_iswide ((gunichar) c) ? 2 : 1;
}

int
lesc_tui_text_width (const char *utf8)
{
  g_autoptr (GArray) cells = to_cells (utf8);
  int w = 0;
  for (guint i = 0; i < cells->len; i++)
    w += char_width (g_array_index (cells, wchar_t, i));
  return w;
}

int
lesc_tui_draw (WINDOW *w, int y, int x, int max_cols, attr_t attr, const char *utf8)
{
  if (max_cols <= 0)
    return 0;
  g_autoptr (GArray) cells = to_cells (utf8);
  int total = 0;
  for (guint i = 0; i < cells->len; i++)
    total += char_width (g_array_index (cells, wchar_t, i));
  guint n = cells->len;
  gboolean cut = total > max_cols;
  int used = 0;
  if (cut)
    {
      /* Keep what fits in max_cols − 1 and end with an ellipsis. */
      used = 0;
      n = 0;
      while (n < cells->len && used + char_width (g_array_index (cells, wchar_t, n)) <= max_cols - 1)
        used += char_width (g_array_index (cells, wchar_t, n++));
    }
  else
    used = total;
  wattr_set (w, attr, PAIR_NUMBER (attr), NULL);
  if (n > 0)
    mvwaddnwstr (w, y, x, (const wchar_t *) cells->data, (int) n);
  else
    wmove (w, y, x);
  if (cut)
    {
      wchar_t more[2] = { text_unicode ? 0x2026 : '~', 0 };
      waddnwstr (w, more, 1);
      used++;
    }
  wattr_set (w, A_NORMAL, 0, NULL);
  return used;
}

int
lesc_tui_draw_right (WINDOW *w, int y, int x, int cols, attr_t attr, const char *utf8)
{
  int width = MIN (lesc_tui_text_width (utf8), cols);
  return lesc_tui_draw (w, y, x + cols - width, width, attr, utf8);
}

int
lesc_tui_drawf (WINDOW *w, int y, int x, int max_cols, attr_t attr, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *s = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  return lesc_tui_draw (w, y, x, max_cols, attr, s);
}

int
lesc_tui_draw_wrapped (WINDOW *w, int y, int x, int cols, int max_rows, attr_t attr, const char *utf8)
{
  g_auto (GStrv) words = g_strsplit (utf8, " ", -1);
  GString *line = g_string_new (NULL);
  int n = 0;
  for (guint i = 0; words[i] != NULL && n < max_rows; i++)
    {
      if (line->len > 0 && lesc_tui_text_width (line->str) + 1 + lesc_tui_text_width (words[i]) > cols)
        {
          lesc_tui_draw (w, y + n++, x, cols, attr, line->str);
          g_string_truncate (line, 0);
        }
      g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", words[i]);
    }
  if (line->len > 0 && n < max_rows)
    lesc_tui_draw (w, y + n++, x, cols, attr, line->str);
  g_string_free (line, TRUE);
  return n;
}

void
lesc_tui_blank (WINDOW *w, int y, int x, int cols, attr_t attr)
{
  if (cols <= 0)
    return;
  wattr_set (w, attr, PAIR_NUMBER (attr), NULL);
  mvwhline (w, y, x, ' ', cols);
  wattr_set (w, A_NORMAL, 0, NULL);
}

const char *
lesc_tui_measure_name (guint measure)
{
  static const char *const utf8[] = { "Cheb↓", "Clark↓", "Canber↓", "KL↓", "Cosine↑", "Intersec↑" };
  static const char *const ascii[] = { "Cheb", "Clark", "Canber", "KL", "Cosine", "Intersec" };
  if (measure >= LESC_N_MEASURES)
    return "";
  return text_unicode ? utf8[measure] : ascii[measure];
}

char *
lesc_tui_format_value (double v)
{
  return lesc_format_fixed (v, LESC_FORMAT_TEXT, 4);   /* the outputs' rule for NaN and ±Inf */
}

void
lesc_tui_frame_box (int y0, int x0, int h, int w)
{
  for (int y = y0; y < y0 + h; y++)
    lesc_tui_blank (stdscr, y, x0, w, A_NORMAL);
  WINDOW *frame = derwin (stdscr, h, w, y0, x0);
  if (frame != NULL)
    {
      box (frame, 0, 0);
      delwin (frame);
    }
}

gboolean
lesc_tui_list_move (int *selected, int n, int key, gboolean is_char)
{
  int last = MAX (n - 1, 0);
  if (is_char)
    {
      if (key != 'k' && key != 'j')
        return FALSE;
      key = key == 'k' ? KEY_UP : KEY_DOWN;
    }
  switch (key)
    {
    case KEY_UP: *selected = MAX (*selected - 1, 0); break;
    case KEY_DOWN: *selected = MIN (*selected + 1, last); break;
    case KEY_PPAGE: *selected = MAX (*selected - 10, 0); break;
    case KEY_NPAGE: *selected = MIN (*selected + 10, last); break;
    case KEY_HOME: *selected = 0; break;
    case KEY_END: *selected = last; break;
    default: return FALSE;
    }
  return TRUE;
}
