/* lesc-explorer-latency: the GTK face of build-aux/latency. Opens the explorer's window
 * (the application and window of lesc-explorer, in this process) on the artificial set
 * under Xvfb, ticks one method, and changes its parameters through the real control: a
 * click into the parameter's entry, Ctrl+A, the new value typed key by key and Return,
 * all as X events through XTEST. The times come from the frame log (LESC_FRAME_LOG,
 * core/base/framelog.h): the first painted figure showing a frame of the new run and the
 * first painted final one, counted from the moment Return was sent.
 *
 *   lesc-explorer-latency [--methods glle,…] [--changes lambda1,…] [--repeat N]
 *                         [--no-drag] [--idle SECONDS]
 *
 * One line per method and parameter, as `lesc bench --interactive` prints them, with
 * "gtk" in front; "drag" lines: the last of five values typed 0.3 s apart. --idle: after
 * one change, the processor time of the main thread (and of the whole process) over that
 * many seconds with nothing changing (the focused entry's cursor blinking). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "app/application.h"
#include "app/renderer.h"
#include "app/settings.h"
#include "app/window.h"
#include "appwindow.h"
#include "xtest.h"

/* ---- the frame log ------------------------------------------------------------------- */

typedef struct {
  double t;
  char *what;
} Frame;

static FILE *frames_in;
static GArray *frames;   /* Frame, every line read so far */
static const char *face = "gtk";

static void
frame_clear (gpointer data)
{
  g_free (((Frame *) data)->what);
}

static void
read_frames (void)
{
  char line[16384];
  while (fgets (line, sizeof line, frames_in) != NULL)
    {
      char name[16];
      int used = 0;
      Frame f = { 0 };
      if (sscanf (line, "%lf %15s %n", &f.t, name, &used) < 2 || strcmp (name, face) != 0)
        continue;
      f.what = g_strdup (line + used);
      g_strchomp (f.what);
      g_array_append_val (frames, f);
    }
  clearerr (frames_in);
}

/* The state of `method`'s panel in a frame ("provisional", "final", "outdated") when that
 * panel shows `param` = `value` (as %.6g), else NULL. */
static char *
panel_state (const char *what, const char *method, const char *param, const char *value)
{
  g_auto (GStrv) words = g_strsplit (what, " ", -1);
  g_autofree char *want = g_strdup_printf ("%s=%s", param, value);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto (GStrv) parts = g_strsplit (words[i], ":", -1);
      if (g_strv_length (parts) < 2 || strcmp (parts[0], method) != 0)
        continue;
      if (g_strv_contains ((const char *const *) parts + 2, want))
        return g_strdup (parts[1]);
    }
  return NULL;
}

typedef struct {
  double since;               /* Return sent (wall clock, s) */
  const char *method, *param;
  char value[32];
  double first, final;        /* wall clock of the frames, NaN until seen */
  const char *title;          /* the method's display name: its run's status says it */
  double done;                /* wall clock of the status "done" of the run, NaN until seen */
  double said;                /* the run's time the status gives */
} Watch;

static gboolean
watch_done (gpointer data)
{
  Watch *w = data;
  read_frames ();
  for (guint i = 0; i < frames->len && isnan (w->final); i++)
    {
      Frame *f = &g_array_index (frames, Frame, i);
      if (f->t < w->since || g_str_has_prefix (f->what, "status "))
        continue;
      g_autofree char *state = panel_state (f->what, w->method, w->param, w->value);
      if (state == NULL || strcmp (state, "outdated") == 0)
        continue;
      if (isnan (w->first))
        w->first = f->t;
      if (strcmp (state, "final") == 0)
        w->final = f->t;
    }
  return !isnan (w->final);
}

/* The status line said the run is done ("GLLE on artificial: done in 1.0 s", "GLLE on
 * artificial · λ = 0.1 · … — Done after 1.0 s", or the terminal's "LESC on artificial:
 * warning: …" without a time): the first such line after the change (a run made stale by
 * the change never says so). */
