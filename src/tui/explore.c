/* The terminal explorer's main loop: GLib's, with standard input and the signals as
 * sources; keys and clicks go to the overlay, the frame, the panel or the view. */
#include "config.h"
#include "tui/explore.h"
#include "tui/panel.h"
#include "tui/picker.h"
#include "tui/inspector.h"
#include "tui/prompt.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "session/memory.h"
#include "tui/lesson.h"
#include "core/base/error.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* ---- drawing on demand ---------------------------------------------------------------- */

static gboolean
redraw_idle (gpointer data)
{
  LescTui *tui = data;
  tui->redraw_id = 0;
  lesc_tui_frame_draw (tui);
  return G_SOURCE_REMOVE;
}

void
lesc_tui_queue_redraw (LescTui *tui)
{
  if (tui->redraw_id == 0 && tui->screen != NULL)
    tui->redraw_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, redraw_idle, tui, NULL);
}

/* A run's provisional figures come at most every FRAME_MIN_US, and making them takes at
 * most an eighth of the time (FRAME_SHARE: a large figure, a loaded machine), so that
 * keys, the run's own worker and the final figure never wait behind a row of iterates
 * (a perf profile of GLLE λ₁ changes at load 12 with a quarter: chafa, pango and cairo
 * 12–15 % of the process). The solver itself sends at most ~10 frames a second
 * (core/base/progress.h). */
#define FRAME_MIN_US 50000
#define FRAME_SHARE 8

static gboolean
frame_due_cb (gpointer data)
{
  LescTui *tui = data;
  tui->frame_id = 0;
  lesc_tui_queue_redraw (tui);
  return G_SOURCE_REMOVE;
}

gboolean
lesc_tui_provisional_due (LescTui *tui, gconstpointer run)
{
  gint64 due = tui->frame_painted_us + MAX (FRAME_MIN_US, (FRAME_SHARE - 1) * tui->frame_cost_us);
  gint64 now = g_get_monotonic_time ();
  if (tui->frame_painted_us == 0 || run != tui->frame_run || now >= due)
    return TRUE;
  if (tui->frame_id == 0)
    tui->frame_id = g_timeout_add ((guint) ((due - now + 999) / 1000), frame_due_cb, tui);
  return FALSE;
}

void
lesc_tui_provisional_painted (LescTui *tui, gconstpointer run, gint64 started_us)
{
  gint64 now = g_get_monotonic_time ();
  tui->frame_run = run;
  tui->frame_painted_us = now;
  tui->frame_cost_us = now - started_us;
}

/* The elapsed time of the running work moves even when a long stage reports nothing. */
static gboolean
clock_cb (gpointer data)
{
  LescTui *tui = data;
  if (lesc_session_running (tui->session) == NULL)
    {
      tui->clock_id = 0;
      return G_SOURCE_REMOVE;
    }
  lesc_tui_queue_redraw (tui);
  return G_SOURCE_CONTINUE;
}

static void
session_changed (LescSession *s, gpointer data)
{
  LescTui *tui = data;
  if (tui->clock_id == 0 && lesc_session_running (s) != NULL)
    tui->clock_id = g_timeout_add_seconds (1, clock_cb, tui);
  lesc_tui_queue_redraw (tui);
}

int
lesc_tui_focused_method (LescTui *tui)
{
  return lesc_tui_panel_focused_method (tui->panel);
}

void
lesc_tui_prompt_start (LescTui *tui, const char *title, const char *initial, LescTuiPromptDone done,
                       gpointer data)
{
  lesc_tui_prompt_free (tui->prompt);
  tui->prompt = lesc_tui_prompt_new (title, initial, done, data);
  lesc_session_set_message (tui->session, FALSE, "%s", "");
}

/* ---- keys ------------------------------------------------------------------------------- */

static void
show_view (LescTui *tui, LescTuiViewId id)
{
  tui->view = id;
  /* The views with a cursor take the arrows at once when they have something to show. */
  tui->view_focus = lesc_tui_view (id)->takes_arrows && lesc_session_grid (tui->session) != NULL;
}

static void
quit (LescTui *tui, int status)
{
  tui->exit_status = status;
  g_main_loop_quit (tui->loop);
}

