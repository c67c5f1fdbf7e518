/* The LE step (docs/methods.md §4): objective and gradient against the dense formula and
 * finite differences, the two Hessian paths, C given as factors UV, the converged variant
 * against a dense solve, duplicate rows, the reference optimizer against the exact
 * optimum, prediction, the GLLE graph against a brute-force construction, and input
 * errors. */
#include "core/base/error.h"
#include "core/methods/glle.h"
#include "core/solvers/le.h"
#include "core/numeric/optimizer.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/base/blasthreads.h"

#include <cblas.h>

#include <math.h>
#include <string.h>

static LescMatrix *
random_matrix (gsize rows, gsize cols, guint32 seed, double scale)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  LescMatrix *m = lesc_matrix_new (rows, cols);
  for (gsize e = 0; e < rows * cols; e++)
    m->data[e] = scale * lesc_random_double (&r);
  return m;
}

static LescMatrix *
random_features (gsize n, gsize q, guint32 seed)
{
  g_autoptr (LescMatrix) raw = random_matrix (n, q, seed, 1.0);
  return lesc_zscore (raw);
}

/* 0/1 labels, at least one 1 per row */
static LescMatrix *
random_labels (gsize n, gsize c, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  LescMatrix *l = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (l, i, lesc_random_u32 (&r) % c) = 1.0;
      for (gsize j = 0; j < c; j++)
        if (lesc_random_double (&r) < 0.3)
          LESC_AT (l, i, j) = 1.0;
    }
  return l;
}

static double
sq_dist (const LescMatrix *x, gsize i, gsize j)
{
  double s = 0.0;
  for (gsize k = 0; k < x->cols; k++)
    {
      double d = LESC_AT (x, i, k) - LESC_AT (x, j, k);
      s += d * d;
    }
  return s;
}

/* M = (I − C)ᵀ(I − C) by loops */
static LescMatrix *
dense_correlation_m (const LescMatrix *c)
{
  gsize n = c->rows;
  LescMatrix *m = lesc_matrix_new (n, n);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < n; j++)
      {
        double s = 0.0;
        for (gsize k = 0; k < n; k++)
          s += ((k == i) - LESC_AT (c, k, i)) * ((k == j) - LESC_AT (c, k, j));
        LESC_AT (m, i, j) = s;
      }
  return m;
}

/* f(W) = ‖Φ̂W − L‖² + λ tr((Φ̂W)ᵀ M Φ̂W), everything formed densely by loops */
static double
dense_objective (const LescMatrix *x, const LescMatrix *l, const LescMatrix *m, double lambda,
                 const double *w)
{
  gsize n = x->rows, c = l->cols;
  double mean = 0.0;
  for (gsize i = 0; i < n; i++)
    for (gsize j = i + 1; j < n; j++)
      mean += sqrt (sq_dist (x, i, j));
  mean /= n * (n - 1) / 2.0;
  g_autoptr (LescMatrix) d = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < c; j++)
      {
        double s = w[n + j * (n + 1)];
        for (gsize k = 0; k < n; k++)
          s += exp (-sq_dist (x, i, k) / (2 * mean * mean)) * w[k + j * (n + 1)];
        LESC_AT (d, i, j) = s;
      }
  double f = 0.0;
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < c; j++)
      {
        double r = LESC_AT (d, i, j) - LESC_AT (l, i, j);
        double md = 0.0;
        for (gsize k = 0; k < n; k++)
          md += LESC_AT (m, i, k) * LESC_AT (d, k, j);
        f += r * r + lambda * LESC_AT (d, i, j) * md;
      }
  return f;
}

