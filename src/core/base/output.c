#include "core/base/output.h"
#include "core/base/error.h"

gboolean
lesc_output_write (const char *path, const void *contents, gsize length, GError **error)
{
  GError *local = NULL;
  if (g_file_set_contents (path, contents, (gssize) length, &local))
    return TRUE;
  lesc_set_io_error (error, path, "write", local);
  g_error_free (local);
  return FALSE;
}
