/* Input files: what may be read and reading it whole (see input.h). */
#include "core/data/input.h"
#include "core/data/validate.h"
#include "core/base/error.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

const char *
lesc_input_name (const char *path)
{
  return strcmp (path, "-") == 0 ? "standard input" : path;
}

gboolean
lesc_input_is_stream (const char *path)
{
  struct stat st;
  return strcmp (path, "-") == 0 || (stat (path, &st) == 0 && S_ISFIFO (st.st_mode));
}

/* The first folder on the way to `path` that cannot be searched, or NULL. */
static char *
unsearchable_folder (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  while (strcmp (dir, ".") != 0 && strcmp (dir, "/") != 0)
    {
      if (access (dir, X_OK) == 0)
        return NULL;
      g_autofree char *up = g_path_get_dirname (dir);
      if (access (up, X_OK) == 0)
        return g_steal_pointer (&dir);
      g_free (dir);
      dir = g_steal_pointer (&up);
    }
  return NULL;
}

gboolean
lesc_input_check (const char *path, gboolean stream_ok, GError **error)
{
  if (strcmp (path, "-") == 0)
    {
      if (stream_ok)
        return TRUE;
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "standard input: cannot read this format "
                   "from a stream (.mat and .npz files are read from regular files only)");
      return FALSE;
    }
  struct stat st;
  if (stat (path, &st) != 0)
    {
      int e = errno;
      g_autofree char *folder = e == EACCES ? unsearchable_folder (path) : NULL;
      if (folder != NULL)
        g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: permission denied "
                     "(the folder %s cannot be searched)", path, folder);
      else if (e == ENOENT || e == ENOTDIR)
        g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: no such file", path);
      else
        g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: %s", path,
                     g_strerror (e));
      return FALSE;
    }
  const char *what = NULL;
  if (S_ISREG (st.st_mode))
    return TRUE;
  if (S_ISFIFO (st.st_mode))
    {
      if (stream_ok)
        return TRUE;
      what = "a pipe or FIFO: .mat and .npz files are read from regular files only";
    }
  else if (S_ISDIR (st.st_mode))
    what = "a folder (expected a data file)";
  else if (S_ISCHR (st.st_mode))
    what = "a character device, not a file (lesc reads regular files, pipes and standard "
           "input '-')";
  else if (S_ISBLK (st.st_mode))
    what = "a block device, not a file (lesc reads regular files, pipes and standard input "
           "'-')";
  else
    what = "a socket, not a file (lesc reads regular files, pipes and standard input '-')";
  g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: it is %s", path, what);
  return FALSE;
}

/* A stream read to its end, refused once it passes the data limit. */
static char *
read_stream (const char *path, gsize *length, GError **error)
{
  int fd = strcmp (path, "-") == 0 ? STDIN_FILENO : open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: %s", path, g_strerror (e));
      return NULL;
    }
  double limit = lesc_dataset_max_bytes ();
  GByteArray *buf = g_byte_array_new ();
  guchar chunk[65536];
  gboolean ok = TRUE;
  for (;;)
    {
      ssize_t r = read (fd, chunk, sizeof chunk);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          int e = errno;
          g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot read: %s",
                       lesc_input_name (path), g_strerror (e));
          ok = FALSE;
          break;
        }
      if (r == 0)
        break;
      if ((double) buf->len + (double) r > limit)
        {
          g_autofree char *what = g_strdup_printf ("%s: a stream of more than %.0f bytes",
                                                   lesc_input_name (path), limit);
          lesc_dataset_check_bytes (what, (double) buf->len + (double) r, error);
          ok = FALSE;
          break;
        }
      g_byte_array_append (buf, chunk, (guint) r);
    }
  if (fd != STDIN_FILENO)
    close (fd);
  if (!ok)
    {
      g_byte_array_free (buf, TRUE);
      return NULL;
    }
  *length = buf->len;
  g_byte_array_append (buf, (const guchar *) "", 1);
  return (char *) g_byte_array_free (buf, FALSE);
}

char *
lesc_input_read (const char *path, gsize *length, GError **error)
{
  if (!lesc_input_check (path, TRUE, error))
    return NULL;
  if (lesc_input_is_stream (path))
    return read_stream (path, length, error);
  struct stat st;
  if (stat (path, &st) == 0 && !lesc_dataset_check_bytes (path, (double) st.st_size, error))
    return NULL;
  char *text = NULL;
  GError *local = NULL;
  if (!g_file_get_contents (path, &text, length, &local))
    {
      lesc_set_io_error (error, path, "read", local);
      g_error_free (local);
      return NULL;
    }
  return text;
}
