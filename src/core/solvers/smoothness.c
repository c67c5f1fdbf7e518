/* The smoothness matrix M as an operator: a sparse graph Laplacian or (I − C)ᵀ(I − C),
 * C dense or, when known, as factors UV. */
#include "core/solvers/smoothness.h"
#include "core/base/error.h"
#include "core/numeric/symmetric.h"

#include <cblas.h>
#include <math.h>
#include <string.h>

/* the largest ‖C‖₂ for which Q is formed from the factors of C (below) */
#define FACTORED_FORM_MAX_NORM 2.0

struct _LescSmoothness {
  gsize n;
  /* Laplacian: A in CSR form and its row sums */
  gsize *row_ptr;
  gsize *col_index;
  double *values;
  double *degree;
  /* correlation: C, and the orientation of M */
  LescMatrix *c;
  gboolean paper;
  LescMatrix *u, *v;   /* C = UV (n×r, r×n), or NULL */
  double c_bound;      /* ≥ ‖C‖₂ when factored */
};

LescSmoothness *
lesc_smoothness_new_laplacian (gsize n, const gsize *row_ptr, const gsize *col_index,
                               const double *values)
{
  LescSmoothness *m = g_new0 (LescSmoothness, 1);
  gsize nnz = row_ptr[n];
  m->n = n;
  m->row_ptr = g_memdup2 (row_ptr, (n + 1) * sizeof (gsize));
  m->col_index = g_memdup2 (col_index, MAX (nnz, 1) * sizeof (gsize));
  m->values = g_memdup2 (values, MAX (nnz, 1) * sizeof (double));
  m->degree = g_new0 (double, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    for (gsize t = row_ptr[i]; t < row_ptr[i + 1]; t++)
      m->degree[i] += values[t];
  return m;
}

LescSmoothness *
lesc_smoothness_new_correlation (LescMatrix *c, gboolean paper_orientation)
{
  g_return_val_if_fail (c->rows == c->cols, NULL);
  LescSmoothness *m = g_new0 (LescSmoothness, 1);
  m->n = c->rows;
  m->c = c;
  m->paper = paper_orientation;
  return m;
}

LescSmoothness *
lesc_smoothness_new_correlation_factored (LescMatrix *c, LescMatrix *u, LescMatrix *v,
                                         gboolean paper_orientation)
{
  g_return_val_if_fail (v->cols == u->rows && u->cols == v->rows
                        && (c == NULL || (c->rows == u->rows && c->cols == u->rows)), NULL);
  LescSmoothness *m = g_new0 (LescSmoothness, 1);
  m->n = u->rows;
  m->c = c;
  m->paper = paper_orientation;
  m->u = u;
  m->v = v;
  /* ‖C‖₂ ≤ ‖U‖₂‖V‖₂, and ‖U‖₂² = ‖UᵀU‖₂ ≤ ‖UᵀU‖_∞ (likewise VVᵀ) */
  int n = (int) u->rows, r = (int) u->cols;
  g_autoptr (LescMatrix) gu = lesc_matrix_new (r, r);
  g_autoptr (LescMatrix) gv = lesc_matrix_new (r, r);
  if (r > 0)
    {
      cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, r, n, 1.0, u->data, n, 0.0, gu->data, r);
      cblas_dsyrk (CblasColMajor, CblasLower, CblasNoTrans, r, n, 1.0, v->data, r, 0.0, gv->data,
                   r);
    }
  double nu = 0.0, nv = 0.0;
  for (int i = 0; i < r; i++)
    {
      double su = 0.0, sv = 0.0;
      for (int j = 0; j < r; j++)
        {
          su += fabs (LESC_AT (gu, MAX (i, j), MIN (i, j)));
          sv += fabs (LESC_AT (gv, MAX (i, j), MIN (i, j)));
        }
      nu = MAX (nu, su);
      nv = MAX (nv, sv);
    }
  m->c_bound = sqrt (nu * nv);
  return m;
}

