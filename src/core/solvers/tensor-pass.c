/* The tensor step's pass over the spectra: per block of frequencies, D = X̂S, then per
 * frequency the SVT of the slice and R₀, then the X_vR₀ update, on the step's threads
 * (tensor.c has the overview and the arrangement of the state). */
#include "core/solvers/tensor-private.h"
#include "core/base/simd.h"

#include <cblas.h>
#include <math.h>
#include <string.h>

/* Pointers to frequency f's slice of every array the per-frequency work touches. */
typedef struct {
  double *t[2][2], *z[2][2], *g[2][2];   /* [view][re, im] */
  double *d[2][2], *r[2][2];             /* D (read), R₀ (written) */
  gboolean clear_d[2];                   /* zero D once read (BLAS then adds to it) */
  double *m;
} Slice;

static void
slice_at (const Pass *ps, gsize b, gsize f, Slice *sl)
{
  Tensor *tn = ps->tn;
  gsize n = tn->n, o = f * n, ob = (f - b * tn->block) * n;
  for (int v = 0; v < 2; v++)
    {
      View *w = &tn->v[v];
      sl->t[v][0] = w->tr + o, sl->t[v][1] = w->ti + o;
      sl->z[v][0] = w->zr + o, sl->z[v][1] = w->zi + o;
      sl->g[v][0] = w->gr ? w->gr + o : NULL, sl->g[v][1] = w->gi ? w->gi + o : NULL;
      sl->clear_d[v] = w->woodbury && w->d > SMALL_D;
      for (int p = 0; p < 2; p++)
        if (w->woodbury)
          sl->d[v][p] = tn->dbuf[b & 1][v][p] + ob, sl->r[v][p] = tn->rbuf[b & 1][v][p] + ob;
        else
          sl->d[v][p] = sl->r[v][p] = (p == 0 ? w->dr : w->di) + o;
    }
  sl->m = tn->m + 4 * f;
}

/* The sweeps run over a slice four entries at a time; the last group may be partial
 * (`rest` < 4 valid entries): it is read padded with zeros, which add nothing to the sums,
 * and only its valid entries are written. */
#define load_part(p, rest) \
  ({ LescVec4 v_ = { 0.0, 0.0, 0.0, 0.0 }; memcpy (&v_, (p), MIN ((rest), 4) * sizeof (double)); v_; })
#define store_part(p, v, rest) \
  do { LescVec4 w_ = (v); memcpy ((p), &w_, MIN ((rest), 4) * sizeof (double)); } while (0)

#define LD(p) (rest >= 4 ? LESC_LOAD4 (p) : load_part ((p), rest))
#define ST(p, v) do { if (rest >= 4) *(LescVec4 *) (p) = (v); else store_part ((p), (v), rest); } while (0)

/* T ← T·M_old + D (= G + D) and its Gram matrix SᴴS = [a b; b̄ c]; with `last`, also
 * Ẑ = R₀ + D, R₀ = G + r(G − T). */
