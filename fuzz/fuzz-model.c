/* libFuzzer target: saved model files (lesc_model_load, then lesc_model_predict on two
 * rows). A model file ends with the SHA-256 of the rest, which random bytes never match:
 * when byte 0 is odd the target appends the right checksum to the rest of the input, so
 * the parser behind the check is fuzzed too; when even, the rest is the file as it is. */
#include "fuzzfile.h"
#include "core/experiments/model.h"

static LescFuzzFile file;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lesc_fuzz_init ();
  lesc_fuzz_file_init (&file, "fuzz.model");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  gboolean sign = data[0] & 1;
  data++, size--;
  if (sign)
    {
      guint8 *signed_data = g_malloc (size + 32);
      memcpy (signed_data, data, size);
      gsize sum_len = 32;
      GChecksum *cs = g_checksum_new (G_CHECKSUM_SHA256);
      g_checksum_update (cs, data, size);
      g_checksum_get_digest (cs, signed_data + size, &sum_len);
      g_checksum_free (cs);
      lesc_fuzz_file_set (&file, signed_data, size + 32);
      g_free (signed_data);
    }
  else
    lesc_fuzz_file_set (&file, data, size);
  GError *error = NULL;
  LescModel *model = lesc_model_load (file.path, &error);
  if (model != NULL)
    {
      LescMatrix *x = lesc_matrix_new (2, model->q);
      for (gsize e = 0; e < 2 * model->q; e++)
        x->data[e] = (double) (e % 5) - 2.0;
      LescMatrix *y = lesc_model_predict (model, x, "fuzz", &error);
      lesc_matrix_free (y);
      lesc_matrix_free (x);
      lesc_model_free (model);
    }
  g_clear_error (&error);
  return 0;
}
