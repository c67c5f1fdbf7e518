/* Numbers and text in the outputs (core/base/format.h): the shortest exact digits, one
 * rule for NaN and the infinities in text, CSV, JSON and LaTeX, the escapes, and the
 * independence from the locale. */
#include "core/base/format.h"

#include <locale.h>
#include <math.h>

static void
test_format_double (void)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_assert_cmpstr (lesc_format_double (buf, 1.0), ==, "1");
  g_assert_cmpstr (lesc_format_double (buf, 0.0), ==, "0");
  g_assert_cmpstr (lesc_format_double (buf, -0.0), ==, "-0");
  g_assert_cmpstr (lesc_format_double (buf, 0.1), ==, "0.1");
  g_assert_cmpstr (lesc_format_double (buf, 1.0 / 3.0), ==, "0.3333333333333333");
  g_assert_cmpstr (lesc_format_double (buf, 0.1 + 0.2), ==, "0.30000000000000004");
  g_assert_cmpstr (lesc_format_double (buf, 5e-324), ==, "4.94065645841247e-324");
  g_assert_cmpstr (lesc_format_double (buf, -2.5e10), ==, "-25000000000");
  g_assert_cmpstr (lesc_format_double (buf, NAN), ==, "nan");
  g_assert_cmpstr (lesc_format_double (buf, -INFINITY), ==, "-inf");
  g_autofree char *s = lesc_format_number (0.1 + 0.2);
  g_assert_cmpstr (s, ==, "0.30000000000000004");
}

/* The table of format.h, cell by cell. */
static void
test_non_finite_rule (void)
{
  static const struct {
    LescFormat format;
    const char *nan, *pinf, *ninf;
  } rule[] = {
    { LESC_FORMAT_TEXT, "—", "inf", "-inf" },
    { LESC_FORMAT_CSV, "", "inf", "-inf" },
    { LESC_FORMAT_JSON, "null", "\"Infinity\"", "\"-Infinity\"" },
    { LESC_FORMAT_LATEX, "--", "$\\infty$", "$-\\infty$" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (rule); k++)
    {
      const char *conversions[] = { NULL, "%.4f", "%.17g" };
      for (guint c = 0; c < G_N_ELEMENTS (conversions); c++)
        {
          g_autofree char *a = lesc_format_value (NAN, rule[k].format, conversions[c]);
          g_autofree char *b = lesc_format_value (INFINITY, rule[k].format, conversions[c]);
          g_autofree char *d = lesc_format_value (-INFINITY, rule[k].format, conversions[c]);
          g_assert_cmpstr (a, ==, rule[k].nan);
          g_assert_cmpstr (b, ==, rule[k].pinf);
          g_assert_cmpstr (d, ==, rule[k].ninf);
        }
      /* finite values: the caller's digits, the same in every format */
      g_autofree char *exact = lesc_format_value (0.1 + 0.2, rule[k].format, NULL);
      g_autofree char *fixed = lesc_format_fixed (2.0 / 3.0, rule[k].format, 3);
      g_autofree char *sig = lesc_format_value (1.0 / 3.0, rule[k].format, "%.10g");
      g_assert_cmpstr (exact, ==, "0.30000000000000004");
      g_assert_cmpstr (fixed, ==, "0.667");
      g_assert_cmpstr (sig, ==, "0.3333333333");
    }
  GString *s = g_string_new ("x=");
  lesc_format_append (s, 1.5, LESC_FORMAT_JSON, NULL);
  g_string_append_c (s, ',');
  lesc_format_append (s, NAN, LESC_FORMAT_JSON, NULL);
  g_assert_cmpstr (s->str, ==, "x=1.5,null");
  g_string_free (s, TRUE);
}

/* A comma as the decimal separator of the user's locale never reaches a file. */
static void
test_locale (void)
{
  const char *locales[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8" };
  const char *set = NULL;
  for (guint k = 0; k < G_N_ELEMENTS (locales) && set == NULL; k++)
    set = setlocale (LC_NUMERIC, locales[k]);
  if (set == NULL)
    {
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }
  g_autofree char *a = lesc_format_fixed (0.25, LESC_FORMAT_CSV, 2);
  g_autofree char *b = lesc_format_value (0.25, LESC_FORMAT_CSV, "%.15g");
  g_autofree char *c = lesc_format_number (0.25);
  setlocale (LC_NUMERIC, "C");
  g_assert_cmpstr (a, ==, "0.25");
  g_assert_cmpstr (b, ==, "0.25");
  g_assert_cmpstr (c, ==, "0.25");
}

static void
test_text_cells (void)
{
  GString *s = g_string_new (NULL);
  lesc_csv_field (s, "plain");
  g_string_append_c (s, '|');
  lesc_csv_field (s, "a,b \"c\"");
  g_string_append_c (s, '|');
  lesc_csv_field (s, NULL);
  g_assert_cmpstr (s->str, ==, "plain|\"a,b \"\"c\"\"\"|");
  g_string_truncate (s, 0);
  lesc_json_string (s, "say \"hi\"\\\n\t\x01");
  g_string_append_c (s, ' ');
  lesc_json_string (s, NULL);
  g_assert_cmpstr (s->str, ==, "\"say \\\"hi\\\"\\\\\\n\\t\\u0001\" null");
  g_string_truncate (s, 0);
  lesc_latex_text (s, "a_b & 50% {x} ~^\\$#");
  g_assert_cmpstr (s->str, ==, "a\\_b \\& 50\\% \\{x\\} \\textasciitilde{}\\textasciicircum{}"
                               "\\textbackslash{}\\$\\#");
  g_string_free (s, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/double", test_format_double);
  g_test_add_func ("/format/non-finite", test_non_finite_rule);
  g_test_add_func ("/format/locale", test_locale);
  g_test_add_func ("/format/text-cells", test_text_cells);
  return g_test_run ();
}
