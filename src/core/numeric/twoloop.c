/* The two-loop recursion in two halves, optionally on two threads (twoloop.h). */
#include "core/numeric/twoloop.h"
#include "core/numeric/symmetric.h"
#include "core/numeric/vector.h"

#include <string.h>

/* below this many entries the stored vectors fit the caches of one core: no helper */
#define THREAD_MIN_N 16384
/* spins of the barrier before it yields the processor */
#define SPINS 2000

struct _LescTwoLoop {
  gsize n, half;
  guint m;
  double *a[2];              /* each thread's own coefficients αₖ (identical values) */
  /* the call, handed to the helper */
  const double *const *s, *const *y;
  const double *ys, *g;
  double *p;
  guint stored;
  /* the helper: woken per call under `lock`, then synchronised by the spin barrier */
  GThread *helper;
  GMutex lock;
  GCond cond;
  guint calls;               /* calls handed out (under lock) */
  gboolean quit;
  gint arrived, sense;       /* the barrier */
  double partial[2][2][2];   /* [step parity][half][which sum] */
};

static gboolean
threaded (const LescTwoLoop *t)
{
  return t->helper != NULL;
}

/* Both threads wait here until both arrive (sense reversal). */
static void
barrier (LescTwoLoop *t, gint *sense)
{
  *sense = !*sense;
  if (g_atomic_int_add (&t->arrived, 1) == 1)
    {
      g_atomic_int_set (&t->arrived, 0);
      g_atomic_int_set (&t->sense, *sense);
      return;
    }
  for (guint spins = 0; g_atomic_int_get (&t->sense) != *sense; spins++)
    if (spins > SPINS)
      g_thread_yield ();
}

/* The halves this thread computes and the sums they share. */
typedef struct {
  LescTwoLoop *t;
  guint first, last;   /* halves first..last */
  double *a;
  gint sense;
  guint step;
} Part;

static gsize
lo (const Part *w, guint h)
{
  return h == 0 ? 0 : w->t->half;
}

static gsize
len (const Part *w, guint h)
{
  return h == 0 ? w->t->half : w->t->n - w->t->half;
}

/* After each thread has stored its halves' sums of this step: the totals, half 0 + half 1. */
static void
totals (Part *w, double *sum0, double *sum1)
{
  LescTwoLoop *t = w->t;
  if (threaded (t))
    barrier (t, &w->sense);
  double (*ps)[2] = t->partial[w->step & 1];
  *sum0 = ps[0][0] + ps[1][0];
  if (sum1 != NULL)
    *sum1 = ps[0][1] + ps[1][1];
  w->step++;
}

static double *
slot (Part *w, guint h)
{
  return w->t->partial[w->step & 1][h];
}

static void
run (Part *w)
{
  LescTwoLoop *t = w->t;
  const double *const *s = t->s, *const *y = t->y;
  double *q = t->p;
  guint stored = t->stored;
  double dot, yy;
  for (guint h = w->first; h <= w->last; h++)
    {
      gsize o = lo (w, h), l = len (w, h);
      memcpy (q + o, t->g + o, l * sizeof (double));
      slot (w, h)[0] = lesc_dot (s[0] + o, q + o, l);
      slot (w, h)[1] = lesc_dot (y[0] + o, y[0] + o, l);
    }
  totals (w, &dot, &yy);
  for (guint k = 0; k < stored; k++)   /* newest → oldest */
    {
      w->a[k] = (1.0 / t->ys[k]) * dot;
      for (guint h = w->first; h <= w->last; h++)
        {
          gsize o = lo (w, h), l = len (w, h);
          if (k + 1 < stored)
            slot (w, h)[0] = lesc_axpy_dot (-w->a[k], y[k] + o, q + o, s[k + 1] + o, l);
          else
            lesc_axpy (-w->a[k], y[k] + o, q + o, l);
        }
      if (k + 1 < stored)
        totals (w, &dot, NULL);
    }
  double gamma = t->ys[0] / yy;
  for (guint h = w->first; h <= w->last; h++)
    {
      gsize o = lo (w, h), l = len (w, h);
      slot (w, h)[0] = lesc_scale_dot (gamma, q + o, y[stored - 1] + o, l);
    }
  totals (w, &dot, NULL);
  for (guint k = stored; k-- > 0;)      /* oldest → newest */
    {
      double b = (1.0 / t->ys[k]) * dot;
      for (guint h = w->first; h <= w->last; h++)
        {
          gsize o = lo (w, h), l = len (w, h);
          if (k > 0)
            slot (w, h)[0] = lesc_axpy_dot (w->a[k] - b, s[k] + o, q + o, y[k - 1] + o, l);
          else
            lesc_axpy (w->a[k] - b, s[k] + o, q + o, l);
        }
      if (k > 0)
        totals (w, &dot, NULL);
    }
  for (guint h = w->first; h <= w->last; h++)
    lesc_scale (-1.0, q + lo (w, h), len (w, h));
  if (threaded (t))
    barrier (t, &w->sense);   /* p is complete when the call returns */
}