static G_ALWAYS_INLINE inline void
sweep_input (const Slice *sl, gsize n, double r_last, gboolean last, double gram[4])
{
  const double m11 = sl->m[0], m22 = sl->m[1], mr = sl->m[2], mi = sl->m[3];
  double *restrict t1r = sl->t[0][0], *restrict t1i = sl->t[0][1];
  double *restrict t2r = sl->t[1][0], *restrict t2i = sl->t[1][1];
  double *restrict d1r = sl->d[0][0], *restrict d1i = sl->d[0][1];
  double *restrict d2r = sl->d[1][0], *restrict d2i = sl->d[1][1];
  double *restrict z1r = sl->z[0][0], *restrict z1i = sl->z[0][1];
  double *restrict z2r = sl->z[1][0], *restrict z2i = sl->z[1][1];
  const gboolean clear1 = sl->clear_d[0], clear2 = sl->clear_d[1];
  const LescVec4 zero = { 0.0, 0.0, 0.0, 0.0 };
  LescVec4 a = { 0 }, c = { 0 }, br = { 0 }, bi = { 0 };
  for (gsize j = 0; j < n; j += 4)
    {
      gsize rest = n - j;
      LescVec4 xr = LD (t1r + j), xi = LD (t1i + j), yr = LD (t2r + j), yi = LD (t2i + j);
      LescVec4 g1r, g1i, g2r, g2i;
      MIX (m11, m22, mr, mi, xr, xi, yr, yi, g1r, g1i, g2r, g2i);
      LescVec4 e1r = LD (d1r + j), e1i = LD (d1i + j), e2r = LD (d2r + j), e2i = LD (d2i + j);
      if (clear1)
        {
          ST (d1r + j, zero);
          ST (d1i + j, zero);
        }
      if (clear2)
        {
          ST (d2r + j, zero);
          ST (d2i + j, zero);
        }
      if (last)
        {
          ST (z1r + j, g1r + r_last * (g1r - xr) + e1r);
          ST (z1i + j, g1i + r_last * (g1i - xi) + e1i);
          ST (z2r + j, g2r + r_last * (g2r - yr) + e2r);
          ST (z2i + j, g2i + r_last * (g2i - yi) + e2i);
        }
      xr = g1r + e1r, xi = g1i + e1i, yr = g2r + e2r, yi = g2i + e2i;
      ST (t1r + j, xr);
      ST (t1i + j, xi);
      ST (t2r + j, yr);
      ST (t2i + j, yi);
      a += xr * xr + xi * xi;
      c += yr * yr + yi * yi;
      br += xr * yr + xi * yi;
      bi += xr * yi - xi * yr;
    }
  gram[0] = LESC_HSUM4 (a), gram[1] = LESC_HSUM4 (c);
  gram[2] = LESC_HSUM4 (br), gram[3] = LESC_HSUM4 (bi);
}

/* The `samples` SVT of the slice S = [t₁ t₂] with threshold th as a 2×2 matrix:
 * S·M, M = V·diag(max(σ − th, 0)/σ)·Vᴴ = g₋I + (g₊ − g₋)P₊, where P₊ = ½I + (SᴴS −
 * ½(a + c)I)/δ projects on the larger singular value's vector. σ₊ comes from the Gram
 * matrix; the smaller σ₋ = r₁₁r₂₂/σ₊ from the R factor of S (one Gram–Schmidt step
 * against the longer column), as accurate as a direct SVD (σ₋² of the Gram matrix alone
 * loses the digits that matter near th). */
static G_ALWAYS_INLINE inline void
slice_svt (const Slice *sl, gsize n, const double gram[4], double th)
{
  const double *restrict s1r = sl->t[0][0], *restrict s1i = sl->t[0][1];
  const double *restrict s2r = sl->t[1][0], *restrict s2i = sl->t[1][1];
  double a = gram[0], c = gram[1], br = gram[2], bi = gram[3];
  /* r₂₂² = ‖p s₁ + q s₂‖²: s₂ − s₁b/a when a ≥ c, else s₁ − s₂b̄/c */
  double pr = 1.0, pi = 0.0, qr = 1.0, qi = 0.0;
  if (a >= c)
    {
      pr = a > 0.0 ? -br / a : 0.0;
      pi = a > 0.0 ? -bi / a : 0.0;
    }
  else
    {
      qr = -br / c;
      qi = bi / c;
    }
  LescVec4 acc = { 0 };
  for (gsize j = 0; j < n; j += 4)
    {
      gsize rest = n - j;
      LescVec4 xr = LD (s1r + j), xi = LD (s1i + j), yr = LD (s2r + j), yi = LD (s2i + j);
      LescVec4 rr = pr * xr - pi * xi + qr * yr - qi * yi;
      LescVec4 ri = pr * xi + pi * xr + qr * yi + qi * yr;
      acc += rr * rr + ri * ri;
    }
  double r2 = LESC_HSUM4 (acc);
  double delta = hypot (a - c, 2.0 * hypot (br, bi));
  double sp = sqrt (0.5 * (a + c + delta));
  double sm = sp > 0.0 ? sqrt (MAX (a, c)) * sqrt (r2) / sp : 0.0;
  double gp = sp > th ? (sp - th) / sp : 0.0;
  double gm = sm > th ? (sm - th) / sm : 0.0;
  double *m = sl->m;
  m[0] = m[1] = gm, m[2] = m[3] = 0.0;
  if (delta > 0.0)
    {
      double h = 0.5 * (a - c) / delta, dg = gp - gm;
      m[0] = gm + dg * (0.5 + h);
      m[1] = gm + dg * (0.5 - h);
      m[2] = dg * br / delta;
      m[3] = dg * bi / delta;
    }
}

