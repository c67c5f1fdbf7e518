/* The one file writer (see output.h for the rules). */
#include "core/base/output.h"
#include "core/base/error.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

/* Symbolic links followed before giving up (Linux's own limit). */
#define MAX_LINKS 40

static gboolean
failed (GError **error, const char *path, const char *target, int code, const char *fmt, ...)
  G_GNUC_PRINTF (5, 6);

/* "PATH: WHAT", or "PATH (a link to TARGET): WHAT" */
static gboolean
failed (GError **error, const char *path, const char *target, int code, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  if (target != NULL && strcmp (target, path) != 0)
    g_set_error (error, LESC_ERROR, code, "%s (a link to %s): %s", path, target, what);
  else
    g_set_error (error, LESC_ERROR, code, "%s: %s", path, what);
  return FALSE;
}

/* Write everything to `fd`, with SIGPIPE held back for this thread: a reader that closes
 * early is an error to report (LESC_ERROR_PIPE), not a signal that kills the program. */
static gboolean
write_all (int fd, const char *path, const char *target, const guchar *p, gsize n,
           GError **error)
{
  sigset_t pipe_only, old, pending;
  sigemptyset (&pipe_only);
  sigaddset (&pipe_only, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_only, &old);
  sigpending (&pending);
  gboolean was_pending = sigismember (&pending, SIGPIPE);
  int err = 0;
  while (n > 0)
    {
      ssize_t w = write (fd, p, n);
      if (w >= 0)
        {
          p += w;
          n -= (gsize) w;
          continue;
        }
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK)
        {
          struct pollfd pfd = { .fd = fd, .events = POLLOUT };
          poll (&pfd, 1, -1);
          continue;
        }
      err = errno;
      break;
    }
  if (err == EPIPE && !was_pending)
    {
      struct timespec now = { 0, 0 };
      sigtimedwait (&pipe_only, NULL, &now); /* the SIGPIPE this write raised */
    }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (err == EPIPE || err == ECONNRESET)
    return failed (error, path, target, LESC_ERROR_PIPE,
                   "its reader closed it before everything was written (broken pipe)");
  if (err != 0)
    return failed (error, path, target, LESC_ERROR_IO, "cannot write: %s", g_strerror (err));
  return TRUE;
}

/* A Unix stream socket: connect and send. */
static gboolean
write_socket (const char *path, const char *target, const guchar *p, gsize n, GError **error)
{
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  if (strlen (target) >= sizeof addr.sun_path)
    return failed (error, path, target, LESC_ERROR_IO,
                   "cannot write: a socket path longer than %zu bytes", sizeof addr.sun_path - 1);
  strcpy (addr.sun_path, target);
  int fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || connect (fd, (struct sockaddr *) &addr, sizeof addr) != 0)
    {
      int e = errno;
      if (fd >= 0)
        close (fd);
      return failed (error, path, target, LESC_ERROR_IO, "cannot write to the socket: %s",
                     g_strerror (e));
    }
  gboolean ok = write_all (fd, path, target, p, n, error);
  shutdown (fd, SHUT_WR);
  close (fd);
  return ok;
}

/* A FIFO or character device: written into, in place. */
static gboolean
write_in_place (const char *path, const char *target, const guchar *p, gsize n,
                GError **error)
{
  int fd = open (target, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      return failed (error, path, target, LESC_ERROR_IO, "cannot write: %s", g_strerror (e));
    }
  struct stat st;
  if (fstat (fd, &st) != 0 || S_ISREG (st.st_mode))
    {
      /* replaced by a regular file since we looked: not written in place */
      close (fd);
      return failed (error, path, target, LESC_ERROR_IO, "cannot write: it changed while "
                     "being opened");
    }
  gboolean ok = write_all (fd, path, target, p, n, error);
  if (close (fd) != 0 && ok)
    {
      int e = errno;
      return failed (error, path, target, LESC_ERROR_IO, "cannot write: %s", g_strerror (e));
    }
  return ok;
}

