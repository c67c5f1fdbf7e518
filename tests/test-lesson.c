/* Lessons (src/session/lesson.c, lesson-player.c; docs/teaching.md): the shipped lesson —
 * source and built copy — loads, and walking it forwards and backwards sets on the session
 * what each step says (data set, ticks, parameters, variant) and names the view and control
 * it says; a value the user changes during a step is set back by the next; leaving restores
 * the session as it was (own data with its options, parameters, ticks, variant, seed,
 * auto-run, the face's view); every kind of bad lesson file is one line naming the file and
 * the step; data paths are relative to the lesson; a translated title is read; the views'
 * table agrees with the window's pages and the terminal's tabs. */
#include "session/lesson-player.h"
#include "session/views.h"

#include <glib/gstdio.h>
#include <string.h>

static char *tmpdir;
static char *own_csv;   /* 8 samples: 2 features, 3 label degrees */

static LescSession *
session_new (void)
{
  g_autofree char *store = g_build_filename (tmpdir, "store.sqlite", NULL);
  LescOpenOptions open = { 0 };
  LescSession *s = lesc_session_new (store, &open, NULL, NULL);
  lesc_session_set_auto_run (s, FALSE);   /* the state, not the runs, is under test */
  return s;
}

static double
value_of (LescSession *s, const char *method, const char *param)
{
  LescSessionMethod *m = lesc_session_method (s, (guint) lesc_session_find_method (s, method));
  return m->params.values[lesc_method_param_index (m->method, param)];
}

static void
set_value (LescSession *s, const char *method, const char *param, double v)
{
  int i = lesc_session_find_method (s, method);
  LescSessionMethod *m = lesc_session_method (s, (guint) i);
  lesc_session_set_value (s, (guint) i, (guint) lesc_method_param_index (m->method, param), v);
}

/* "km,glle": the ticked methods in the registry's order */
static char *
ticked (LescSession *s)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < lesc_session_n_methods (s); i++)
    if (lesc_session_method (s, i)->ticked)
      g_string_append_printf (out, "%s%s", out->len > 0 ? "," : "", lesc_session_method (s, i)->method->name);
  return g_string_free (out, FALSE);
}

/* What each step of le-in-twenty-minutes says, written out here (not read from the file). */
static const struct {
  const char *view, *ticked, *highlight;
  const char *method, *param;   /* a parameter the step (or one before) sets */
  double value;
} expected[] = {
  { "distributions", "", "data", "glle", "lambda1", 0.01 },
  { "distributions", "", NULL, "glle", "lambda1", 0.01 },
  { "distributions", "km", "km", "km", "eta", 1e-7 },
  { "strip", "glle", "glle:lambda1", "glle", "lambda1", 0.01 },
  { "distributions", "glle,lesc", "lesc", "lesc", "lambda2", 0.1 },
  { "correlations", "glle,lesc", "lesc", "lesc", "lambda2", 0.1 },
  { "distributions", "glle,lesc,glesc", "glesc", "glesc", "lambda2", 10 },
  { "measures", "km,glle,lesc,glesc", "comparison", "lesc", "lambda1", 10 },
  { "optimizer", "glle", "variant", "glle", "lambda1", 0.01 },
};

static void
check_step (LescLessonPlayer *p, LescSession *s, guint i)
{
  g_assert_cmpuint (lesc_lesson_player_current (p), ==, i);
  g_assert_cmpstr (lesc_session_spec (s), ==, "artificial");
  g_assert_nonnull (lesc_session_dataset (s));
  g_autofree char *t = ticked (s);
  g_assert_cmpstr (t, ==, expected[i].ticked);
  g_assert_cmpint (lesc_lesson_player_view (p), ==, lesc_view_find (expected[i].view));
  g_assert_cmpstr (lesc_lesson_player_highlight (p), ==, expected[i].highlight);
  g_assert_cmpfloat (value_of (s, expected[i].method, expected[i].param), ==, expected[i].value);
  g_assert_cmpfloat (value_of (s, "glle", "lambda1"), ==, 0.01);   /* 5 during the step before */
  g_assert_cmpint (lesc_session_variant (s), ==, LESC_VARIANT_REFERENCE);
  const LescLessonStep *st = lesc_lesson_player_step (p);
  g_assert_true (st->title != NULL && st->text != NULL && strlen (st->text) > 80);
  g_autofree char *heading = lesc_lesson_player_heading (p);
  g_autofree char *want = g_strdup_printf ("Step %u of 9 · %s", i + 1, st->title);
  g_assert_cmpstr (heading, ==, want);
}