static gboolean
watch_status (gpointer data)
{
  Watch *w = data;
  read_frames ();
  g_autofree char *run = g_strdup_printf ("status %s on ", w->title);
  for (guint i = 0; i < frames->len && isnan (w->done); i++)
    {
      Frame *f = &g_array_index (frames, Frame, i);
      const char *said = strstr (f->what, ": done in ");
      const char *said_gtk = strstr (f->what, " — Done after ");
      /* the terminal says a run's warning in place of its time */
      gboolean warned = strstr (f->what, ": warning: ") != NULL;
      if (f->t < w->since || !g_str_has_prefix (f->what, run) || (said == NULL && said_gtk == NULL && !warned))
        continue;
      w->done = f->t;
      w->said = said != NULL ? g_ascii_strtod (said + strlen (": done in "), NULL)
                : said_gtk != NULL ? g_ascii_strtod (said_gtk + strlen (" — Done after "), NULL) : NAN;
    }
  return !isnan (w->done);
}

/* ---- waiting without busy polling ------------------------------------------------------ */

static gboolean
tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Run the main loop (blocking, woken every 5 ms) until `cond` or `seconds`. */
static gboolean
wait_until (gboolean (*cond) (gpointer), gpointer data, double seconds)
{
  guint id = g_timeout_add (5, tick, NULL);
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);
  gboolean ok;
  while (!(ok = cond (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  return ok;
}

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* Only the main loop for `seconds` (no polling of our own: the idle figures stay clean). */
static void
idle_for (double seconds)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add ((guint) (seconds * 1000), quit_loop, loop);
  g_main_loop_run (loop);
  g_main_loop_unref (loop);
}

/* ---- real input ------------------------------------------------------------------------ */

static void
key (Display *dpy, KeySym sym, gboolean press)
{
  XTestFakeKeyEvent (dpy, XKeysymToKeycode (dpy, sym), press, CurrentTime);
}

static KeySym
keysym_of (char c)
{
  if (c >= '0' && c <= '9')
    return XK_0 + (c - '0');
  switch (c)
    {
    case '.': return XK_period;
    case '-': return XK_minus;
    case '+': return XK_plus;
    case 'e': return XK_e;
    default: return NoSymbol;
    }
}

/* Select the entry's text and type `text` (no Return). */
static void
type_text (GtkWidget *text_widget, const char *text)
{
  Display *dpy = lesc_xtest_display (text_widget);
  key (dpy, XK_Control_L, True);
  key (dpy, XK_a, True);
  key (dpy, XK_a, False);
  key (dpy, XK_Control_L, False);
  XFlush (dpy);
  idle_for (0.02);
  for (const char *c = text; *c; c++)
    {
      KeySym sym = keysym_of (*c);
      g_assert (sym != NoSymbol);
      if (sym == XK_plus)
        key (dpy, XK_Shift_L, True);
      key (dpy, sym, True);
      key (dpy, sym, False);
      if (sym == XK_plus)
        key (dpy, XK_Shift_L, False);
      XFlush (dpy);
      idle_for (0.02);   /* a fast typist */
    }
}

/* Return; the wall clock (s) just before it was sent. */
static double
press_return (GtkWidget *text_widget)
{
  Display *dpy = lesc_xtest_display (text_widget);
  double t = g_get_real_time () / 1e6;
  key (dpy, XK_Return, True);
  key (dpy, XK_Return, False);
  XFlush (dpy);
  return t;
}

static GtkWidget *
find_text (GtkWidget *w)
{
  if (GTK_IS_TEXT (w))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *t = find_text (c);
      if (t != NULL)
        return t;
    }
  return NULL;
}

