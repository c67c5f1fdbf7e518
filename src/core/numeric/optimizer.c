/* fminlbfgs as the official LE code calls it (docs/optimizer.md). The structure follows
 * docs/optimizer.md step by step: main loop, bracketing, sectioning, cubic step. */
#include "core/numeric/optimizer.h"
#include "core/numeric/symmetric.h"
#include "core/base/simd.h"
#include "core/base/error.h"
#include "core/numeric/symmetric.h"
#include "core/numeric/twoloop.h"
#include "core/numeric/vector.h"

#include <cblas.h>
#include <float.h>
#include <math.h>
#include <string.h>

#define C1 0.01   /* Armijo (the reference's `rho`) */
#define C2 0.9    /* curvature (`sigma`) */
#define TAU1 3.0
#define TAU2 0.1
#define TAU3 0.5

enum { SEARCH_ACCEPTED = 100, SEARCH_CANCELLED = 101 };

typedef struct {
  const LescOptimizerProblem *problem;
  const LescOptimizerOptions *options;
  LescProgress *progress;
  gsize n;
  const double *x;    /* the current point */
  const double *p;    /* the search direction */
  const double *g;    /* ∇f at x */
  double *xt;         /* trial point (general objectives) */
  const double *hp;   /* H p (quadratics) */
  double php;         /* pᵀHp (quadratics) */
  double f, fp0;      /* f(x) and the slope gᵀp */
  double h;           /* forward-difference step */
  double tol_ls, f_min;
  guint evaluations, gradients;
  gboolean cancelled;
} Search;

void
lesc_optimizer_options_init (LescOptimizerOptions *o, gsize n)
{
  memset (o, 0, sizeof *o);
  o->max_iter = 300;
  o->tol_fun = 1e-6;
  o->tol_x = 1e-6;
  o->max_fun_evals = 100.0 * (double) n - 1.0;
  o->bfgs_limit = 3000;
  o->store_n = 20;
}

static gboolean
uses_lbfgs (gsize n, const LescOptimizerOptions *o)
{
  return n >= o->bfgs_limit;
}

double
lesc_optimizer_memory_estimate (gsize n, const LescOptimizerOptions *o)
{
  double vectors = 8.0 * (double) n;
  if (uses_lbfgs (n, o))
    return 8.0 * (vectors + 2.0 * o->store_n * (double) n);
  return 8.0 * (vectors + (double) n * (double) n);
}

/* MATLAB eps(v) for v ≥ 1: the spacing of doubles at v. */
static double
eps_at (double v)
{
  int e;
  frexp (v, &e);
  return ldexp (1.0, e - 53);
}

static double
norm_inf (const double *v, gsize n)
{
  double m = 0.0;
  for (gsize i = 0; i < n; i++)
    if (fabs (v[i]) > m)   /* as fmax: NaN entries are skipped */
      m = fabs (v[i]);
  return m;
}

/* The length of a vector in the original coordinates. */
static gsize
original_length (const LescOptimizerProblem *pr)
{
  return pr->to_original != NULL && pr->original_n > 0 ? pr->original_n : pr->n;
}

/* ‖v‖_∞ in the original coordinates (`work`: original_length doubles, used with a basis). */
static double
original_norm_inf (const LescOptimizerProblem *pr, const double *v, double *work)
{
  if (pr->to_original == NULL)
    return norm_inf (v, pr->n);
  pr->to_original (v, work, pr->user_data);
  return norm_inf (work, original_length (pr));
}

/* ‖s·v‖_∞ < tol in the original coordinates. With a basis, ‖Uv‖_∞ ≥ ‖v‖₂/√N (U
 * orthogonal; the margin covers rounding) decides most tests without mapping v back. */
static gboolean
original_norm_below (const LescOptimizerProblem *pr, double s, const double *v, double tol,
                     double *work)
{
  gsize n = pr->n, big = original_length (pr);
  if (pr->to_original != NULL)
    {
      double bound = fabs (s) * sqrt (lesc_dot (v, v, n) / (double) big);
      if (bound * (1.0 - 1e-6) >= tol)
        return FALSE;
      pr->to_original (v, work, pr->user_data);
      return fabs (s) * norm_inf (work, big) < tol;
    }
  return fabs (s) * norm_inf (v, n) < tol;
}

