/* Lesson files (lesson.h; the format is in docs/teaching.md). A GKeyFile, because GLib reads
 * its translations (Title[de]=…) and gettext's msgfmt --desktop writes them from po/, as for
 * the desktop file. */
#include "config.h"
#include "session/lesson.h"
#include "session/dataspec.h"
#include "session/views.h"
#include "core/base/error.h"
#include "core/experiments/experiment.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#define GROUP_LESSON "Lesson"
#define STEP_PREFIX "Step "

/* The keys of a step; the [Lesson] group takes these too (the state before step 1) and
 * Description. Title and Text may carry a language: Title[de]. */
static const char *const state_keys[] = {
  "DataSet", "Methods", "Parameters", "Variant", "View", "Highlight", NULL
};

static void
step_clear (LescLessonStep *st)
{
  g_free (st->title);
  g_free (st->text);
  g_free (st->data);
  g_free (st->highlight);
  if (st->values != NULL)
    g_array_unref (st->values);
}

static void
step_free (gpointer p)
{
  step_clear (p);
  g_free (p);
}

void
lesc_lesson_free (LescLesson *l)
{
  if (l == NULL)
    return;
  g_free (l->path);
  g_free (l->title);
  g_free (l->description);
  step_clear (&l->start);
  if (l->steps != NULL)
    g_ptr_array_unref (l->steps);
  g_free (l);
}

guint
lesc_lesson_n_steps (const LescLesson *l)
{
  return l->steps->len;
}

const LescLessonStep *
lesc_lesson_step (const LescLesson *l, guint i)
{
  return i < l->steps->len ? g_ptr_array_index (l->steps, i) : NULL;
}

/* "fcm, km, …" */
static char *
method_names (void)
{
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", all[i]->name);
  return g_string_free (s, FALSE);
}

static gboolean
fail (GError **error, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error_literal (error, LESC_ERROR, LESC_ERROR_FORMAT, msg);
  return FALSE;
}

static const LescMethod *
find_method (const char *name, GError **error)
{
  const LescMethod *m = lesc_method_find (name);
  if (m == NULL)
    {
      g_autofree char *names = method_names ();
      fail (error, "unknown method '%s' (%s)", name, names);
    }
  return m;
}

/* "artificial", a known benchmark name, or files (relative to the lesson's folder) */
static gboolean
known_dataset (const char *spec)
{
  g_autofree char *key = g_ascii_strdown (spec, -1);
  g_strdelimit (key, "_", '-');
  for (const char *const *k = lesc_known_datasets; *k != NULL; k++)
    if (strcmp (*k, key) == 0)
      return TRUE;
  return FALSE;
}

static char *
resolve_path (const char *dir, const char *file)
{
  return g_path_is_absolute (file) ? g_strdup (file) : g_build_filename (dir, file, NULL);
}

static gboolean
parse_data (const char *value, const char *dir, char **out, GError **error)
{
  g_autofree char *spec = NULL;
  LescOpenOptions open = { 0 };
  g_autoptr (GError) local = NULL;
  if (!lesc_data_spec_parse (value, &spec, &open, &local))
    return fail (error, "DataSet '%s': %s", value, local->message);
  if (!known_dataset (spec))
    {
      /* FEATURES,LABELS when the whole is no file */
      g_autofree char *whole = resolve_path (dir, spec);
      g_auto (GStrv) parts = g_file_test (whole, G_FILE_TEST_IS_REGULAR) ? NULL
                             : g_strsplit (spec, ",", 2);
      GString *resolved = g_string_new (NULL);
      for (guint i = 0; parts == NULL ? i < 1 : parts[i] != NULL; i++)
        {
          g_autofree char *p = parts == NULL ? g_strdup (whole) : resolve_path (dir, parts[i]);
          if (!g_file_test (p, G_FILE_TEST_IS_REGULAR))
            {
              g_string_free (resolved, TRUE);
              return fail (error, "DataSet '%s': no such file (%s) and no known data set "
                           "(artificial, sjaffe, yeast-alpha, …)", spec, p);
            }
          g_string_append_printf (resolved, "%s%s", i > 0 ? "," : "", p);
        }
      g_free (spec);
      spec = g_string_free (resolved, FALSE);
    }
  *out = lesc_data_spec_format (spec, &open);
  return TRUE;
}

static gboolean
parse_methods (const char *value, LescLessonStep *st, GError **error)
{
  g_auto (GStrv) names = g_strsplit_set (value, ",;", -1);
  st->has_methods = TRUE;
  st->n_methods = 0;
  for (char **n = names; *n != NULL; n++)
    {
      g_strstrip (*n);
      if (**n == '\0')
        continue;
      const LescMethod *m = find_method (*n, error);
      if (m == NULL)
        return FALSE;
      gboolean seen = FALSE;
      for (guint i = 0; i < st->n_methods; i++)
        seen |= st->methods[i] == m;
      if (!seen && st->n_methods < LESC_LESSON_MAX_METHODS)
        st->methods[st->n_methods++] = m;
    }
  return TRUE;
}