void
lesc_smoothness_free (LescSmoothness *m)
{
  if (m == NULL)
    return;
  g_free (m->row_ptr);
  g_free (m->col_index);
  g_free (m->values);
  g_free (m->degree);
  lesc_matrix_free (m->c);
  lesc_matrix_free (m->u);
  lesc_matrix_free (m->v);
  g_free (m);
}

gsize
lesc_smoothness_size (const LescSmoothness *m)
{
  return m->n;
}

/* a graph Laplacian (else a correlation C, dense or factored) */
static gboolean
is_laplacian (const LescSmoothness *m)
{
  return m->row_ptr != NULL;
}

/* C itself: the one held, or UV formed into *formed */
static const LescMatrix *
dense_c (const LescSmoothness *m, LescMatrix **formed, GError **error)
{
  if (m->c != NULL)
    return m->c;
  gsize n = m->n, r = m->u->cols;
  *formed = lesc_matrix_try_new (n, n, error);
  if (*formed != NULL && r > 0)
    cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) n, (int) r, 1.0,
                 m->u->data, (int) n, m->v->data, (int) r, 0.0, (*formed)->data, (int) n);
  return *formed;
}

/* y = F x with F = I − C (code orientation) or I − Cᵀ (paper), so that M = FᵀF. */
static void
apply_factor (const LescSmoothness *m, gboolean transposed, const double *x, gsize k, double *y)
{
  int n = (int) m->n;
  gboolean trans_c = m->paper != transposed;   /* F = I − Cᵀ or Fᵀ = I − Cᵀ */
  memcpy (y, x, m->n * k * sizeof (double));
  if (k == 0)
    return;
  if (m->u != NULL)
    {
      /* Cx = U(Vx), Cᵀx = Vᵀ(Uᵀx) */
      int r = (int) m->u->cols;
      const LescMatrix *first = trans_c ? m->u : m->v, *second = trans_c ? m->v : m->u;
      g_autofree double *t = g_new (double, MAX ((gsize) r * k, 1));
      if (r == 0)
        return;
      if (trans_c)
        cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, r, (int) k, n, 1.0, first->data, n,
                     x, n, 0.0, t, r);
      else
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, r, (int) k, n, 1.0, first->data,
                     r, x, n, 0.0, t, r);
      if (trans_c)
        cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, n, (int) k, r, -1.0, second->data,
                     r, t, r, 1.0, y, n);
      else
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, n, (int) k, r, -1.0,
                     second->data, n, t, r, 1.0, y, n);
      return;
    }
  cblas_dgemm (CblasColMajor, trans_c ? CblasTrans : CblasNoTrans, CblasNoTrans, n, (int) k, n,
               -1.0, m->c->data, n, x, n, 1.0, y, n);
}

/* columns [j0, j1) of y = Mx, M a Laplacian. Columns go in groups of LAPLACIAN_GROUP so
 * that one pass over a row's neighbours serves the group (with k = n columns, one pass
 * per column read the graph n times); every entry is still d·x − Σ w·x in the row's order,
 * the same bits whatever the grouping. */
#define LAPLACIAN_GROUP 8
typedef struct {
  const LescSmoothness *m;
  const double *x;
  double *y;
  gsize j0, j1;
} LaplacianPart;

static gpointer
laplacian_columns (gpointer data)
{
  const LaplacianPart *p = data;
  const LescSmoothness *m = p->m;
  gsize n = m->n;
  for (gsize j0 = p->j0; j0 < p->j1; j0 += LAPLACIAN_GROUP)
    {
      gsize w = MIN (LAPLACIAN_GROUP, p->j1 - j0);
      const double *x = p->x + j0 * n;
      double *y = p->y + j0 * n;
      for (gsize i = 0; i < n; i++)
        {
          double s[LAPLACIAN_GROUP];
          for (gsize u = 0; u < w; u++)
            s[u] = m->degree[i] * x[u * n + i];
          for (gsize t = m->row_ptr[i]; t < m->row_ptr[i + 1]; t++)
            {
              double v = m->values[t];
              const double *xc = x + m->col_index[t];
              for (gsize u = 0; u < w; u++)
                s[u] -= v * xc[u * n];
            }
          for (gsize u = 0; u < w; u++)
            y[u * n + i] = s[u];
        }
    }
  return NULL;
}

