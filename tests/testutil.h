/* Helpers shared by the tests: where the benchmark data sets and reference numbers are. */
#pragma once
#include <glib.h>

/* The benchmark folder ($LESC_TEST_DATASETS, set by meson from the datasets_dir option),
 * or NULL after marking the test skipped with a message saying what it needs. */
static inline const char *
lesc_test_datasets_dir (void)
{
  const char *dir = g_getenv ("LESC_TEST_DATASETS");
  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("needs the benchmark .mat files: configure with -Ddatasets_dir=DIR or set "
                   "LESC_TEST_DATASETS");
      return NULL;
    }
  return dir;
}

/* A file in the benchmark folder, or NULL (test skipped) when it is absent. */
static inline char *
lesc_test_dataset_path (const char *name)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return NULL;
  char *path = g_build_filename (dir, name, NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *msg = g_strdup_printf ("needs %s", path);
      g_test_skip (msg);
      g_free (path);
      return NULL;
    }
  return path;
}

#ifdef LESC_TEST_REFERENCE_DIR
/* The reference numbers kept in the repository: tests/reference/ (its README.md says
 * where they come from). */
static inline const char *
lesc_test_reference_dir (void)
{
  return LESC_TEST_REFERENCE_DIR;
}
#endif

/* Own data without ground truth: `path` gets `n` rows of two features and three 0/1 logical
 * labels ("a,b,l1,l2,l3"; every row and every label has a 1), read with
 * --logical-columns 3. */
static inline void
lesc_test_write_logical_csv (const char *path, int n)
{
  GString *text = g_string_new ("a,b,l1,l2,l3\n");
  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "%d,%d,%d,%d,%d\n", i, (i * 7) % 11, i % 2, i % 3 == 0, i % 2 == 0 || i % 5 == 0);
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  g_string_free (text, TRUE);
}
