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
#include <glib/gstdio.h>

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

/* ---- held writes: every output of a command in place together, or none -------------- */

typedef struct {
  char *path;      /* as the user named it */
  char *target;    /* the file renamed over (regular files), or NULL: a stream */
  char *temp;      /* regular files: the written temporary file */
  GBytes *bytes;   /* streams: what to write at the commit */
} Held;

static GPtrArray *held; /* of Held; NULL: writes are not held */

static void
held_free (gpointer p)
{
  Held *h = p;
  if (h->temp != NULL)
    g_unlink (h->temp);
  g_free (h->path);
  g_free (h->target);
  g_free (h->temp);
  if (h->bytes)
    g_bytes_unref (h->bytes);
  g_free (h);
}

void
lesc_output_hold (void)
{
  lesc_output_discard ();
  held = g_ptr_array_new_with_free_func (held_free);
}

void
lesc_output_discard (void)
{
  g_clear_pointer (&held, g_ptr_array_unref); /* the temporary files are removed */
}

static gboolean write_now (const char *path, const void *contents, gsize length, GError **error);

gboolean
lesc_output_commit (GError **error)
{
  if (held == NULL)
    return TRUE;
  g_autoptr (GPtrArray) all = g_steal_pointer (&held);
  /* streams first: one that fails still leaves no regular file replaced */
  for (guint k = 0; k < all->len; k++)
    {
      Held *h = g_ptr_array_index (all, k);
      gsize n = 0;
      const void *p = h->bytes ? g_bytes_get_data (h->bytes, &n) : NULL;
      if (h->temp == NULL && !write_now (h->path, p, n, error))
        return FALSE;
    }
  for (guint k = 0; k < all->len; k++)
    {
      Held *h = g_ptr_array_index (all, k);
      if (h->temp == NULL)
        continue;
      if (rename (h->temp, h->target) != 0)
        {
          int e = errno;
          return failed (error, h->path, h->target, LESC_ERROR_IO, "cannot write: %s",
                         g_strerror (e));
        }
      g_clear_pointer (&h->temp, g_free); /* in place: no longer removed */
    }
  return TRUE;
}

/* A regular file's bytes written to a temporary file beside it, kept for the commit. */
static gboolean
hold_file (const char *path, const char *target, int mode, const void *contents, gsize length,
           GError **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *temp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  int fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, mode);
  if (fd < 0)
    {
      int e = errno;
      return failed (error, path, target, LESC_ERROR_IO, "cannot write: %s", g_strerror (e));
    }
  Held *h = g_new0 (Held, 1);
  h->path = g_strdup (path);
  h->target = g_strdup (target);
  h->temp = g_steal_pointer (&temp);
  g_ptr_array_add (held, h); /* removed again when anything fails */
  gboolean ok = write_all (fd, path, target, contents, length, error);
  if ((fchmod (fd, (mode_t) mode) != 0 || fsync (fd) != 0) && ok)
    {
      int e = errno;
      ok = failed (error, path, target, LESC_ERROR_IO, "cannot write: %s", g_strerror (e));
    }
  if (close (fd) != 0 && ok)
    {
      int e = errno;
      ok = failed (error, path, target, LESC_ERROR_IO, "cannot write: %s", g_strerror (e));
    }
  return ok;
}

/* An existing file without write permission is not replaced: the user protected it. */
static gboolean
read_only (const struct stat *st, const char *target)
{
  return (st->st_mode & 0222) == 0 || access (target, W_OK) != 0;
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
  if (exists && read_only (st, target))
    return failed (error, path, target, LESC_ERROR_IO, "is read-only (not replaced: make it "
                   "writable or choose another name)");
  int mode = exists ? (int) (st->st_mode & 07777) : 0666;
  if (held != NULL)
    {
      if (!exists)
        {
          mode_t mask = umask (0);
          umask (mask);
          mode &= ~(int) mask;
        }
      return hold_file (path, target, mode, contents, length, error);
    }
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
  struct stat st;
  gboolean exists = FALSE;
  if (held != NULL && strcmp (path, "-") != 0)
    {
      g_autofree char *target = resolve (path, &st, &exists, error);
      if (target == NULL)
        return FALSE;
      if (!exists || S_ISREG (st.st_mode))
        return write_atomic (path, target, &st, exists, contents, length, error);
    }
  if (held != NULL)
    {
      /* a stream: written at the commit, once every file is ready */
      Held *h = g_new0 (Held, 1);
      h->path = g_strdup (path);
      h->bytes = g_bytes_new (contents, length);
      g_ptr_array_add (held, h);
      return TRUE;
    }
  return write_now (path, contents, length, error);
}

