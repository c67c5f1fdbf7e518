/* Shared by the fuzz targets: the input as a file the loaders can open by name (a memory
 * file under /proc/self/fd), and a quiet, bounded environment. */
#pragma once
#define _GNU_SOURCE
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/mman.h>

typedef struct {
  int fd;
  char path[64];
} LescFuzzFile;

static void
lesc_fuzz_quiet_log (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
}

static inline void
lesc_fuzz_init (void)
{
  /* what a small input may claim stays small; the loaders' own limits are tested elsewhere */
  g_setenv ("LESC_MAX_DATA_BYTES", "67108864", TRUE);
  g_log_set_handler ("lesc", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO
                     | G_LOG_LEVEL_DEBUG, lesc_fuzz_quiet_log, NULL);
}

static inline void
lesc_fuzz_file_init (LescFuzzFile *f, const char *name)
{
  f->fd = memfd_create (name, 0);
  g_assert (f->fd >= 0);
  snprintf (f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
}

static inline void
lesc_fuzz_file_set (LescFuzzFile *f, const uint8_t *data, size_t size)
{
  g_assert (ftruncate (f->fd, 0) == 0);
  size_t done = 0;
  while (done < size)
    {
      ssize_t w = pwrite (f->fd, data + done, size - done, (off_t) done);
      g_assert (w > 0);
      done += (size_t) w;
    }
}