static void
check_objective (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                 const LescMatrix *m_dense, double lambda)
{
  gsize n = x->rows, c = l->cols, nw = (n + 1) * c;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescLeObjective) chain = lesc_le_objective_new (x, l, m, lambda, FALSE, &error);
  g_assert_no_error (error);
  g_autoptr (LescLeObjective) form = lesc_le_objective_new (x, l, m, lambda, TRUE, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) w = random_matrix (n + 1, c, 77, 1.0);
  g_autofree double *g = g_new (double, nw);
  double f = lesc_le_objective_eval (chain, w->data, g);
  double want = dense_objective (x, l, m_dense, lambda, w->data);
  g_assert_cmpfloat (fabs (f - want), <=, 1e-11 * fabs (want));

  /* gradient against central differences */
  g_autofree double *wp = g_memdup2 (w->data, nw * sizeof (double));
  double h = 1e-5, worst = 0.0, gmax = 0.0;
  for (gsize k = 0; k < nw; k++)
    {
      wp[k] = w->data[k] + h;
      double fp = lesc_le_objective_eval (chain, wp, NULL);
      wp[k] = w->data[k] - h;
      double fm = lesc_le_objective_eval (chain, wp, NULL);
      wp[k] = w->data[k];
      worst = fmax (worst, fabs ((fp - fm) / (2 * h) - g[k]));
      gmax = fmax (gmax, fabs (g[k]));
    }
  g_assert_cmpfloat (worst, <=, 1e-6 * gmax);

  /* the Hessian: chain and formed Q agree, and equal ∇f(W + P) − ∇f(W) (f is quadratic) */
  g_autoptr (LescMatrix) p = random_matrix (n + 1, c, 78, 1.0);
  g_autofree double *v1 = g_new (double, nw);
  g_autofree double *v2 = g_new (double, nw);
  g_autofree double *g2 = g_new (double, nw);
  lesc_le_objective_hessian (chain, p->data, v1);
  lesc_le_objective_hessian (form, p->data, v2);
  for (gsize k = 0; k < nw; k++)
    wp[k] = w->data[k] + p->data[k];
  lesc_le_objective_eval (chain, wp, g2);
  double vmax = 0.0, d12 = 0.0, dg = 0.0;
  for (gsize k = 0; k < nw; k++)
    {
      vmax = fmax (vmax, fabs (v1[k]));
      d12 = fmax (d12, fabs (v1[k] - v2[k]));
      dg = fmax (dg, fabs (v1[k] - (g2[k] - g[k])));
    }
  g_assert_cmpfloat (d12, <=, 1e-11 * vmax);
  g_assert_cmpfloat (dg, <=, 1e-10 * vmax);
  /* the formed objective evaluates the same f */
  g_assert_cmpfloat (fabs (lesc_le_objective_eval (form, w->data, NULL) - f), <=, 1e-12 * fabs (f));
}

static void
test_objective_correlation (void)
{
  g_autoptr (LescMatrix) x = random_features (14, 4, 1);
  g_autoptr (LescMatrix) l = random_labels (14, 3, 2);
  LescMatrix *c = random_matrix (14, 14, 3, 0.2);
  g_autoptr (LescMatrix) m_dense = dense_correlation_m (c);
  g_autoptr (LescSmoothness) m = lesc_smoothness_new_correlation (c, FALSE);
  g_autoptr (LescMatrix) m_mine = lesc_smoothness_dense (m);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (m_mine, m_dense), <, 1e-13);
  check_objective (x, l, m, m_dense, 10.0);
}

static void
test_objective_paper_orientation (void)
{
  /* paper: M = (I − C)(I − C)ᵀ = (I − Cᵀ)ᵀ(I − Cᵀ) */
  g_autoptr (LescMatrix) x = random_features (11, 3, 4);
  g_autoptr (LescMatrix) l = random_labels (11, 4, 5);
  LescMatrix *c = random_matrix (11, 11, 6, 0.2);
  g_autoptr (LescMatrix) ct = lesc_matrix_transpose (c);
  g_autoptr (LescMatrix) m_dense = dense_correlation_m (ct);
  g_autoptr (LescSmoothness) m = lesc_smoothness_new_correlation (c, TRUE);
  g_autoptr (LescMatrix) m_mine = lesc_smoothness_dense (m);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (m_mine, m_dense), <, 1e-13);
  check_objective (x, l, m, m_dense, 3.0);
}