double
lesc_optimizer_cubic_min (double a, double b, double alpha1, double f1, double fp1,
                          double alpha2, double f2, double fp2)
{
  double d = alpha2 - alpha1;
  double k3 = (fp1 + fp2) * d - 2.0 * (f2 - f1);
  double k2 = 3.0 * (f2 - f1) - (2.0 * fp1 + fp2) * d;
  double k1 = d * fp1;
  double k0 = f1;
  double lo = (a - alpha1) / d, hi = (b - alpha1) / d;
  if (lo > hi)
    {
      double t = lo;
      lo = hi;
      hi = t;
    }
  double cand[4];
  int nc = 0;
  cand[nc++] = lo;
  /* stationary points: real roots of 3k₃z² + 2k₂z + k₁ (MATLAB roots strips leading zeros) */
  double qa = 3.0 * k3, qb = 2.0 * k2, qc = k1;
  double roots[2];
  int nr = 0;
  if (qa != 0.0)
    {
      double disc = qb * qb - 4.0 * qa * qc;
      if (disc >= 0.0)
        {
          double q = -0.5 * (qb + copysign (sqrt (disc), qb));
          if (q != 0.0)
            {
              roots[nr++] = q / qa;
              roots[nr++] = qc / q;
            }
          else
            {
              roots[nr++] = 0.0;
              roots[nr++] = 0.0;
            }
        }
    }
  else if (qb != 0.0)
    roots[nr++] = -qc / qb;
  for (int k = 0; k < nr; k++)
    if (roots[k] >= lo && roots[k] <= hi)
      cand[nc++] = roots[k];
  cand[nc++] = hi;
  int best = 0;
  double best_v = NAN;
  for (int k = 0; k < nc; k++)
    {
      double z = cand[k];
      double v = ((k3 * z + k2) * z + k1) * z + k0;
      if (isnan (v))
        continue;
      if (isnan (best_v) || v < best_v)
        {
          best_v = v;
          best = k;
        }
    }
  return alpha1 + cand[best] * d;
}

/* φ(α) = f(x + αp), function only. */
static double
phi (Search *s, double alpha)
{
  s->evaluations++;
  double v;
  if (s->problem->hessian != NULL)
    v = s->f + alpha * (s->fp0 + 0.5 * alpha * s->php);
  else
    {
      for (gsize i = 0; i < s->n; i++)
        s->xt[i] = s->x[i] + alpha * s->p[i];
      v = s->problem->func (s->xt, NULL, s->problem->user_data);
    }
  if (lesc_progress_cancelled (s->progress, NULL))
    s->cancelled = TRUE;
  return v;
}

/* φ(α) and its forward-difference slope. */
static void
phi_slope (Search *s, double alpha, double *f_alpha, double *fp_alpha)
{
  *f_alpha = phi (s, alpha);
  double f2 = phi (s, alpha + s->h);
  *fp_alpha = (f2 - *f_alpha) / s->h;
}

/* The accepted point: the exact gradient (one more evaluation, whose f is kept). */
static double
accept (Search *s, double alpha, double *g_new)
{
  s->evaluations++;
  s->gradients++;
  if (s->problem->hessian != NULL)
    {
      for (gsize i = 0; i < s->n; i++)
        g_new[i] = s->g[i] + alpha * s->hp[i];
      return s->f + alpha * (s->fp0 + 0.5 * alpha * s->php);
    }
  for (gsize i = 0; i < s->n; i++)
    s->xt[i] = s->x[i] + alpha * s->p[i];
  return s->problem->func (s->xt, g_new, s->problem->user_data);
}

static gboolean
armijo_fails (const Search *s, double alpha, double f_alpha)
{
  return f_alpha > s->f + alpha * C1 * s->fp0;
}

static gboolean
curvature_holds (const Search *s, double fp_alpha)
{
  return fabs (fp_alpha) <= -C2 * s->fp0;
}

static gboolean
over_budget (const Search *s)
{
  return (double) s->evaluations > s->options->max_fun_evals;
}