static gpointer
helper_main (gpointer data)
{
  LescTwoLoop *t = data;
  Part w = { t, 1, 1, t->a[1], 0, 0 };
  guint seen = 0;
  for (;;)
    {
      g_mutex_lock (&t->lock);
      while (t->calls == seen && !t->quit)
        g_cond_wait (&t->cond, &t->lock);
      gboolean quit = t->quit;
      seen = t->calls;
      g_mutex_unlock (&t->lock);
      if (quit)
        return NULL;
      w.step = 0;
      run (&w);
    }
}

LescTwoLoop *
lesc_two_loop_new (gsize n, guint m, guint threads)
{
  LescTwoLoop *t = g_new0 (LescTwoLoop, 1);
  t->n = n;
  t->half = (n / 2) & ~(gsize) 7;   /* whole groups of eight: lesc_dot's lanes */
  t->m = MAX (m, 1);
  t->a[0] = g_new0 (double, t->m);
  t->a[1] = g_new0 (double, t->m);
  g_mutex_init (&t->lock);
  g_cond_init (&t->cond);
  if (threads == 0)
    threads = n >= THREAD_MIN_N && lesc_blas_threads () > 1 ? 2 : 1;
  if (threads >= 2)
    t->helper = g_thread_try_new ("lesc-twoloop", helper_main, t, NULL);
  return t;
}

gboolean
lesc_two_loop_threaded (const LescTwoLoop *t)
{
  return threaded (t);
}

void
lesc_two_loop_direction (LescTwoLoop *t, const double *const *s, const double *const *y,
                         const double *ys, guint stored, const double *g, double *p)
{
  g_return_if_fail (stored >= 1 && stored <= t->m);
  t->s = s, t->y = y, t->ys = ys, t->stored = stored, t->g = g, t->p = p;
  Part w = { t, 0, 1, t->a[0], 0, 0 };
  if (threaded (t))
    {
      g_mutex_lock (&t->lock);
      t->calls++;
      g_cond_signal (&t->cond);
      g_mutex_unlock (&t->lock);
      w.last = 0;
      /* the barrier's sense carries over between calls: keep this thread's */
      w.sense = g_atomic_int_get (&t->sense);
    }
  run (&w);
}

void
lesc_two_loop_free (LescTwoLoop *t)
{
  if (t == NULL)
    return;
  if (t->helper != NULL)
    {
      g_mutex_lock (&t->lock);
      t->quit = TRUE;
      g_cond_signal (&t->cond);
      g_mutex_unlock (&t->lock);
      g_thread_join (t->helper);
    }
  g_mutex_clear (&t->lock);
  g_cond_clear (&t->cond);
  g_free (t->a[0]);
  g_free (t->a[1]);
  g_free (t);
}
