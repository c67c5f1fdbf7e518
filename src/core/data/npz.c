/* NumPy .npz archives (see npz.h): libzip finds and inflates the members, CRC-checked;
 * npy.c reads each one. */
#include "core/data/npz.h"
#include "core/data/npy.h"
#include "core/data/validate.h"
#include "core/base/error.h"
#include "core/data/input.h"
#include "core/base/quote.h"

#include <zip.h>
#include <string.h>

/* "PATH: WHAT (libzip's reason)", without a reason when libzip has none ("No error") */
static gboolean
zip_failed (GError **error, const char *path, const char *what, zip_error_t *ze)
{
  if (ze == NULL || zip_error_code_zip (ze) == ZIP_ER_OK)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s", path, what);
  else
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s (%s)", path, what,
                 zip_error_strerror (ze));
  return FALSE;
}

/* A member whose .npy header does not parse may just be damaged: read on (into a small
 * buffer, at most 64 MB inflated) to where libzip checks the CRC, and when that fails say
 * so instead of the header's complaint. */
static void
prefer_crc_error (zip_file_t *f, const char *where, zip_uint64_t left, GError **error)
{
  guchar sink[65536];
  zip_uint64_t budget = MIN (left, (zip_uint64_t) 64 << 20);
  zip_int64_t got = 1;
  while (budget > 0 && got > 0)
    {
      got = zip_fread (f, sink, MIN (budget, sizeof sink));
      if (got > 0)
        budget -= (zip_uint64_t) got;
    }
  if (got < 0 || (budget == 0 && left <= ((zip_uint64_t) 64 << 20)
                  && zip_fread (f, sink, 1) < 0))
    {
      g_clear_error (error);
      zip_failed (error, where, "damaged member (truncated or corrupt archive)",
                  zip_file_get_error (f));
    }
}

/* Read exactly `n` bytes of the member into `p`: FALSE when it ends sooner or is corrupt. */
static gboolean
read_exactly (zip_file_t *f, guchar *p, gsize n)
{
  return n == 0 || zip_fread (f, p, n) == (zip_int64_t) n;
}