static void
walk (const char *path)
{
  g_autoptr (GError) error = NULL;
  LescLesson *l = lesc_lesson_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (l->title, ==, "Label enhancement in twenty minutes");
  g_assert_cmpuint (lesc_lesson_n_steps (l), ==, G_N_ELEMENTS (expected));
  g_assert_cmpstr (lesc_lesson_step (l, 8)->title, ==, "The 300-iteration cap");
  g_assert_cmpint (lesc_lesson_step (l, 5)->view, ==, lesc_view_find ("correlations"));
  LescSession *s = session_new ();
  LescLessonPlayer *p = lesc_lesson_player_enter (s, l, 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      if (i > 0)
        {
          g_assert_true (lesc_lesson_player_next (p, &error));
          g_assert_no_error (error);
        }
      check_step (p, s, i);
      /* the user may touch anything during a step; the next step sets its own state */
      set_value (s, "glle", "lambda1", 5);
      lesc_session_set_variant (s, LESC_VARIANT_CONVERGED);
    }
  g_assert_false (lesc_lesson_player_next (p, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lesc_lesson_player_current (p), ==, 8);
  for (guint i = G_N_ELEMENTS (expected) - 1; i > 0; i--)
    {
      g_assert_true (lesc_lesson_player_previous (p, &error));
      g_assert_no_error (error);
      check_step (p, s, i - 1);
    }
  g_assert_false (lesc_lesson_player_previous (p, &error));
  lesc_lesson_player_leave (p);
  lesc_session_free (s);
}

static void
test_shipped_built (void)
{
  const char *build = g_getenv ("LESC_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (build, "data", "lessons", "le-in-twenty-minutes.lesson", NULL);
  walk (path);
}

/* The built copy carries the catalogues' translations (msgfmt --desktop from po/). */
static void
test_shipped_translated (void)
{
  const char *build = g_getenv ("LESC_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (build, "data", "lessons", "le-in-twenty-minutes.lesson", NULL);
  g_autofree char *saved = g_strdup (g_getenv ("LANGUAGE"));
  g_autoptr (GError) error = NULL;
  g_setenv ("LANGUAGE", "de", TRUE);
  g_autoptr (LescLesson) de = lesc_lesson_load (path, &error);
  g_assert_no_error (error);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  g_autoptr (LescLesson) zh = lesc_lesson_load (path, &error);
  g_assert_no_error (error);
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  g_assert_cmpstr (de->title, ==, "Label Enhancement in zwanzig Minuten");
  g_assert_cmpstr (lesc_lesson_step (de, 8)->title, ==, "Die Grenze von 300 Iterationen");
  g_assert_cmpstr (zh->title, ==, "二十分钟了解标记增强");
  g_assert_true (g_str_has_prefix (lesc_lesson_step (zh, 0)->text, "人工数据集的每个样本"));
  /* the state keys are not translated */
  g_assert_cmpint (lesc_lesson_step (de, 3)->view, ==, lesc_view_find ("strip"));
}

static void
test_shipped_source (void)
{
  g_autofree char *path = g_build_filename (LESC_TEST_SOURCE_DIR, "data", "lessons",
                                            "le-in-twenty-minutes.lesson.desktop.in", NULL);
  walk (path);
}

static void
test_leave_restores (void)
{
  LescSession *s = session_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *typed = g_strdup_printf ("%s --label-columns 3", own_csv);
  g_assert_true (lesc_session_open_typed (s, typed, &error));
  g_assert_no_error (error);
  g_autofree char *before = lesc_session_data_text (s);
  set_value (s, "lesc", "lambda1", 1e-3);
  set_value (s, "glle", "k", 7);
  lesc_session_set_ticked (s, (guint) lesc_session_find_method (s, "fcm"), TRUE);
  lesc_session_set_variant (s, LESC_VARIANT_CONVERGED);
  lesc_session_set_seed (s, 7);
  g_autofree char *lesson = g_build_filename (LESC_TEST_SOURCE_DIR, "data", "lessons",
                                              "le-in-twenty-minutes.lesson.desktop.in", NULL);
  LescLesson *l = lesc_lesson_load (lesson, &error);
  g_assert_no_error (error);
  LescLessonPlayer *p = lesc_lesson_player_enter (s, l, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (lesc_session_spec (s), ==, "artificial");
  g_assert_cmpfloat (value_of (s, "lesc", "lambda1"), ==, 10);   /* the default, step 1 */
  g_assert_cmpfloat (value_of (s, "glle", "k"), ==, 20);
  while (lesc_lesson_player_next (p, &error))
    g_assert_no_error (error);
  set_value (s, "glesc", "lambda2", 1e-2);
  g_assert_cmpint (lesc_lesson_player_leave (p), ==, 2);
  g_autofree char *after = lesc_session_data_text (s);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (lesc_session_dataset (s)->features->rows, ==, 8);
  g_assert_cmpfloat (value_of (s, "lesc", "lambda1"), ==, 1e-3);
  g_assert_cmpfloat (value_of (s, "glle", "k"), ==, 7);
  g_assert_cmpfloat (value_of (s, "glesc", "lambda2"), ==, 10);
  g_autofree char *t = ticked (s);
  g_assert_cmpstr (t, ==, "fcm");
  g_assert_cmpint (lesc_session_variant (s), ==, LESC_VARIANT_CONVERGED);
  g_assert_cmpuint (lesc_session_seed (s), ==, 7);
  g_assert_false (lesc_session_auto_run (s));
  lesc_session_free (s);
}

/* The message for `body` in a file bad.lesson; NULL when it loads. */
static char *
load_message (const char *body, char **path_out)
{
  g_autofree char *path = g_build_filename (tmpdir, "bad.lesson", NULL);
  g_assert_true (g_file_set_contents (path, body, -1, NULL));
  g_autoptr (GError) error = NULL;
  LescLesson *l = lesc_lesson_load (path, &error);
  *path_out = g_steal_pointer (&path);
  if (l != NULL)
    {
      g_assert_no_error (error);
      lesc_lesson_free (l);
      return NULL;
    }
  g_assert_nonnull (error);
  g_assert_null (strchr (error->message, '\n'));   /* one line */
  return g_strdup (error->message);
}

#define HEAD "[Lesson]\nTitle=T\nDataSet=artificial\n"
#define STEP1 "[Step 1]\nTitle=One\nText=Some words.\n"

static void
test_bad_files (void)
{
  static const struct { const char *body, *message; } cases[] = {
    { "[Lesson]\nTitle=T\nthis is no key\n", NULL },   /* GLib's own words, checked below */
    { STEP1, "no [Lesson] group (with Title=)" },
    { "[Lesson]\nDataSet=artificial\n" STEP1, "[Lesson]: no Title" },
    { HEAD, "no steps ([Step 1], [Step 2], …)" },
    { HEAD STEP1 "[Step 3]\nTitle=Three\nText=x\n", "step 2 is missing (the steps go to 3)" },
    { HEAD STEP1 "[Stpe 2]\nTitle=Two\nText=x\n",
      "unknown group [Stpe 2] (expected [Lesson] and [Step 1], [Step 2], …)" },
    { HEAD STEP1 "[Step 2]\nTitle=Two\nText=x\n[Step 3]\nTitle=Three\nText=x\nMethods=glle,foo\n",
      "step 3: unknown method 'foo' (fcm, km, lp, ml, glle, lesc, glesc)" },
    { HEAD STEP1 "Parameters=glle:mu=1\n", "step 1: GLLE has no parameter 'mu' (lambda1, k, sigma)" },
    { HEAD STEP1 "Parameters=glle:k=12.5\n", "step 1: GLLE: k = 12.5; expected a whole number" },
    { HEAD STEP1 "Parameters=lesc:lambda1=1,000\n", NULL },   /* the number rule's refusal */
    { HEAD STEP1 "Parameters=lesc lambda1 1\n", "step 1: parameter 'lesc lambda1 1': expected METHOD:NAME=VALUE" },
    { HEAD STEP1 "Parameters=nope:lambda1=1\n", "step 1: unknown method 'nope' (fcm, km, lp, ml, glle, lesc, glesc)" },
    { HEAD STEP1 "View=graph\n",
      "step 1: unknown view 'graph' (distributions, measures, sensitivity, comparison, cv, optimizer, strip, correlations)" },
    { HEAD STEP1 "Highlight=glle:mu\n",
      "step 1: unknown control 'glle:mu' to highlight (a view, data, run, variant, a method or METHOD:PARAMETER)" },
    { HEAD STEP1 "Variant=exact\n", "step 1: unknown variant 'exact' (reference, converged)" },
    { HEAD STEP1 "Veiw=strip\n",
      "step 1: unknown key 'Veiw' (Title, Text, DataSet, Methods, Parameters, Variant, View, Highlight)" },
    { HEAD STEP1 "View[de]=strip\n",
      "step 1: unknown key 'View[de]' (Title, Text, DataSet, Methods, Parameters, Variant, View, Highlight)" },
    { HEAD "[Step 1]\nTitle=One\n", "step 1: no Text" },
    { HEAD "[Step 1]\nTitle=One\nText=  \n", "step 1: no Text" },
    { HEAD STEP1 "DataSet=--label-columns\n", NULL },   /* the data options' own message */
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *msg = load_message (cases[i].body, &path);
      g_test_message ("case %u: %s", i, msg);
      g_assert_nonnull (msg);
      g_autofree char *prefix = g_strdup_printf ("%s: ", path);
      g_assert_true (g_str_has_prefix (msg, prefix));
      if (cases[i].message != NULL)
        g_assert_cmpstr (msg + strlen (prefix), ==, cases[i].message);
    }
  /* the number rule: 1,000 is refused as ambiguous, a decimal comma is read */
  g_autofree char *path = NULL;
  g_autofree char *msg = load_message (HEAD STEP1 "Parameters=lesc:lambda1=1,000\n", &path);
  g_assert_nonnull (strstr (msg, "step 1: LESC: lambda1: "));
  g_free (path);
  path = NULL;
  g_assert_null (load_message (HEAD STEP1 "Parameters=lesc:lambda1=0,5; glle:k=12\n", &path));
  g_autoptr (LescLesson) l = lesc_lesson_load (path, NULL);
  const LescLessonValue *v = &g_array_index (lesc_lesson_step (l, 0)->values, LescLessonValue, 0);
  g_assert_cmpfloat (v->value, ==, 0.5);
  /* a missing data file names where it looked */
  g_free (path);
  path = NULL;
  g_autofree char *missing = load_message (HEAD STEP1 "DataSet=nothere.csv --label-columns 3\n", &path);
  g_autofree char *where = g_build_filename (tmpdir, "nothere.csv", NULL);
  g_autofree char *want = g_strdup_printf ("%s: step 1: DataSet 'nothere.csv': no such file (%s) and no "
                                           "known data set (artificial, sjaffe, yeast-alpha, …)", path, where);
  g_assert_cmpstr (missing, ==, want);
  /* an unreadable file is one line too */
  g_autoptr (GError) error = NULL;
  g_autofree char *absent = g_build_filename (tmpdir, "absent.lesson", NULL);
  g_assert_null (lesc_lesson_load (absent, &error));
  g_assert_true (g_str_has_prefix (error->message, absent));
  g_assert_null (strchr (error->message, '\n'));
}

/* DataSet=own.csv is read next to the lesson, with its options */
static void
test_relative_data (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "own.lesson", NULL);
  g_assert_true (g_file_set_contents (path,
    "[Lesson]\nTitle=Own\nTitle[de]=Eigene\n"
    "[Step 1]\nTitle=Mine\nTitle[de]=Meine\nText=My data.\nDataSet=own.csv --label-columns 3\nMethods=lp\n", -1, NULL));
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = g_strdup (g_getenv ("LANGUAGE"));
  g_setenv ("LANGUAGE", "de", TRUE);
  LescLesson *l = lesc_lesson_load (path, &error);
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  g_assert_no_error (error);
  g_assert_cmpstr (l->title, ==, "Eigene");
  g_assert_cmpstr (lesc_lesson_step (l, 0)->title, ==, "Meine");
  g_autofree char *want = g_strdup_printf ("%s --label-columns 3", own_csv);
  g_assert_cmpstr (lesc_lesson_step (l, 0)->data, ==, want);
  LescSession *s = session_new ();
  LescLessonPlayer *p = lesc_lesson_player_enter (s, l, -1, &error);
  g_assert_no_error (error);
  g_autofree char *text = lesc_session_data_text (s);
  g_assert_cmpstr (text, ==, want);
  g_autofree char *t = ticked (s);
  g_assert_cmpstr (t, ==, "lp");
  g_assert_cmpint (lesc_lesson_player_view (p), ==, -1);
  lesc_lesson_player_leave (p);
  /* nothing was open before: nothing to reopen, the ticks come back */
  g_autofree char *t2 = ticked (s);
  g_assert_cmpstr (t2, ==, "");
  lesc_session_free (s);
}

/* A shipped lesson by name; an unknown name lists the shipped ones. */
static void
test_find (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = lesc_lesson_find ("le-in-twenty-minutes", &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (path, G_DIR_SEPARATOR_S "le-in-twenty-minutes.lesson"));
  g_autoptr (LescLesson) l = lesc_lesson_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lesc_lesson_n_steps (l), ==, 9);
  g_autofree char *same = lesc_lesson_find (own_csv, &error);   /* a file is itself */
  g_assert_cmpstr (same, ==, own_csv);
  g_assert_null (lesc_lesson_find ("no-such-lesson", &error));
  g_assert_true (g_str_has_prefix (error->message, "no-such-lesson: no such file, and no shipped lesson of that name ("));
  g_assert_nonnull (strstr (error->message, "le-in-twenty-minutes"));
}

/* The views' table: every name is a page of the window, the first five are the terminal's
 * tabs in order (their titles). */
static void
test_views_table (void)
{
  g_autofree char *ui_path = g_build_filename (LESC_TEST_SOURCE_DIR, "ui", "window.ui", NULL);
  g_autofree char *ui = NULL;
  g_assert_true (g_file_get_contents (ui_path, &ui, NULL, NULL));
  const LescViewInfo *v = lesc_views ();
  for (int i = 0; i < LESC_VIEW_N; i++)
    {
      g_autofree char *page = g_strdup_printf ("<property name=\"name\">%s</property>", v[i].name);
      g_autofree char *title = g_strdup_printf ("translatable=\"yes\">%s</property>", v[i].title);
      const char *at = strstr (ui, page);
      g_assert_nonnull (at);
      g_assert_nonnull (strstr (at, title));
      g_assert_cmpint (lesc_view_find (v[i].name), ==, i);
    }
  g_assert_cmpint (lesc_view_find ("Strip"), ==, 6);
  g_assert_cmpint (lesc_view_find ("nothing"), ==, -1);
  g_assert_true (lesc_lesson_control_valid ("glesc:lambda2"));
  g_assert_true (lesc_lesson_control_valid ("run"));
  g_assert_false (lesc_lesson_control_valid ("glesc:"));
}

int
main (int argc, char **argv)
{
  /* English whatever the caller's language (the translated test sets its own) */
  g_unsetenv ("LANGUAGE");
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-lesson-XXXXXX", NULL);
  own_csv = g_build_filename (tmpdir, "own.csv", NULL);
  g_assert_true (g_file_set_contents (own_csv,
    "0.1,1.0,0.6,0.3,0.1\n0.2,0.9,0.5,0.4,0.1\n0.3,0.7,0.2,0.5,0.3\n0.5,0.4,0.1,0.2,0.7\n"
    "0.6,0.2,0.3,0.3,0.4\n0.8,0.1,0.7,0.2,0.1\n0.9,0.3,0.1,0.8,0.1\n1.0,0.5,0.25,0.25,0.5\n", -1, NULL));
  g_test_add_func ("/lesson/shipped-built", test_shipped_built);
  g_test_add_func ("/lesson/shipped-source", test_shipped_source);
  g_test_add_func ("/lesson/shipped-translated", test_shipped_translated);
  g_test_add_func ("/lesson/leave-restores", test_leave_restores);
  g_test_add_func ("/lesson/bad-files", test_bad_files);
  g_test_add_func ("/lesson/relative-data", test_relative_data);
  g_test_add_func ("/lesson/find", test_find);
  g_test_add_func ("/lesson/views-table", test_views_table);
  int status = g_test_run ();
  g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *p = g_build_filename (tmpdir, name, NULL);
      g_remove (p);
    }
  g_rmdir (tmpdir);
  return status;
}
