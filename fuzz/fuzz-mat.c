/* libFuzzer target: the MAT loader (lesc_dataset_load_mat, then validation) on one input
 * file. The input is written to a memory file each time; the data limit is 64 MB so that
 * what a small input may claim stays small (fuzz/README.md). */
#include "fuzzfile.h"
#include "core/data/matfile.h"
#include "core/data/validate.h"

static LescFuzzFile file;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lesc_fuzz_init ();
  lesc_fuzz_file_init (&file, "fuzz.mat");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  lesc_fuzz_file_set (&file, data, size);
  GError *error = NULL;
  LescDataset *ds = lesc_dataset_load_mat (file.path, &error);
  if (ds != NULL)
    {
      lesc_dataset_validate (ds, LESC_VALIDATE_RENORMALIZE, NULL, &error);
      lesc_dataset_free (ds);
    }
  g_clear_error (&error);
  static const char *const names[] = { "logicalLabel", "features", NULL };
  LescMatrix *m = lesc_mat_read_variable (file.path, names, &error);
  lesc_matrix_free (m);
  g_clear_error (&error);
  return 0;
}
