/* Numbers and text in the program's outputs (the rule is in format.h). */
#include "core/base/format.h"

#include <math.h>
#include <string.h>

const char *
lesc_format_double (char buf[G_ASCII_DTOSTR_BUF_SIZE], double v)
{
  if (isnan (v))
    return strcpy (buf, "nan");
  if (isinf (v))
    return strcpy (buf, v > 0 ? "inf" : "-inf");
  static const char *const formats[] = { "%.15g", "%.16g" };
  for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
    {
      g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, formats[k], v);
      if (g_ascii_strtod (buf, NULL) == v)
        return buf;
    }
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.17g", v);
}

char *
lesc_format_number (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  return g_strdup (lesc_format_double (buf, v));
}

/* What `format` writes for NaN, +Inf and −Inf. */
static const char *
non_finite (double v, LescFormat format)
{
  static const char *const words[][3] = {
    [LESC_FORMAT_TEXT] = { "—", "∞", "−∞" },
    [LESC_FORMAT_CSV] = { "", "inf", "-inf" },
    [LESC_FORMAT_JSON] = { "null", "\"Infinity\"", "\"-Infinity\"" },
    [LESC_FORMAT_LATEX] = { "--", "$\\infty$", "$-\\infty$" },
  };
  guint f = (guint) format < G_N_ELEMENTS (words) ? (guint) format : LESC_FORMAT_TEXT;
  return words[f][isnan (v) ? 0 : v > 0 ? 1 : 2];
}

void
lesc_format_append (GString *out, double v, LescFormat format, const char *conversion)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  if (!isfinite (v))
    g_string_append (out, non_finite (v, format));
  else if (conversion == NULL)
    g_string_append (out, lesc_format_double (buf, v));
  else
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, conversion, v));
}

char *
lesc_format_value (double v, LescFormat format, const char *conversion)
{
  GString *s = g_string_new (NULL);
  lesc_format_append (s, v, format, conversion);
  return g_string_free (s, FALSE);
}

char *
lesc_format_fixed (double v, LescFormat format, int decimals)
{
  char conversion[8];
  g_snprintf (conversion, sizeof conversion, "%%.%df", CLAMP (decimals, 0, 17));
  return lesc_format_value (v, format, conversion);
}

void
lesc_csv_field (GString *out, const char *field)
{
  if (field == NULL)
    return;
  if (strpbrk (field, ",\"\n\r") == NULL)
    {
      g_string_append (out, field);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = field; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

void
lesc_json_string (GString *out, const char *s)
{
  if (s == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  /* JSON is UTF-8: a byte that is not (a name from a Latin-1 file) becomes U+FFFD rather
   * than an invalid file */
  g_autofree char *valid = g_utf8_validate (s, -1, NULL) ? NULL : g_utf8_make_valid (s, -1);
  if (valid != NULL)
    s = valid;
  g_string_append_c (out, '"');
  for (const guchar *c = (const guchar *) s; *c; c++)
    switch (*c)
      {
      case '"': g_string_append (out, "\\\""); break;
      case '\\': g_string_append (out, "\\\\"); break;
      case '\n': g_string_append (out, "\\n"); break;
      case '\r': g_string_append (out, "\\r"); break;
      case '\t': g_string_append (out, "\\t"); break;
      default:
        if (*c < 0x20)
          g_string_append_printf (out, "\\u%04x", *c);
        else
          g_string_append_c (out, (char) *c);
      }
  g_string_append_c (out, '"');
}

void
lesc_latex_text (GString *out, const char *s)
{
  for (const char *c = s; c != NULL && *c; c++)
    switch (*c)
      {
      case '\\': g_string_append (out, "\\textbackslash{}"); break;
      case '~': g_string_append (out, "\\textasciitilde{}"); break;
      case '^': g_string_append (out, "\\textasciicircum{}"); break;
      case '&': case '%': case '$': case '#': case '_': case '{': case '}':
        g_string_append_c (out, '\\');
        g_string_append_c (out, *c);
        break;
      default:
        g_string_append_c (out, *c);
      }
}
