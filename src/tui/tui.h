/* The terminal explorer's parts and what they share: the session (session.h), the screen
 * (screen.h), the terminal's graphics (graphics.h), the side panel, the five views and the
 * overlays. Each view is one file (view-*.c) behind the same few functions. */
#pragma once
#include <curses.h>
#include "tui/graphics.h"
#include "tui/screen.h"
#include "session/session.h"
#include "session/lesson-player.h"

G_BEGIN_DECLS

typedef struct {
  int y, x, h, w;
} LescTuiRect;

static inline gboolean
lesc_tui_rect_contains (const LescTuiRect *r, int y, int x)
{
  return y >= r->y && y < r->y + r->h && x >= r->x && x < r->x + r->w;
}

typedef enum {
  LESC_TUI_VIEW_DISTRIBUTIONS,
  LESC_TUI_VIEW_MEASURES,
  LESC_TUI_VIEW_SENSITIVITY,
  LESC_TUI_VIEW_COMPARISON,
  LESC_TUI_VIEW_CV,
  LESC_TUI_VIEW_CORRELATIONS,
  LESC_TUI_N_VIEWS
} LescTuiViewId;

typedef struct _LescTui LescTui;
typedef struct _LescTuiPanel LescTuiPanel;
typedef struct _LescTuiPrompt LescTuiPrompt;
typedef struct _LescTuiPicker LescTuiPicker;
typedef struct _LescTuiInspector LescTuiInspector;

/* One view: its own state behind `self`. */
typedef struct {
  const char *name;        /* the tab's title (translated at use) */
  const char *short_name;  /* the same for narrow terminals */
  gpointer (*create) (void);
  void (*destroy) (gpointer self);
  /* Draw into `area`; figures go to the screen's slot 0. */
  void (*draw) (gpointer self, LescTui *tui, const LescTuiRect *area);
  /* TRUE when the key was the view's. `focused`: the view has the keyboard (Tab). */
  gboolean (*key) (gpointer self, LescTui *tui, int key, gboolean focused);
  /* A mouse click at (y, x) inside the last drawn area. */
  gboolean (*click) (gpointer self, LescTui *tui, int y, int x);
  /* The view has a cursor that the arrow keys move once it has the keyboard. */
  gboolean takes_arrows;
  /* Keys for the help screen: pairs of key and description, NULL-terminated. */
  const char *const *keys;
} LescTuiView;

/* The view of an id (frame.c). */
const LescTuiView *lesc_tui_view (LescTuiViewId id);

extern const LescTuiView lesc_tui_view_distributions;
extern const LescTuiView lesc_tui_view_measures;
extern const LescTuiView lesc_tui_view_sensitivity;
extern const LescTuiView lesc_tui_view_comparison;
extern const LescTuiView lesc_tui_view_cv;
extern const LescTuiView lesc_tui_view_correlations;

/* The index in the views table (session/views.h) of a terminal view, and back (−1 when
 * the terminal lacks it): the first five are the same, Correlations is the window's too. */
int lesc_tui_view_index (LescTuiViewId id);
int lesc_tui_view_from_index (int index);

struct _LescTui {
  LescSession *session;
  LescScreen *screen;
  LescTermGraphics graphics;
  GMainLoop *loop;
  int exit_status;

  LescTuiViewId view;
  gpointer view_state[LESC_TUI_N_VIEWS];
  gboolean view_focus;        /* the arrows go to the view's cursor */
  LescTuiPanel *panel;
  gboolean panel_hidden;
  gboolean help;
  LescTuiPrompt *prompt;      /* the value being typed, or NULL */
  LescTuiPicker *picker;      /* the data set picker, or NULL */
  LescTuiInspector *inspector; /* the sample inspector (inspector.h), or NULL: closed */
  LescLessonPlayer *lesson;   /* the lesson being played (lesson.h), or NULL */

  /* the figure the current view asked for during this frame (lesc_tui_show_figure) */
  LescTermFigure *want_figure;
  int want_y, want_x;
  guint redraw_id;
  guint clock_id;            /* redraws the elapsed time once a second while work runs */
  guint frame_id;            /* a redraw for a provisional frame held back (pacing) */
  gint64 frame_painted_us;   /* when the last provisional figure was made, its cost and run */
  gint64 frame_cost_us;
  gconstpointer frame_run;

  /* where things were drawn, for the mouse */
  LescTuiRect tabs[LESC_TUI_N_VIEWS];
  LescTuiRect panel_area, view_area;
};

/* A figure for the view area: painted and converted once per model version and size.
 * `overlay` may be NULL. */
typedef struct {
  LescTermFigure *figure;
  gconstpointer model;
  guint version;
  int cols, rows;
} LescTuiFigureCache;

/* The cached figure, re-rendered when `model`, `version` or the size changed. */
LescTermFigure *lesc_tui_figure_get (LescTuiFigureCache *c, LescTui *tui, int cols, int rows,
                                     LescPaintFunc paint, gconstpointer model, guint version,
                                     LescTermOverlay overlay, gpointer overlay_data);
void lesc_tui_figure_cache_clear (LescTuiFigureCache *c);

/* Show a figure at (y, x) in the view's slot (NULL: none). */
void lesc_tui_show_figure (LescTui *tui, int y, int x, LescTermFigure *f);

/* Ask for a redraw at the next idle moment. */
void lesc_tui_queue_redraw (LescTui *tui);
/* Pacing of a run's provisional figures (docs/speed.md, "End-to-end latency"): TRUE when
 * a view may make the next one of the run `run` (any pointer that tells runs apart) now;
 * otherwise a redraw is queued for when it may. The first frame of another run and a
 * final result are never held back. After making one, the view says when it started. */
gboolean lesc_tui_provisional_due (LescTui *tui, gconstpointer run);
void lesc_tui_provisional_painted (LescTui *tui, gconstpointer run, gint64 started_us);
/* Draw everything now and send it to the terminal (frame.c). */
void lesc_tui_frame_draw (LescTui *tui);
/* The view area's rectangle for a screen of `rows` × `cols` (frame.c). */
void lesc_tui_frame_layout (LescTui *tui, int rows, int cols);

/* Start typing a value: `title` is shown before the text; `check` refuses with a message. */
typedef gboolean (*LescTuiPromptDone) (LescTui *tui, const char *text, gpointer data, GError **error);
void lesc_tui_prompt_start (LescTui *tui, const char *title, const char *initial,
                            LescTuiPromptDone done, gpointer data);

/* A message line for the status bar (lesc_session_set_message). */
#define lesc_tui_message(tui, is_error, ...) lesc_session_set_message ((tui)->session, (is_error), __VA_ARGS__)

/* The method the panel's focus is in (−1 when the focus is elsewhere). */
int lesc_tui_focused_method (LescTui *tui);

G_END_DECLS
