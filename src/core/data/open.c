#include "core/data/open.h"
#include "core/data/artificial.h"
#include "core/data/csv.h"
#include "core/data/matfile.h"
#include "core/data/npz.h"
#include "core/data/tablefile.h"
#include "core/base/error.h"
#include "core/base/quote.h"
#include "core/data/input.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The extensions a data set name is looked up with, in order. */
static const char *const exts[] = { ".mat", ".csv", ".npz", ".npy", ".tsv", ".txt" };

static char *
find_in_dir (const char *dir, const char *name)
{
  if (dir == NULL || *dir == '\0')
    return NULL;
  g_autofree char *canon = lesc_dataset_canonical_name (name);
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
  if (strcmp (spec, "-") == 0)
    return g_strdup (spec); /* standard input (input.h) */
  struct stat st;
  if (strchr (spec, G_DIR_SEPARATOR) != NULL || lesc_table_kind (spec, NULL)
      || lstat (spec, &st) == 0)
    {
      if (g_file_test (spec, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_IO,
                       "%s: is a folder (expected a .mat, .csv, .npy or .npz file; --data-dir "
                       "names folders)", spec);
          return NULL;
        }
      if (stat (spec, &st) != 0 && errno == ENOENT)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: no such file", spec);
          return NULL;
        }
      /* unreachable, or a device that may never end: refused here, by name */
      if (!lesc_input_check (spec, TRUE, error))
        return NULL;
      return g_strdup (spec);
    }
  const char *env = g_getenv ("LESC_DATA_DIR");
  char *found = find_in_dir (data_dir, spec);
  if (found == NULL)
    found = find_in_dir (env, spec);
  if (found == NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_IO,
                 "%s: no such data set (not a file; looked for %s.mat, %s.csv, … in %s%s%s; "
                 "set --data-dir or LESC_DATA_DIR, or use 'artificial')",
                 spec, spec, spec, data_dir && *data_dir ? data_dir : "(no --data-dir)",
                 env ? " and " : "", env ? env : "");
  return found;
}

/* A file without one of the known extensions is read as MATLAB only when it starts like
 * one (the official data sets come as NAME.mat, but copies lose extensions). */
static gboolean
is_mat (const char *path)
{
  return lesc_mat_starts_with (path, "MATLAB ");
}

static void
unknown_extension (const char *path, GError **error)
{
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  g_autofree char *ext = lesc_quote (dot && dot != base ? dot : "", -1, LESC_QUOTE_MAX);
  gboolean packed = dot != NULL && (g_ascii_strcasecmp (dot, ".gz") == 0
                                    || g_ascii_strcasecmp (dot, ".xz") == 0
                                    || g_ascii_strcasecmp (dot, ".bz2") == 0
                                    || g_ascii_strcasecmp (dot, ".zst") == 0
                                    || g_ascii_strcasecmp (dot, ".zip") == 0);
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
               "%s: %s%s%s (the extension chooses the format: .mat, .npz, .npy, .csv, .tsv, "
               ".txt, .dat%s)", path, *ext ? "unknown extension '" : "no extension and not a "
               "MATLAB file", ext, *ext ? "'" : "",
               packed ? "; a compressed file is read after decompressing it, e.g. "
                        "<(zcat FILE) as DATA" : "");
}

static LescLabelKind
label_kind (const LescOpenOptions *options)
{
  return options->logical ? LESC_LABELS_LOGICAL : LESC_LABELS_DISTRIBUTIONS;
}

static void
add_note (LescDataset *ds, char *note)
{
  if (ds != NULL && note != NULL)
    lesc_dataset_add_note (ds, "%s", note);
}

