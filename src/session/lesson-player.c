/* The lesson player (lesson-player.h). */
#include "config.h"
#include "session/lesson-player.h"

#include <glib/gi18n.h>

/* What entering remembers (methods in the registry's order). */
typedef struct {
  char *data;                 /* NULL: no data set was open */
  guint32 seed;
  LescVariant variant;
  gboolean auto_run;
  gboolean ticked[LESC_LESSON_MAX_METHODS];
  double values[LESC_LESSON_MAX_METHODS][LESC_MAX_PARAMS];
  int view;
} Snapshot;

struct _LescLessonPlayer {
  const LescLessonFace *ops;
  gpointer face;
  LescLesson *lesson;
  guint current;
  Snapshot before;
};

/* ---- the session as a face ---------------------------------------------------------------- */

static char *
session_data_text (gpointer face)
{
  LescSession *s = face;
  return lesc_session_dataset (s) != NULL ? lesc_session_data_text (s) : NULL;
}

static gboolean
session_open_data (gpointer face, const char *text, GError **error)
{
  return lesc_session_open_typed (face, text, error);
}

static guint32 session_seed (gpointer face) { return lesc_session_seed (face); }
static void session_set_seed (gpointer face, guint32 seed) { lesc_session_set_seed (face, seed); }
static LescVariant session_variant (gpointer face) { return lesc_session_variant (face); }
static void session_set_variant (gpointer face, LescVariant v) { lesc_session_set_variant (face, v); }
static gboolean session_auto_run (gpointer face) { return lesc_session_auto_run (face); }
static void session_set_auto_run (gpointer face, gboolean on) { lesc_session_set_auto_run (face, on); }

static LescSessionMethod *
session_method (LescSession *s, const LescMethod *m, int *index)
{
  *index = lesc_session_find_method (s, m->name);
  return *index >= 0 ? lesc_session_method (s, (guint) *index) : NULL;
}

static gboolean
session_ticked (gpointer face, const LescMethod *m)
{
  int i;
  LescSessionMethod *sm = session_method (face, m, &i);
  return sm != NULL && sm->ticked;
}

static void
session_set_ticked (gpointer face, const LescMethod *m, gboolean ticked)
{
  int i;
  if (session_method (face, m, &i) != NULL)
    lesc_session_set_ticked (face, (guint) i, ticked);
}

static double
session_value (gpointer face, const LescMethod *m, guint k)
{
  int i;
  LescSessionMethod *sm = session_method (face, m, &i);
  return sm != NULL ? sm->params.values[k] : m->params[k].default_value;
}

static void
session_set_value (gpointer face, const LescMethod *m, guint k, double value)
{
  int i;
  if (session_method (face, m, &i) != NULL)
    lesc_session_set_value (face, (guint) i, k, value);
}

static void
session_message (gpointer face, const char *text)
{
  lesc_session_set_message (face, TRUE, "%s", text);
}

static const LescLessonFace session_face = {
  session_data_text, session_open_data, session_seed, session_set_seed, session_variant,
  session_set_variant, session_auto_run, session_set_auto_run, session_ticked, session_set_ticked,
  session_value, session_set_value, session_message,
};

/* ---- the player ---------------------------------------------------------------------------- */

static gboolean
get_auto_run (LescLessonPlayer *p)
{
  return p->ops->auto_run != NULL && p->ops->auto_run (p->face);
}

static void
set_auto_run (LescLessonPlayer *p, gboolean on)
{
  if (p->ops->set_auto_run != NULL)
    p->ops->set_auto_run (p->face, on);
}

static void
snapshot_take (LescLessonPlayer *p, int view, Snapshot *out)
{
  out->data = p->ops->data_text (p->face);
  out->seed = p->ops->seed (p->face);
  out->variant = p->ops->variant (p->face);
  out->auto_run = get_auto_run (p);
  out->view = view;
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint r = 0; r < n && r < LESC_LESSON_MAX_METHODS; r++)
    {
      out->ticked[r] = p->ops->ticked (p->face, all[r]);
      for (guint k = 0; k < all[r]->n_params && k < LESC_MAX_PARAMS; k++)
        out->values[r][k] = p->ops->value (p->face, all[r], k);
    }
}

/* Open `data` unless it is open already (reopening would drop the results). */
static gboolean
open_data (LescLessonPlayer *p, const char *data, GError **error)
{
  g_autofree char *now = p->ops->data_text (p->face);
  if (g_strcmp0 (now, data) == 0)
    return TRUE;
  return p->ops->open_data (p->face, data, error);
}

/* Ticks and values of every registry method (r: the registry's order). */
static void
set_methods (LescLessonPlayer *p, const gboolean *ticked, double values[][LESC_MAX_PARAMS])
{
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint r = 0; r < n && r < LESC_LESSON_MAX_METHODS; r++)
    {
      for (guint k = 0; k < all[r]->n_params && k < LESC_MAX_PARAMS; k++)
        p->ops->set_value (p->face, all[r], k, values[r][k]);
      p->ops->set_ticked (p->face, all[r], ticked[r]);
    }
}

static void
snapshot_restore (LescLessonPlayer *p, Snapshot *snap)
{
  set_auto_run (p, FALSE);   /* nothing runs while half of it is back */
  if (snap->data != NULL)
    {
      g_autoptr (GError) error = NULL;
      if (!open_data (p, snap->data, &error) && p->ops->message != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The data set before the lesson could not be read again: %s"),
                                                   error->message);
          p->ops->message (p->face, text);
        }
    }
  p->ops->set_seed (p->face, snap->seed);
  p->ops->set_variant (p->face, snap->variant);
  set_methods (p, snap->ticked, snap->values);
  set_auto_run (p, snap->auto_run);
}

gboolean
lesc_lesson_player_go (LescLessonPlayer *p, guint i, GError **error)
{
  LescLesson *l = p->lesson;
  g_return_val_if_fail (i < lesc_lesson_n_steps (l), FALSE);
  p->current = i;
  LescLessonState st;
  lesc_lesson_state_at (l, i, &st);
  gboolean auto_run = get_auto_run (p);
  set_auto_run (p, FALSE);
  gboolean ok = TRUE;
  if (st.data != NULL)
    {
      g_autoptr (GError) local = NULL;
      ok = open_data (p, st.data, &local);
      if (!ok)
        g_set_error (error, local->domain, local->code, "%s: step %u: %s", l->path, i + 1,
                     local->message);
    }
  p->ops->set_variant (p->face, st.variant);
  set_methods (p, st.ticked, st.values);
  set_auto_run (p, auto_run);
  return ok;
}

LescLessonPlayer *
lesc_lesson_player_enter_face (const LescLessonFace *ops, gpointer face, LescLesson *lesson,
                               int view, GError **error)
{
  LescLessonPlayer *p = g_new0 (LescLessonPlayer, 1);
  p->ops = ops;
  p->face = face;
  p->lesson = lesson;
  snapshot_take (p, view, &p->before);
  lesc_lesson_player_go (p, 0, error);
  return p;
}

LescLessonPlayer *
lesc_lesson_player_enter (LescSession *s, LescLesson *lesson, int view, GError **error)
{
  return lesc_lesson_player_enter_face (&session_face, s, lesson, view, error);
}

int
lesc_lesson_player_leave (LescLessonPlayer *p)
{
  snapshot_restore (p, &p->before);
  int view = p->before.view;
  lesc_lesson_player_free (p);
  return view;
}

void
lesc_lesson_player_free (LescLessonPlayer *p)
{
  if (p == NULL)
    return;
  g_free (p->before.data);
  lesc_lesson_free (p->lesson);
  g_free (p);
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
