/* Finding samples (src/session/sample-search.c): every form against a brute-force count on
 * a table of 10⁵ rows, and the refusals quote what was typed. */
#include "session/sample-search.h"
#include "core/base/random.h"

#include <gio/gio.h>
#include <string.h>

static LescMatrix *
table (gsize n)
{
  LescRandom r;
  lesc_random_init (&r, 5);
  LescMatrix *m = lesc_matrix_new (n, 3);
  for (gsize i = 0; i < n; i++)
    {
      double a = lesc_random_double (&r), b = lesc_random_double (&r) * (1 - a);
      LESC_AT (m, i, 0) = a;
      LESC_AT (m, i, 1) = b;
      LESC_AT (m, i, 2) = 1 - a - b;
    }
  return m;
}

static const char *const names[] = { "happy", "Sad", "surprise", NULL };

static GArray *
search_ok (const char *text, const LescMatrix *m, const char *const *rows)
{
  g_autoptr (GError) error = NULL;
  GArray *a = lesc_sample_search (text, m, names, rows, &error);
  g_assert_no_error (error);
  g_assert_nonnull (a);
  for (guint k = 1; k < a->len; k++)
    g_assert_cmpuint (g_array_index (a, guint32, k - 1), <, g_array_index (a, guint32, k));
  return a;
}

static void
refused (const char *text, const LescMatrix *m, const char *expect)
{
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_sample_search (text, m, names, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s → %s", text, error->message);
  g_assert_nonnull (strstr (error->message, expect));
}

static void
test_forms (void)
{
  g_autoptr (LescMatrix) m = table (100000);
  gsize above = 0, both = 0, le = 0;
  for (gsize i = 0; i < m->rows; i++)
    {
      above += LESC_AT (m, i, 2) > 0.5;
      both += LESC_AT (m, i, 0) >= 0.4 && LESC_AT (m, i, 1) < 0.1;
      le += LESC_AT (m, i, 1) <= 0.25;
    }
  g_autoptr (GArray) all = search_ok ("  ", m, NULL);
  g_assert_cmpuint (all->len, ==, 100000);
  g_autoptr (GArray) one = search_ok ("123", m, NULL);
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpuint (g_array_index (one, guint32, 0), ==, 122);
  g_autoptr (GArray) hash = search_ok ("#100000", m, NULL);
  g_assert_cmpuint (g_array_index (hash, guint32, 0), ==, 99999);
  g_autoptr (GArray) a = search_ok ("label 3 > 0.5", m, NULL);
  g_assert_cmpuint (a->len, ==, above);
  g_assert_cmpuint (above, >, 1000);
  g_autoptr (GArray) b = search_ok ("surprise>0,5", m, NULL);   /* by name, decimal comma */
  g_assert_cmpuint (b->len, ==, above);
  g_autoptr (GArray) c = search_ok ("HAPPY ≥ 0.4 and sad < 0.1", m, NULL);
  g_assert_cmpuint (c->len, ==, both);
  g_autoptr (GArray) d = search_ok ("happy >= 0.4 & label 2 < 0.1", m, NULL);
  g_assert_cmpuint (d->len, ==, both);
  g_autoptr (GArray) e = search_ok ("sad <= 0.25", m, NULL);
  g_assert_cmpuint (e->len, ==, le);
  g_autoptr (GArray) none = search_ok ("label 1 > 2", m, NULL);
  g_assert_cmpuint (none->len, ==, 0);
}

static void
test_row_names (void)
{
  g_autoptr (LescMatrix) m = table (5);
  const char *const rows[] = { "Berlin", "Bern", "Paris", "Cairo", "Bergen and Oslo", NULL };
  g_autoptr (GArray) a = search_ok ("ber", m, rows);
  g_assert_cmpuint (a->len, ==, 3);
  g_assert_cmpuint (g_array_index (a, guint32, 2), ==, 4);
  g_autoptr (GArray) b = search_ok ("gen and os", m, rows);
  g_assert_cmpuint (b->len, ==, 1);
  g_autoptr (GArray) c = search_ok ("2", m, rows);   /* a number is a sample's */
  g_assert_cmpuint (g_array_index (c, guint32, 0), ==, 1);
}

static void
test_refusals (void)
{
  g_autoptr (LescMatrix) m = table (50);
  refused ("0", m, "no sample 0: the samples are 1 … 50");
  refused ("51", m, "no sample 51");
  refused ("label 4 > 0.1", m, "“label 4” is no label (label 1 … label 3");
  refused ("angry > 0.1", m, "“angry” is no label");
  refused ("label 1 > 1,000", m, "1,000");
  refused ("label 1 > x", m, "x");
  refused ("berlin", m, "“berlin”: type a sample number");
  refused ("label 1 > 0.1 and foo", m, "type a sample number");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sample-search/forms", test_forms);
  g_test_add_func ("/sample-search/row-names", test_row_names);
  g_test_add_func ("/sample-search/refusals", test_refusals);
  return g_test_run ();
}