static int
sectioning (Search *s, double a, double fa, double fpa, double b, double fb, double fpb,
            double *alpha_out, double *f_out, double *g_new)
{
  for (;;)
    {
      double lo = a + MIN (TAU2, C2) * (b - a);
      double hi = b - TAU3 * (b - a);
      double alpha = lesc_optimizer_cubic_min (lo, hi, a, fa, fpa, b, fb, fpb);
      if (fabs ((alpha - a) * fpa) <= s->tol_ls)
        return LESC_OPT_EXIT_LINE_SEARCH;
      double f_alpha, fp_alpha;
      phi_slope (s, alpha, &f_alpha, &fp_alpha);
      if (s->cancelled)
        return SEARCH_CANCELLED;
      double a_prev = a, fa_prev = fa, fpa_prev = fpa;
      if (armijo_fails (s, alpha, f_alpha) || f_alpha >= fa)
        {
          b = alpha;
          fb = f_alpha;
          fpb = fp_alpha;
        }
      else
        {
          if (curvature_holds (s, fp_alpha))
            {
              *alpha_out = alpha;
              *f_out = accept (s, alpha, g_new);
              return SEARCH_ACCEPTED;
            }
          a = alpha;
          fa = f_alpha;
          fpa = fp_alpha;
          if ((b - a) * fp_alpha >= 0.0)
            {
              b = a_prev;
              fb = fa_prev;
              fpb = fpa_prev;
            }
        }
      if (fabs (b - a) < DBL_EPSILON)
        return LESC_OPT_EXIT_LINE_SEARCH;
      if (over_budget (s))
        return LESC_OPT_EXIT_EVALUATIONS;
    }
}

static int
line_search (Search *s, double alpha0, double *alpha_out, double *f_out, double *g_new)
{
  double alpha = alpha0, f_alpha = s->f, fp_alpha = s->fp0;
  double alpha_max = (s->f_min - s->f) / (C1 * s->fp0);
  double alpha_prev = 0.0;
  for (;;)
    {
      double f_prev = f_alpha, fp_prev = fp_alpha;
      phi_slope (s, alpha, &f_alpha, &fp_alpha);
      if (s->cancelled)
        return SEARCH_CANCELLED;
      if (f_alpha <= s->f_min)
        return LESC_OPT_EXIT_F_MINIMUM;
      if (armijo_fails (s, alpha, f_alpha) || f_alpha >= f_prev)
        return sectioning (s, alpha_prev, f_prev, fp_prev, alpha, f_alpha, fp_alpha,
                           alpha_out, f_out, g_new);
      if (curvature_holds (s, fp_alpha))
        {
          *alpha_out = alpha;
          *f_out = accept (s, alpha, g_new);
          return SEARCH_ACCEPTED;
        }
      if (fp_alpha >= 0.0)
        return sectioning (s, alpha, f_alpha, fp_alpha, alpha_prev, f_prev, fp_prev,
                           alpha_out, f_out, g_new);
      if (2.0 * alpha - alpha_prev < alpha_max)
        {
          double lo = 2.0 * alpha - alpha_prev;
          double hi = MIN (alpha_max, alpha + TAU1 * (alpha - alpha_prev));
          double alpha_new = lesc_optimizer_cubic_min (lo, hi, alpha_prev, f_prev, fp_prev,
                                                       alpha, f_alpha, fp_alpha);
          alpha_prev = alpha;
          alpha = alpha_new;
        }
      else
        alpha = alpha_max;
      if (over_budget (s))
        return LESC_OPT_EXIT_EVALUATIONS;
    }
}

/* The quasi-Newton memory: a dense inverse Hessian (BFGS) or the last pairs (L-BFGS). */
typedef struct {
  gboolean lbfgs;
  gsize n;
  double *h;           /* BFGS: N×N, lower triangle used */
  double *hy;          /* BFGS: H y */
  double *sym_work;    /* BFGS: lesc_symmetric_product's workspace for two columns */
  guint m, stored, newest;
  double **s, **y;     /* L-BFGS: the last m pairs (a ring) and a spare pair at index m */
  double *ys;          /* y_iᵀs_i, kept with its pair */
  const double **os, **oy;  /* the pairs newest first, and their yᵀs */
  double *oys;
  LescTwoLoop *two_loop;
  double *work;        /* BFGS: s and y */
} QuasiNewton;