/* The text field of `m`'s parameter `name`, focused by a click. */
static GtkWidget *
focus_entry (const LescMethod *m, const char *name)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  lesc_method_panel_show_method (panel, m);
  idle_for (0.5);
  GtkWidget *row = lesc_method_panel_get_param_row (panel, m, name);
  GtkWidget *text = row != NULL ? find_text (row) : NULL;
  if (text == NULL)
    return NULL;
  if (!gtk_widget_has_focus (text))
    {
      gtk_widget_grab_focus (text);   /* brings it into view in the scrolled panel */
      idle_for (0.3);
      lesc_xtest_button (text, gtk_widget_get_width (text) / 2.0, gtk_widget_get_height (text) / 2.0, 1, 1);
    }
  if (!gtk_widget_has_focus (text))
    fprintf (stderr, "lesc-explorer-latency: note: the click did not focus %s's %s entry; focused it directly\n",
             m->name, name);
  gtk_widget_grab_focus (text);
  return text;
}

/* ---- values -------------------------------------------------------------------------- */

/* The value `step` steps of `size` from `base` within the range: decades for log-scale
 * parameters, whole steps for integers, a share of the base otherwise (as lesc bench
 * --interactive: size 0.25 decade, 1, 10 %). */
static void
value_text (const LescParamSpec *s, double base, guint step, double size, char out[32])
{
  double v;
  if (s->integer)
    {
      v = base + step;
      if (v > s->max)
        v = base - step;
    }
  else if (s->log_scale)
    v = base * pow (10.0, size * step);
  else
    v = base * (1.0 + 0.4 * size * step);
  v = CLAMP (v, s->min, s->max);
  g_snprintf (out, 32, "%.3g", v);
  /* the frame log writes %.6g of the value parsed from what was typed */
  g_snprintf (out, 32, "%.6g", g_ascii_strtod (out, NULL));
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
min_median (double *v, guint n, double *min, double *median)
{
  qsort (v, n, sizeof (double), compare_doubles);
  *min = v[0];
  *median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The bench's line with the face in front; then when the status said "done", after the
 * final frame (the largest of the N; NaN: it never said so within 10 s), and the run's
 * time it gave less the final frame's time from the change (the largest of the N; about
 * minus the auto-run pause and the paint when the run ends with its final figure). */
static void
print_line (const char *method, const char *change, double *first, double *final, double *done, double *said,
            guint n)
{
  double f0, f1, e0, e1, late = -INFINITY, off = -INFINITY;
  for (guint i = 0; i < n; i++)
    {
      late = isnan (done[i]) || isnan (late) ? NAN : MAX (late, done[i] - final[i]);
      if (!isnan (said[i]))   /* NaN: a warning in its place */
        off = MAX (off, said[i] - final[i]);
    }
  min_median (first, n, &f0, &f1);
  min_median (final, n, &e0, &e1);
  printf ("%s %-12s %-6s %-14s first %.2f s  final %.2f s   (median of %u: first %.2f s, final %.2f s)"
          "   done %+.2f s after final · status time %+.2f s from final\n",
          face, "artificial", method, change, f0, e0, n, f1, e1, late, off);
  fflush (stdout);
}

/* ---- the terminal explorer in tmux --------------------------------------------------- */

static char *tmux, *tmux_socket;

/* tmux with the private server; its standard output (NULL when it failed). */
static char *
tmux_run (const char *first, ...)
{
  va_list ap;
  va_start (ap, first);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, tmux);
  g_ptr_array_add (argv, (gpointer) "-S");
  g_ptr_array_add (argv, tmux_socket);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  char *out = NULL;
  int status = 0;
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    g_clear_pointer (&out, g_free);
  return out;
}

#define tmux_keys(...) g_free (tmux_run ("send-keys", "-t", "x", __VA_ARGS__, NULL))

/* ---- one change ------------------------------------------------------------------------ */

static GtkWidget *entry_text;   /* gtk: the focused parameter's text field */

/* Type `value` into the focused parameter's control and accept it; the wall clock (s)
 * just before the accepting key was sent. */
