#include "core/base/progress.h"

#include <string.h>

void
lesc_progress_init (LescProgress *p, LescProgressFunc func, gpointer user_data,
                    GCancellable *cancellable)
{
  memset (p, 0, sizeof *p);
  p->func = func;
  p->user_data = user_data;
  p->cancellable = cancellable;
  p->lo = 0.0;
  p->hi = 1.0;
  p->root = p;
}

LescProgress
lesc_progress_sub (LescProgress *parent, double lo, double hi)
{
  LescProgress s;
  memset (&s, 0, sizeof s);
  if (parent == NULL)
    {
      s.hi = 1.0;
      s.root = NULL;
      return s;
    }
  double w = parent->hi - parent->lo;
  s.func = parent->func;
  s.user_data = parent->user_data;
  s.cancellable = parent->cancellable;
  s.lo = parent->lo + w * lo;
  s.hi = parent->lo + w * hi;
  s.root = parent->root;
  return s;
}

void
lesc_progress_report (LescProgress *p, double fraction, const char *stage)
{
  if (p == NULL || p->root == NULL || p->func == NULL)
    return;
  LescProgress *root = p->root;
  fraction = CLAMP (fraction, 0.0, 1.0);
  gint64 now = g_get_monotonic_time ();
  gboolean new_stage = stage != NULL && strncmp (stage, root->last_stage, sizeof root->last_stage - 1) != 0;
  if (!new_stage && now - root->last_report_us < 100000)
    return;
  root->last_report_us = now;
  if (stage != NULL)
    g_strlcpy (root->last_stage, stage, sizeof root->last_stage);
  p->func (p->lo + (p->hi - p->lo) * fraction, root->last_stage, p->user_data);
}

struct _LescGate {
  gint ref_count;
  GMutex lock;
  GCond cond;
  guint closed;
  gint64 waited_us;     /* the waits that ended */
  gint64 waiting_since; /* the wait under way began (0: none) */
};

LescGate *
lesc_gate_new (void)
{
  LescGate *g = g_new0 (LescGate, 1);
  g->ref_count = 1;
  g_mutex_init (&g->lock);
  g_cond_init (&g->cond);
  return g;
}

LescGate *
lesc_gate_ref (LescGate *g)
{
  g_atomic_int_inc (&g->ref_count);
  return g;
}

void
lesc_gate_unref (LescGate *g)
{
  if (g == NULL || !g_atomic_int_dec_and_test (&g->ref_count))
    return;
  g_mutex_clear (&g->lock);
  g_cond_clear (&g->cond);
  g_free (g);
}

void
lesc_gate_close (LescGate *g)
{
  g_mutex_lock (&g->lock);
  g->closed++;
  g_mutex_unlock (&g->lock);
}

void
lesc_gate_open (LescGate *g)
{
  g_mutex_lock (&g->lock);
  if (g->closed > 0 && --g->closed == 0)
    g_cond_broadcast (&g->cond);
  g_mutex_unlock (&g->lock);
}

gboolean
lesc_gate_is_closed (LescGate *g)
{
  g_mutex_lock (&g->lock);
  gboolean closed = g->closed > 0;
  g_mutex_unlock (&g->lock);
  return closed;
}

double
lesc_gate_waited_seconds (LescGate *g)
{
  g_mutex_lock (&g->lock);
  gint64 us = g->waited_us + (g->waiting_since != 0 ? g_get_monotonic_time () - g->waiting_since : 0);
  g_mutex_unlock (&g->lock);
  return (double) us / 1e6;
}

/* Wait while the gate is closed; a cancel is seen within 50 ms (a GCancellable has no
 * condition to wait on together with the gate's). */
static void
gate_wait (LescGate *g, GCancellable *cancellable)
{
  g_mutex_lock (&g->lock);
  if (g->closed == 0)
    {
      g_mutex_unlock (&g->lock);
      return;
    }
  gint64 start = g->waiting_since = g_get_monotonic_time ();
  while (g->closed > 0 && !g_cancellable_is_cancelled (cancellable))
    g_cond_wait_until (&g->cond, &g->lock, g_get_monotonic_time () + 50 * G_TIME_SPAN_MILLISECOND);
  g->waited_us += g_get_monotonic_time () - start;
  g->waiting_since = 0;
  g_mutex_unlock (&g->lock);
}

void
lesc_progress_set_gate (LescProgress *p, LescGate *gate)
{
  g_return_if_fail (p->root == p);
  p->gate = gate;
}

gboolean
lesc_progress_cancelled (LescProgress *p, GError **error)
{
  if (p == NULL)
    return FALSE;
  if (p->root != NULL && p->root->gate != NULL)
    gate_wait (p->root->gate, p->cancellable);
  if (p->cancellable == NULL)
    return FALSE;
  return g_cancellable_set_error_if_cancelled (p->cancellable, error);
}

/* the shortest time between two provisional frames */
#define FRAME_INTERVAL_US 100000

void
lesc_progress_set_frames (LescProgress *p, LescFrameFunc func, gpointer user_data)
{
  g_return_if_fail (p->root == p);
  p->frame_func = func;
  p->frame_data = user_data;
  p->last_frame_us = 0;
}

gboolean
lesc_progress_wants_frames (LescProgress *p)
{
  return p != NULL && p->root != NULL && p->root->frame_func != NULL;
}

gboolean
lesc_progress_frame_due (LescProgress *p)
{
  if (!lesc_progress_wants_frames (p))
    return FALSE;
  LescProgress *root = p->root;
  return root->last_frame_us == 0
         || g_get_monotonic_time () - root->last_frame_us >= FRAME_INTERVAL_US;
}

void
lesc_progress_frame (LescProgress *p, const LescProgressFrame *frame)
{
  if (p == NULL || p->root == NULL || p->root->frame_func == NULL)
    return;
  if (!frame->final && !lesc_progress_frame_due (p))
    return;
  LescProgress *root = p->root;
  root->last_frame_us = g_get_monotonic_time ();
  root->frame_func (frame, root->frame_data);
}