static gboolean
qn_init (QuasiNewton *qn, gsize n, const LescOptimizerOptions *o, GError **error)
{
  memset (qn, 0, sizeof *qn);
  qn->n = n;
  qn->lbfgs = uses_lbfgs (n, o);
  if (!qn->lbfgs)
    {
      qn->h = g_try_new0 (double, n * n);
      qn->hy = g_try_new0 (double, 4 * n);
      qn->work = g_try_new0 (double, 2 * n);
      qn->sym_work = g_try_new (double, MAX (lesc_symmetric_product_work (n, 2), 1));
      if (qn->h == NULL || qn->hy == NULL || qn->work == NULL || qn->sym_work == NULL)
        goto oom;
      for (gsize i = 0; i < n; i++)
        qn->h[i + i * n] = 1.0;
      return TRUE;
    }
  qn->m = MAX (o->store_n, 1);
  qn->s = g_new0 (double *, qn->m + 1);
  qn->y = g_new0 (double *, qn->m + 1);
  qn->ys = g_new0 (double, qn->m);
  qn->os = g_new0 (const double *, qn->m);
  qn->oy = g_new0 (const double *, qn->m);
  qn->oys = g_new0 (double, qn->m);
  qn->two_loop = lesc_two_loop_new (n, qn->m, o->threads);
  for (guint k = 0; k <= qn->m; k++)
    {
      qn->s[k] = g_try_new (double, n);
      qn->y[k] = g_try_new (double, n);
      if (qn->s[k] == NULL || qn->y[k] == NULL)
        goto oom;
    }
  return TRUE;
oom:
  g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
               "optimizer: cannot allocate its memory for %zu unknowns (%.0f MB)", n,
               lesc_optimizer_memory_estimate (n, o) / 1e6);
  return FALSE;
}

static void
qn_clear (QuasiNewton *qn)
{
  g_free (qn->h);
  g_free (qn->hy);
  g_free (qn->work);
  g_free (qn->sym_work);
  for (guint k = 0; qn->s != NULL && k <= qn->m; k++)
    {
      g_free (qn->s[k]);
      g_free (qn->y[k]);
    }
  g_free (qn->s);
  g_free (qn->y);
  g_free (qn->ys);
  g_free (qn->os);
  g_free (qn->oy);
  g_free (qn->oys);
  lesc_two_loop_free (qn->two_loop);
}

/* H += −ρ(s(Hy)ᵀ + (Hy)sᵀ) + β ssᵀ on the lower triangle: one pass over H, four rows at a
 * time (memory-bound: the AVX2 clone moves the same bytes in fewer instructions). */
LESC_SIMD_CLONES static void
bfgs_update (double *h, gsize n, const double *s, const double *hy, double rho, double beta)
{
  for (gsize j = 0; j < n; j++)
    {
      double *hj = h + j * n;
      double a1 = -rho * hy[j], a2 = -rho * s[j], a3 = beta * s[j];
      gsize i = j;
      LescVec4 v1 = { a1, a1, a1, a1 }, v2 = { a2, a2, a2, a2 }, v3 = { a3, a3, a3, a3 };
      for (; i + 4 <= n; i += 4)
        {
          LescVec4 si = LESC_LOAD4 (s + i), hi = LESC_LOAD4 (hy + i);
          LescVec4 t = LESC_LOAD4 (hj + i) + (si * v1 + hi * v2 + si * v3);
          memcpy (hj + i, &t, sizeof t);
        }
      for (; i < n; i++)
        hj[i] += s[i] * a1 + hy[i] * a2 + s[i] * a3;
    }
}

/* With s = αp and y = g − g_prev: update when the curvature test passes and set
 * p = −H g; otherwise keep p and the memory unchanged (the reference's rule). */
