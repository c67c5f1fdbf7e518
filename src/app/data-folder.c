#include "config.h"
#include "app/data-folder.h"

char *
lesc_data_folder_get (GSettings *settings, gboolean *from_env)
{
  g_autofree char *dir = g_settings_get_string (settings, "data-directory");
  const char *env = g_getenv ("LESC_DATA_DIR");
  if (from_env != NULL)
    *from_env = FALSE;
  if (dir[0] != '\0')
    return g_steal_pointer (&dir);
  if (env != NULL && env[0] != '\0')
    {
      if (from_env != NULL)
        *from_env = TRUE;
      return g_strdup (env);
    }
  return NULL;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  g_autofree char *x = g_path_get_basename (*(const char *const *) a);
  g_autofree char *y = g_path_get_basename (*(const char *const *) b);
  return g_utf8_collate (x, y);
}

GPtrArray *
lesc_data_folder_list (const char *dir)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  if (dir == NULL)
    return files;
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (name, -1);
      if (g_str_has_suffix (lower, ".mat") || g_str_has_suffix (lower, ".csv"))
        g_ptr_array_add (files, g_build_filename (dir, name, NULL));
    }
  g_ptr_array_sort (files, compare_names);
  return files;
}