/* A key that is not the overlays'. */
static void
frame_key (LescTui *tui, int key, gboolean is_char)
{
  const LescTuiView *v = lesc_tui_view (tui->view);
  gpointer vs = tui->view_state[tui->view];
  if (is_char)
    switch (key)
      {
      case 'q': case 'Q':
        quit (tui, 0);
        return;
      case '?':
        tui->help = TRUE;
        return;
      case '1': case '2': case '3': case '4': case '5': case '6':
        show_view (tui, (LescTuiViewId) (key - '1'));
        return;
      case '\t':
        tui->view_focus = v->takes_arrows && !tui->view_focus;
        if (!v->takes_arrows)
          lesc_tui_message (tui, FALSE, "%s", _("This view has no cursor: the keys stay with the side panel."));
        return;
      case 27:
        if (!lesc_session_cancel (tui->session))
          lesc_tui_message (tui, FALSE, "%s", _("Nothing is running."));
        return;
      case 'r':
        if (lesc_session_run (tui->session) == 0)
          lesc_tui_message (tui, FALSE, "%s", _("Nothing to run: the ticked methods are up to date (Space ticks one)."));
        return;
      case 'o':
        lesc_tui_open_picker (tui);
        return;
      case 'i': case '/':
        lesc_tui_open_inspector (tui, key == '/');
        return;
      case 'p':
        tui->panel_hidden = !tui->panel_hidden;
        return;
      case 12:   /* Ctrl-L */
        lesc_screen_invalidate_all (tui->screen);
        return;
      default:
        break;
      }
  else if (key == KEY_F (1))
    {
      tui->help = TRUE;
      return;
    }
  else if (key == KEY_F (10))
    {
      quit (tui, 0);
      return;
    }
  else if (key == KEY_BTAB)
    {
      show_view (tui, (LescTuiViewId) ((tui->view + LESC_TUI_N_VIEWS - 1) % LESC_TUI_N_VIEWS));
      return;
    }
  int k = is_char && (key == '\r' || key == '\n') ? KEY_ENTER : key;
  if (tui->view_focus && v->key (vs, tui, k, TRUE))
    return;
  if (!tui->view_focus && !tui->panel_hidden && lesc_tui_panel_key (tui->panel, tui, k))
    return;
  if (is_char && v->key (vs, tui, k, FALSE))
    return;
}

static void
mouse (LescTui *tui)
{
  MEVENT ev;
  if (getmouse (&ev) != OK)
    return;
  if (tui->help)
    {
      tui->help = FALSE;
      return;
    }
  if (tui->picker != NULL)
    {
      if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED) && !lesc_tui_picker_click (tui->picker, tui, ev.y, ev.x))
        g_clear_pointer (&tui->picker, lesc_tui_picker_free);
      return;
    }
  if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))
    {
      if (!tui->view_focus)
        lesc_tui_panel_key (tui->panel, tui, ev.bstate & BUTTON4_PRESSED ? KEY_UP : KEY_DOWN);
      return;
    }
  if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
    return;
  for (int i = 0; i < LESC_TUI_N_VIEWS; i++)
    if (lesc_tui_rect_contains (&tui->tabs[i], ev.y, ev.x))
      {
        show_view (tui, (LescTuiViewId) i);
        return;
      }
  if (!tui->panel_hidden && lesc_tui_rect_contains (&tui->panel_area, ev.y, ev.x))
    {
      tui->view_focus = FALSE;
      lesc_tui_panel_click (tui->panel, tui, ev.y, ev.x);
      return;
    }
  if (lesc_tui_rect_contains (&tui->view_area, ev.y, ev.x))
    {
      const LescTuiView *v = lesc_tui_view (tui->view);
      if (v->click (tui->view_state[tui->view], tui, ev.y, ev.x) && v->takes_arrows)
        tui->view_focus = tui->view == LESC_TUI_VIEW_SENSITIVITY ? tui->view_focus : TRUE;
    }
}

