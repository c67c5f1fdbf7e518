#include "core/base/framelog.h"

#include <stdio.h>

static FILE *
log_file (void)
{
  static gsize once = 0;
  static FILE *file = NULL;
  if (g_once_init_enter (&once))
    {
      const char *path = g_getenv ("LESC_FRAME_LOG");
      if (path != NULL && *path != '\0')
        {
          file = fopen (path, "a");
          if (file == NULL)
            g_printerr ("lesc: note: %s: cannot write the frame log; none is kept\n", path);
        }
      g_once_init_leave (&once, 1);
    }
  return file;
}

gboolean
lesc_frame_log_enabled (void)
{
  return log_file () != NULL;
}

void
lesc_frame_log (const char *face, const char *what)
{
  FILE *f = log_file ();
  if (f == NULL)
    return;
  /* wall clock, so that a driver in another process (a shell) can compare */
  fprintf (f, "%.6f %s %s\n", g_get_real_time () / 1e6, face, what);
  fflush (f);
}

void
lesc_frame_log_status (const char *face, const char *text)
{
  static char *last = NULL;   /* the main thread's (each explorer has one status) */
  if (log_file () == NULL || g_strcmp0 (last, text) == 0)
    return;
  g_free (last);
  last = g_strdup (text);
  g_autofree char *what = g_strdup_printf ("status %s", text);
  lesc_frame_log (face, what);
}
