/* libFuzzer target: NumPy files. Byte 0 chooses: even, the rest is a .npy file given to
 * lesc_npy_parse (and lesc_npy_read through a memory file); odd, the rest is an .npz
 * archive given to lesc_dataset_load_npz (then validation) and lesc_npz_read_array. */
#include "fuzzfile.h"
#include "core/data/npy.h"
#include "core/data/npz.h"
#include "core/data/validate.h"

static LescFuzzFile file;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lesc_fuzz_init ();
  lesc_fuzz_file_init (&file, "fuzz.npy");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  gboolean npz = data[0] & 1;
  data++, size--;
  lesc_fuzz_file_set (&file, data, size);
  GError *error = NULL;
  if (!npz)
    {
      LescMatrix *m = lesc_npy_parse ("fuzz.npy", data, size, &error);
      lesc_matrix_free (m);
      g_clear_error (&error);
      m = lesc_npy_read (file.path, &error);
      lesc_matrix_free (m);
      g_clear_error (&error);
      return 0;
    }
  LescDataset *ds = lesc_dataset_load_npz (file.path, &error);
  if (ds != NULL)
    {
      lesc_dataset_validate (ds, LESC_VALIDATE_RENORMALIZE, NULL, &error);
      lesc_dataset_free (ds);
    }
  g_clear_error (&error);
  static const char *const names[] = { "logicalLabel", "features", NULL };
  const char *which = NULL;
  LescMatrix *m = lesc_npz_read_array (file.path, names, &which, &error);
  lesc_matrix_free (m);
  g_clear_error (&error);
  return 0;
}