/* R₀ = G + r(G − T) = T·N, N = (1 + r)M − rI, into the slice's R₀ storage; with `last`,
 * ‖Z − G‖² of both views into e. */
static G_ALWAYS_INLINE inline void
sweep_output (const Slice *sl, gsize n, double r, gboolean last, double e[2])
{
  const double m11 = sl->m[0], m22 = sl->m[1], mr = sl->m[2], mi = sl->m[3];
  const double n11 = (1.0 + r) * m11 - r, n22 = (1.0 + r) * m22 - r;
  const double nr = (1.0 + r) * mr, ni = (1.0 + r) * mi;
  const double *restrict t1r = sl->t[0][0], *restrict t1i = sl->t[0][1];
  const double *restrict t2r = sl->t[1][0], *restrict t2i = sl->t[1][1];
  double *restrict d1r = sl->r[0][0], *restrict d1i = sl->r[0][1];
  double *restrict d2r = sl->r[1][0], *restrict d2i = sl->r[1][1];
  const double *restrict z1r = sl->z[0][0], *restrict z1i = sl->z[0][1];
  const double *restrict z2r = sl->z[1][0], *restrict z2i = sl->z[1][1];
  LescVec4 e1 = { 0 }, e2 = { 0 };
  for (gsize j = 0; j < n; j += 4)
    {
      gsize rest = n - j;
      LescVec4 xr = LD (t1r + j), xi = LD (t1i + j), yr = LD (t2r + j), yi = LD (t2i + j);
      LescVec4 g1r, g1i, g2r, g2i;
      MIX (n11, n22, nr, ni, xr, xi, yr, yi, g1r, g1i, g2r, g2i);
      ST (d1r + j, g1r);
      ST (d1i + j, g1i);
      ST (d2r + j, g2r);
      ST (d2i + j, g2i);
      if (last)
        {
          MIX (m11, m22, mr, mi, xr, xi, yr, yi, g1r, g1i, g2r, g2i);
          LescVec4 u1r = LD (z1r + j) - g1r, u1i = LD (z1i + j) - g1i;
          LescVec4 u2r = LD (z2r + j) - g2r, u2i = LD (z2i + j) - g2i;
          e1 += u1r * u1r + u1i * u1i;
          e2 += u2r * u2r + u2i * u2i;
        }
    }
  e[0] = LESC_HSUM4 (e1), e[1] = LESC_HSUM4 (e2);
}


/* `views`, before its SVT: T ← G + D; with `last`, Ẑ = G + r(G − T) + D. */
static void
sweep_views_input (const Slice *sl, gsize n, double r_last, gboolean last)
{
  for (int v = 0; v < 2; v++)
    for (int p = 0; p < 2; p++)
      {
        double *restrict t = sl->t[v][p], *restrict z = sl->z[v][p], *restrict d = sl->d[v][p];
        const double *restrict g = sl->g[v][p];
        for (gsize j = 0; j < n; j++)
          {
            if (last)
              z[j] = g[j] + r_last * (g[j] - t[j]) + d[j];
            t[j] = g[j] + d[j];
            if (sl->clear_d[v])
              d[j] = 0.0;
          }
      }
}