/* "glle:lambda1=0.01; lesc:lambda2=0,1" — items split at ';' (a decimal comma stays) */
static gboolean
parse_parameters (const char *value, LescLessonStep *st, GError **error)
{
  g_auto (GStrv) items = g_strsplit (value, ";", -1);
  for (char **it = items; *it != NULL; it++)
    {
      g_strstrip (*it);
      if (**it == '\0')
        continue;
      const char *colon = strchr (*it, ':'), *eq = strchr (*it, '=');
      if (colon == NULL || eq == NULL || eq < colon)
        return fail (error, "parameter '%s': expected METHOD:NAME=VALUE", *it);
      g_autofree char *mname = g_strstrip (g_strndup (*it, colon - *it));
      g_autofree char *pname = g_strstrip (g_strndup (colon + 1, eq - colon - 1));
      const LescMethod *m = find_method (mname, error);
      if (m == NULL)
        return FALSE;
      int k = lesc_method_param_index (m, pname);
      if (k < 0)
        {
          GString *names = g_string_new (NULL);
          for (guint j = 0; j < m->n_params; j++)
            g_string_append_printf (names, "%s%s", j > 0 ? ", " : "", m->params[j].name);
          fail (error, "%s has no parameter '%s' (%s)", m->display_name, pname,
                m->n_params > 0 ? names->str : "none");
          g_string_free (names, TRUE);
          return FALSE;
        }
      LescLessonValue v = { m, (guint) k, 0 };
      g_autoptr (GError) local = NULL;
      if (!lesc_param_spec_parse (&m->params[k], eq + 1, &v.value, &local))
        return fail (error, "%s: %s", m->display_name, local->message);
      g_array_append_val (st->values, v);
    }
  return TRUE;
}

gboolean
lesc_lesson_control_valid (const char *name)
{
  if (lesc_view_find (name) >= 0 || g_strcmp0 (name, "data") == 0 || g_strcmp0 (name, "run") == 0
      || g_strcmp0 (name, "variant") == 0)
    return TRUE;
  const char *colon = strchr (name, ':');
  g_autofree char *mname = colon != NULL ? g_strndup (name, colon - name) : g_strdup (name);
  const LescMethod *m = lesc_method_find (mname);
  return m != NULL && (colon == NULL || lesc_method_param_index (m, colon + 1) >= 0);
}

char *
lesc_lesson_control_describe (const char *name)
{
  if (name == NULL || !lesc_lesson_control_valid (name))
    return NULL;
  int view = lesc_view_find (name);
  if (view >= 0)
    /* TRANSLATORS: a view a lesson points at: "the Comparison view" */
    return g_strdup_printf (_("the %s view"), _(lesc_views ()[view].title));
  if (strcmp (name, "data") == 0)
    return g_strdup (_("the data set"));
  if (strcmp (name, "run") == 0)
    return g_strdup (_("Run"));
  if (strcmp (name, "variant") == 0)
    return g_strdup (_("the LE step's variant (reference or converged)"));
  const char *colon = strchr (name, ':');
  g_autofree char *mname = colon != NULL ? g_strndup (name, colon - name) : g_strdup (name);
  const LescMethod *m = lesc_method_find (mname);
  if (colon == NULL)
    return g_strdup (m->display_name);
  /* TRANSLATORS: a parameter a lesson points at: "GLLE · λ (LE trade-off)" */
  return g_strdup_printf (_("%s · %s"), m->display_name,
                          g_dgettext (GETTEXT_PACKAGE, m->params[lesc_method_param_index (m, colon + 1)].label));
}

/* The state keys of `group` into `st`. */
static gboolean
parse_state (GKeyFile *kf, const char *group, const char *dir, LescLessonStep *st, GError **error)
{
  st->view = -1;
  st->values = g_array_new (FALSE, FALSE, sizeof (LescLessonValue));
  g_autofree char *data = g_key_file_get_string (kf, group, "DataSet", NULL);
  if (data != NULL && !parse_data (data, dir, &st->data, error))
    return FALSE;
  g_autofree char *methods = g_key_file_get_string (kf, group, "Methods", NULL);
  if (methods != NULL && !parse_methods (methods, st, error))
    return FALSE;
  g_autofree char *params = g_key_file_get_string (kf, group, "Parameters", NULL);
  if (params != NULL && !parse_parameters (params, st, error))
    return FALSE;
  g_autofree char *variant = g_key_file_get_string (kf, group, "Variant", NULL);
  if (variant != NULL)
    {
      g_strstrip (variant);
      if (!lesc_variant_from_string (variant, &st->variant))
        return fail (error, "unknown variant '%s' (reference, converged)", variant);
      st->has_variant = TRUE;
    }
  g_autofree char *view = g_key_file_get_string (kf, group, "View", NULL);
  if (view != NULL)
    {
      g_strstrip (view);
      st->view = lesc_view_find (view);
      if (st->view < 0)
        {
          g_autofree char *names = lesc_view_names ();
          return fail (error, "unknown view '%s' (%s)", view, names);
        }
    }
  g_autofree char *highlight = g_key_file_get_string (kf, group, "Highlight", NULL);
  if (highlight != NULL)
    {
      g_strstrip (highlight);
      if (!lesc_lesson_control_valid (highlight))
        return fail (error, "unknown control '%s' to highlight (a view, data, run, variant, "
                     "a method or METHOD:PARAMETER)", highlight);
      st->highlight = g_strdup (highlight);
    }
  return TRUE;
}

