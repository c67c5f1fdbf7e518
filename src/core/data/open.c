#include "core/data/open.h"
#include "core/data/artificial.h"
#include "core/data/csv.h"
#include "core/data/matfile.h"
#include "core/base/error.h"

#include <string.h>

static char *
find_in_dir (const char *dir, const char *name)
{
  if (dir == NULL || *dir == '\0')
    return NULL;
  g_autofree char *canon = lesc_dataset_canonical_name (name);
  const char *exts[] = { ".mat", ".csv" };
  for (guint e = 0; e < G_N_ELEMENTS (exts); e++)
    {
      g_autofree char *direct = g_strconcat (dir, G_DIR_SEPARATOR_S, name, exts[e], NULL);
      if (g_file_test (direct, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&direct);
    }
  /* Case-insensitive scan: users' copies are named Yeast_alpha.mat, SJAFFE.mat, … */
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;
  while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *low = lesc_dataset_canonical_name (entry);
      for (guint e = 0; e < G_N_ELEMENTS (exts); e++)
        {
          g_autofree char *want = g_strconcat (canon, exts[e], NULL);
          if (strcmp (low, want) == 0)
            return g_build_filename (dir, entry, NULL);
        }
    }
  return NULL;
}

char *
lesc_dataset_find (const char *spec, const char *data_dir, GError **error)
{
  if (strchr (spec, G_DIR_SEPARATOR) != NULL || g_str_has_suffix (spec, ".mat")
      || g_str_has_suffix (spec, ".csv") || g_file_test (spec, G_FILE_TEST_EXISTS))
    {
      if (!g_file_test (spec, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: no such file", spec);
          return NULL;
        }
      if (g_file_test (spec, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_IO,
                       "%s: is a folder (expected a .mat or .csv file; --data-dir names folders)", spec);
          return NULL;
        }
      return g_strdup (spec);
    }
  const char *env = g_getenv ("LESC_DATA_DIR");
  char *found = find_in_dir (data_dir, spec);
  if (found == NULL)
    found = find_in_dir (env, spec);
  if (found == NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_IO,
                 "%s: no such data set (not a file; looked for %s.mat and %s.csv in %s%s%s; "
                 "set --data-dir or LESC_DATA_DIR, or use 'artificial')",
                 spec, spec, spec, data_dir && *data_dir ? data_dir : "(no --data-dir)",
                 env ? " and " : "", env ? env : "");
  return found;
}

static gboolean
is_csv (const char *path)
{
  gsize len = strlen (path);
  return len >= 4 && g_ascii_strcasecmp (path + len - 4, ".csv") == 0;
}

/* "FEATURES.csv,DISTRIBUTIONS.csv" */
static LescDataset *
open_csv_pair (const char *spec, const LescOpenOptions *options, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (spec, ",", -1);
  if (g_strv_length (parts) != 2 || *parts[0] == '\0' || *parts[1] == '\0')
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: expected FEATURES.csv,DISTRIBUTIONS.csv (two files, one comma)", spec);
      return NULL;
    }
  g_autofree char *features = lesc_dataset_find (parts[0], options->data_dir, error);
  if (features == NULL)
    return NULL;
  g_autofree char *truth = lesc_dataset_find (parts[1], options->data_dir, error);
  if (truth == NULL)
    return NULL;
  return lesc_dataset_load_csv (features, truth, error);
}

LescDataset *
lesc_dataset_open_with (const char *spec, const LescOpenOptions *options,
                        LescValidateReport *report, GError **error)
{
  static const LescOpenOptions defaults = { 0 };
  if (options == NULL)
    options = &defaults;
  g_autoptr (LescDataset) ds = NULL;
  if (g_ascii_strcasecmp (spec, "artificial") == 0)
    ds = lesc_dataset_new_artificial ();
  else if (strchr (spec, ',') != NULL && !g_file_test (spec, G_FILE_TEST_EXISTS))
    ds = open_csv_pair (spec, options, error);
  else
    {
      g_autofree char *path = lesc_dataset_find (spec, options->data_dir, error);
      if (path == NULL)
        return NULL;
      if (is_csv (path))
        ds = lesc_dataset_load_csv_single (path, options->label_columns, error);
      else
        ds = lesc_dataset_load_mat (path, error);
    }
  if (ds == NULL || !lesc_dataset_validate (ds, options->flags, report, error))
    return NULL;
  return g_steal_pointer (&ds);
}

LescDataset *
lesc_dataset_open (const char *spec, const char *data_dir, GError **error)
{
  LescOpenOptions options = { .data_dir = data_dir };
  return lesc_dataset_open_with (spec, &options, NULL, error);
}