/* The path a chain of symbolic links ends at (itself when it is no link); NULL with an
 * error for a loop or a link that cannot be read. `st` receives lstat of the end, and
 * `exists` whether there is anything there. */
static char *
resolve (const char *path, struct stat *st, gboolean *exists, GError **error)
{
  g_autofree char *cur = g_strdup (path);
  for (int k = 0; k <= MAX_LINKS; k++)
    {
      if (lstat (cur, st) != 0)
        {
          int e = errno;
          if (e == ENOENT || e == ENOTDIR)
            {
              *exists = FALSE;
              return g_steal_pointer (&cur);
            }
          failed (error, path, cur, LESC_ERROR_IO, "cannot write: %s", g_strerror (e));
          return NULL;
        }
      *exists = TRUE;
      if (!S_ISLNK (st->st_mode))
        return g_steal_pointer (&cur);
      GError *local = NULL;
      g_autofree char *link = g_file_read_link (cur, &local);
      if (link == NULL)
        {
          failed (error, path, cur, LESC_ERROR_IO, "cannot read the link: %s", local->message);
          g_error_free (local);
          return NULL;
        }
      char *next;
      if (g_path_is_absolute (link))
        next = g_steal_pointer (&link);
      else
        {
          g_autofree char *dir = g_path_get_dirname (cur);
          next = g_build_filename (dir, link, NULL);
        }
      g_free (cur);
      cur = next;
    }
  failed (error, path, NULL, LESC_ERROR_IO, "cannot write: more than %d symbolic links in a row "
          "(a loop?)", MAX_LINKS);
  return NULL;
}

/* A regular file (or none yet): written to a temporary file in the same folder and renamed
 * over it. */
static gboolean
write_atomic (const char *path, const char *target, const struct stat *st, gboolean exists,
              const void *contents, gsize length, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  struct stat dst;
  if (stat (dir, &dst) != 0)
    return failed (error, path, target, LESC_ERROR_IO, "cannot write: the folder %s %s", dir,
                   errno == ENOENT ? "does not exist" : g_strerror (errno));
  if (!S_ISDIR (dst.st_mode))
    return failed (error, path, target, LESC_ERROR_IO, "cannot write: %s is not a folder", dir);
  int mode = exists ? (int) (st->st_mode & 07777) : 0666;
  GError *local = NULL;
  if (g_file_set_contents_full (target, contents, (gssize) length,
                                G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_ONLY_EXISTING,
                                mode, &local))
    return TRUE;
  const char *reason = g_strrstr (local->message, ": ");
  failed (error, path, target, LESC_ERROR_IO, "cannot write: %s",
          reason ? reason + 2 : local->message);
  g_error_free (local);
  return FALSE;
}

gboolean
lesc_output_write (const char *path, const void *contents, gsize length, GError **error)
{
  if (strcmp (path, "-") == 0)
    {
      if (fflush (stdout) != 0 && errno == EPIPE)
        return failed (error, "standard output", NULL, LESC_ERROR_PIPE,
                       "its reader closed it before everything was written (broken pipe)");
      return write_all (STDOUT_FILENO, "standard output", NULL, contents, length, error);
    }
  struct stat st;
  gboolean exists = FALSE;
  g_autofree char *target = resolve (path, &st, &exists, error);
  if (target == NULL)
    return FALSE;
  if (!exists || S_ISREG (st.st_mode))
    return write_atomic (path, target, &st, exists, contents, length, error);
  if (S_ISDIR (st.st_mode))
    return failed (error, path, target, LESC_ERROR_IO, "is a folder (expected a file name)");
  if (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode))
    return write_in_place (path, target, contents, length, error);
  if (S_ISSOCK (st.st_mode))
    return write_socket (path, target, contents, length, error);
  return failed (error, path, target, LESC_ERROR_IO,
                 "is a block device (refusing to write a disk; expected a file name)");
}
