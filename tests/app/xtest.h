/* Real pointer, wheel and key events for the window tests, through the XTEST extension of
 * the X server (Xvfb has it): GTK receives them exactly as from a person. */
#pragma once
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>

#include "apptest.h"

static inline Display *
lesc_xtest_display (GtkWidget *widget)
{
  return gdk_x11_display_get_xdisplay (gtk_widget_get_display (widget));
}

/* FALSE (test skipped) when the X server has no XTEST. */
static inline gboolean
lesc_xtest_available (GtkWidget *widget)
{
  int major, minor, event, error;
  if (XTestQueryExtension (lesc_xtest_display (widget), &event, &error, &major, &minor))
    return TRUE;
  g_test_skip ("the X server has no XTEST extension");
  return FALSE;
}

/* Point (x, y) of `widget` on the X screen. */
static inline void
lesc_xtest_screen_point (GtkWidget *widget, double x, double y, int *sx, int *sy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t p;
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &p));
  double tx, ty;
  gtk_native_get_surface_transform (native, &tx, &ty);
  Display *dpy = lesc_xtest_display (widget);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  Window child;
  XTranslateCoordinates (dpy, xid, DefaultRootWindow (dpy), (int) (p.x + tx), (int) (p.y + ty), sx, sy, &child);
}

static inline void
lesc_xtest_move (GtkWidget *widget, double x, double y)
{
  int sx, sy;
  lesc_xtest_screen_point (widget, x, y, &sx, &sy);
  Display *dpy = lesc_xtest_display (widget);
  XTestFakeMotionEvent (dpy, -1, sx, sy, CurrentTime);
  XFlush (dpy);
  lesc_test_spin (0.2);
}

/* Press and release `button` (1 left, 4/5 wheel up/down) `times` at (x, y) of `widget`. */
static inline void
lesc_xtest_button (GtkWidget *widget, double x, double y, guint button, int times)
{
  lesc_xtest_move (widget, x, y);
  Display *dpy = lesc_xtest_display (widget);
  for (int i = 0; i < times; i++)
    {
      XTestFakeButtonEvent (dpy, button, True, CurrentTime);
      XTestFakeButtonEvent (dpy, button, False, CurrentTime);
      XFlush (dpy);
      lesc_test_spin (0.1);
    }
  lesc_test_spin (0.3);
}

/* Press and release the key `keysym` (XK_Right, …) for the focused widget. */
static inline void
lesc_xtest_key (GtkWidget *widget, KeySym keysym)
{
  Display *dpy = lesc_xtest_display (widget);
  KeyCode code = XKeysymToKeycode (dpy, keysym);
  XTestFakeKeyEvent (dpy, code, True, CurrentTime);
  XTestFakeKeyEvent (dpy, code, False, CurrentTime);
  XFlush (dpy);
  lesc_test_spin (0.3);
}