/* y = Mx for a Laplacian; the columns split between two threads when there are many of
 * them (forming Φ̂ᵀMΦ̂: k = n + 1 columns, a tenth of a second on one thread at n = 2601) */
static void
laplacian_apply (const LescSmoothness *m, const double *x, gsize k, double *y)
{
  LaplacianPart part[2] = { { m, x, y, 0, k }, { m, x, y, k, k } };
  GThread *second = NULL;
  if (k >= 4 * LAPLACIAN_GROUP && (double) m->row_ptr[m->n] * (double) k > 1e7
      && lesc_blas_threads () > 1)
    {
      part[0].j1 = part[1].j0 = (k / 2) / LAPLACIAN_GROUP * LAPLACIAN_GROUP;
      second = g_thread_try_new ("lesc-laplacian", laplacian_columns, &part[1], NULL);
      if (second == NULL)
        part[0].j1 = k;
    }
  laplacian_columns (&part[0]);
  if (second != NULL)
    g_thread_join (second);
}

void
lesc_smoothness_apply (const LescSmoothness *m, const double *x, gsize k, double *y)
{
  gsize n = m->n;
  if (is_laplacian (m))
    {
      laplacian_apply (m, x, k, y);
      return;
    }
  g_autofree double *t = g_new (double, n * k);
  apply_factor (m, FALSE, x, k, t);
  apply_factor (m, TRUE, t, k, y);
}

static void
fill_upper (LescMatrix *a)
{
  gsize n = a->rows;
  for (gsize j = 0; j < n; j++)
    for (gsize i = j + 1; i < n; i++)
      LESC_AT (a, j, i) = LESC_AT (a, i, j);
}

LescMatrix *
lesc_smoothness_dense (const LescSmoothness *m)
{
  gsize n = m->n;
  LescMatrix *d = lesc_matrix_new (n, n);
  if (is_laplacian (m))
    {
      for (gsize i = 0; i < n; i++)
        {
          LESC_AT (d, i, i) += m->degree[i];
          for (gsize t = m->row_ptr[i]; t < m->row_ptr[i + 1]; t++)
            LESC_AT (d, i, m->col_index[t]) -= m->values[t];
        }
      return d;
    }
  /* M = FᵀF */
  g_autoptr (LescMatrix) formed = NULL;
  const LescMatrix *c = dense_c (m, &formed, NULL);
  g_assert (c != NULL);
  g_autoptr (LescMatrix) f = lesc_matrix_new (n, n);
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (f, i, j) = (i == j) - (m->paper ? LESC_AT (c, j, i) : LESC_AT (c, i, j));
  cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) n, (int) n, 1.0, f->data, (int) n,
               0.0, d->data, (int) n);
  fill_upper (d);
  return d;
}

double
lesc_smoothness_bytes (const LescSmoothness *m)
{
  double n = (double) m->n;
  if (is_laplacian (m))
    return (double) m->row_ptr[m->n] * (8.0 + sizeof (gsize)) + n * (8.0 + sizeof (gsize));
  double r = m->u != NULL ? (double) m->u->cols : 0.0;
  return 8.0 * ((m->c != NULL ? n * n : 0.0) + 2.0 * n * r);
}

double
lesc_smoothness_apply_flops (const LescSmoothness *m)
{
  if (is_laplacian (m))
    return 2.0 * (double) (m->row_ptr[m->n] + m->n);
  if (m->u != NULL)
    return 8.0 * (double) m->n * (double) m->u->cols;
  return 4.0 * (double) m->n * (double) m->n;
}

