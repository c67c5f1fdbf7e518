/* Tables in files of any format, by extension (see tablefile.h). */
#include "core/data/tablefile.h"
#include "core/data/jsontable.h"
#include "core/data/matfile.h"
#include "core/data/npy.h"
#include "core/data/npz.h"
#include "core/base/error.h"
#include "core/base/output.h"

#include <string.h>
#include <sys/stat.h>

static const struct {
  const char *ext;
  LescTableKind kind;
  gboolean writable;
} kinds[] = {
  { ".csv", LESC_TABLE_TEXT, TRUE },  { ".tsv", LESC_TABLE_TEXT, TRUE },
  { ".txt", LESC_TABLE_TEXT, TRUE },  { ".dat", LESC_TABLE_TEXT, TRUE },
  { ".npy", LESC_TABLE_NPY, TRUE },   { ".npz", LESC_TABLE_NPZ, FALSE },
  { ".mat", LESC_TABLE_MAT, TRUE },   { ".json", LESC_TABLE_JSON, TRUE },
};

static int
find_kind (const char *path)
{
  gsize len = strlen (path);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gsize e = strlen (kinds[k].ext);
      if (len > e && g_ascii_strcasecmp (path + len - e, kinds[k].ext) == 0)
        return (int) k;
    }
  return -1;
}

gboolean
lesc_table_kind (const char *path, LescTableKind *kind)
{
  int k = find_kind (path);
  if (k >= 0 && kind != NULL)
    *kind = kinds[k].kind;
  return k >= 0;
}

gboolean
lesc_table_check_folder (const char *path, GError **error)
{
  return lesc_output_check (path, error);
}

/* "-", a FIFO, a character device or a socket: written CSV when the name has no known
 * extension, as standard output is */
static gboolean
is_stream (const char *path)
{
  struct stat st;
  return strcmp (path, "-") == 0
         || (stat (path, &st) == 0 && (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode)
                                       || S_ISSOCK (st.st_mode)));
}

gboolean
lesc_table_check_output (const char *path, GError **error)
{
  if (strcmp (path, "-") == 0 || (find_kind (path) < 0 && is_stream (path)))
    return TRUE; /* standard output, a pipe: CSV */
  if (g_str_has_suffix (path, G_DIR_SEPARATOR_S) || g_file_test (path, G_FILE_TEST_IS_DIR))
    return lesc_output_check (path, error); /* "is a folder", not "cannot write '.csv/'" */
  int k = find_kind (path);
  if (k >= 0 && kinds[k].writable)
    return lesc_table_check_folder (path, error);
  g_autofree char *base = g_path_get_basename (path);
  const char *dot = strrchr (base, '.');
  g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
               "%s: cannot write %s%s%s (the extension chooses the format: .csv, .tsv, .txt, "
               ".dat, .mat, .npy or .json)", path, dot && dot != base ? "'" : "files without an extension",
               dot && dot != base ? dot : "", dot && dot != base ? "' files" : "");
  return FALSE;
}

/* .tsv, .txt and .dat are written tab-separated (a tab never occurs in a number, and the
 * reader detects it), .csv comma-separated */
static gboolean
is_tsv (const char *path)
{
  gsize len = strlen (path);
  return len > 4 && (g_ascii_strcasecmp (path + len - 4, ".tsv") == 0
                     || g_ascii_strcasecmp (path + len - 4, ".txt") == 0
                     || g_ascii_strcasecmp (path + len - 4, ".dat") == 0);
}

/* "key=value" lines */
static char *
settings_text (const char *const *settings)
{
  GString *s = g_string_new (NULL);
  for (guint k = 0; settings[k] != NULL && settings[k + 1] != NULL; k += 2)
    g_string_append_printf (s, "%s%s=%s", k ? "\n" : "", settings[k], settings[k + 1]);
  return g_string_free (s, FALSE);
}

gboolean
lesc_table_write (const char *path, const LescMatrix *m, const LescTableMeta *meta,
                  GError **error)
{
  static const LescTableMeta none = { 0 };
  if (meta == NULL)
    meta = &none;
  if (!lesc_table_check_output (path, error))
    return FALSE;
  LescTableKind kind = LESC_TABLE_TEXT;
  lesc_table_kind (path, &kind);
  const char *name = meta->name ? meta->name : "table";
  g_auto (GStrv) fallback = NULL;
  const char *const *columns = meta->columns;
  if (columns == NULL)
    columns = (const char *const *) (fallback = lesc_csv_default_names ("label", m->cols));
  gsize length = 0;
  g_autofree char *bytes = NULL;
  switch (kind)
    {
    case LESC_TABLE_TEXT:
      bytes = lesc_csv_format_with (m, columns, is_tsv (path) ? '\t' : ',', &length);
      break;
    case LESC_TABLE_NPY:
      bytes = (char *) lesc_npy_format (m, &length);
      break;
    case LESC_TABLE_JSON:
      bytes = lesc_json_table_format (m, name, columns, meta->settings, &length);
      break;
    case LESC_TABLE_MAT:
      {
        g_autofree char *text = meta->settings ? settings_text (meta->settings) : NULL;
        return lesc_mat_write (path, name, m, "settings", text, error);
      }
    case LESC_TABLE_NPZ:
      g_assert_not_reached ();
    }
  return lesc_output_write (path, bytes, length, error);
}

LescMatrix *
lesc_table_read (const char *path, const LescCsvOptions *csv, const char *const *names,
                 char ***header, char **note, GError **error)
{
  if (header)
    *header = NULL;
  if (note)
    *note = NULL;
  LescTableKind kind = LESC_TABLE_TEXT;
  lesc_table_kind (path, &kind);
  static const char *const no_names[] = { NULL };
  if (names == NULL)
    names = no_names;
  switch (kind)
    {
    case LESC_TABLE_NPY:
      return lesc_npy_read (path, error);
    case LESC_TABLE_NPZ:
      return lesc_npz_read_array (path, names, NULL, error);
    case LESC_TABLE_MAT:
      return lesc_mat_read_variable (path, names, error);
    case LESC_TABLE_JSON:
      return lesc_json_table_read (path, header, error);
    case LESC_TABLE_TEXT:
      break;
    }
  LescCsvReport report;
  LescMatrix *m = lesc_csv_read_with (path, csv, header, &report, error);
  if (m != NULL && note != NULL)
    {
      g_autofree char *said = lesc_csv_report_describe (&report);
      *note = said ? g_strdup_printf ("%s: %s", path, said) : NULL;
    }
  return m;
}