/* "FEATURES,LABELS" */
static LescDataset *
open_pair (const char *spec, const LescOpenOptions *options, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (spec, ",", -1);
  if (g_strv_length (parts) != 2 || *parts[0] == '\0' || *parts[1] == '\0')
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: expected FEATURES,LABELS (two files, one comma)", spec);
      return NULL;
    }
  g_autofree char *fpath = lesc_dataset_find (parts[0], options->data_dir, error);
  if (fpath == NULL)
    return NULL;
  g_autofree char *lpath = lesc_dataset_find (parts[1], options->data_dir, error);
  if (lpath == NULL)
    return NULL;
  LescLabelKind kind = label_kind (options);
  g_autofree char *fnote = NULL, *lnote = NULL;
  LescMatrix *features = lesc_table_read (fpath, &options->csv, lesc_dataset_feature_names,
                                          NULL, &fnote, error);
  if (features == NULL)
    return NULL;
  char **names = NULL;
  LescMatrix *labels = lesc_table_read (lpath, &options->csv,
                                        kind == LESC_LABELS_LOGICAL ? lesc_dataset_logical_names
                                                                    : lesc_dataset_truth_names,
                                        &names, &lnote, error);
  if (labels == NULL)
    {
      lesc_matrix_free (features);
      return NULL;
    }
  LescDataset *ds = lesc_dataset_from_pair (fpath, features, lpath, labels, names, kind, error);
  add_note (ds, fnote);
  add_note (ds, lnote);
  return ds;
}

/* One table: features, then label columns of the kind the options say. */
static LescDataset *
open_table (const char *path, const LescOpenOptions *options, GError **error)
{
  gsize columns = options->logical_columns ? options->logical_columns : options->label_columns;
  LescLabelKind kind = options->logical_columns ? LESC_LABELS_LOGICAL : LESC_LABELS_DISTRIBUTIONS;
  if (columns == 0)
    return lesc_dataset_from_table (path, lesc_matrix_new (0, 0), NULL, 0, kind, error);
  g_autofree char *note = NULL;
  char **header = NULL;
  LescMatrix *all = lesc_table_read (path, &options->csv, NULL, &header, &note, error);
  if (all == NULL)
    return NULL;
  LescDataset *ds = lesc_dataset_from_table (path, all, header, columns, kind, error);
  add_note (ds, note);
  return ds;
}

LescDataset *
lesc_dataset_open_with (const char *spec, const LescOpenOptions *options,
                        LescValidateReport *report, GError **error)
{
  static const LescOpenOptions defaults = { 0 };
  if (options == NULL)
    options = &defaults;
  if (options->label_columns > 0 && options->logical_columns > 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: --label-columns and --logical-columns exclude each other (the trailing "
                   "columns hold either distributions or 0/1 labels)", spec);
      return NULL;
    }
  g_autoptr (LescDataset) ds = NULL;
  if (g_ascii_strcasecmp (spec, "artificial") == 0)
    ds = lesc_dataset_new_artificial ();
  else if (strchr (spec, ',') != NULL && !g_file_test (spec, G_FILE_TEST_EXISTS))
    ds = open_pair (spec, options, error);
  else
    {
      g_autofree char *path = lesc_dataset_find (spec, options->data_dir, error);
      if (path == NULL)
        return NULL;
      LescTableKind kind = LESC_TABLE_TEXT;
      lesc_table_kind (path, &kind);
      if (!lesc_table_kind (path, NULL) && lesc_input_is_stream (path))
        ds = open_table (path, options, error);
      else if (kind == LESC_TABLE_NPZ)
        ds = lesc_dataset_load_npz (path, error);
      else if (kind == LESC_TABLE_MAT || (!lesc_table_kind (path, NULL) && is_mat (path)))
        ds = lesc_dataset_load_mat (path, error);
      else if (!lesc_table_kind (path, NULL))
        unknown_extension (path, error);
      else
        ds = open_table (path, options, error);
      if (ds != NULL && kind != LESC_TABLE_TEXT && kind != LESC_TABLE_NPY
          && options->logical_columns + options->label_columns > 0)
        lesc_dataset_add_note (ds, "%s: --%s-columns ignored (a .mat or .npz file names its "
                               "arrays: 'features', the distributions, 'logicalLabel')", path,
                               options->logical_columns ? "logical" : "label");
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
