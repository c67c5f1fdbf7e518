/* NumPy .npz archives (see npz.h): libzip finds and inflates the members, CRC-checked;
 * npy.c reads each one. */
#include "core/data/npz.h"
#include "core/data/npy.h"
#include "core/data/validate.h"
#include "core/base/error.h"

#include <zip.h>
#include <string.h>

static gboolean
zip_failed (GError **error, const char *path, const char *what, zip_error_t *ze)
{
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s (%s)", path, what,
               zip_error_strerror (ze));
  return FALSE;
}

static zip_t *
open_archive (const char *path, GError **error)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: no such file", path);
      return NULL;
    }
  int code = 0;
  zip_t *z = zip_open (path, ZIP_RDONLY | ZIP_CHECKCONS, &code);
  if (z == NULL)
    {
      zip_error_t ze;
      zip_error_init_with_code (&ze, code);
      zip_failed (error, path, "not a readable .npz (zip) archive", &ze);
      zip_error_fini (&ze);
    }
  return z;
}

/* "'a', 'b'" from the members NAME.npy, for messages */
static char *
member_list (zip_t *z)
{
  GString *s = g_string_new (NULL);
  zip_int64_t n = zip_get_num_entries (z, 0);
  for (zip_int64_t k = 0; k < n; k++)
    {
      const char *name = zip_get_name (z, (zip_uint64_t) k, 0);
      if (name == NULL)
        continue;
      g_autofree char *shown = g_str_has_suffix (name, ".npy")
                                 ? g_strndup (name, strlen (name) - 4) : g_strdup (name);
      g_string_append_printf (s, "%s'%s'", s->len ? ", " : "", shown);
    }
  if (s->len == 0)
    g_string_append (s, "no arrays");
  return g_string_free (s, FALSE);
}

static LescMatrix *
read_member (zip_t *z, const char *path, const char *name, zip_int64_t index, GError **error)
{
  g_autofree char *where = g_strdup_printf ("%s, array '%s'", path, name);
  zip_stat_t st;
  if (zip_stat_index (z, (zip_uint64_t) index, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
    {
      zip_failed (error, where, "cannot read the member's size", zip_get_error (z));
      return NULL;
    }
  /* the inflated size is bounded before anything is allocated: a .npy is never much
   * larger than the doubles it becomes */
  g_autofree char *what = g_strdup_printf ("%s (%" G_GUINT64_FORMAT " bytes inflated)", where,
                                           (guint64) st.size);
  if (!lesc_dataset_check_bytes (what, (double) st.size, error))
    return NULL;
  zip_file_t *f = zip_fopen_index (z, (zip_uint64_t) index, 0);
  if (f == NULL)
    {
      zip_failed (error, where, "cannot open the member", zip_get_error (z));
      return NULL;
    }
  g_autofree guchar *bytes = g_try_malloc (MAX (st.size, 1));
  if (bytes == NULL)
    {
      zip_fclose (f);
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY, "%s: out of memory", what);
      return NULL;
    }
  zip_int64_t got = zip_fread (f, bytes, st.size);
  /* libzip checks the CRC at the end of the stream: read on to the end (nothing more may
   * come; more would be data beyond the declared size) */
  guchar extra;
  gboolean ok = got == (zip_int64_t) st.size && zip_fread (f, &extra, 1) == 0;
  if (!ok)
    zip_failed (error, where, "damaged member (truncated or corrupt archive)", zip_file_get_error (f));
  zip_fclose (f);
  return ok ? lesc_npy_parse (where, bytes, st.size, error) : NULL;
}

static LescMatrix *
read_first (zip_t *z, const char *path, const char *const *names, gboolean required,
            const char **which, GError **error)
{
  for (const char *const *p = names; *p != NULL; p++)
    {
      g_autofree char *member = g_strconcat (*p, ".npy", NULL);
      zip_int64_t index = zip_name_locate (z, member, 0);
      if (index >= 0)
        {
          if (which)
            *which = *p;
          return read_member (z, path, *p, index, error);
        }
    }
  if (required)
    {
      g_autofree char *wanted = g_strjoinv ("' or '", (char **) names);
      g_autofree char *held = member_list (z);
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: no array '%s' (the archive holds %s)", path, wanted, held);
    }
  return NULL;
}

LescMatrix *
lesc_npz_read_array (const char *path, const char *const *names, const char **which,
                     GError **error)
{
  zip_t *z = open_archive (path, error);
  if (z == NULL)
    return NULL;
  LescMatrix *m = read_first (z, path, names, TRUE, which, error);
  zip_discard (z);
  return m;
}

LescDataset *
lesc_dataset_load_npz (const char *path, GError **error)
{
  zip_t *z = open_archive (path, error);
  if (z == NULL)
    return NULL;
  const char *fname = NULL, *tname = NULL, *lname = NULL;
  LescMatrix *features = NULL, *truth = NULL, *logical = NULL;
  GError *local = NULL;
  features = read_first (z, path, lesc_dataset_feature_names, TRUE, &fname, &local);
  if (local == NULL)
    truth = read_first (z, path, lesc_dataset_truth_names, FALSE, &tname, &local);
  if (local == NULL)
    logical = read_first (z, path, lesc_dataset_logical_names, FALSE, &lname, &local);
  zip_discard (z);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      lesc_matrix_free (features);
      lesc_matrix_free (truth);
      lesc_matrix_free (logical);
      return NULL;
    }
  return lesc_dataset_from_variables (path, features, fname, truth, tname, logical, lname, error);
}
