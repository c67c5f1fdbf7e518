/* libFuzzer target: the CSV loaders. The first input byte chooses: bits 0-2 the number of
 * label columns (1-8) of the one-file form, bit 3 the two-file form (the rest split at
 * its first NUL byte: FEATURES, NUL, DISTRIBUTIONS). Every data set read is validated;
 * lesc_csv_read reads the (first) file as a plain table too, and lesc_csv_read_with with an
 * explicit delimiter (bits 4-6: 0 detected, 1 comma, 2 tab, 3 semicolon, 4 whitespace,
 * as --delimiter names them; 5-7 detected) and index column (bit 7: skipped). */
#include "fuzzfile.h"
#include "core/data/csv.h"
#include "core/data/validate.h"

#include <string.h>

static LescFuzzFile first, second;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lesc_fuzz_init ();
  lesc_fuzz_file_init (&first, "fuzz.csv");
  lesc_fuzz_file_init (&second, "fuzz-labels.csv");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  guint mode = data[0];
  data++;
  size--;
  GError *error = NULL;
  LescDataset *ds;
  if (mode & 8)
    {
      const uint8_t *nul = memchr (data, 0, size);
      size_t head = nul ? (size_t) (nul - data) : size;
      lesc_fuzz_file_set (&first, data, head);
      lesc_fuzz_file_set (&second, nul ? nul + 1 : data + size, nul ? size - head - 1 : 0);
      ds = lesc_dataset_load_csv (first.path, second.path, &error);
    }
  else
    {
      lesc_fuzz_file_set (&first, data, size);
      ds = lesc_dataset_load_csv_single (first.path, (mode & 7) + 1, &error);
    }
  if (ds != NULL)
    {
      lesc_dataset_validate (ds, LESC_VALIDATE_RENORMALIZE, NULL, &error);
      lesc_dataset_free (ds);
    }
  g_clear_error (&error);
  char **header = NULL;
  LescMatrix *m = lesc_csv_read (first.path, &header, &error);
  lesc_matrix_free (m);
  g_strfreev (header);
  g_clear_error (&error);
  static const char *const delimiters[] = { NULL, "comma", "tab", "semicolon", "whitespace" };
  guint d = (mode >> 4) & 7;
  LescCsvOptions options = { .index = mode & 128 ? LESC_CSV_INDEX_SKIP : LESC_CSV_INDEX_AUTO };
  if (d < G_N_ELEMENTS (delimiters) && delimiters[d] != NULL)
    g_assert (lesc_csv_delimiter_from_string (delimiters[d], &options.delimiter));
  LescCsvReport report;
  header = NULL;
  m = lesc_csv_read_with (first.path, &options, &header, &report, &error);
  if (m != NULL)
    g_free (lesc_csv_report_describe (&report));
  lesc_matrix_free (m);
  g_strfreev (header);
  g_clear_error (&error);
  return 0;
}