/* C = UV given as factors: the same M, objective and Hessian paths as the dense C, in both
 * orientations, and the same products with M; a small C (‖C‖₂ ≤ 2: Q formed from the
 * factors) and a large one (Q formed as for a dense C) */
static void
test_objective_factored (void)
{
  gsize n = 13, r = 3;
  g_autoptr (LescMatrix) x = random_features (n, 4, 7);
  g_autoptr (LescMatrix) l = random_labels (n, 3, 8);
  for (int run = 0; run < 4; run++)
    {
      int paper = run % 2;
      double scale = run < 2 ? 0.1 : 1.0;
      LescMatrix *u = random_matrix (n, r, 9, scale);
      LescMatrix *v = random_matrix (r, n, 10, scale);
      LescMatrix *c = lesc_matrix_new (n, n);
      for (gsize j = 0; j < n; j++)
        for (gsize i = 0; i < n; i++)
          for (gsize t = 0; t < r; t++)
            LESC_AT (c, i, j) += LESC_AT (u, i, t) * LESC_AT (v, t, j);
      g_autoptr (LescMatrix) cd = paper ? lesc_matrix_transpose (c) : lesc_matrix_copy (c);
      g_autoptr (LescMatrix) m_dense = dense_correlation_m (cd);
      g_autoptr (LescSmoothness) dense =
        lesc_smoothness_new_correlation (lesc_matrix_copy (c), paper);
      g_autoptr (LescSmoothness) m = lesc_smoothness_new_correlation_factored (c, u, v, paper);
      g_assert_cmpfloat (lesc_smoothness_apply_flops (m), <, lesc_smoothness_apply_flops (dense));
      g_autoptr (LescMatrix) p = random_matrix (n, 2, 11, 1.0);
      g_autoptr (LescMatrix) y1 = lesc_matrix_new (n, 2);
      g_autoptr (LescMatrix) y2 = lesc_matrix_new (n, 2);
      lesc_smoothness_apply (m, p->data, 2, y1->data);
      lesc_smoothness_apply (dense, p->data, 2, y2->data);
      g_assert_cmpfloat (lesc_matrix_max_abs_diff (y1, y2), <, 1e-13);
      check_objective (x, l, m, m_dense, 5.0);
    }
}

/* the formed Q = Φ̂ᵀΦ̂ + λ(FΦ̂)ᵀ(FΦ̂) against the operator chain for a dense C of moderate
 * size, both orientations */
static void
test_quadratic_form_blocks (void)
{
  gsize n = 600, c = 2, nw = (n + 1) * c;
  g_autoptr (LescMatrix) x = random_features (n, 3, 21);
  g_autoptr (LescMatrix) l = random_labels (n, c, 22);
  for (int paper = 0; paper <= 1; paper++)
    {
      LescMatrix *cm = random_matrix (n, n, 23, 2.0 / n);
      g_autoptr (LescSmoothness) m = lesc_smoothness_new_correlation (cm, paper);
      g_autoptr (GError) error = NULL;
      g_autoptr (LescLeObjective) chain = lesc_le_objective_new (x, l, m, 10.0, FALSE, &error);
      g_assert_no_error (error);
      g_autoptr (LescLeObjective) form = lesc_le_objective_new (x, l, m, 10.0, TRUE, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) p = random_matrix (n + 1, c, 24, 1.0);
      g_autofree double *v1 = g_new (double, nw);
      g_autofree double *v2 = g_new (double, nw);
      lesc_le_objective_hessian (chain, p->data, v1);
      lesc_le_objective_hessian (form, p->data, v2);
      double vmax = 0.0, d12 = 0.0;
      for (gsize k = 0; k < nw; k++)
        {
          vmax = fmax (vmax, fabs (v1[k]));
          d12 = fmax (d12, fabs (v1[k] - v2[k]));
        }
      g_assert_cmpfloat (d12, <=, 1e-11 * vmax);
    }
}

