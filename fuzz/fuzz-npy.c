/* libFuzzer target: NumPy files. Byte 0 modulo 4 chooses what the rest is:
 *   0  a .npy file, given to lesc_npy_parse (and lesc_npy_read through a memory file);
 *   1  an .npz archive, given to lesc_dataset_load_npz (then validation) and
 *      lesc_npz_read_array;
 *   2  a dtype string of any length and bytes up to the first NUL: byte 1 and 2 are the
 *      shape's rows and columns, the bytes after the NUL the data; the target writes the
 *      header around them (a .npy file);
 *   3  an .npz archive the target builds around one member 'features.npy' whose sizes
 *      disagree: bytes 1-4 the uncompressed size the local header states, 5-8 the one the
 *      central directory states (little-endian), byte 9 bit 0 deflated or stored, bit 1
 *      whether the CRC is right; the rest the member's bytes. */
#include "fuzzfile.h"
#include <string.h>
#include <zlib.h>
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

static void
put_le16 (GByteArray *a, guint v)
{
  guint8 b[2] = { v & 0xff, (v >> 8) & 0xff };
  g_byte_array_append (a, b, 2);
}

static void
put_le32 (GByteArray *a, guint32 v)
{
  put_le16 (a, v & 0xffff);
  put_le16 (a, v >> 16);
}

static guint32
get_le32 (const uint8_t *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* Mode 2: a .npy file with the input's dtype string. */
static GByteArray *
npy_with_dtype (const uint8_t *data, size_t size)
{
  if (size < 2)
    return NULL;
  guint rows = data[0] % 16, cols = data[1] % 8;
  data += 2, size -= 2;
  const uint8_t *nul = memchr (data, 0, size);
  size_t dlen = nul ? (size_t) (nul - data) : size;
  GByteArray *a = g_byte_array_new ();
  g_autofree char *head = g_strdup_printf ("{'descr': '%.*s', 'fortran_order': False, "
                                           "'shape': (%u, %u), }", (int) dlen, data, rows, cols);
  gsize hlen = strlen (head) + 1;
  gboolean v2 = hlen + 10 > 65535;
  g_byte_array_append (a, (const guint8 *) "\x93NUMPY", 6);
  guint8 version[2] = { v2 ? 2 : 1, 0 };
  g_byte_array_append (a, version, 2);
  if (v2)
    put_le32 (a, (guint32) hlen);
  else
    put_le16 (a, (guint) hlen);
  g_byte_array_append (a, (const guint8 *) head, (guint) strlen (head));
  g_byte_array_append (a, (const guint8 *) "\n", 1);
  if (nul)
    g_byte_array_append (a, nul + 1, (guint) (size - dlen - 1));
  return a;
}

/* Mode 3: a one-member zip archive whose stated sizes come from the input. */
static GByteArray *
npz_with_sizes (const uint8_t *data, size_t size)
{
  if (size < 9)
    return NULL;
  guint32 local_size = get_le32 (data), central_size = get_le32 (data + 4);
  gboolean deflated = data[8] & 1, good_crc = data[8] & 2;
  const uint8_t *member = data + 9;
  size_t mlen = size - 9;
  guint32 crc = (guint32) crc32 (0, member, (uInt) mlen);
  if (!good_crc)
    crc ^= 0x5a5a5a5a;
  g_autofree guint8 *packed = NULL;
  uLong plen = mlen;
  if (deflated)
    {
      z_stream z = { 0 };
      g_assert (deflateInit2 (&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK);
      plen = deflateBound (&z, mlen);
      packed = g_malloc (plen + 1);
      z.next_in = (Bytef *) member;
      z.avail_in = (uInt) mlen;
      z.next_out = packed;
      z.avail_out = (uInt) plen + 1;
      g_assert (deflate (&z, Z_FINISH) == Z_STREAM_END);
      plen = z.total_out;
      deflateEnd (&z);
    }
  static const char name[] = "features.npy";
  GByteArray *a = g_byte_array_new ();
  put_le32 (a, 0x04034b50);             /* local file header */
  put_le16 (a, 20);
  put_le16 (a, 0);
  put_le16 (a, deflated ? 8 : 0);
  put_le16 (a, 0), put_le16 (a, 0x21); /* time, date */
  put_le32 (a, crc);
  put_le32 (a, (guint32) plen);
  put_le32 (a, local_size);
  put_le16 (a, sizeof name - 1);
  put_le16 (a, 0);
  g_byte_array_append (a, (const guint8 *) name, sizeof name - 1);
  g_byte_array_append (a, deflated ? packed : member, (guint) plen);
  guint32 cd_start = a->len;
  put_le32 (a, 0x02014b50);             /* central directory */
  put_le16 (a, 20), put_le16 (a, 20);
  put_le16 (a, 0);
  put_le16 (a, deflated ? 8 : 0);
  put_le16 (a, 0), put_le16 (a, 0x21);
  put_le32 (a, crc);
  put_le32 (a, (guint32) plen);
  put_le32 (a, central_size);
  put_le16 (a, sizeof name - 1);
  put_le16 (a, 0), put_le16 (a, 0), put_le16 (a, 0), put_le16 (a, 0);
  put_le32 (a, 0);
  put_le32 (a, 0);                      /* the local header's offset */
  g_byte_array_append (a, (const guint8 *) name, sizeof name - 1);
  guint32 cd_size = a->len - cd_start;
  put_le32 (a, 0x06054b50);             /* end of central directory */
  put_le16 (a, 0), put_le16 (a, 0);
  put_le16 (a, 1), put_le16 (a, 1);
  put_le32 (a, cd_size);
  put_le32 (a, cd_start);
  put_le16 (a, 0);
  return a;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  guint mode = data[0] % 4;
  data++, size--;
  g_autoptr (GByteArray) built = mode == 2 ? npy_with_dtype (data, size)
                                 : mode == 3 ? npz_with_sizes (data, size) : NULL;
  if (mode >= 2 && built == NULL)
    return 0;
  if (built != NULL)
    data = built->data, size = built->len;
  gboolean npz = mode == 1 || mode == 3;
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
