/* Quoting user bytes in messages (see quote.h). */
#include "core/base/quote.h"

#include <string.h>

/* Append `c`'s escape: \n \r \t, else \xNN. */
static void
append_escape (GString *out, guchar c)
{
  switch (c)
    {
    case '\n': g_string_append (out, "\\n"); break;
    case '\r': g_string_append (out, "\\r"); break;
    case '\t': g_string_append (out, "\\t"); break;
    default: g_string_append_printf (out, "\\x%02X", c);
    }
}

/* The next unit of `p`: one valid UTF-8 character (its code point in *u) or one byte
 * that is not (*u = -1). */
static const char *
next_unit (const char *p, const char *end, gunichar *u)
{
  *u = g_utf8_get_char_validated (p, end - p);
  if (*u == (gunichar) -1 || *u == (gunichar) -2)
    {
      *u = (gunichar) -1;
      return p + 1;
    }
  return g_utf8_next_char (p);
}

char *
lesc_quote (const char *bytes, gssize length, gsize max_chars)
{
  if (bytes == NULL)
    return g_strdup ("");
  gsize n = length < 0 ? strlen (bytes) : (gsize) length;
  const char *end = bytes + n;
  /* more units than max_chars: show max_chars − 1 of them and "…" */
  gsize limit = G_MAXSIZE;
  if (max_chars > 0)
    {
      gsize units = 0;
      gunichar u;
      for (const char *p = bytes; p < end && units <= max_chars; p = next_unit (p, end, &u))
        units++;
      if (units > max_chars)
        limit = max_chars - 1;
    }
  GString *out = g_string_sized_new (MIN (n, 256) + 8);
  gsize shown = 0;
  for (const char *p = bytes; p < end && shown < limit; shown++)
    {
      gunichar u;
      const char *next = next_unit (p, end, &u);
      if (u == (gunichar) -1)
        append_escape (out, (guchar) *p);
      else if (u < 0x20 || u == 0x7f)
        append_escape (out, (guchar) u);
      else if (u >= 0x80 && u < 0xa0)
        g_string_append_printf (out, "\\u%04X", u);
      else
        g_string_append_len (out, p, next - p);
      p = next;
    }
  if (limit != G_MAXSIZE)
    g_string_append (out, "…");
  return g_string_free (out, FALSE);
}

char *
lesc_quote_line (const char *text)
{
  return lesc_quote (text, -1, 0);
}