double
lesc_smoothness_form_flops (const LescSmoothness *m, gsize k)
{
  double n = (double) m->n, kk = (double) k;
  if (is_laplacian (m))
    return n * kk * kk + kk * lesc_smoothness_apply_flops (m);   /* MΦ, the lower triangle */
  if (m->u != NULL && m->c_bound <= FACTORED_FORM_MAX_NORM)   /* rank-r terms on ΦᵀΦ */
    return (double) m->u->cols * (4.0 * n * kk + 3.0 * kk * kk);
  return 2.0 * n * n * kk + n * kk * kk;   /* FΦ, the lower triangle of (FΦ)ᵀ(FΦ) */
}

/* The lower triangle of Q ← βQ + αAᵀB (A, B n×k column-major), by column panels of
 * `block`, a cancellation check between them. */
static gboolean
lower_product (LescMatrix *q, const double *a, const double *b, gsize n, double alpha,
               double beta, gsize block, LescProgress *progress, GError **error)
{
  gsize k = q->cols;
  for (gsize j0 = 0; j0 < k; j0 += block)
    {
      if (lesc_progress_cancelled (progress, error))
        return FALSE;
      gsize w = MIN (block, k - j0);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) (k - j0), (int) w, (int) n,
                   alpha, a + j0 * n, (int) n, b + j0 * n, (int) n, beta,
                   q->data + j0 + j0 * k, (int) k);
    }
  return TRUE;
}

/* the column blocks of a k×k product over n rows: about 2e9 flops each */
static gsize
block_for (gsize n, gsize k)
{
  return MAX (32, (gsize) (1e9 / ((double) MAX (n, 1) * (double) MAX (k, 1))));
}

LescMatrix *
lesc_gram_lower (const LescMatrix *phi, LescProgress *progress, GError **error)
{
  gsize n = phi->rows, k = phi->cols;
  g_autoptr (LescMatrix) q = lesc_matrix_try_new (k, k, error);
  if (q == NULL
      || !lower_product (q, phi->data, phi->data, n, 1.0, 0.0, block_for (n, k), progress, error))
    return NULL;
  return g_steal_pointer (&q);
}

