/* Playing a lesson (session/lesson.h) over a session: entering remembers the session's state
 * (data set with its options, parameters, ticks, variant, seed, auto-run, the face's view),
 * each step sets the state it states (lesc_lesson_state_at: the same whichever way the step
 * is reached), the user may change anything in between, and leaving puts the remembered
 * state back. Views and highlights are the face's to show: the player says which. */
#pragma once
#include "session/lesson.h"
#include "session/session.h"

G_BEGIN_DECLS

typedef struct _LescLessonPlayer LescLessonPlayer;

/* What a player sets and remembers, for a face that keeps its state elsewhere than in a
 * LescSession (the window keeps it in its controls). Methods by the registry's LescMethod;
 * `k` indexes method->params. auto_run and set_auto_run may be NULL (runs need not be
 * held off while a step is set); message may be NULL. */
typedef struct {
  /* the data set as lesc reads it ("artificial", "/abs/w.csv --label-columns 3"), or NULL */
  char *(*data_text) (gpointer face);
  /* open it; FALSE with an error (a face that reads in the background reports later) */
  gboolean (*open_data) (gpointer face, const char *text, GError **error);
  guint32 (*seed) (gpointer face);
  void (*set_seed) (gpointer face, guint32 seed);
  LescVariant (*variant) (gpointer face);
  void (*set_variant) (gpointer face, LescVariant variant);
  gboolean (*auto_run) (gpointer face);
  void (*set_auto_run) (gpointer face, gboolean on);
  gboolean (*ticked) (gpointer face, const LescMethod *m);
  void (*set_ticked) (gpointer face, const LescMethod *m, gboolean ticked);
  double (*value) (gpointer face, const LescMethod *m, guint k);
  void (*set_value) (gpointer face, const LescMethod *m, guint k, double value);
  /* the data set before the lesson could not be read again: say so */
  void (*message) (gpointer face, const char *text);
} LescLessonFace;

/* Enter `lesson` (owned by the player from now on) on `s`; `view` is the face's view (an
 * index into lesc_views (), given back by lesc_lesson_player_leave). Step 1 is applied:
 * when it fails (its data set cannot be read), `error` says why and the player is there all
 * the same, on step 1. */
LescLessonPlayer *lesc_lesson_player_enter (LescSession *s, LescLesson *lesson, int view,
                                            GError **error);
/* The same over any face: `face` is handed to every function of `ops`. */
LescLessonPlayer *lesc_lesson_player_enter_face (const LescLessonFace *ops, gpointer face,
                                                 LescLesson *lesson, int view, GError **error);
/* Put the session back as it was at enter, and free the player; the view to go back to. */
int lesc_lesson_player_leave (LescLessonPlayer *p);

/* Free the player without putting anything back (its face is going away). */
void lesc_lesson_player_free (LescLessonPlayer *p);

/* Go to step i (0-based) and apply its state; FALSE with `error` (the file and the step)
 * when its data set cannot be read — the rest of the state is applied. */
gboolean lesc_lesson_player_go (LescLessonPlayer *p, guint i, GError **error);
/* The next or the previous step; FALSE (nothing changes, no error) at the end or start. */
gboolean lesc_lesson_player_next (LescLessonPlayer *p, GError **error);
gboolean lesc_lesson_player_previous (LescLessonPlayer *p, GError **error);

const LescLesson *lesc_lesson_player_lesson (LescLessonPlayer *p);
guint lesc_lesson_player_current (LescLessonPlayer *p);
const LescLessonStep *lesc_lesson_player_step (LescLessonPlayer *p);
/* The view the current step shows (index into lesc_views ()), or −1 (leave it as it is). */
int lesc_lesson_player_view (LescLessonPlayer *p);
/* The control the current step points at, or NULL. */
const char *lesc_lesson_player_highlight (LescLessonPlayer *p);
/* "Step 3 of 8 · A baseline, and why it is blocky" (translated) */
char *lesc_lesson_player_heading (LescLessonPlayer *p);

G_END_DECLS