/* `views`, after its SVT: R₀ = G + r(G − T); with `last`, ‖Z − G‖² into e. */
static void
sweep_views_output (const Slice *sl, gsize n, double r, gboolean last, double e[2])
{
  for (int v = 0; v < 2; v++)
    {
      e[v] = 0.0;
      for (int p = 0; p < 2; p++)
        {
          const double *restrict t = sl->t[v][p], *restrict z = sl->z[v][p], *restrict g = sl->g[v][p];
          double *restrict d = sl->r[v][p];
          for (gsize j = 0; j < n; j++)
            {
              d[j] = g[j] + r * (g[j] - t[j]);
              if (last)
                e[v] += (z[j] - g[j]) * (z[j] - g[j]);
            }
        }
    }
}

LESC_SIMD_CLONES static void
slice_work (Pass *ps, gsize b, gsize f)
{
  Tensor *tn = ps->tn;
  gsize n = tn->n;
  Slice sl;
  slice_at (ps, b, f, &sl);
  double e[2] = { 0.0, 0.0 };
  if (ps->kind == PASS_SAMPLES)
    {
      double gram[4];
      if (ps->maybe_last)
        sweep_input (&sl, n, ps->r_last, TRUE, gram);
      else
        sweep_input (&sl, n, ps->r_last, FALSE, gram);
      gboolean doubled = ps->odd_double && n % 2 == 1 && f == tn->nh - 1;
      slice_svt (&sl, n, gram, doubled ? 2.0 * ps->tau : ps->tau);
      if (ps->maybe_last)
        sweep_output (&sl, n, ps->r, TRUE, e);
      else
        sweep_output (&sl, n, ps->r, FALSE, e);
    }
  else if (ps->kind == PASS_VIEWS_INPUT)
    sweep_views_input (&sl, n, ps->r_last, ps->maybe_last);
  else
    sweep_views_output (&sl, n, ps->r, ps->maybe_last, e);
  tn->fro[2 * f] = tn->wf[f] * e[0];
  tn->fro[2 * f + 1] = tn->wf[f] * e[1];
}


/* D (rows j0..j1 of the n×fb block, re and im) = Sᵀ X̂ for view w, frequencies from f0;
 * each entry summed over k in order. The panel of Sᵀ stays in the first-level cache. */
LESC_SIMD_CLONES static void
form_small (const View *w, gsize n, gsize j0, gsize j1, gsize f0, gsize fb, double *dr, double *di)
{
  gsize d = w->d;
  for (gsize f = 0; f < fb; f++)
    {
      const double *xr = w->xh_re + (f0 + f) * d, *xi = w->xh_im + (f0 + f) * d;
      double *outr = dr + f * n, *outi = di + f * n;
      for (gsize j = j0; j < j1; j += 4)
        {
          gsize rest = j1 - j;
          LescVec4 sk = LD (w->st + j);
          LescVec4 ar = sk * xr[0], ai = sk * xi[0];
          for (gsize k = 1; k < d; k++)
            {
              sk = LD (w->st + j + k * n);
              ar += sk * xr[k];
              ai += sk * xi[k];
            }
          ST (outr + j, ar);
          ST (outi + j, ai);
        }
    }
}

/* (X_vR₀)ᵀ rows j0..j1 (+)= R₀ X̂_wᵀ over the block's frequencies (in order, re then im).
 * The panel of (X_vR₀)ᵀ stays in the first-level cache. */
