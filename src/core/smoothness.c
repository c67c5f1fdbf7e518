/* The smoothness matrix M as an operator: a sparse graph Laplacian or (I − C)ᵀ(I − C). */
#include "core/smoothness.h"
#include "core/error.h"

#include <cblas.h>
#include <string.h>

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
  g_free (m);
}

gsize
lesc_smoothness_size (const LescSmoothness *m)
{
  return m->n;
}

/* y = F x with F = I − C (code orientation) or I − Cᵀ (paper), so that M = FᵀF. */
static void
apply_factor (const LescSmoothness *m, gboolean transposed, const double *x, gsize k, double *y)
{
  int n = (int) m->n;
  gboolean trans_c = m->paper != transposed;   /* F = I − Cᵀ or Fᵀ = I − Cᵀ */
  memcpy (y, x, m->n * k * sizeof (double));
  cblas_dgemm (CblasColMajor, trans_c ? CblasTrans : CblasNoTrans, CblasNoTrans, n, (int) k, n,
               -1.0, m->c->data, n, x, n, 1.0, y, n);
}

static void
apply_factor_block (const LescSmoothness *m, const double *x, gsize k, double *y)
{
  apply_factor (m, FALSE, x, k, y);
}

void
lesc_smoothness_apply (const LescSmoothness *m, const double *x, gsize k, double *y)
{
  gsize n = m->n;
  if (m->c == NULL)
    {
      for (gsize j = 0; j < k; j++)
        {
          const double *xj = x + j * n;
          double *yj = y + j * n;
          for (gsize i = 0; i < n; i++)
            {
              double s = m->degree[i] * xj[i];
              for (gsize t = m->row_ptr[i]; t < m->row_ptr[i + 1]; t++)
                s -= m->values[t] * xj[m->col_index[t]];
              yj[i] = s;
            }
        }
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
  if (m->c == NULL)
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
  g_autoptr (LescMatrix) f = lesc_matrix_new (n, n);
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (f, i, j) = (i == j) - (m->paper ? LESC_AT (m->c, j, i) : LESC_AT (m->c, i, j));
  cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) n, (int) n, 1.0, f->data, (int) n,
               0.0, d->data, (int) n);
  fill_upper (d);
  return d;
}

double
lesc_smoothness_apply_flops (const LescSmoothness *m)
{
  if (m->c == NULL)
    return 2.0 * (double) (m->row_ptr[m->n] + m->n);
  return 4.0 * (double) m->n * (double) m->n;
}

double
lesc_smoothness_quadratic_form_flops (const LescSmoothness *m, gsize k)
{
  double n = (double) m->n, kk = (double) k;
  if (m->c == NULL)
    return 2.0 * n * kk * kk + kk * lesc_smoothness_apply_flops (m);
  return 2.0 * n * n * kk + 2.0 * n * kk * kk;   /* F Φ, then the two lower triangles */
}

double
lesc_smoothness_quadratic_form_bytes (const LescSmoothness *m, gsize k)
{
  return 8.0 * ((double) k * (double) k + (double) m->n * (double) k);
}

LescMatrix *
lesc_smoothness_quadratic_form (const LescSmoothness *m, const LescMatrix *phi, double lambda,
                                LescProgress *progress, GError **error)
{
  gsize n = m->n, k = phi->cols;
  g_return_val_if_fail (phi->rows == n, NULL);
  g_autoptr (LescMatrix) q = lesc_matrix_try_new (k, k, error);
  if (q == NULL)
    return NULL;
  g_autoptr (LescMatrix) t = lesc_matrix_try_new (n, k, error);
  if (t == NULL)
    return NULL;
  int ni = (int) n, ki = (int) k;
  /* column blocks of about 2e9 flops, a cancellation check between them */
  gsize block = MAX (32, (gsize) (1e9 / ((double) MAX (n, 1) * (double) MAX (k, 1))));
  if (m->c == NULL)
    {
      /* Q = Φᵀ(Φ + λMΦ), then symmetrized */
      lesc_smoothness_apply (m, phi->data, k, t->data);
      for (gsize e = 0; e < n * k; e++)
        t->data[e] = phi->data[e] + lambda * t->data[e];
      for (gsize j0 = 0; j0 < k; j0 += block)
        {
          if (lesc_progress_cancelled (progress, error))
            return NULL;
          gsize b = MIN (block, k - j0);
          cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, ki, (int) b, ni, 1.0, phi->data,
                       ni, t->data + j0 * n, ni, 0.0, q->data + j0 * k, ki);
        }
      for (gsize j = 0; j < k; j++)
        for (gsize i = j + 1; i < k; i++)
          {
            double v = 0.5 * (LESC_AT (q, i, j) + LESC_AT (q, j, i));
            LESC_AT (q, i, j) = LESC_AT (q, j, i) = v;
          }
      return g_steal_pointer (&q);
    }
  /* Q = ΦᵀΦ + λBᵀB with B = FΦ; the lower triangle by column panels */
  for (gsize j0 = 0; j0 < k; j0 += block)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      gsize b = MIN (block, k - j0);
      apply_factor_block (m, phi->data + j0 * n, b, t->data + j0 * n);
    }
  for (gsize j0 = 0; j0 < k; j0 += block)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      gsize b = MIN (block, k - j0), rows = k - j0;
      double *qj = q->data + j0 + j0 * k;
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) rows, (int) b, ni, 1.0,
                   phi->data + j0 * n, ni, phi->data + j0 * n, ni, 0.0, qj, ki);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) rows, (int) b, ni, lambda,
                   t->data + j0 * n, ni, t->data + j0 * n, ni, 1.0, qj, ki);
    }
  fill_upper (q);
  return g_steal_pointer (&q);
}