static void
qn_update (QuasiNewton *qn, double alpha, double *p, const double *g, const double *g_prev)
{
  gsize n = qn->n;
  int ni = (int) n;
  /* s and y go to the spare pair (L-BFGS) or the work vectors (BFGS) */
  double *s = qn->lbfgs ? qn->s[qn->m] : qn->work;
  double *y = qn->lbfgs ? qn->y[qn->m] : qn->work + n;
  for (gsize i = 0; i < n; i++)
    {
      s[i] = alpha * p[i];
      y[i] = g[i] - g_prev[i];
    }
  double sty = lesc_dot (s, y, n);
  double ns = cblas_dnrm2 (ni, s, 1), ny = cblas_dnrm2 (ni, y, 1);
  if (!(sty >= sqrt (DBL_EPSILON) * fmax (DBL_EPSILON, ns * ny)))
    return;
  if (!qn->lbfgs)
    {
      /* one pass over H for [Hy, Hg], p = −H⁺g from them, one pass for the update:
       * H⁺ = H − ρ(s(Hy)ᵀ + (Hy)sᵀ) + (ρ² yᵀHy + ρ) ssᵀ (lower triangle) */
      double rho = 1.0 / lesc_dot (y, s, n);
      double *hy = qn->hy, *hg = qn->hy + n, *yg = qn->hy + 2 * n;
      memcpy (yg, y, n * sizeof (double));
      memcpy (yg + n, g, n * sizeof (double));
      LescMatrix h = { n, n, qn->h };   /* lower triangle only: OpenBLAS's dsymm would copy all of it */
      lesc_symmetric_product (&h, yg, 2, hy, qn->sym_work, 0);
      double yhy = lesc_dot (y, hy, n);
      double beta = rho * rho * yhy + rho;
      double hyg = lesc_dot (hy, g, n), sg = lesc_dot (s, g, n);
      for (gsize i = 0; i < n; i++)
        p[i] = -(hg[i] - rho * (s[i] * hyg + hy[i] * sg) + beta * s[i] * sg);
      bfgs_update (qn->h, n, s, hy, rho, beta);
      return;
    }
  /* the spare pair becomes the newest; the slot it replaces (the oldest, when the ring
   * is full) becomes the spare */
  qn->newest = qn->stored == 0 ? 0 : (qn->newest + 1) % qn->m;
  qn->stored = MIN (qn->stored + 1, qn->m);
  double *t = qn->s[qn->newest];
  qn->s[qn->newest] = s;
  qn->s[qn->m] = t;
  t = qn->y[qn->newest];
  qn->y[qn->newest] = y;
  qn->y[qn->m] = t;
  qn->ys[qn->newest] = sty;   /* = yᵀs: the same products summed in the same order */
  /* p = −Hg by the two-loop recursion over the pairs, newest first */
  for (guint k = 0; k < qn->stored; k++)
    {
      guint i = (qn->newest + qn->m - k) % qn->m;
      qn->os[k] = qn->s[i];
      qn->oy[k] = qn->y[i];
      qn->oys[k] = qn->ys[i];
    }
  lesc_two_loop_direction (qn->two_loop, qn->os, qn->oy, qn->oys, qn->stored, g, p);
}

struct _LescOptimizerRun {
  const LescOptimizerProblem *problem;
  const LescOptimizerOptions *options;
  LescProgress *progress;
  double *x;
  QuasiNewton qn;
  double *g, *g_new, *p, *xt, *hp, *mapped;
  Search s;
  double alpha0;
  int flag;
  guint iter;
  gboolean done, ok;
  GError *error;        /* the cancellation, kept for lesc_optimizer_run_finish */
};

LescOptimizerRun *
lesc_optimizer_run_new (const LescOptimizerProblem *problem, const LescOptimizerOptions *options,
                        double *x, LescProgress *progress, GError **error)
{
  gsize n = problem->n;
  LescOptimizerRun *r = g_new0 (LescOptimizerRun, 1);
  if (!qn_init (&r->qn, n, options, error))
    {
      qn_clear (&r->qn);
      g_free (r);
      return NULL;
    }
  r->problem = problem;
  r->options = options;
  r->progress = progress;
  r->x = x;
  r->ok = TRUE;
  r->flag = LESC_OPT_EXIT_MAX_ITER;
  r->g = g_new (double, n);
  r->g_new = g_new (double, n);
  r->p = g_new (double, n);
  r->xt = problem->hessian ? NULL : g_new (double, n);
  r->hp = problem->hessian ? g_new (double, n) : NULL;
  r->mapped = problem->to_original ? g_new (double, original_length (problem)) : NULL;
  r->s = (Search) { .problem = problem, .options = options, .progress = progress, .n = n,
                    .x = x, .p = r->p, .xt = r->xt, .hp = r->hp };
  r->s.f = problem->func (x, r->g, problem->user_data);
  r->s.evaluations = r->s.gradients = 1;
  if (problem->iterate != NULL)
    problem->iterate (0, x, r->s.f, 0.0, r->g, problem->user_data);
  for (gsize i = 0; i < n; i++)
    r->p[i] = -r->g[i];
  r->s.fp0 = lesc_dot (r->g, r->p, n);
  r->alpha0 = fmin (1.0 / original_norm_inf (problem, r->g, r->mapped), 5.0);
  return r;
}

const double *
lesc_optimizer_run_direction (const LescOptimizerRun *r)
{
  return r->done ? NULL : r->p;
}