/* the GLLE graph by brute force: full stable sort of every row, OR-symmetrize, weights */
static LescMatrix *
brute_laplacian (const LescMatrix *x, guint k, double sigma)
{
  gsize n = x->rows;
  g_autoptr (LescMatrix) s = lesc_matrix_new (n, n);
  g_autofree gsize *order = g_new (gsize, n);
  for (gsize i = 0; i < n; i++)
    {
      for (gsize j = 0; j < n; j++)
        order[j] = j;
      /* insertion sort by distance, stable */
      for (gsize a = 1; a < n; a++)
        for (gsize b = a; b > 0 && sq_dist (x, i, order[b - 1]) > sq_dist (x, i, order[b]); b--)
          {
            gsize t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
          }
      for (guint t = 0; t < k; t++)
        LESC_AT (s, i, order[t]) = LESC_AT (s, order[t], i) = 1.0;
    }
  LescMatrix *m = lesc_matrix_new (n, n);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < n; j++)
      if (i != j && LESC_AT (s, i, j) != 0.0)
        {
          double a = exp (-sq_dist (x, i, j) / (2 * sigma * sigma));
          LESC_AT (m, i, j) -= a;
          LESC_AT (m, i, i) += a;
        }
  return m;
}

static void
test_glle_graph_and_objective (void)
{
  g_autoptr (LescMatrix) x = random_features (16, 3, 7);
  g_autoptr (LescMatrix) l = random_labels (16, 3, 8);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 5, 1.5, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) m_brute = brute_laplacian (x, 5, 1.5);
  g_autoptr (LescMatrix) m_mine = lesc_smoothness_dense (m);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (m_mine, m_brute), <, 1e-12);
  check_objective (x, l, m, m_brute, 0.5);
}

/* Φ̂ᵀMΦ̂ for a graph: MΦ̂ by column groups on two threads gives the bits of the plain
 * loop (one column at a time, d·x − Σ w·x in the row's order), and the form's lower
 * triangle those of one dgemm on that MΦ̂ (n = 900: a single column panel) */
static void
test_laplacian_form_bits (void)
{
  gsize n = 900;
  g_autoptr (LescMatrix) x = random_features (n, 4, 31);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 12, 1.0, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (LescLeKernel) kernel = lesc_le_kernel_new (x, NULL, &error);
  g_assert_no_error (error);
  const LescMatrix *phi = kernel->phi;
  gsize k = phi->cols;
  g_assert_cmpuint (k, ==, n + 1);
  g_autoptr (LescMatrix) t = lesc_matrix_new (n, k);
  for (gsize i = 0; i < n; i++)
    {
      const gsize *cols;
      const double *w;
      gsize len = lesc_smoothness_graph_row (m, i, &cols, &w);
      g_assert_cmpuint (len, >=, 11);   /* the 12 nearest include the row itself */
      double d = 0.0;
      for (gsize e = 0; e < len; e++)
        d += w[e];
      for (gsize j = 0; j < k; j++)
        {
          double s = d * LESC_AT (phi, i, j);
          for (gsize e = 0; e < len; e++)
            s -= w[e] * LESC_AT (phi, cols[e], j);
          LESC_AT (t, i, j) = s;
        }
    }
  int threads = lesc_blas_threads_get ();
  for (int th = 1; th <= 2; th++)
    {
      /* the dgemm's bits may depend on its threads (their split of the columns) */
      lesc_blas_threads_set (th);
      g_autoptr (LescMatrix) want = lesc_matrix_new (k, k);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) k, (int) k, (int) n, 1.0,
                   phi->data, (int) n, t->data, (int) n, 0.0, want->data, (int) k);
      g_autoptr (LescMatrix) mine = lesc_matrix_new (n, k);
      lesc_smoothness_apply (m, phi->data, k, mine->data);
      g_assert_cmpmem (mine->data, n * k * sizeof (double), t->data, n * k * sizeof (double));
      g_autoptr (LescMatrix) gram = lesc_le_gram (kernel, NULL, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) form = lesc_le_smoothness_form (kernel, gram, m, NULL, &error);
      g_assert_no_error (error);
      for (gsize j = 0; j < k; j++)
        g_assert_cmpmem (form->data + j * k + j, (k - j) * sizeof (double),
                         want->data + j * k + j, (k - j) * sizeof (double));
    }
  lesc_blas_threads_set (threads);
}