static double
change_to (const char *value)
{
  if (entry_text != NULL)
    {
      type_text (entry_text, value);
      return press_return (entry_text);
    }
  tmux_keys ("Enter");   /* the value prompt */
  tmux_keys ("C-u");
  tmux_keys ("-l", value);
  double t = g_get_real_time () / 1e6;
  tmux_keys ("Enter");
  return t;
}

static gboolean
settled (gpointer data)
{
  return entry_text == NULL || queue_idle (NULL);
}

static gboolean
measure (const LescMethod *m, const char *param, const char *const *values,
         guint n_values, double gap, double *first, double *final, double *done, double *said)
{
  Watch w = { 0, m->name, param, "", NAN, NAN, m->display_name, NAN, NAN };
  for (guint i = 0; i < n_values; i++)
    {
      w.since = change_to (values[i]);
      if (i + 1 < n_values)
        idle_for (gap);
    }
  g_strlcpy (w.value, values[n_values - 1], sizeof w.value);
  if (!wait_until (watch_done, &w, 600))
    {
      fprintf (stderr, "lesc-explorer-latency: %s %s = %s: no final frame within 600 s\n", m->name, param,
               w.value);
      return FALSE;
    }
  *first = w.first - w.since;
  *final = w.final - w.since;
  wait_until (watch_status, &w, 10);
  *done = w.done - w.since;
  *said = w.said;
  /* let the background work (converged optimum, …) end before the next change */
  wait_until (settled, NULL, 120);
  idle_for (0.3);
  return TRUE;
}

/* Back to `value` (not timed). */
static gboolean
set_back (const LescMethod *m, const char *param, const char *value)
{
  double a, b, c, d;
  const char *v[] = { value };
  return measure (m, param, v, 1, 0, &a, &b, &c, &d);
}

/* ---- processor time -------------------------------------------------------------------- */

/* Seconds of processor time of thread `tid` of this process (utime + stime). */
static double
thread_cpu (pid_t tid)
{
  g_autofree char *path = g_strdup_printf ("/proc/self/task/%d/stat", (int) tid);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NAN;
  const char *p = strrchr (text, ')');
  unsigned long long ut = 0, st = 0;
  if (p == NULL || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
    return NAN;
  return (double) (ut + st) / (double) sysconf (_SC_CLK_TCK);
}

static double
process_cpu (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static guint paints;   /* frames the window painted */
static guint per_second[64];
static gint64 phase_start;

static void
after_paint (GdkFrameClock *clock, gpointer data)
{
  paints++;
  gint64 s = (g_get_monotonic_time () - phase_start) / 1000000;
  if (s >= 0 && s < 64)
    per_second[s]++;
}

/* A phase of the idle figures: its frame counts start at zero, its processor times here. */
typedef struct {
  double main0, all0;
} Phase;

static Phase
phase_begin (void)
{
  paints = 0;
  memset (per_second, 0, sizeof per_second);
  phase_start = g_get_monotonic_time ();
  return (Phase) { thread_cpu (getpid ()), process_cpu () };
}

static void
print_cpu (const char *what, double seconds, Phase ph)
{
  double main1 = thread_cpu (getpid ()), all1 = process_cpu ();
  printf ("gtk cpu %-44s main thread %.2f s (%.0f %% of a core) · process %.2f s · %u frames over %.0f s\n",
          what, main1 - ph.main0, 100 * (main1 - ph.main0) / seconds, all1 - ph.all0, paints, seconds);
  if (g_getenv ("LESC_LATENCY_FRAMES") != NULL)
    {
      for (int i = 0; i < (int) seconds && i < 64; i++)
        printf (" %u", per_second[i]);
      printf ("  frames per second\n");
    }
  fflush (stdout);
}

/* The processor time of the main thread (and of the process) over `seconds`: right after
 * a change; idle with the entry focused (its cursor blinking, restarted by End); idle with
 * the focus moved on by Tab (no cursor). */
static int
idle_figures (const LescMethod *m, const LescParamSpec *spec, double base, guint step, double seconds)
{
  Display *dpy = lesc_xtest_display (entry_text);
  char v[32];
  value_text (spec, base, step, 0.25, v);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
  Phase ph = phase_begin ();
  change_to (v);
  idle_for (seconds);
  g_autofree char *after = g_strdup_printf ("after a %s %s change", m->name, spec->name);
  print_cpu (after, seconds, ph);
  wait_until (settled, NULL, 120);
  idle_for (1.0);
  key (dpy, XK_End, True);
  key (dpy, XK_End, False);
  XFlush (dpy);
  ph = phase_begin ();
  idle_for (seconds);
  print_cpu ("idle, the entry focused (cursor blinking)", seconds, ph);
  key (dpy, XK_Tab, True);
  key (dpy, XK_Tab, False);
  XFlush (dpy);
  ph = phase_begin ();
  idle_for (seconds);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_autofree char *tabbed = g_strdup_printf ("idle, Tab: the focus on a %s", focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing");
  print_cpu (tabbed, seconds, ph);
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  ph = phase_begin ();
  idle_for (seconds);
  print_cpu ("idle, no focus", seconds, ph);
  g_signal_handler_disconnect (clock, handler);
  return entry_text != NULL && (entry_text = focus_entry (m, spec->name)) != NULL ? 0 : 1;
}

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window)) && gtk_widget_get_width (GTK_WIDGET (window)) > 0;
}

