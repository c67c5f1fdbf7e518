/* The session's memory as a key file. */
#include "session/memory.h"
#include "session/dataspec.h"
#include "core/base/error.h"
#include "core/base/output.h"
#include "core/methods/options.h"

#include <string.h>

#define GROUP_DATA "data"
#define GROUP_SETTINGS "settings"
#define GROUP_RECENT "recent"

char *
lesc_session_memory_default_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "lesc-explorer", "session.ini", NULL);
}

/* Write `kf` to `path`, its folder made first. */
static gboolean
write_key_file (GKeyFile *kf, const char *path, GError **error)
{
  gsize length = 0;
  g_autofree char *text = g_key_file_to_data (kf, &length, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot create the folder", dir);
      return FALSE;
    }
  return lesc_output_write (path, text, length, error);
}

GStrv
lesc_session_memory_load_recent (const char *path)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  GStrv list = NULL;
  if (g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, NULL))
    list = g_key_file_get_string_list (kf, GROUP_RECENT, "data", NULL, NULL);
  return list != NULL ? list : g_new0 (char *, 1);
}

gboolean
lesc_session_memory_push_recent (const char *path, const char *text, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_key_file_load_from_file (kf, path, G_KEY_FILE_KEEP_COMMENTS, NULL);   /* none yet: a new one */
  g_auto (GStrv) old = g_key_file_get_string_list (kf, GROUP_RECENT, "data", NULL, NULL);
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (g_free);
  for (char **r = old; r != NULL && *r != NULL; r++)
    g_ptr_array_add (list, g_strdup (*r));
  lesc_data_spec_list_push (list, text, LESC_SESSION_MAX_RECENT);
  g_key_file_set_string_list (kf, GROUP_RECENT, "data", (const char *const *) list->pdata, list->len);
  return write_key_file (kf, path, error);
}

gboolean
lesc_session_memory_save (LescSession *s, const char *path, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  if (lesc_session_dataset (s) != NULL)
    {
      g_autofree char *text = lesc_session_data_text (s);
      g_key_file_set_string (kf, GROUP_DATA, "open", text);
    }
  g_key_file_set_uint64 (kf, GROUP_SETTINGS, "seed", lesc_session_seed (s));
  g_key_file_set_string (kf, GROUP_SETTINGS, "variant", lesc_variant_key (lesc_session_variant (s)));
  g_key_file_set_string (kf, GROUP_SETTINGS, "kl", lesc_kl_direction_key (lesc_session_kl (s)));
  g_key_file_set_boolean (kf, GROUP_SETTINGS, "auto-run", lesc_session_auto_run (s));
  for (guint i = 0; i < lesc_session_n_methods (s); i++)
    {
      LescSessionMethod *m = lesc_session_method (s, i);
      g_autofree char *group = g_strdup_printf ("method %s", m->method->name);
      g_key_file_set_boolean (kf, group, "ticked", m->ticked);
      for (guint k = 0; k < m->method->n_params; k++)
        g_key_file_set_double (kf, group, m->method->params[k].name, m->params.values[k]);
    }
  const char *const *recent = lesc_session_recent (s);
  gsize n = g_strv_length ((char **) recent);
  if (n > 0)
    g_key_file_set_string_list (kf, GROUP_RECENT, "data", recent, n);
  return write_key_file (kf, path, error);
}

static void
note (GPtrArray *notes, const char *path, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static void
note (GPtrArray *notes, const char *path, const char *fmt, ...)
{
  if (notes == NULL)
    return;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_ptr_array_add (notes, g_strdup_printf ("%s: %s", path, what));
}

static void
restore_methods (LescSession *s, GKeyFile *kf, const char *path, GPtrArray *notes)
{
  g_auto (GStrv) groups = g_key_file_get_groups (kf, NULL);
  for (char **g = groups; *g != NULL; g++)
    {
      if (!g_str_has_prefix (*g, "method "))
        continue;
      int i = lesc_session_find_method (s, *g + strlen ("method "));
      if (i < 0)
        {
          note (notes, path, "[%s]: no such method, skipped", *g);
          continue;
        }
      LescSessionMethod *m = lesc_session_method (s, (guint) i);
      for (guint k = 0; k < m->method->n_params; k++)
        {
          const LescParamSpec *spec = &m->method->params[k];
          g_autoptr (GError) local = NULL;
          double v = g_key_file_get_double (kf, *g, spec->name, &local);
          if (local != NULL)
            continue;   /* not saved: the default stays */
          if (!lesc_param_spec_check (spec, v, &local))
            note (notes, path, "[%s]: %s, skipped", *g, local->message);
          else
            lesc_session_set_value (s, (guint) i, k, v);
        }
      if (g_key_file_has_key (kf, *g, "ticked", NULL))
        lesc_session_set_ticked (s, (guint) i, g_key_file_get_boolean (kf, *g, "ticked", NULL));
    }
}

gboolean
lesc_session_memory_restore (LescSession *s, const char *path, gboolean open_data, GPtrArray *notes,
                             GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return FALSE;
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s", path, local->message);
      return FALSE;
    }
  gboolean auto_run = lesc_session_auto_run (s);
  lesc_session_set_auto_run (s, FALSE);   /* nothing runs while half of it is restored */
  gsize n = 0;
  g_auto (GStrv) recent = g_key_file_get_string_list (kf, GROUP_RECENT, "data", &n, NULL);
  for (gsize i = n; i > 0; i--)   /* oldest first: the newest ends on top */
    lesc_session_add_recent (s, recent[i - 1]);
  if (g_key_file_has_key (kf, GROUP_SETTINGS, "seed", NULL))
    {
      guint64 seed = g_key_file_get_uint64 (kf, GROUP_SETTINGS, "seed", NULL);
      if (seed <= G_MAXUINT32)
        lesc_session_set_seed (s, (guint32) seed);
      else
        note (notes, path, "seed %" G_GUINT64_FORMAT " is out of range, skipped", seed);
    }
  g_autofree char *variant = g_key_file_get_string (kf, GROUP_SETTINGS, "variant", NULL);
  LescVariant v;
  if (variant != NULL && lesc_variant_from_string (variant, &v))
    lesc_session_set_variant (s, v);
  g_autofree char *kl = g_key_file_get_string (kf, GROUP_SETTINGS, "kl", NULL);
  LescKlDirection d;
  if (kl != NULL && lesc_kl_direction_from_string (kl, &d))
    lesc_session_set_kl (s, d);
  if (g_key_file_has_key (kf, GROUP_SETTINGS, "auto-run", NULL))
    auto_run = g_key_file_get_boolean (kf, GROUP_SETTINGS, "auto-run", NULL);
  restore_methods (s, kf, path, notes);
  g_autofree char *data = g_key_file_get_string (kf, GROUP_DATA, "open", NULL);
  if (open_data && data != NULL)
    {
      g_autoptr (GError) open_error = NULL;
      if (!lesc_session_open_typed (s, data, &open_error))
        note (notes, path, "the last data set could not be read again: %s", open_error->message);
    }
  lesc_session_set_auto_run (s, auto_run);
  return TRUE;
}

char *
lesc_session_memory_data (const char *path)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_key_file_get_string (kf, GROUP_DATA, "open", NULL);
}