static void
test_neighbour_ties (void)
{
  /* points on a line at 0, 1, −1, 1, 2: from row 0 the distances are 0, 1, 1, 1, 4;
   * K = 3 keeps row 0 and the tied rows 1, 2 (lower indices), not 3 */
  const double v[] = { 0, 1, -1, 1, 2 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (5, 1, v);
  g_autoptr (LescMatrix) d2 = lesc_matrix_new (5, 5);
  for (gsize i = 0; i < 5; i++)
    for (gsize j = 0; j < 5; j++)
      LESC_AT (d2, i, j) = sq_dist (x, i, j);
  gsize idx[3];
  lesc_glle_neighbours (d2, 0, 3, idx);
  g_assert_cmpuint (idx[0], ==, 0);
  g_assert_cmpuint (idx[1], ==, 1);
  g_assert_cmpuint (idx[2], ==, 2);
  /* from row 3 (a duplicate of row 1): rows 1 and 3 at 0 (1 first), then 0 and 4 at 1 */
  lesc_glle_neighbours (d2, 3, 3, idx);
  g_assert_cmpuint (idx[0], ==, 1);
  g_assert_cmpuint (idx[1], ==, 3);
  g_assert_cmpuint (idx[2], ==, 0);
}

/* Gaussian elimination with partial pivoting: solve A X = B in place (A n×n, B n×c). */
static void
dense_solve (LescMatrix *a, LescMatrix *b)
{
  gsize n = a->rows;
  for (gsize k = 0; k < n; k++)
    {
      gsize p = k;
      for (gsize i = k + 1; i < n; i++)
        if (fabs (LESC_AT (a, i, k)) > fabs (LESC_AT (a, p, k)))
          p = i;
      for (gsize j = 0; j < n; j++)
        {
          double t = LESC_AT (a, k, j);
          LESC_AT (a, k, j) = LESC_AT (a, p, j);
          LESC_AT (a, p, j) = t;
        }
      for (gsize j = 0; j < b->cols; j++)
        {
          double t = LESC_AT (b, k, j);
          LESC_AT (b, k, j) = LESC_AT (b, p, j);
          LESC_AT (b, p, j) = t;
        }
      for (gsize i = k + 1; i < n; i++)
        {
          double f = LESC_AT (a, i, k) / LESC_AT (a, k, k);
          for (gsize j = k; j < n; j++)
            LESC_AT (a, i, j) -= f * LESC_AT (a, k, j);
          for (gsize j = 0; j < b->cols; j++)
            LESC_AT (b, i, j) -= f * LESC_AT (b, k, j);
        }
    }
  for (gsize k = n; k-- > 0;)
    for (gsize j = 0; j < b->cols; j++)
      {
        double s = LESC_AT (b, k, j);
        for (gsize i = k + 1; i < n; i++)
          s -= LESC_AT (a, k, i) * LESC_AT (b, i, j);
        LESC_AT (b, k, j) = s / LESC_AT (a, k, k);
      }
}

static void
test_converged_equals_dense_solve (void)
{
  gsize n = 20;
  g_autoptr (LescMatrix) x = random_features (n, 3, 9);
  g_autoptr (LescMatrix) l = random_labels (n, 3, 10);
  LescMatrix *c = random_matrix (n, n, 11, 0.1);
  g_autoptr (LescMatrix) m_dense = dense_correlation_m (c);
  g_autoptr (LescSmoothness) m = lesc_smoothness_new_correlation (c, FALSE);
  double lambda = 10.0;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) numerical = NULL;
  LescLeReport rep;
  g_assert_true (lesc_le_fit (x, l, m, lambda, LESC_VARIANT_CONVERGED, 5489, NULL, &rep, NULL,
                              &numerical, &error));
  g_assert_no_error (error);
  /* no duplicates: D̃* = (I + λM)⁻¹L */
  g_autoptr (LescMatrix) a = lesc_matrix_new (n, n);
  for (gsize e = 0; e < n * n; e++)
    a->data[e] = lambda * m_dense->data[e];
  for (gsize i = 0; i < n; i++)
    LESC_AT (a, i, i) += 1.0;
  g_autoptr (LescMatrix) want = lesc_matrix_copy (l);
  dense_solve (a, want);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (numerical, want), <, 1e-10);
}