/* ---- opening a face and reaching a control --------------------------------------------- */

static GtkApplication *app;
static int tui_row;   /* tui: the focused item, counted from the method's row (0) */

static gboolean
gtk_open (gboolean blink)
{
  lesc_app_choose_renderer ();   /* as lesc-explorer's main does, before the window realizes */
  lesc_application_init_i18n ();
  app = GTK_APPLICATION (lesc_application_new (G_APPLICATION_NON_UNIQUE));
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_autoptr (GSettings) settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", TRUE);   /* a change runs, as for a person */
  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 900);
  if (blink)
    g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", TRUE, NULL);
  window = lesc_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  return wait_until (mapped, NULL, 30) && lesc_xtest_available (GTK_WIDGET (window));
}

static gboolean
any_final (gpointer data)
{
  read_frames ();
  for (guint i = 0; i < frames->len; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%s:final:", (const char *) data);
      if (strstr (g_array_index (frames, Frame, i).what, prefix) != NULL)
        return TRUE;
    }
  return FALSE;
}

static gboolean
any_frame (gpointer data)
{
  read_frames ();
  return frames->len > 0;
}

/* `lesc explore --results DIR/store.sqlite` in a 120 × 40 tmux pane. */
static gboolean
tui_open (const char *lesc, const char *dir, const char *log_path)
{
  tmux = g_find_program_in_path ("tmux");
  if (tmux == NULL)
    {
      fprintf (stderr, "lesc-explorer-latency: tmux is not installed\n");
      return FALSE;
    }
  tmux_socket = g_build_filename (dir, "tmux", NULL);
  g_autofree char *q_lesc = g_shell_quote (lesc), *q_log = g_shell_quote (log_path);
  g_autofree char *store = g_build_filename (dir, "store.sqlite", NULL);
  g_autofree char *q_store = g_shell_quote (store);
  /* a config folder of its own: the user's remembered session neither ticks methods here
   * nor is overwritten by the benchmark's */
  g_autofree char *config = g_build_filename (dir, "config", NULL);
  g_autofree char *q_config = g_shell_quote (config);
  g_autofree char *cmd = g_strdup_printf ("env LESC_FRAME_LOG=%s XDG_CONFIG_HOME=%s COLORTERM=truecolor %s explore --results %s; sleep 600",
                                          q_log, q_config, q_lesc, q_store);
  g_free (tmux_run ("new-session", "-d", "-x", "120", "-y", "40", "-s", "x", "sh", "-c", cmd, NULL));
  return wait_until (any_frame, NULL, 60);
}