/* Keys other than ours (a typo would silently do nothing): Title[de] counts as Title. */
static gboolean
check_keys (GKeyFile *kf, const char *group, const char *const *extra, GError **error)
{
  g_auto (GStrv) keys = g_key_file_get_keys (kf, group, NULL, NULL);
  for (char **k = keys; k != NULL && *k != NULL; k++)
    {
      g_autofree char *base = g_strdup (*k);
      char *bracket = strchr (base, '[');
      if (bracket != NULL)
        *bracket = '\0';
      gboolean ok = g_strv_contains (state_keys, base) && bracket == NULL;
      for (const char *const *e = extra; *e != NULL; e++)
        ok |= strcmp (base, *e) == 0;
      if (!ok)
        return fail (error, "unknown key '%s' (Title, Text, DataSet, Methods, Parameters, "
                     "Variant, View, Highlight)", *k);
    }
  return TRUE;
}

static char *
text_of (GKeyFile *kf, const char *group, const char *key)
{
  char *s = g_key_file_get_locale_string (kf, group, key, NULL, NULL);
  if (s != NULL && *g_strstrip (s) == '\0')
    g_clear_pointer (&s, g_free);
  return s;
}

/* "Step 12" → 12; 0 for anything else */
static guint
step_number (const char *group)
{
  if (!g_str_has_prefix (group, STEP_PREFIX))
    return 0;
  const char *digits = group + strlen (STEP_PREFIX);
  guint64 n = 0;
  if (*digits == '0' || !g_ascii_string_to_unsigned (digits, 10, 1, 999, &n, NULL))
    return 0;
  return (guint) n;
}

static gboolean
load_steps (LescLesson *l, GKeyFile *kf, const char *dir, GError **error)
{
  static const char *const step_extra[] = { "Title", "Text", NULL };
  g_auto (GStrv) groups = g_key_file_get_groups (kf, NULL);
  guint n = 0;
  for (char **g = groups; *g != NULL; g++)
    {
      if (strcmp (*g, GROUP_LESSON) == 0)
        continue;
      guint k = step_number (*g);
      if (k == 0)
        return fail (error, "%s: unknown group [%s] (expected [Lesson] and [Step 1], [Step 2], …)",
                     l->path, *g);
      n = MAX (n, k);
    }
  if (n == 0)
    return fail (error, "%s: no steps ([Step 1], [Step 2], …)", l->path);
  for (guint k = 1; k <= n; k++)
    {
      g_autofree char *group = g_strdup_printf (STEP_PREFIX "%u", k);
      if (!g_key_file_has_group (kf, group))
        return fail (error, "%s: step %u is missing (the steps go to %u)", l->path, k, n);
      LescLessonStep *st = g_new0 (LescLessonStep, 1);
      g_ptr_array_add (l->steps, st);
      g_autoptr (GError) local = NULL;
      st->title = text_of (kf, group, "Title");
      st->text = text_of (kf, group, "Text");
      if (!check_keys (kf, group, step_extra, &local)
          || (st->title == NULL && !fail (&local, "no Title"))
          || (st->text == NULL && !fail (&local, "no Text"))
          || !parse_state (kf, group, dir, st, &local))
        return fail (error, "%s: step %u: %s", l->path, k, local->message);
    }
  return TRUE;
}

