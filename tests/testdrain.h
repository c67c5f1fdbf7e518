/* Reading a pipe or FIFO to its end on a thread, for the tests of outputs into them. */
#pragma once
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <unistd.h>

/* Bytes read from the file descriptor `data_fd` until end of file, as a GString (a
 * thread's work); the descriptor is closed. */
static inline gpointer
lesc_test_drain (gpointer data_fd)
{
  int fd = GPOINTER_TO_INT (data_fd);
  GString *got = g_string_new (NULL);
  char buf[4096];
  ssize_t n;
  while ((n = read (fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (got, buf, n);
  close (fd);
  return got;
}

/* Opens `path` (a FIFO) for reading, then lesc_test_drain. */
static inline gpointer
lesc_test_open_and_drain (gpointer path)
{
  return lesc_test_drain (GINT_TO_POINTER (open (path, O_RDONLY)));
}