static void
key (LescTui *tui, int k, gboolean is_char)
{
  if (!is_char && k == KEY_MOUSE)
    {
      mouse (tui);
      return;
    }
  if (!is_char && k == KEY_RESIZE)
    {
      /* resizeterm() (after SIGWINCH) queues this key: the size is already read. */
      lesc_screen_invalidate_all (tui->screen);
      return;
    }
  if (tui->prompt != NULL)
    {
      LescTuiPromptResult r = lesc_tui_prompt_key (tui->prompt, tui, k, is_char);
      if (r != LESC_TUI_PROMPT_EDITING)
        g_clear_pointer (&tui->prompt, lesc_tui_prompt_free);
      if (r == LESC_TUI_PROMPT_CANCELLED)
        lesc_session_set_message (tui->session, FALSE, "%s", "");
      return;
    }
  if (tui->help)
    {
      tui->help = FALSE;
      if (!(is_char && k == 'q'))
        return;
    }
  if (tui->picker != NULL)
    {
      if (!lesc_tui_picker_key (tui->picker, tui, k, is_char))
        g_clear_pointer (&tui->picker, lesc_tui_picker_free);
      return;
    }
  if (tui->inspector != NULL)
    {
      if (!lesc_tui_inspector_key (tui->inspector, tui, k, is_char))
        g_clear_pointer (&tui->inspector, lesc_tui_inspector_free);
      return;
    }
  if (lesc_tui_lesson_key (tui, k, is_char))
    return;
  frame_key (tui, k, is_char);
}

static gboolean
input_cb (int fd, GIOCondition condition, gpointer data)
{
  LescTui *tui = data;
  if (condition & (G_IO_HUP | G_IO_ERR | G_IO_NVAL))
    {
      quit (tui, 128 + SIGHUP);
      return G_SOURCE_REMOVE;
    }
  wint_t wch;
  int r;
  while ((r = wget_wch (stdscr, &wch)) != ERR)
    {
      key (tui, (int) wch, r == OK);
      if (!g_main_loop_is_running (tui->loop))
        break;
    }
  lesc_tui_queue_redraw (tui);
  return G_SOURCE_CONTINUE;
}

static gboolean
resize_cb (gpointer data)
{
  LescTui *tui = data;
  lesc_screen_update_size (tui->screen);
  lesc_tui_frame_draw (tui);
  return G_SOURCE_CONTINUE;
}