/* Rows 3 and 7 identical: the exact optimum gives them equal outputs; the reference
 * optimizer converges to it on this small problem (BFGS), never below its objective. */
static void
test_duplicates_and_reference (void)
{
  gsize n = 24, c = 3;
  g_autoptr (LescMatrix) x = random_features (n, 3, 12);
  for (gsize j = 0; j < x->cols; j++)
    LESC_AT (x, 7, j) = LESC_AT (x, 3, j);
  g_autoptr (LescMatrix) l = random_labels (n, c, 13);
  LESC_AT (l, 3, 0) = 1.0, LESC_AT (l, 3, 1) = 0.0, LESC_AT (l, 3, 2) = 0.0;
  LESC_AT (l, 7, 0) = 0.0, LESC_AT (l, 7, 1) = 1.0, LESC_AT (l, 7, 2) = 0.0;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 6, 10.0, NULL, &error);
  g_assert_no_error (error);
  double lambda = 0.5;
  g_autoptr (LescMatrix) conv = NULL, ref = NULL;
  LescLeReport rc, rr;
  g_autoptr (LescLeModel) model_c = NULL;
  g_autoptr (LescLeModel) model_r = NULL;
  g_assert_true (lesc_le_fit (x, l, m, lambda, LESC_VARIANT_CONVERGED, 5489, NULL, &rc, &model_c,
                              &conv, &error));
  g_assert_no_error (error);
  g_assert_true (lesc_le_fit (x, l, m, lambda, LESC_VARIANT_REFERENCE, 5489, NULL, &rr, &model_r,
                              &ref, &error));
  g_assert_no_error (error);
  for (gsize j = 0; j < c; j++)
    g_assert_cmpfloat (LESC_AT (conv, 3, j), ==, LESC_AT (conv, 7, j));
  g_assert_cmpfloat (LESC_AT (conv, 3, 0), >, LESC_AT (conv, 3, 2));   /* the pair's mean label */
  g_test_message ("reference: exit %d, %u iterations, %u evaluations, f = %.9g; converged f = %.9g",
                  rr.exit_flag, rr.iterations, rr.evaluations, rr.objective, rc.objective);
  g_assert_cmpfloat (rr.objective, >=, rc.objective - 1e-9 * rc.objective);
  g_assert_cmpfloat (rr.objective - rc.objective, <, 1e-6 * rc.objective);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (ref, conv), <, 1e-3);

  /* prediction on the training rows reproduces the softmax of Φ̂W */
  g_autoptr (LescMatrix) soft_r = lesc_matrix_copy (ref);
  lesc_matrix_row_softmax (soft_r);
  g_autoptr (LescMatrix) pred_r = lesc_le_predict (model_r, x);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (pred_r, soft_r), <, 1e-12);
  g_autoptr (LescMatrix) soft_c = lesc_matrix_copy (conv);
  lesc_matrix_row_softmax (soft_c);
  g_autoptr (LescMatrix) pred_c = lesc_le_predict (model_c, x);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (pred_c, soft_c), <, 1e-6);
}

