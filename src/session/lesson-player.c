/* The lesson player (lesson-player.h). */
#include "config.h"
#include "session/lesson-player.h"

#include <glib/gi18n.h>

/* What entering remembers. */
typedef struct {
  char *data;                 /* NULL: no data set was open */
  guint32 seed;
  LescVariant variant;
  gboolean auto_run;
  gboolean ticked[LESC_SESSION_MAX_METHODS];
  double values[LESC_SESSION_MAX_METHODS][LESC_MAX_PARAMS];
  int view;
} Snapshot;

struct _LescLessonPlayer {
  LescSession *session;
  LescLesson *lesson;
  guint current;
  Snapshot before;
};

static void
snapshot_take (LescSession *s, int view, Snapshot *out)
{
  out->data = lesc_session_dataset (s) != NULL ? lesc_session_data_text (s) : NULL;
  out->seed = lesc_session_seed (s);
  out->variant = lesc_session_variant (s);
  out->auto_run = lesc_session_auto_run (s);
  out->view = view;
  for (guint i = 0; i < lesc_session_n_methods (s) && i < LESC_SESSION_MAX_METHODS; i++)
    {
      LescSessionMethod *m = lesc_session_method (s, i);
      out->ticked[i] = m->ticked;
      for (guint k = 0; k < m->method->n_params && k < LESC_MAX_PARAMS; k++)
        out->values[i][k] = m->params.values[k];
    }
}

/* Open `data` unless it is open already (reopening would drop the results). */
static gboolean
open_data (LescSession *s, const char *data, GError **error)
{
  g_autofree char *now = lesc_session_dataset (s) != NULL ? lesc_session_data_text (s) : NULL;
  if (g_strcmp0 (now, data) == 0)
    return TRUE;
  return lesc_session_open_typed (s, data, error);
}

static void
snapshot_restore (LescSession *s, const Snapshot *snap)
{
  lesc_session_set_auto_run (s, FALSE);   /* nothing runs while half of it is back */
  if (snap->data != NULL)
    {
      g_autoptr (GError) error = NULL;
      if (!open_data (s, snap->data, &error))
        lesc_session_set_message (s, TRUE, _("The data set before the lesson could not be read again: %s"),
                                  error->message);
    }
  lesc_session_set_seed (s, snap->seed);
  lesc_session_set_variant (s, snap->variant);
  for (guint i = 0; i < lesc_session_n_methods (s) && i < LESC_SESSION_MAX_METHODS; i++)
    {
      LescSessionMethod *m = lesc_session_method (s, i);
      for (guint k = 0; k < m->method->n_params && k < LESC_MAX_PARAMS; k++)
        lesc_session_set_value (s, i, k, snap->values[i][k]);
      lesc_session_set_ticked (s, i, snap->ticked[i]);
    }
  lesc_session_set_auto_run (s, snap->auto_run);
}

gboolean
lesc_lesson_player_go (LescLessonPlayer *p, guint i, GError **error)
{
  LescLesson *l = p->lesson;
  g_return_val_if_fail (i < lesc_lesson_n_steps (l), FALSE);
  p->current = i;
  LescLessonState st;
  lesc_lesson_state_at (l, i, &st);
  LescSession *s = p->session;
  gboolean auto_run = lesc_session_auto_run (s);
  lesc_session_set_auto_run (s, FALSE);
  gboolean ok = TRUE;
  if (st.data != NULL)
    {
      g_autoptr (GError) local = NULL;
      ok = open_data (s, st.data, &local);
      if (!ok)
        g_set_error (error, local->domain, local->code, "%s: step %u: %s", l->path, i + 1,
                     local->message);
    }
  lesc_session_set_variant (s, st.variant);
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint r = 0; r < st.n_methods; r++)
    {
      int si = lesc_session_find_method (s, all[r]->name);
      if (si < 0)
        continue;
      for (guint k = 0; k < all[r]->n_params && k < LESC_MAX_PARAMS; k++)
        lesc_session_set_value (s, (guint) si, k, st.values[r][k]);
      lesc_session_set_ticked (s, (guint) si, st.ticked[r]);
    }
  lesc_session_set_auto_run (s, auto_run);
  return ok;
}

LescLessonPlayer *
lesc_lesson_player_enter (LescSession *s, LescLesson *lesson, int view, GError **error)
{
  LescLessonPlayer *p = g_new0 (LescLessonPlayer, 1);
  p->session = s;
  p->lesson = lesson;
  snapshot_take (s, view, &p->before);
  lesc_lesson_player_go (p, 0, error);
  return p;
}

int
lesc_lesson_player_leave (LescLessonPlayer *p)
{
  snapshot_restore (p->session, &p->before);
  int view = p->before.view;
  g_free (p->before.data);
  lesc_lesson_free (p->lesson);
  g_free (p);
  return view;
}

gboolean
lesc_lesson_player_next (LescLessonPlayer *p, GError **error)
{
  if (p->current + 1 >= lesc_lesson_n_steps (p->lesson))
    return FALSE;
  lesc_lesson_player_go (p, p->current + 1, error);
  return TRUE;
}

gboolean
lesc_lesson_player_previous (LescLessonPlayer *p, GError **error)
{
  if (p->current == 0)
    return FALSE;
  lesc_lesson_player_go (p, p->current - 1, error);
  return TRUE;
}

const LescLesson *lesc_lesson_player_lesson (LescLessonPlayer *p) { return p->lesson; }
guint lesc_lesson_player_current (LescLessonPlayer *p) { return p->current; }

const LescLessonStep *
lesc_lesson_player_step (LescLessonPlayer *p)
{
  return lesc_lesson_step (p->lesson, p->current);
}

int
lesc_lesson_player_view (LescLessonPlayer *p)
{
  LescLessonState st;
  lesc_lesson_state_at (p->lesson, p->current, &st);
  return st.view;
}

const char *
lesc_lesson_player_highlight (LescLessonPlayer *p)
{
  return lesc_lesson_player_step (p)->highlight;
}

char *
lesc_lesson_player_heading (LescLessonPlayer *p)
{
  /* TRANSLATORS: "Step 3 of 8 · A baseline, and why it is blocky" */
  return g_strdup_printf (_("Step %u of %u · %s"), p->current + 1, lesc_lesson_n_steps (p->lesson),
                          lesc_lesson_player_step (p)->title);
}