void
lesc_optimizer_run_step (LescOptimizerRun *r, const double *hp)
{
  const LescOptimizerProblem *problem = r->problem;
  const LescOptimizerOptions *options = r->options;
  Search *s = &r->s;
  gsize n = problem->n;
  double *x = r->x, *p = r->p;
  g_return_if_fail (!r->done);
  r->iter++;
  s->g = r->g;
  s->tol_ls = eps_at (fmax (1.0, fabs (s->f)));
  s->f_min = s->f - 1e16 * (1.0 + fabs (s->f));
  s->h = CLAMP (r->alpha0 / 1e6, 1e-8, 0.1);
  if (problem->hessian != NULL)
    {
      if (hp == NULL)
        {
          problem->hessian (p, r->hp, problem->user_data);
          hp = r->hp;
        }
      s->hp = hp;
      s->php = lesc_dot (p, hp, n);
    }
  double alpha = 0.0, f_alpha = s->f;
  int code = line_search (s, r->alpha0, &alpha, &f_alpha, r->g_new);
  r->done = TRUE;
  if (code == SEARCH_CANCELLED)
    {
      lesc_progress_cancelled (r->progress, &r->error);
      r->ok = FALSE;
      return;
    }
  if (code != SEARCH_ACCEPTED)
    {
      r->flag = code;   /* return the last accepted point */
      return;
    }
  /* x ← x + αp and the step test (max |x − x_prev| in the same pass) */
  gboolean small_step;
  if (problem->to_original == NULL)
    {
      double dx = 0.0;
      for (gsize i = 0; i < n; i++)
        {
          double xi = x[i];
          x[i] = xi + alpha * p[i];
          double d = fabs (xi - x[i]);
          if (d > dx)
            dx = d;
        }
      small_step = dx < options->tol_x;
    }
  else
    {
      lesc_axpy (alpha, p, x, n);
      small_step = original_norm_below (problem, alpha, p, options->tol_x, r->mapped);
    }
  s->f = f_alpha;
  double *t = r->g;     /* g_new now holds the previous gradient */
  r->g = r->g_new;
  r->g_new = t;
  r->alpha0 = 1.0;
  if (problem->iterate != NULL)
    problem->iterate (r->iter, x, s->f, alpha, r->g, problem->user_data);
  gboolean stop = FALSE;
  if (original_norm_below (problem, 1.0, r->g, options->tol_fun, r->mapped))
    r->flag = LESC_OPT_EXIT_GRADIENT, stop = TRUE;
  if (small_step)
    r->flag = LESC_OPT_EXIT_STEP, stop = TRUE;
  if (r->iter >= options->max_iter)
    r->flag = LESC_OPT_EXIT_MAX_ITER, stop = TRUE;
  if (stop)
    return;
  r->done = FALSE;
  qn_update (&r->qn, alpha, p, r->g, r->g_new);
  s->fp0 = lesc_dot (r->g, p, n);
  lesc_progress_report (r->progress, (double) r->iter / options->max_iter,
                        options->stage ? options->stage : "optimizer");
  if (lesc_progress_cancelled (r->progress, &r->error))
    {
      r->ok = FALSE;
      r->done = TRUE;
    }
}

gboolean
lesc_optimizer_run_finish (LescOptimizerRun *r, LescOptimizerReport *report, GError **error)
{
  LescOptimizerReport local;
  if (report == NULL)
    report = &local;
  memset (report, 0, sizeof *report);
  report->lbfgs = r->qn.lbfgs;
  report->exit_flag = r->flag;
  report->iterations = r->iter;
  report->evaluations = r->s.evaluations;
  report->gradients = r->s.gradients;
  report->f = r->s.f;
  report->grad_inf = original_norm_inf (r->problem, r->g, r->mapped);
  gboolean ok = r->ok;
  if (r->error != NULL)
    g_propagate_error (error, r->error);
  qn_clear (&r->qn);
  g_free (r->g);
  g_free (r->g_new);
  g_free (r->p);
  g_free (r->xt);
  g_free (r->hp);
  g_free (r->mapped);
  g_free (r);
  return ok;
}

gboolean
lesc_optimizer_minimize (const LescOptimizerProblem *problem, const LescOptimizerOptions *options,
                         double *x, LescProgress *progress, LescOptimizerReport *report,
                         GError **error)
{
  if (report != NULL)
    memset (report, 0, sizeof *report);
  LescOptimizerRun *r = lesc_optimizer_run_new (problem, options, x, progress, error);
  if (r == NULL)
    return FALSE;
  while (lesc_optimizer_run_direction (r) != NULL)
    lesc_optimizer_run_step (r, NULL);
  return lesc_optimizer_run_finish (r, report, error);
}