LESC_SIMD_CLONES static void
accumulate_small (View *w, gsize n, gsize j0, gsize j1, gsize f0, gsize fb, const double *rr,
                  const double *ri, gboolean first)
{
  gsize d = w->d;
  if (first)
    for (gsize k = 0; k < d; k++)
      memset (w->xrt + j0 + k * n, 0, (j1 - j0) * sizeof (double));
  for (gsize f = 0; f < fb; f++)
    {
      const double *xr = w->xw_re + (f0 + f) * d, *xi = w->xw_im + (f0 + f) * d;
      const double *inr = rr + f * n, *ini = ri + f * n;
      for (gsize j = j0; j < j1; j += 4)
        {
          gsize rest = j1 - j;
          LescVec4 a = LD (inr + j), b = LD (ini + j);
          for (gsize k = 0; k < d; k++)
            {
              double *acc = w->xrt + j + k * n;
              ST (acc, LD (acc) + (a * xr[k] + b * xi[k]));
            }
        }
    }
}

#undef LD
#undef ST

/* One row panel's share of a block's BLAS-sized work for view w: rows [j0, j0 + rows),
 * frequencies [f0, f0 + fb), the block's buffers re/im; `first`: the pass's first block. */
typedef void (*PanelWork) (const Tensor *tn, View *w, gsize j0, gsize rows, gsize f0, gsize fb,
                           double *re, double *im, gboolean first);

/* The block's D = X̂_v S. */
static void
panel_form_d (const Tensor *tn, View *w, gsize j0, gsize rows, gsize f0, gsize fb, double *re,
              double *im, gboolean first)
{
  gsize n = tn->n;
  int d = (int) w->d;
  if (w->d <= SMALL_D)
    {
      form_small (w, n, j0, j0 + rows, f0, fb, re, im);
      return;
    }
  /* onto the zeros the sweeps left: OpenBLAS's β = 0 would clear the panel in a pass of its own */
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) fb, d, 1.0,
               w->st + j0, (int) n, w->xh_re + f0 * w->d, d, 1.0, re + j0, (int) n);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) fb, d, 1.0,
               w->st + j0, (int) n, w->xh_im + f0 * w->d, d, 1.0, im + j0, (int) n);
}

/* (X_vR₀)ᵀ += the block's R₀ X̂_vᵀ (weighted). */
static void
panel_accumulate (const Tensor *tn, View *w, gsize j0, gsize rows, gsize f0, gsize fb, double *re,
                  double *im, gboolean first)
{
  gsize n = tn->n;
  int d = (int) w->d;
  if (w->d <= SMALL_D)
    {
      accumulate_small (w, n, j0, j0 + rows, f0, fb, re, im, first);
      return;
    }
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) rows, d, (int) fb, 1.0,
               re + j0, (int) n, w->xw_re + f0 * w->d, d, first ? 0.0 : 1.0, w->xrt + j0, (int) n);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) rows, d, (int) fb, 1.0,
               im + j0, (int) n, w->xw_im + f0 * w->d, d, 1.0, w->xrt + j0, (int) n);
}

/* `work` on block b's buffers buf[b & 1] for every Woodbury view, on thread k's row panels
 * (≡ k mod nt). A view with many features is worth OpenBLAS's own threads: thread 0 takes
 * all its rows in one call while the others wait at the barrier. */
static void
each_panel (Pass *ps, guint k, gsize b, double *buf[2][2][2], PanelWork work)
{
  Tensor *tn = ps->tn;
  gsize n = tn->n, f0 = b * tn->block, fb = MIN (tn->block, tn->nh - f0);
  for (int v = 0; v < 2; v++)
    {
      View *w = &tn->v[v];
      if (!w->woodbury)
        continue;
      if (!w->small)
        {
          if (k == 0)
            work (tn, w, 0, n, f0, fb, buf[b & 1][v][0], buf[b & 1][v][1], b == 0);
          continue;
        }
      for (gsize j0 = k * tn->panel; j0 < n; j0 += ps->nt * tn->panel)
        work (tn, w, j0, MIN (tn->panel, n - j0), f0, fb, buf[b & 1][v][0], buf[b & 1][v][1],
              b == 0);
    }
}

