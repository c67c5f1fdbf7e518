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

/* Enter `lesson` (owned by the player from now on) on `s`; `view` is the face's view (an
 * index into lesc_views (), given back by lesc_lesson_player_leave). Step 1 is applied:
 * when it fails (its data set cannot be read), `error` says why and the player is there all
 * the same, on step 1. */
LescLessonPlayer *lesc_lesson_player_enter (LescSession *s, LescLesson *lesson, int view,
                                            GError **error);
/* Put the session back as it was at enter, and free the player; the view to go back to. */
int lesc_lesson_player_leave (LescLessonPlayer *p);

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
