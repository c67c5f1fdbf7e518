/* libFuzzer target: `lesc merge` of a hostile file. The input is written as the store to
 * merge (an SQLite file in a private temporary folder) and merged into a fresh store in
 * memory, whose runs are then read back. */
#include "fuzzfile.h"
#include "core/experiments/store.h"

#include <glib/gstdio.h>
#include <stdlib.h>

static char *dir, *other;

static void
remove_files (void)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
  for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
    {
      g_autofree char *p = g_strconcat (other, suffixes[k], NULL);
      g_remove (p);
    }
}

static void
cleanup (void)
{
  remove_files ();
  g_rmdir (dir);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lesc_fuzz_init ();
  dir = g_dir_make_tmp ("lesc-fuzz-store-XXXXXX", NULL);
  g_assert_nonnull (dir);
  other = g_build_filename (dir, "other.sqlite", NULL);
  atexit (cleanup);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  remove_files ();
  FILE *out = fopen (other, "wb");
  g_assert_nonnull (out);
  g_assert_cmpuint (fwrite (data, 1, size, out), ==, size);
  fclose (out);
  GError *error = NULL;
  LescStore *s = lesc_store_open (":memory:", &error);
  g_assert_no_error (error);
  guint added = 0, skipped = 0, invalid = 0;
  if (lesc_store_merge (s, other, &added, &skipped, &invalid, &error))
    {
      LescRunFilter all = { .kl = -1 };
      GPtrArray *runs = lesc_store_query (s, &all, &error);
      if (runs != NULL)
        {
          g_assert_cmpuint (runs->len, ==, added);
          g_ptr_array_unref (runs);
        }
    }
  g_clear_error (&error);
  lesc_store_close (s);
  return 0;
}