/* All threads meet; the last to arrive looks for a cancel. FALSE: stop the pass. */
static gboolean
pass_barrier (Pass *ps)
{
  GCancellable *cancel = ps->tn->progress != NULL ? ps->tn->progress->cancellable : NULL;
  g_mutex_lock (&ps->lock);
  guint generation = ps->generation;
  if (++ps->arrived == ps->nt)
    {
      ps->arrived = 0;
      ps->generation++;
      if (cancel != NULL && g_cancellable_is_cancelled (cancel))
        ps->stop = TRUE;
      g_cond_broadcast (&ps->cond);
    }
  else
    while (generation == ps->generation)
      g_cond_wait (&ps->cond, &ps->lock);
  gboolean go = !ps->stop;
  g_mutex_unlock (&ps->lock);
  return go;
}

typedef struct {
  Pass *ps;
  guint k;
} Worker;

/* Thread k's part of the pass: per block, its share of the block's frequencies, then its
 * row panels of the X_vR₀ update and of the next block's D. */
static gpointer
pass_worker (gpointer data)
{
  Worker *wk = data;
  Pass *ps = wk->ps;
  Tensor *tn = ps->tn;
  gboolean form = ps->kind != PASS_VIEWS_OUTPUT, reduce = ps->kind != PASS_VIEWS_INPUT;
  gsize nb = (tn->nh + tn->block - 1) / tn->block;
  g_mutex_lock (&ps->lock);
  while (!ps->started)
    g_cond_wait (&ps->cond, &ps->lock);
  g_mutex_unlock (&ps->lock);
  if (form)
    each_panel (ps, wk->k, 0, tn->dbuf, panel_form_d);
  if (!pass_barrier (ps))
    return NULL;
  for (gsize b = 0; b < nb; b++)
    {
      gsize f0 = b * tn->block, fb = MIN (tn->block, tn->nh - f0);
      for (gsize f = f0 + fb * wk->k / ps->nt; f < f0 + fb * (wk->k + 1) / ps->nt; f++)
        slice_work (ps, b, f);
      if (!pass_barrier (ps))
        return NULL;
      if (reduce)
        each_panel (ps, wk->k, b, tn->rbuf, panel_accumulate);
      if (form && b + 1 < nb)
        each_panel (ps, wk->k, b + 1, tn->dbuf, panel_form_d);
      if (b + 1 < nb && !pass_barrier (ps))
        return NULL;
    }
  return NULL;
}

gboolean
tensor_run_pass (Pass *ps, GError **error)
{
  Tensor *tn = ps->tn;
  Worker workers[TENSOR_MAX_THREADS];
  GThread *threads[TENSOR_MAX_THREADS] = { NULL };
  guint nt = tn->threads;
  ps->arrived = ps->generation = 0;
  ps->started = ps->stop = FALSE;
  g_mutex_init (&ps->lock);
  g_cond_init (&ps->cond);
  for (guint k = 1; k < nt; k++)
    {
      workers[k] = (Worker) { ps, k };
      threads[k] = g_thread_try_new ("lesc-tensor", pass_worker, &workers[k], NULL);
      if (threads[k] == NULL)
        nt = k;   /* go on with the threads that started */
    }
  /* the shares depend on nt: the workers wait until it is final */
  g_mutex_lock (&ps->lock);
  ps->nt = nt;
  ps->started = TRUE;
  g_cond_broadcast (&ps->cond);
  g_mutex_unlock (&ps->lock);
  workers[0] = (Worker) { ps, 0 };
  pass_worker (&workers[0]);
  for (guint k = 1; k < ps->nt; k++)
    g_thread_join (threads[k]);
  g_mutex_clear (&ps->lock);
  g_cond_clear (&ps->cond);
  return !lesc_progress_cancelled (tn->progress, error);
}
