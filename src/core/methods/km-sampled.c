/* KM's large-data form (docs/methods.md §11): class centres from seeded samples of their
 * members, the kernel against them in row blocks — no n×n matrix. */
#include "core/methods/km.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/solvers/landmarks.h"

#include <cblas.h>
#include <math.h>

#define BLOCK_ENTRIES ((gsize) 1 << 24)

LescMatrix *
lesc_km_degrees_sampled (const LescMatrix *x, const LescMatrix *l, double eta,
                         LescKmMembership rule, gsize m, guint32 seed, LescProgress *progress,
                         GError **error)
{
  gsize n = x->rows, q = x->cols, c = l->cols;
  lesc_progress_report (progress, 0.0, "kernel");
  double width;
  {
    g_autoptr (LescMatrix) z = lesc_landmarks_select (x, MAX (m, 2), seed);
    width = lesc_mean_pairwise_distance (z);
  }
  if (!(width > 0.0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "km: the %zu sampled feature rows of %zu are identical (kernel width 0)",
                   MIN (MAX (m, 2), n), n);
      return NULL;
    }
  /* S_j: at most m members of each class, drawn without replacement */
  g_autofree double *nj = g_new0 (double, c), *mj = g_new0 (double, c);
  g_autofree guint8 *chosen = g_new0 (guint8, n * c);   /* n×c: i ∈ S_j */
  g_autofree gsize *members = g_new (gsize, MAX (n, 1));
  LescRandom rng;
  lesc_random_init (&rng, seed);
  for (gsize j = 0; j < c; j++)
    {
      gsize count = 0;
      for (gsize i = 0; i < n; i++)
        if (LESC_AT (l, i, j) == 1.0)
          members[count++] = i;
      nj[j] = (double) count;
      gsize take = MIN (count, m);
      lesc_landmarks_sample (members, count, take, &rng);
      for (gsize t = 0; t < take; t++)
        chosen[members[t] + j * n] = 1;
      mj[j] = (double) take;
    }
  /* U: the rows in any S_j, in order; B (|U|×c) their memberships */
  gsize nu = 0;
  for (gsize i = 0; i < n; i++)
    {
      gboolean any = FALSE;
      for (gsize j = 0; j < c && !any; j++)
        any = chosen[i + j * n];
      if (any)
        members[nu++] = i;
    }
  g_autoptr (LescMatrix) xu = lesc_matrix_new (MAX (nu, 1), q);
  g_autoptr (LescMatrix) b = lesc_matrix_new (MAX (nu, 1), c);
  for (gsize u = 0; u < nu; u++)
    {
      for (gsize f = 0; f < q; f++)
        LESC_AT (xu, u, f) = LESC_AT (x, members[u], f);
      for (gsize j = 0; j < c; j++)
        LESC_AT (b, u, j) = chosen[members[u] + j * n];
    }
  xu->rows = b->rows = nu;
  /* T = K(X, U)·B by row blocks of X */
  g_autoptr (LescMatrix) tk = lesc_matrix_new (n, c);
  gsize rows = MAX (1, BLOCK_ENTRIES / MAX (nu, 1));
  for (gsize i0 = 0; i0 < n && nu > 0; i0 += rows)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      lesc_progress_report (progress, 0.9 * (double) i0 / (double) n, "kernel");
      gsize h = MIN (rows, n - i0);
      g_autoptr (LescMatrix) xb = lesc_matrix_new (h, q);
      for (gsize f = 0; f < q; f++)
        for (gsize i = 0; i < h; i++)
          LESC_AT (xb, i, f) = LESC_AT (x, i0 + i, f);
      g_autoptr (LescMatrix) kb = lesc_rbf_kernel (xb, xu, width);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) h, (int) c, (int) nu, 1.0,
                   kb->data, (int) h, b->data, (int) nu, 0.0, tk->data + i0, (int) n);
    }
  /* Σ_{p∈C_j} k(x_i, x_p) ≈ (n_j/m_j)·T_ij; the centre's term from S_j's pairs, its own
   * n_j diagonal ones exact: n_j + n_j(n_j − 1)·(mean off-diagonal kernel within S_j) */
  g_autofree double *uj = g_new0 (double, c);
  for (gsize j = 0; j < c; j++)
    {
      if (mj[j] == 0.0)
        continue;
      double within = 0.0;
      for (gsize i = 0; i < n; i++)
        if (chosen[i + j * n])
          within += LESC_AT (tk, i, j);
      if (mj[j] == nj[j])
        uj[j] = within;
      else
        uj[j] = nj[j] + nj[j] * (nj[j] - 1.0) * (within - mj[j]) / (mj[j] * (mj[j] - 1.0));
      double scale = nj[j] / mj[j];
      if (scale != 1.0)
        for (gsize i = 0; i < n; i++)
          LESC_AT (tk, i, j) *= scale;
    }
  return lesc_km_degrees_from_sums (l, tk, nj, uj, eta, rule);
}
