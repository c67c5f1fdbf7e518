/* A bench run in a child process: pipe, fork, read the report, wait4 for the peak. */
#include "cli/bench-child.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

void
lesc_bench_write_all (int fd, const GString *out)
{
  gsize done = 0;
  while (done < out->len)
    {
      ssize_t w = write (fd, out->str + done, out->len - done);
      if (w <= 0)
        break;
      done += (gsize) w;
    }
}

gboolean
lesc_bench_in_child (void (*fn) (int fd, gpointer data), gpointer data, GString *msg,
                     double *peak_mb)
{
  int fds[2];
  if (pipe (fds) != 0)
    {
      fprintf (stderr, "lesc bench: pipe: %s\n", g_strerror (errno));
      return FALSE;
    }
  pid_t pid = fork ();
  if (pid == 0)
    {
      close (fds[0]);
      fn (fds[1], data);
      close (fds[1]);
      _exit (0);
    }
  close (fds[1]);
  char buf[512];
  ssize_t got;
  while ((got = read (fds[0], buf, sizeof buf)) > 0)
    g_string_append_len (msg, buf, got);
  close (fds[0]);
  int wstatus = 0;
  struct rusage ru;
  memset (&ru, 0, sizeof ru);
  wait4 (pid, &wstatus, 0, &ru);
  *peak_mb = (double) ru.ru_maxrss / 1024.0;
  return TRUE;
}