/* tui: tick `m` (alone: the methods ticked before are unticked by tui_close_method). */
static gboolean
tui_open_method (const LescMethod *m)
{
  tmux_keys ("Home");
  tmux_keys ("Down");
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n && all[i] != m; i++)
    for (guint k = 0; k <= all[i]->n_params; k++)
      tmux_keys ("Down");
  tmux_keys ("Space");
  tui_row = 0;
  return wait_until (any_final, (gpointer) m->name, 600);
}

static void
tui_close_method (void)
{
  for (; tui_row > 0; tui_row--)
    tmux_keys ("Up");
  tmux_keys ("Space");
}

/* Reach the control of `m`'s parameter `index`. */
static gboolean
focus_param (const LescMethod *m, int index)
{
  if (tmux == NULL)
    {
      entry_text = focus_entry (m, m->params[index].name);
      return entry_text != NULL;
    }
  for (; tui_row < index + 1; tui_row++)
    tmux_keys ("Down");
  for (; tui_row > index + 1; tui_row--)
    tmux_keys ("Up");
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autofree char *methods = NULL, *changes = NULL, *face_option = NULL, *lesc = NULL;
  int repeat = 3;
  double idle_seconds = 0;
  gboolean no_drag = FALSE, blink = FALSE;
  GOptionEntry entries[] = {
    { "cursor-blink", 0, 0, G_OPTION_ARG_NONE, &blink,
      "gtk: GTK's blinking cursor, as before the explorer turned it off (an A/B of --idle)", NULL },
    { "face", 0, 0, G_OPTION_ARG_STRING, &face_option, "gtk (the window, under an X server) or tui (lesc explore in tmux)", "FACE" },
    { "lesc", 0, 0, G_OPTION_ARG_FILENAME, &lesc, "tui: the lesc program", "PATH" },
    { "methods", 0, 0, G_OPTION_ARG_STRING, &methods, "methods (default glle)", "LIST" },
    { "changes", 0, 0, G_OPTION_ARG_STRING, &changes, "parameters to change (default lambda1)", "LIST" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "changes per parameter (min and median; default 3)", "N" },
    { "no-drag", 0, 0, G_OPTION_ARG_NONE, &no_drag, "only single changes", NULL },
    { "idle", 0, 0, G_OPTION_ARG_DOUBLE, &idle_seconds,
      "gtk: after one change, the processor time over this many idle seconds", "SECONDS" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || repeat < 1)
    {
      fprintf (stderr, "lesc-explorer-latency: %s\n", error != NULL ? error->message : "--repeat: expected ≥ 1");
      return 2;
    }
  face = face_option != NULL ? face_option : "gtk";
  if (strcmp (face, "gtk") != 0 && (strcmp (face, "tui") != 0 || lesc == NULL))
    {
      fprintf (stderr, "lesc-explorer-latency: --face gtk, or --face tui with --lesc PATH\n");
      return 2;
    }
  const char *log_path = g_getenv ("LESC_FRAME_LOG");
  if (log_path == NULL || *log_path == '\0')
    {
      fprintf (stderr, "lesc-explorer-latency: LESC_FRAME_LOG must name the frame log file\n");
      return 2;
    }
  frames_in = fopen (log_path, "a+");
  if (frames_in == NULL)
    {
      fprintf (stderr, "lesc-explorer-latency: %s: cannot read the frame log\n", log_path);
      return 2;
    }
  fseek (frames_in, 0, SEEK_END);
  frames = g_array_new (FALSE, TRUE, sizeof (Frame));
  g_array_set_clear_func (frames, frame_clear);
  g_autofree char *dir = g_path_get_dirname (log_path);

  gboolean gtk = strcmp (face, "gtk") == 0;
  if (gtk ? !gtk_open (blink) : !tui_open (lesc, dir, log_path))
    {
      fprintf (stderr, "lesc-explorer-latency: the %s explorer did not open%s\n", face,
               gtk ? " (an X server with XTEST is needed)" : "");
      return 1;
    }
  g_auto (GStrv) method_names = g_strsplit (methods != NULL ? methods : "glle", ",", -1);
  g_auto (GStrv) change_names = g_strsplit (changes != NULL ? changes : "lambda1", ",", -1);
  int status = 0;
  for (guint k = 0; method_names[k] != NULL && status == 0; k++)
    {
      const LescMethod *m = lesc_method_find (method_names[k]);
      if (m == NULL)
        {
          fprintf (stderr, "lesc-explorer-latency: %s: no such method\n", method_names[k]);
          status = 2;
          break;
        }
      LescRunParams base;
      if (gtk)
        {
          const char *only[] = { m->name, NULL };
          select_methods (only);
          lesc_window_run (window);
          wait_until (queue_idle, NULL, 600);
          lesc_method_panel_get_params (lesc_window_get_method_panel (window), m, &base);
        }
      else
        {
          lesc_run_params_init (&base, m);
          if (!tui_open_method (m))
            {
              fprintf (stderr, "lesc-explorer-latency: tui: %s gave no result\n", m->name);
              status = 1;
              break;
            }
        }
      for (guint c = 0; change_names[c] != NULL && status == 0; c++)
        {
          int index = lesc_method_param_index (m, change_names[c]);
          if (index < 0)
            continue;   /* not a parameter of this method */
          const LescParamSpec *spec = &m->params[index];
          if (!focus_param (m, index))
            {
              fprintf (stderr, "lesc-explorer-latency: no entry for %s's %s\n", m->name, spec->name);
              status = 1;
              break;
            }
          char base_text[32];
          g_snprintf (base_text, sizeof base_text, "%.6g", base.values[index]);
          g_autofree double *first = g_new (double, repeat), *final = g_new (double, repeat);
          g_autofree double *done = g_new (double, repeat), *said = g_new (double, repeat);
          for (int r = 0; r < repeat && status == 0; r++)
            {
              char v[32];
              value_text (spec, base.values[index], (guint) r + 1, 0.25, v);
              const char *values[] = { v };
              if (!measure (m, spec->name, values, 1, 0, &first[r], &final[r], &done[r], &said[r]))
                status = 1;
            }
          if (status == 0)
            print_line (m->name, spec->name, first, final, done, said, (guint) repeat);
          for (int r = 0; r < repeat && status == 0 && !no_drag; r++)
            {
              char v[5][32];
              const char *values[5];
              for (guint j = 0; j < 5; j++)
                {
                  /* fresh values, a fiftieth of a decade (5 %) apart */
                  value_text (spec, base.values[index], 5 * (guint) r + j + 1, 0.02, v[j]);
                  values[j] = v[j];
                }
              if (!measure (m, spec->name, values, 5, 0.3, &first[r], &final[r], &done[r], &said[r]))
                status = 1;
              else if (r + 1 == repeat)
                {
                  g_autofree char *drag = g_strdup_printf ("%s/drag", spec->name);
                  print_line (m->name, drag, first, final, done, said, (guint) repeat);
                }
            }
          if (idle_seconds > 0 && gtk && status == 0)
            status = idle_figures (m, spec, base.values[index], (guint) repeat + 1, idle_seconds);
          if (status == 0 && !set_back (m, spec->name, base_text))
            status = 1;
        }
      if (!gtk)
        tui_close_method ();
    }
  if (gtk)
    {
      gtk_window_destroy (GTK_WINDOW (window));
      g_object_unref (app);
    }
  else
    g_free (tmux_run ("kill-server", NULL));
  return status;
}