static gboolean
interrupt_cb (gpointer data)
{
  quit (data, 128 + SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
terminate_cb (gpointer data)
{
  quit (data, 128 + SIGTERM);
  return G_SOURCE_CONTINUE;
}

static gboolean
hangup_cb (gpointer data)
{
  quit (data, 128 + SIGHUP);
  return G_SOURCE_CONTINUE;
}

/* ---- the whole run -------------------------------------------------------------------- */

static void
init_i18n (void)
{
  const char *dir = LESC_LOCALEDIR;
#ifdef LESC_BUILD_LOCALE_DIR
  /* Uninstalled: the catalogues built beside the program. */
  g_autofree char *installed = g_build_filename (LESC_LOCALEDIR, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  if (!g_file_test (installed, G_FILE_TEST_EXISTS))
    dir = LESC_BUILD_LOCALE_DIR;
#endif
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* Refuse terminals the explorer cannot drive, pointing at the batch commands. */
static gboolean
check_terminal (GError **error)
{
  const char *term = g_getenv ("TERM");
  const char *batch = _("the batch commands work anywhere: lesc recover, lesc table, lesc cv, lesc grid, lesc plot (see lesc --help)");
  if (term == NULL || term[0] == '\0' || strcmp (term, "dumb") == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   /* TRANSLATORS: %s is the terminal type, then the batch commands */
                   _("this terminal (TERM=%s) cannot show the explorer; %s"), term != NULL ? term : "", batch);
      return FALSE;
    }
  if (!isatty (STDIN_FILENO) || !isatty (STDOUT_FILENO))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, _("the explorer needs a terminal on standard input and output; %s"),
                   batch);
      return FALSE;
    }
  return TRUE;
}

int
lesc_tui_explore (const LescTuiOptions *o, GError **error)
{
  init_i18n ();
  LescTui tui = { 0 };
  /* The options first (a usage error is one), then the terminal, then the data. */
  if (!lesc_term_graphics_init (&tui.graphics, STDOUT_FILENO, o->graphics, o->colors, error))
    return -1;
  if (!check_terminal (error))
    {
      lesc_term_graphics_clear (&tui.graphics);
      return -1;
    }
  gboolean unicode = tui.graphics.unicode && strcmp (nl_langinfo (CODESET), "UTF-8") == 0;
  tui.graphics.unicode = unicode;
  lesc_tui_text_init (unicode);
  tui.session = lesc_session_new (o->store, &o->open, session_changed, &tui);
  /* the data set keeps its start-up options: re-read for an experiment, it is the same */
  if (o->data != NULL && !lesc_session_open_with (tui.session, o->data, &o->open, error))
    {
      lesc_session_free (tui.session);
      lesc_term_graphics_clear (&tui.graphics);
      return -1;
    }
  /* The last session's settings, ticks and (without DATA) its data set with its options. */
  g_autofree char *memory = lesc_session_memory_default_path ();
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) memory_error = NULL;
  lesc_session_memory_restore (tui.session, memory, o->data == NULL, notes, &memory_error);
  if (memory_error != NULL)
    g_ptr_array_add (notes, g_strdup_printf ("%s (not used)", memory_error->message));
  for (guint i = 0; i < notes->len; i++)
    g_printerr ("lesc: note: %s\n", (char *) g_ptr_array_index (notes, i));
  if (lesc_session_dataset (tui.session) == NULL && !lesc_session_open (tui.session, "artificial", error))
    {
      lesc_session_free (tui.session);
      lesc_term_graphics_clear (&tui.graphics);
      return -1;
    }
  if (o->lesson != NULL && !lesc_tui_lesson_start (&tui, o->lesson, error))
    {
      lesc_session_free (tui.session);
      lesc_term_graphics_clear (&tui.graphics);
      return -1;
    }
  /* GLib's handlers first: curses then leaves these signals alone. */
  tui.loop = g_main_loop_new (NULL, FALSE);
  guint sources[] = {
    g_unix_signal_add (SIGINT, interrupt_cb, &tui),
    g_unix_signal_add (SIGTERM, terminate_cb, &tui),
    g_unix_signal_add (SIGHUP, hangup_cb, &tui),
    g_unix_signal_add (SIGWINCH, resize_cb, &tui),
  };
  tui.screen = lesc_screen_open (&tui.graphics, tui.graphics.colors != LESC_TERM_COLORS_NONE, error);
  if (tui.screen == NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
        g_source_remove (sources[i]);
      g_main_loop_unref (tui.loop);
      lesc_session_free (tui.session);
      lesc_term_graphics_clear (&tui.graphics);
      return -1;
    }
  tui.panel = lesc_tui_panel_new ();
  for (int i = 0; i < LESC_TUI_N_VIEWS; i++)
    tui.view_state[i] = lesc_tui_view (i)->create ();
  guint input = g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, input_cb, &tui);
  if (tui.lesson == NULL)   /* a lesson has set its step's view and heading */
    {
      tui.view = LESC_TUI_VIEW_DISTRIBUTIONS;
      /* TRANSLATORS: the first message: the data set's name */
      lesc_session_set_message (tui.session, FALSE, _("%s: tick methods with Space; ←/→ change the values; ? lists the keys."),
                                lesc_session_dataset (tui.session)->name);
    }
  lesc_tui_frame_draw (&tui);
  g_main_loop_run (tui.loop);

  g_source_remove (input);
  g_clear_handle_id (&tui.redraw_id, g_source_remove);
  g_clear_handle_id (&tui.clock_id, g_source_remove);
  g_clear_handle_id (&tui.frame_id, g_source_remove);
  lesc_screen_close (tui.screen);
  tui.screen = NULL;
  lesc_tui_lesson_leave (&tui);   /* the memory keeps the user's state, not the lesson's */
  g_autoptr (GError) save_error = NULL;
  if (!lesc_session_memory_save (tui.session, memory, &save_error))
    g_printerr ("lesc: note: the session was not saved: %s\n", save_error->message);
  /* The worker is told to stop and waited for before its data goes. */
  lesc_session_free (tui.session);
  for (int i = 0; i < LESC_TUI_N_VIEWS; i++)
    lesc_tui_view (i)->destroy (tui.view_state[i]);
  lesc_tui_panel_free (tui.panel);
  lesc_tui_prompt_free (tui.prompt);
  lesc_tui_picker_free (tui.picker);
  lesc_tui_inspector_free (tui.inspector);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    g_source_remove (sources[i]);
  g_main_loop_unref (tui.loop);
  lesc_term_graphics_clear (&tui.graphics);
  return tui.exit_status;
}
