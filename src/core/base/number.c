/* Numbers typed by a user: the decimal comma decided once. */
#include "core/base/number.h"
#include "core/base/error.h"

#include <errno.h>
#include <math.h>
#include <string.h>

static gboolean
not_a_number (const char *text, GError **error)
{
  g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "“%s” is not a number", text);
  return FALSE;
}

gboolean
lesc_number_parse (const char *text, double *out, GError **error)
{
  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  const char *p = text;
  while (g_ascii_isspace (*p))
    p++;
  GString *clean = g_string_new (NULL);
  if (*p == '+' || *p == '-')
    g_string_append_c (clean, *p++);
  else if (g_str_has_prefix (p, "\xe2\x88\x92"))   /* U+2212 MINUS SIGN */
    {
      g_string_append_c (clean, '-');
      p += 3;
    }
  gsize int_digits = 0, frac_digits = 0;
  gboolean int_nonzero = FALSE, comma = FALSE, exponent = FALSE;
  for (; g_ascii_isdigit (*p); p++, int_digits++)
    {
      int_nonzero |= *p != '0';
      g_string_append_c (clean, *p);
    }
  if (*p == '.' || *p == ',')
    {
      comma = *p == ',';
      g_string_append_c (clean, '.');
      for (p++; g_ascii_isdigit (*p); p++, frac_digits++)
        g_string_append_c (clean, *p);
    }
  if (int_digits + frac_digits > 0 && (*p == 'e' || *p == 'E'))
    {
      exponent = TRUE;
      g_string_append_c (clean, *p++);
      if (*p == '+' || *p == '-')
        g_string_append_c (clean, *p++);
      if (!g_ascii_isdigit (*p))
        p = "x";   /* "1e" or "1e+": not a number */
      for (; g_ascii_isdigit (*p); p++)
        g_string_append_c (clean, *p);
    }
  while (g_ascii_isspace (*p))
    p++;
  g_autofree char *number = g_string_free (clean, FALSE);
  if (*p != '\0' || int_digits + frac_digits == 0)
    return not_a_number (text, error);
  if (comma && int_nonzero && frac_digits == 3 && !exponent)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "“%s” is ambiguous (a decimal comma or a thousands separator?): type it "
                   "without the comma or with a decimal point", text);
      return FALSE;
    }
  errno = 0;
  double v = g_ascii_strtod (number, NULL);
  if (!isfinite (v) || (errno == ERANGE && fabs (v) > 1.0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "“%s” is too large", text);
      return FALSE;
    }
  *out = v;
  return TRUE;
}
