/* libFuzzer target: saved model files (lesc_model_load, then lesc_model_predict on two
 * rows). A model file ends with the SHA-256 of the rest, which random bytes never match:
 * when byte 0 is odd the target appends the right checksum to the rest of the input, so
 * the parser behind the check is fuzzed too; when even, the rest is the file as it is.
 * Byte 0 bit 1 (with bit 0): bytes 1-4 (little-endian) are an offset and byte 5 a kind;
 * the double at that offset of the rest (modulo its length) becomes NaN, +Inf, -Inf or
 * ±1e308 before the checksum is appended — a model with non-finite numbers in W, the
 * means or the scales. */
#include "fuzzfile.h"
#include "core/experiments/model.h"

#include <math.h>
#include <string.h>

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
  gboolean sign = data[0] & 1, poison = (data[0] & 3) == 3;
  data++, size--;
  guint32 offset = 0;
  guint8 kind = 0;
  if (poison)
    {
      if (size < 5 + 8)
        return 0;
      offset = (guint32) data[0] | (guint32) data[1] << 8 | (guint32) data[2] << 16
               | (guint32) data[3] << 24;
      kind = data[4];
      data += 5, size -= 5;
    }
  if (sign)
    {
      guint8 *signed_data = g_malloc (size + 32);
      memcpy (signed_data, data, size);
      if (poison)
        {
          static const double values[] = { NAN, INFINITY, -INFINITY, 1e308, -1e308 };
          double v = values[kind % G_N_ELEMENTS (values)];
          memcpy (signed_data + offset % (size - 7), &v, 8);
        }
      gsize sum_len = 32;
      GChecksum *cs = g_checksum_new (G_CHECKSUM_SHA256);
      g_checksum_update (cs, signed_data, size);
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