LescMatrix *
lesc_smoothness_form (const LescSmoothness *m, const LescMatrix *phi, const LescMatrix *gram,
                      LescProgress *progress, GError **error)
{
  gsize n = m->n, k = phi->cols;
  g_return_val_if_fail (phi->rows == n, NULL);
  g_autoptr (LescMatrix) q = lesc_matrix_try_new (k, k, error);
  if (q == NULL)
    return NULL;
  gsize block = block_for (n, k);
  if (is_laplacian (m))
    {
      /* Laplacian: Φᵀ(MΦ), n³ flops */
      g_autoptr (LescMatrix) t = lesc_matrix_try_new (n, k, error);
      if (t == NULL)
        return NULL;
      lesc_smoothness_apply (m, phi->data, k, t->data);
      if (!lower_product (q, phi->data, t->data, n, 1.0, 0.0, block, progress, error))
        return NULL;
      return g_steal_pointer (&q);
    }
  if (m->u != NULL && m->c_bound <= FACTORED_FORM_MAX_NORM)
    {
      /* C = UV, A = UᵀΦ, W = VΦ (r×k). FᵀF = I − C − Cᵀ + CᵀC (code: F = I − C; the paper's
       * F = I − Cᵀ swaps the last term for CCᵀ), so
       *   ΦᵀMΦ = ΦᵀΦ − (AᵀW + WᵀA) + Wᵀ(UᵀU)W   (paper: Aᵀ(VVᵀ)A),
       * O(n²r) flops on top of the Gram matrix. The terms cancel where F is small, so the
       * rounding error grows with (1 + ‖C‖)²: used for ‖C‖₂ ≤ FACTORED_FORM_MAX_NORM only. */
      g_return_val_if_fail (gram != NULL && gram->rows == k, NULL);
      int r = (int) m->u->cols, ki = (int) k, ni = (int) n;
      memcpy (q->data, gram->data, k * k * sizeof (double));
      if (r == 0)
        return g_steal_pointer (&q);
      g_autoptr (LescMatrix) a = lesc_matrix_try_new (r, k, error);
      g_autoptr (LescMatrix) w = a ? lesc_matrix_try_new (r, k, error) : NULL;
      g_autoptr (LescMatrix) gw = w ? lesc_matrix_try_new (r, k, error) : NULL;
      if (gw == NULL)
        return NULL;
      g_autoptr (LescMatrix) rr = lesc_matrix_new (r, r);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, r, ki, ni, 1.0, m->u->data, ni,
                   phi->data, ni, 0.0, a->data, r);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, r, ki, ni, 1.0, m->v->data, r,
                   phi->data, ni, 0.0, w->data, r);
      if (m->paper)
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, r, r, ni, 1.0, m->v->data, r,
                     m->v->data, r, 0.0, rr->data, r);
      else
        cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, r, r, ni, 1.0, m->u->data, ni,
                     m->u->data, ni, 0.0, rr->data, r);
      const LescMatrix *outer = m->paper ? a : w;
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, r, ki, r, 1.0, rr->data, r,
                   outer->data, r, 0.0, gw->data, r);
      if (!lower_product (q, a->data, w->data, (gsize) r, -1.0, 1.0, block, progress, error)
          || !lower_product (q, w->data, a->data, (gsize) r, -1.0, 1.0, block, progress, error)
          || !lower_product (q, outer->data, gw->data, (gsize) r, 1.0, 1.0, block, progress,
                             error))
        return NULL;
      return g_steal_pointer (&q);
    }
  g_autoptr (LescMatrix) t = lesc_matrix_try_new (n, k, error);
  if (t == NULL)
    return NULL;
  /* dense C (held, or formed from its factors): (FΦ)ᵀ(FΦ), FΦ = Φ − CΦ (paper: Φ − CᵀΦ)
   * by column blocks: 3n³ flops */
  g_autoptr (LescMatrix) formed = NULL;
  const LescMatrix *c = dense_c (m, &formed, error);
  if (c == NULL)
    return NULL;
  memcpy (t->data, phi->data, n * k * sizeof (double));
  for (gsize j0 = 0; j0 < k; j0 += block)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      gsize b = MIN (block, k - j0);
      cblas_dgemm (CblasColMajor, m->paper ? CblasTrans : CblasNoTrans, CblasNoTrans, (int) n,
                   (int) b, (int) n, -1.0, c->data, (int) n, phi->data + j0 * n, (int) n, 1.0,
                   t->data + j0 * n, (int) n);
    }
  if (!lower_product (q, t->data, t->data, n, 1.0, 0.0, block, progress, error))
    return NULL;
  return g_steal_pointer (&q);
}

/* ---- what M is made of (smoothness.h) ----------------------------------------------- */

gboolean
lesc_smoothness_is_graph (const LescSmoothness *m)
{
  return is_laplacian (m);
}

gsize
lesc_smoothness_graph_row (const LescSmoothness *m, gsize i, const gsize **cols, const double **weights)
{
  g_return_val_if_fail (is_laplacian (m) && i < m->n, 0);
  *cols = m->col_index + m->row_ptr[i];
  *weights = m->values + m->row_ptr[i];
  return m->row_ptr[i + 1] - m->row_ptr[i];
}

void
lesc_smoothness_correlation_line (const LescSmoothness *m, gsize i, gboolean column, double *out)
{
  g_return_if_fail (!is_laplacian (m) && i < m->n);
  gsize n = m->n;
  if (m->c != NULL)
    {
      for (gsize j = 0; j < n; j++)
        out[j] = column ? LESC_AT (m->c, j, i) : LESC_AT (m->c, i, j);
      return;
    }
  gsize r = m->u->cols;
  for (gsize j = 0; j < n; j++)
    {
      double s = 0.0;
      for (gsize k = 0; k < r; k++)
        s += column ? LESC_AT (m->u, j, k) * LESC_AT (m->v, k, i) : LESC_AT (m->u, i, k) * LESC_AT (m->v, k, j);
      out[j] = s;
    }
}

gboolean
lesc_smoothness_paper_orientation (const LescSmoothness *m)
{
  return m->paper;
}
