/* The window under test (each test program opens it into `window`) and the conditions the
 * window tests wait for with lesc_test_wait (apptest.h). */
#pragma once
#include <string.h>
#include "app/application.h"
#include "app/data-object.h"
#include "app/job-queue.h"
#include "app/method-panel.h"
#include "app/settings.h"
#include "app/window.h"
#include "core/methods/method.h"
#include "session/memory.h"
#include <glib/gstdio.h>
#include "apptest.h"
#include "testfiles.h"

static LescWindow *window;

/* No job queued or running. */
static inline gboolean
queue_idle (gpointer data)
{
  return !lesc_job_queue_get_busy (lesc_window_get_queue (window));
}

/* The window shows the data set named `data` (a string). */
static inline gboolean
data_named (gpointer data)
{
  LescDataObject *d = lesc_window_get_data (window);
  return d != NULL && g_str_equal (lesc_data_object_get_name (d), data);
}

/* Exactly the methods `names` (NULL-terminated registry names) selected in the side bar. */
static inline void
select_methods (const char *const *names)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], g_strv_contains (names, methods[i]->name));
}

/* The last toast holds `data` (a string). */
static inline gboolean
toast_has (gpointer data)
{
  const char *t = lesc_window_get_last_toast (window);
  return t != NULL && strstr (t, data) != NULL;
}

/* The application and `window`, with the preference auto-run as given, on the last
 * session (session.ini) or, when `fresh`, without one. */
static inline LescApplication *
appwindow_open_with (gboolean auto_run, gboolean fresh)
{
  LescApplication *app = lesc_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  GSettings *settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", auto_run);
  g_object_unref (settings);
  g_autofree char *memory = lesc_session_memory_default_path ();
  if (fresh)
    g_unlink (memory);
  window = lesc_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  return app;
}

/* The application and `window` as the window tests open them: auto-run off, so that
 * nothing runs before a test asks, and a fresh start (the artificial set, LESC ticked). */
static inline LescApplication *
appwindow_open (void)
{
  return appwindow_open_with (FALSE, TRUE);
}

static inline void
appwindow_close (LescApplication *app)
{
  gtk_window_destroy (GTK_WINDOW (window));
  lesc_test_spin (0.2);
  g_object_unref (app);
}

/* The main of a window test that keeps its files in a folder of its own (*tmpdir, removed
 * at the end): `add` registers the tests, which run with `window` open. */
static inline int
appwindow_main (int argc, char **argv, char **tmpdir, void (*add) (void))
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  *tmpdir = lesc_test_tmpdir ();
  LescApplication *app = appwindow_open ();
  add ();
  int status = g_test_run ();
  appwindow_close (app);
  lesc_test_rmdir (*tmpdir);
  g_clear_pointer (tmpdir, g_free);
  return status;
}
