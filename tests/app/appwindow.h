/* The window under test (each test program opens it into `window`) and the conditions the
 * window tests wait for with lesc_test_wait (apptest.h). */
#pragma once
#include "app/data-object.h"
#include "app/job-queue.h"
#include "app/method-panel.h"
#include "app/window.h"
#include "core/methods/method.h"

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