static zip_t *
open_archive (const char *path, GError **error)
{
  if (!lesc_input_check (path, FALSE, error))
    return NULL;
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

/* A member's array name: NAME of NAME.npy (newly allocated). */
static char *
array_name (const char *member)
{
  return g_str_has_suffix (member, ".npy") ? g_strndup (member, strlen (member) - 4)
                                           : g_strdup (member);
}

/* "'a', 'b'": the archive's arrays (quoted) but `a`, `b`, `c` (each may be NULL), or NULL
 * when there is none */
static char *
unused_list (zip_t *z, const char *a, const char *b, const char *c)
{
  GString *s = g_string_new (NULL);
  zip_int64_t n = zip_get_num_entries (z, 0);
  for (zip_int64_t k = 0; k < n; k++)
    {
      const char *name = zip_get_name (z, (zip_uint64_t) k, 0);
      if (name == NULL)
        continue;
      g_autofree char *base = array_name (name);
      if (g_strcmp0 (base, a) == 0 || g_strcmp0 (base, b) == 0 || g_strcmp0 (base, c) == 0)
        continue;
      g_autofree char *shown = lesc_quote (base, -1, LESC_QUOTE_MAX);
      g_string_append_printf (s, "%s'%s'", s->len ? ", " : "", shown);
    }
  return g_string_free (s, s->len == 0);
}

/* "'a', 'b'" from the members NAME.npy, for messages */
static char *
member_list (zip_t *z)
{
  char *all = unused_list (z, NULL, NULL, NULL);
  return all != NULL ? all : g_strdup ("no arrays");
}

static LescMatrix *
read_member (zip_t *z, const char *path, const char *name, zip_int64_t index, GError **error)
{
  g_autofree char *shown = lesc_quote (name, -1, LESC_QUOTE_MAX);
  g_autofree char *where = g_strdup_printf ("%s, array '%s'", path, shown);
  zip_stat_t st;
  if (zip_stat_index (z, (zip_uint64_t) index, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
    {
      zip_failed (error, where, "cannot read the member's size", zip_get_error (z));
      return NULL;
    }
  zip_file_t *f = zip_fopen_index (z, (zip_uint64_t) index, 0);
  if (f == NULL)
    {
      zip_failed (error, where, "cannot open the member", zip_get_error (z));
      return NULL;
    }
  /* the fixed start (magic, version, header length), then the header, then the data */
  guchar start[12];
  gsize have = (gsize) MIN (st.size, (zip_uint64_t) sizeof start), header_end = 0, total = 0;
  g_autofree guchar *bytes = NULL;
  gboolean ok = read_exactly (f, start, have)
                || zip_failed (error, where, "damaged member (truncated or corrupt archive)",
                               zip_file_get_error (f));
  ok = ok && lesc_npy_header_end (where, start, have, &header_end, error);
  if (!ok && error != NULL && *error != NULL && (*error)->code == LESC_ERROR_FORMAT)
    prefer_crc_error (f, where, st.size - have, error);
  if (ok && header_end > st.size)
    ok = zip_failed (error, where, "damaged member (the archive says it holds fewer bytes "
                     "than its .npy header)", NULL);
  if (ok)
    {
      g_autofree char *what = g_strdup_printf ("%s: a .npy header of %zu bytes", where,
                                               header_end);
      ok = lesc_dataset_check_bytes (what, (double) header_end, error);
    }
  /* `got` bytes are in `bytes`: the 12 read first may reach past a short header */
  gsize got = have;
  if (ok)
    {
      bytes = g_try_malloc (MAX (header_end, have));
      if (bytes == NULL)
        ok = zip_failed (error, where, "out of memory for its .npy header", NULL);
      else
        memcpy (bytes, start, have);
      if (ok && header_end > got)
        ok = read_exactly (f, bytes + got, header_end - got)
             || zip_failed (error, where, "damaged member (truncated or corrupt archive)",
                            zip_file_get_error (f));
      got = MAX (got, header_end);
    }
  if (ok && !lesc_npy_length (where, bytes, got, &total, error))
    {
      ok = FALSE;
      prefer_crc_error (f, where, st.size - got, error);
    }
  if (ok && total != st.size)
    {
      g_autofree char *msg = g_strdup_printf ("the archive says the member inflates to %"
                                              G_GUINT64_FORMAT " bytes but its .npy header "
                                              "needs %zu (damaged or crafted archive)",
                                              (guint64) st.size, total);
      ok = zip_failed (error, where, msg, NULL);
    }
  if (ok)
    {
      guchar *grown = g_try_realloc (bytes, MAX (MAX (total, got), 1));
      if (grown == NULL)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY, "%s: out of memory", where);
          ok = FALSE;
        }
      else
        bytes = grown;
    }
  /* libzip checks the CRC at the end of the stream: read on to the end (nothing more may
   * come; more would be data beyond the declared size) */
  guchar extra;
  if (ok && !((total <= got || read_exactly (f, bytes + got, total - got))
              && zip_fread (f, &extra, 1) == 0))
    ok = zip_failed (error, where, "damaged member (truncated or corrupt archive)",
                     zip_file_get_error (f));
  zip_fclose (f);
  return ok ? lesc_npy_parse (where, bytes, total, error) : NULL;
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
  g_autofree char *unused = local == NULL ? unused_list (z, fname, tname, lname) : NULL;
  zip_discard (z);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      lesc_matrix_free (features);
      lesc_matrix_free (truth);
      lesc_matrix_free (logical);
      return NULL;
    }
  LescDataset *ds = lesc_dataset_from_variables (path, features, fname, truth, tname, logical,
                                                 lname, error);
  if (ds != NULL && unused != NULL)
    {
      GString *read = g_string_new (NULL);
      const char *names[] = { fname, tname, lname };
      for (guint k = 0; k < 3; k++)
        if (names[k] != NULL)
          g_string_append_printf (read, "%s'%s'", read->len ? ", " : "", names[k]);
      lesc_dataset_add_note (ds, "%s: %s %s not used (read: %s; logical labels are read only "
                             "from 'logicalLabel' or 'logical_label'%s)", path,
                             strchr (unused, ',') ? "arrays" : "array", unused, read->str,
                             ds->logical_from_file ? ""
                             : ", so here they are binarized from the distributions");
      g_string_free (read, TRUE);
    }
  return ds;
}
