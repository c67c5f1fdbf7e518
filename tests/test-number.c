/* The one rule for typed numbers (core/base/number.h) and the one parameter parser
 * (lesc_param_spec_parse), and the run options' table (core/methods/options.h) read back
 * through liblesc's keys: the decimal comma decided once. */
#include "core/base/error.h"
#include "core/base/number.h"
#include "core/methods/method.h"
#include "core/methods/options.h"

#include <math.h>
#include <string.h>

static void
test_accepted (void)
{
  static const struct { const char *text; double value; } cases[] = {
    { "0.01", 0.01 }, { " 0.01 ", 0.01 }, { "0,01", 0.01 }, { "1,5", 1.5 }, { ",5", 0.5 },
    { "-3", -3.0 }, { "+2", 2.0 }, { "\xe2\x88\x92" "0,25", -0.25 }, { "1e-4", 1e-4 },
    { "1,5e3", 1500.0 }, { "0,001", 0.001 }, { "1.000", 1.0 }, { "5.", 5.0 }, { "10", 10.0 },
    { "1,0004", 1.0004 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double v = NAN;
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_number_parse (cases[i].text, &v, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (v, cases[i].value, 1e-15 * fabs (cases[i].value));
    }
}

static void
test_refused (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "", "“” is not a number" },
    { "abc", "“abc” is not a number" },
    { "1,000", "“1,000” is ambiguous" },       /* a thousands separator or a decimal comma */
    { "12,345", "“12,345” is ambiguous" },
    { "1.5,2", "is not a number" },            /* two marks */
    { "1,5,2", "is not a number" },
    { "1 000", "is not a number" },            /* no grouping */
    { "0x10", "is not a number" },
    { "inf", "is not a number" },
    { "nan", "is not a number" },
    { "1e", "is not a number" },
    { "1e400", "is too large" },
    { "-", "is not a number" },
    { ".", "is not a number" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double v = 42.0;
      g_autoptr (GError) error = NULL;
      g_assert_false (lesc_number_parse (cases[i].text, &v, &error));
      g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("%s: %s", cases[i].text, error->message);
      g_assert_cmpfloat (v, ==, 42.0);   /* nothing written */
    }
}

static void
test_param_parse (void)
{
  const LescMethod *m = lesc_method_find ("lesc");
  const LescParamSpec *l1 = &m->params[lesc_method_param_index (m, "lambda1")];
  double v = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_param_spec_parse (l1, "0,1", &v, &error));
  g_assert_cmpfloat (v, ==, 0.1);
  g_assert_false (lesc_param_spec_parse (l1, "1e9", &v, &error));
  g_assert_nonnull (strstr (error->message, "out of range"));
  g_clear_error (&error);
  g_assert_false (lesc_param_spec_parse (l1, "x", &v, &error));
  g_assert_cmpstr (error->message, ==, "lambda1: “x” is not a number");
  /* a whole-number parameter refuses a fraction typed either way */
  const LescMethod *glle = lesc_method_find ("glle");
  int k = lesc_method_param_index (glle, "k");
  if (k >= 0)
    {
      g_clear_error (&error);
      g_assert_false (lesc_param_spec_parse (&glle->params[k], "2,5", &v, &error));
      g_assert_nonnull (strstr (error->message, "whole number"));
    }
}

static void
test_run_options (void)
{
  guint n = 0;
  const LescRunOption *o = lesc_run_options (&n);
  g_assert_cmpuint (n, ==, 6);
  const LescMethod *m = lesc_method_find ("glesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  for (guint i = 0; i < n; i++)   /* the first value is the default of the run parameters */
    g_assert_cmpstr (lesc_run_option_get (&o[i], &p), ==, o[i].values[0]);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_run_option_set (lesc_run_option_find ("variant"), &p, "Converged", &error));
  g_assert_cmpint (p.variant, ==, LESC_VARIANT_CONVERGED);
  g_assert_true (lesc_run_option_set (lesc_run_option_find ("odd-n-double-shrink"), &p, "off", &error));
  g_assert_true (p.odd_n_single_shrink);
  g_assert_true (lesc_run_option_set (lesc_run_option_find ("flavour"), &p, "pyldl", &error));
  g_assert_cmpint (p.flavour, ==, LESC_FLAVOUR_PYLDL);
  g_assert_true (lesc_run_option_set (lesc_run_option_find ("knn"), &p, "approximate", &error));
  g_assert_cmpint (p.knn, ==, LESC_KNN_APPROXIMATE);
  g_assert_false (lesc_run_option_set (lesc_run_option_find ("tensor-fft"), &p, "both", &error));
  g_assert_cmpstr (error->message, ==, "tensor-fft 'both': expected samples or views");
  g_autofree char *three = lesc_run_option_expected (lesc_run_option_find ("flavour"));
  g_assert_cmpstr (three, ==, "published, paper or pyldl");
  g_assert_null (lesc_run_option_find ("nope"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/number/accepted", test_accepted);
  g_test_add_func ("/number/refused", test_refused);
  g_test_add_func ("/number/param-parse", test_param_parse);
  g_test_add_func ("/number/run-options", test_run_options);
  return g_test_run ();
}