static gboolean
write_now (const char *path, const void *contents, gsize length, GError **error)
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

/* ---- checks before the work ----------------------------------------------------- */

gboolean
lesc_output_check (const char *path, GError **error)
{
  if (strcmp (path, "-") == 0)
    return TRUE;
  if (*path == '\0')
    return failed (error, "''", NULL, LESC_ERROR_USAGE, "an empty file name");
  if (g_str_has_suffix (path, G_DIR_SEPARATOR_S))
    return failed (error, path, NULL, LESC_ERROR_IO, "names a folder (it ends with '/'; "
                   "expected a file name)");
  struct stat st;
  gboolean exists = FALSE;
  g_autofree char *target = resolve (path, &st, &exists, error);
  if (target == NULL)
    return FALSE;
  if (exists && S_ISDIR (st.st_mode))
    return failed (error, path, target, LESC_ERROR_IO, "is a folder (expected a file name)");
  if (exists && S_ISBLK (st.st_mode))
    return failed (error, path, target, LESC_ERROR_IO,
                   "is a block device (refusing to write a disk; expected a file name)");
  if (exists && !S_ISREG (st.st_mode))
    return TRUE; /* a FIFO, character device or socket: written into */
  g_autofree char *dir = g_path_get_dirname (target);
  struct stat dst;
  if (stat (dir, &dst) != 0)
    {
      int e = errno;
      return failed (error, path, target, LESC_ERROR_IO, "cannot write: the folder %s %s", dir,
                     e == ENOENT ? "does not exist" : g_strerror (e));
    }
  if (!S_ISDIR (dst.st_mode))
    return failed (error, path, target, LESC_ERROR_IO, "cannot write: %s is not a folder", dir);
  if (access (dir, W_OK | X_OK) != 0)
    {
      int e = errno;
      return failed (error, path, target, LESC_ERROR_IO, "cannot write: the folder %s: %s", dir,
                     g_strerror (e));
    }
  if (exists && read_only (&st, target))
    return failed (error, path, target, LESC_ERROR_IO, "is read-only (not replaced: make it "
                   "writable or choose another name)");
  return TRUE;
}

/* What `path` is on disk: the device and inode of what it ends at, or, when nothing is
 * there yet, its absolute name with the folder's links resolved. */
typedef struct {
  gboolean exists;
  dev_t dev;
  ino_t ino;
  char *name;
} Identity;

static void
identify (const char *path, Identity *id)
{
  struct stat st;
  id->exists = stat (path, &st) == 0;
  id->dev = st.st_dev;
  id->ino = st.st_ino;
  id->name = NULL;
  if (id->exists)
    return;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  char *real = realpath (dir, NULL);
  id->name = g_build_filename (real ? real : dir, base, NULL);
  free (real);
}

static gboolean
same (const Identity *a, const Identity *b)
{
  if (a->exists != b->exists)
    return FALSE;
  return a->exists ? a->dev == b->dev && a->ino == b->ino : strcmp (a->name, b->name) == 0;
}

gboolean
lesc_output_check_distinct (const char *const *outputs, guint n_outputs,
                            const char *const *inputs, guint n_inputs, GError **error)
{
  for (guint a = 0; a < n_outputs; a++)
    {
      if (outputs[a] == NULL)
        continue;
      gboolean stdout_a = strcmp (outputs[a], "-") == 0;
      Identity ia;
      identify (outputs[a], &ia);
      gboolean ok = TRUE;
      for (guint b = a + 1; ok && b < n_outputs; b++)
        {
          if (outputs[b] == NULL || (stdout_a != (strcmp (outputs[b], "-") == 0)))
            continue;
          Identity ib;
          identify (outputs[b], &ib);
          if (stdout_a || same (&ia, &ib))
            ok = stdout_a
                 ? failed (error, "standard output", NULL, LESC_ERROR_USAGE, "two outputs "
                           "cannot both be standard output (name a file for one)")
                 : failed (error, outputs[b], NULL, LESC_ERROR_USAGE, "written twice (it is "
                           "also the output %s): one would replace the other (choose two "
                           "names)", outputs[a]);
          g_free (ib.name);
        }
      for (guint b = 0; ok && !stdout_a && b < n_inputs; b++)
        {
          struct stat st;
          if (inputs[b] == NULL || stat (inputs[b], &st) != 0 || !S_ISREG (st.st_mode))
            continue;
          Identity ib;
          identify (inputs[b], &ib);
          if (same (&ia, &ib))
            ok = failed (error, outputs[a], NULL, LESC_ERROR_USAGE, "is the input file %s: "
                         "writing it would replace the data (choose another name)", inputs[b]);
          g_free (ib.name);
        }
      g_free (ia.name);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}