/* Many labels (L-BFGS, c·300 ≫ n): the optimizer runs in the basis of Q's tridiagonal
 * form. Ten distinct feature rows, each twenty times, make Φ̂ of rank 11, so the reference
 * optimizer converges within its cap (gradient or step test, taken in the original
 * coordinates) to the exact optimum the converged variant computes over the rows. */
static void
test_tridiagonal_basis (void)
{
  gsize n = 200, c = 16, distinct = 10;
  g_autoptr (LescMatrix) base = random_matrix (distinct, 3, 21, 1.0);
  g_autoptr (LescMatrix) raw = lesc_matrix_new (n, 3);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < 3; j++)
      LESC_AT (raw, i, j) = LESC_AT (base, i % distinct, j);
  g_autoptr (LescMatrix) x = lesc_zscore (raw);
  g_autoptr (LescMatrix) l = random_labels (n, c, 22);
  g_autoptr (LescSmoothness) m = lesc_smoothness_new_correlation (random_matrix (n, n, 23, 0.01),
                                                                  FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) conv = NULL, ref = NULL;
  LescLeReport rc, rr;
  g_assert_true (lesc_le_fit (x, l, m, 1.0, LESC_VARIANT_CONVERGED, 5489, NULL, &rc, NULL, &conv,
                              &error));
  g_assert_no_error (error);
  g_assert_true (lesc_le_fit (x, l, m, 1.0, LESC_VARIANT_REFERENCE, 5489, NULL, &rr, NULL, &ref,
                              &error));
  g_assert_no_error (error);
  g_test_message ("reference: exit %d, %u iterations, f = %.12g (converged %.12g), |∇f|∞ %.2g",
                  rr.exit_flag, rr.iterations, rr.objective, rc.objective, rr.grad_inf);
  g_assert_true (rr.tridiagonal);
  g_assert_true (rr.exit_flag == LESC_OPT_EXIT_GRADIENT || rr.exit_flag == LESC_OPT_EXIT_STEP);
  g_assert_cmpuint (rr.iterations, <, 300);
  g_assert_cmpfloat (fabs (rr.objective - rc.objective), <, 1e-8 * rc.objective);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (ref, conv), <, 1e-5);
}

static void
test_input_errors (void)
{
  g_autoptr (LescMatrix) x = random_features (6, 2, 14);
  g_autoptr (LescMatrix) l = random_labels (5, 2, 15);
  g_autoptr (LescMatrix) l6 = random_labels (6, 2, 15);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 3, 10.0, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (lesc_le_fit (x, l, m, 1.0, LESC_VARIANT_REFERENCE, 1, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);
  g_assert_false (lesc_le_fit (x, l6, m, -1.0, LESC_VARIANT_REFERENCE, 1, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_null (lesc_glle_laplacian (x, 7, 10.0, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  LescVariant v;
  g_assert_true (lesc_variant_from_string ("Converged", &v));
  g_assert_cmpint (v, ==, LESC_VARIANT_CONVERGED);
  g_assert_false (lesc_variant_from_string ("exact", &v));
  g_assert_cmpstr (lesc_variant_key (LESC_VARIANT_REFERENCE), ==, "reference");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/le/objective-correlation", test_objective_correlation);
  g_test_add_func ("/le/objective-paper-orientation", test_objective_paper_orientation);
  g_test_add_func ("/le/objective-factored-correlation", test_objective_factored);
  g_test_add_func ("/le/quadratic-form-blocks", test_quadratic_form_blocks);
  g_test_add_func ("/le/glle-graph-and-objective", test_glle_graph_and_objective);
  g_test_add_func ("/le/neighbour-ties", test_neighbour_ties);
  g_test_add_func ("/le/laplacian-form-bits", test_laplacian_form_bits);
  g_test_add_func ("/le/converged-equals-dense-solve", test_converged_equals_dense_solve);
  g_test_add_func ("/le/duplicates-and-reference", test_duplicates_and_reference);
  g_test_add_func ("/le/tridiagonal-basis", test_tridiagonal_basis);
  g_test_add_func ("/le/input-errors", test_input_errors);
  return g_test_run ();
}
