/* A private tmux server for the terminal explorer's tests (new-session -d, send-keys,
 * capture-pane -p): run tmux on the server's socket, read the screen, wait for a text. */
#pragma once
#include <glib.h>
#include <stdarg.h>
#include <string.h>

/* tmux on PATH, looked up by the test's main (NULL: the tests skip). */
static char *test_tmux;

/* Run tmux with the server at `socket`; its standard output. */
static inline char *
test_tmux_run (const char *socket, const char *first, ...)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  g_ptr_array_add (a, test_tmux);
  g_ptr_array_add (a, "-S");
  g_ptr_array_add (a, (char *) socket);
  va_list ap;
  va_start (ap, first);
  for (const char *s = first; s != NULL; s = va_arg (ap, const char *))
    g_ptr_array_add (a, (char *) s);
  va_end (ap);
  g_ptr_array_add (a, NULL);
  /* tmux takes UTF-8 from the locale of the server's environment. */
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_spawn_sync (NULL, (char **) a->pdata, env, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, NULL, &error);
  g_assert_no_error (error);
  return out;
}

static inline char *
test_tmux_capture (const char *socket)
{
  return test_tmux_run (socket, "capture-pane", "-p", "-t", "x", NULL);
}

/* Wait (up to `seconds`) until the screen holds `text`; the screen. Fails showing it. */
static inline char *
test_tmux_wait_for (const char *socket, const char *text, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);
  for (;;)
    {
      char *screen = test_tmux_capture (socket);
      if (strstr (screen, text) != NULL)
        return screen;
      if (g_get_monotonic_time () > end)
        g_error ("waited %.0f s for “%s”; the screen:\n%s", seconds, text, screen);
      g_free (screen);
      g_usleep (100000);
    }
}

/* A test's pane: anything with a `socket` member. */
#define tmux_run(p, ...) test_tmux_run ((p)->socket, __VA_ARGS__)
#define keys(p, ...) g_free (tmux_run ((p), "send-keys", "-t", "x", __VA_ARGS__, NULL))
#define capture(p) test_tmux_capture ((p)->socket)
#define wait_for(p, text, seconds) test_tmux_wait_for ((p)->socket, (text), (seconds))

/* The characters chafa draws a figure with: sextants and block elements. */
static inline gboolean
test_is_block (gunichar u)
{
  return (u >= 0x1FB00 && u <= 0x1FB3B) || (u >= 0x2580 && u <= 0x259F);
}

/* TRUE when the screen text `s` holds any of them (a figure is drawn). */
static inline gboolean
test_has_block_symbols (const char *s)
{
  for (const char *c = s; *c; c = g_utf8_next_char (c))
    if (test_is_block (g_utf8_get_char (c)))
      return TRUE;
  return FALSE;
}
