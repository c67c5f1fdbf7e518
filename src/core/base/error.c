#include "core/base/error.h"

#include <sys/stat.h>

G_DEFINE_QUARK (lesc-error-quark, lesc_error)

void
lesc_set_io_error (GError **error, const char *path, const char *verb, const GError *cause)
{
  const char *reason = g_strrstr (cause->message, ": ");
  g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot %s: %s", path, verb,
               reason ? reason + 2 : cause->message);
}

GMappedFile *
lesc_map_file (const char *path, GError **error)
{
  /* a device or FIFO mapped or read may never end (/dev/zero): regular files only */
  struct stat st;
  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: not a regular file", path);
      return NULL;
    }
  GError *local = NULL;
  GMappedFile *file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      lesc_set_io_error (error, path, "read", local);
      g_error_free (local);
    }
  return file;
}