LescLesson *
lesc_lesson_load_data (const char *text, gsize length, const char *path, GError **error)
{
  static const char *const lesson_extra[] = { "Title", "Description", NULL };
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  if (!g_key_file_load_from_data (kf, text, length, G_KEY_FILE_KEEP_TRANSLATIONS, &local))
    {
      fail (error, "%s: %s", path, local->message);
      return NULL;
    }
  g_autoptr (LescLesson) l = g_new0 (LescLesson, 1);
  l->path = g_strdup (path);
  l->steps = g_ptr_array_new_with_free_func (step_free);
  l->start.view = -1;
  if (!g_key_file_has_group (kf, GROUP_LESSON))
    {
      fail (error, "%s: no [Lesson] group (with Title=)", path);
      return NULL;
    }
  g_autofree char *dir_rel = g_path_get_dirname (path);
  g_autofree char *dir = g_canonicalize_filename (dir_rel, NULL);
  l->title = text_of (kf, GROUP_LESSON, "Title");
  l->description = text_of (kf, GROUP_LESSON, "Description");
  if (!check_keys (kf, GROUP_LESSON, lesson_extra, &local)
      || (l->title == NULL && !fail (&local, "no Title"))
      || !parse_state (kf, GROUP_LESSON, dir, &l->start, &local))
    {
      fail (error, "%s: [Lesson]: %s", path, local->message);
      return NULL;
    }
  if (!load_steps (l, kf, dir, error))
    return NULL;
  return g_steal_pointer (&l);
}

LescLesson *
lesc_lesson_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr (GError) local = NULL;
  if (!g_file_get_contents (path, &text, &length, &local))
    {
      lesc_set_io_error (error, path, "read", local);
      return NULL;
    }
  return lesc_lesson_load_data (text, length, path, error);
}

/* The shipped lessons' folder: the installed one, else (uninstalled) the build folder's. */
static const char *
lesson_dir (void)
{
#ifdef LESC_BUILD_LESSON_DIR
  if (!g_file_test (LESC_LESSONDIR, G_FILE_TEST_IS_DIR))
    return LESC_BUILD_LESSON_DIR;
#endif
  return LESC_LESSONDIR;
}

char *
lesc_lesson_find (const char *name, GError **error)
{
  if (g_file_test (name, G_FILE_TEST_IS_REGULAR))
    return g_strdup (name);
  const char *dir = lesson_dir ();
  g_autofree char *file = g_str_has_suffix (name, ".lesson") ? g_strdup (name) : g_strconcat (name, ".lesson", NULL);
  if (strchr (name, G_DIR_SEPARATOR) == NULL)
    {
      char *path = g_build_filename (dir, file, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return path;
      g_free (path);
    }
  GString *names = g_string_new (NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *n; d != NULL && (n = g_dir_read_name (d)) != NULL;)
    if (g_str_has_suffix (n, ".lesson"))
      g_string_append_printf (names, "%s%.*s", names->len > 0 ? ", " : "", (int) (strlen (n) - 7), n);
  g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: no such file, and no shipped lesson of that name (%s in %s)",
               name, names->len > 0 ? names->str : "none", dir);
  g_string_free (names, TRUE);
  return NULL;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

char **
lesc_lesson_shipped (void)
{
  const char *dir = lesson_dir ();
  GPtrArray *files = g_ptr_array_new ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  for (const char *n; d != NULL && (n = g_dir_read_name (d)) != NULL;)
    if (g_str_has_suffix (n, ".lesson"))
      g_ptr_array_add (files, g_build_filename (dir, n, NULL));
  g_ptr_array_sort (files, compare_paths);
  g_ptr_array_add (files, NULL);
  return (char **) g_ptr_array_free (files, FALSE);
}

static void
apply (const LescLessonStep *st, LescLessonState *s, const LescMethod *const *all)
{
  if (st->data != NULL)
    s->data = st->data;
  if (st->has_methods)
    for (guint i = 0; i < s->n_methods; i++)
      {
        s->ticked[i] = FALSE;
        for (guint j = 0; j < st->n_methods; j++)
          s->ticked[i] |= st->methods[j] == all[i];
      }
  for (guint v = 0; v < st->values->len; v++)
    {
      const LescLessonValue *lv = &g_array_index (st->values, LescLessonValue, v);
      for (guint i = 0; i < s->n_methods; i++)
        if (all[i] == lv->method)
          s->values[i][lv->param] = lv->value;
    }
  if (st->has_variant)
    s->variant = st->variant;
  if (st->view >= 0)
    s->view = st->view;
}

void
lesc_lesson_state_at (const LescLesson *l, guint step, LescLessonState *out)
{
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  memset (out, 0, sizeof *out);
  out->n_methods = MIN (n, LESC_LESSON_MAX_METHODS);
  out->variant = LESC_VARIANT_REFERENCE;
  out->view = -1;
  for (guint i = 0; i < out->n_methods; i++)
    for (guint k = 0; k < all[i]->n_params && k < LESC_MAX_PARAMS; k++)
      out->values[i][k] = all[i]->params[k].default_value;
  apply (&l->start, out, all);
  for (guint i = 0; i <= step && i < l->steps->len; i++)
    apply (g_ptr_array_index (l->steps, i), out, all);
  const LescLessonStep *st = lesc_lesson_step (l, step);
  out->highlight = st != NULL ? st->highlight : NULL;
}
