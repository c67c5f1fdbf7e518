/* Which large form LP takes (docs/methods.md §11, "LP"): the share of a row's affinity each
 * form gets wrong, estimated on a sample of rows before the run. */
#include "core/methods/lp.h"
#include "core/base/random.h"
#include "core/solvers/kernel.h"
#include "core/solvers/landmarks.h"

#include <cblas.h>
#include <math.h>
#include <string.h>

/* rows whose affinity rows are measured, and the columns the Nyström error is measured on */
#define SAMPLE_ROWS 200
#define SAMPLE_COLUMNS 1000

/* v[0..k−1] the k smallest of v[0..n−1] (in any order); 0 < k ≤ n */
static void
select_smallest (double *v, gsize n, gsize k)
{
  gsize lo = 0, hi = n - 1, want = k - 1;
  while (lo < hi)
    {
      double pivot = v[lo + (hi - lo) / 2];
      gsize i = lo, j = hi;
      while (i <= j)
        {
          while (v[i] < pivot)
            i++;
          while (v[j] > pivot)
            j--;
          if (i <= j)
            {
              double t = v[i];
              v[i] = v[j];
              v[j] = t;
              i++;
              if (j == 0)
                break;
              j--;
            }
        }
      if (want <= j)
        hi = j;
      else if (want >= i)
        lo = i;
      else
        break;
    }
}

/* the sample's affinity rows against every sample: ρ_i, and the row's own scale μ_i and
 * mass T_i, and its affinities to the sampled columns */
static void
graph_loss (const LescMatrix *x, const gsize *rows, gsize s, gsize k, const gsize *cols,
            gsize nc, double *mu, double *mass, double *rho, LescMatrix *exact)
{
  gsize n = x->rows;
  g_autoptr (LescMatrix) xs = lesc_matrix_select_rows (x, rows, s);
  g_autoptr (LescMatrix) d2 = lesc_sq_distances (xs, x);
  g_autofree double *v = g_new (double, n);
  for (gsize a = 0; a < s; a++)
    {
      gsize len = 0;
      double best = INFINITY;
      for (gsize j = 0; j < n; j++)
        if (j != rows[a])
          {
            v[len++] = LESC_AT (d2, a, j);
            best = fmin (best, LESC_AT (d2, a, j));
          }
      double total = 0.0, kept = 0.0;
      for (gsize t = 0; t < len; t++)
        total += exp (-(v[t] - best) / 2.0);
      select_smallest (v, len, MIN (k, len));
      for (gsize t = 0; t < MIN (k, len); t++)
        kept += exp (-(v[t] - best) / 2.0);
      mu[a] = best;
      mass[a] = total;
      rho[a] = total > 0.0 ? fmax (0.0, 1.0 - kept / total) : 0.0;
      for (gsize b = 0; b < nc; b++)
        LESC_AT (exact, a, b) = cols[b] == rows[a] ? 0.0
                                                   : exp (-(LESC_AT (d2, a, cols[b]) - best) / 2.0);
    }
}

void
lesc_lp_choose_form (const LescMatrix *x, gsize m, gsize k, guint32 seed, LescLpForm *out)
{
  gsize n = x->rows;
  memset (out, 0, sizeof *out);
  g_autofree gsize *landmark = g_new (gsize, MIN (m, n));
  g_autoptr (LescMatrix) z = lesc_landmarks_select_index (x, m, seed, landmark);
  m = z->rows;
  /* the rows that are not landmarks (where the Nyström form is not exact) */
  g_autofree gsize *pool = g_new (gsize, n);
  gsize count = 0;
  for (gsize i = 0, t = 0; i < n; i++)
    {
      while (t < m && landmark[t] < i)
        t++;
      if (t >= m || landmark[t] != i)
        pool[count++] = i;
    }
  /* (nearly) every row a landmark: Nyström is exact but for rounding, which is measured on
   * landmark rows then — it is what fails on concentrated affinities (§11) */
  if (count <= SAMPLE_ROWS)
    for (count = 0; count < n; count++)
      pool[count] = count;
  LescRandom rng;
  lesc_random_init (&rng, seed + 1);
  gsize s = MIN (SAMPLE_ROWS, count / 2);
  lesc_landmarks_sample (pool, count, s, &rng);
  gsize nc = MIN (SAMPLE_COLUMNS, count - s);
  lesc_landmarks_sample (pool + s, count - s, nc, &rng);
  g_autofree double *mu = g_new (double, s), *mass = g_new (double, s), *rho = g_new (double, s);
  g_autoptr (LescMatrix) a = lesc_matrix_new (s, MAX (nc, 1));
  graph_loss (x, pool, s, k, pool + s, nc, mu, mass, rho, a);
  double rho_sum = 0.0, eps_sum = 0.0;
  for (gsize i = 0; i < s; i++)
    rho_sum += rho[i];
  out->rows = s;
  out->graph_loss = s > 0 ? rho_sum / (double) s : 0.0;
  if (nc > 0)
    {
      /* â_ij = f_iᵀe_j, f_i in row i's scale μ_i (as a), e_j unshifted; the landmark
       * columns are exact in Nyström, so the sampled columns stand for the count others */
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) w = lesc_lp_landmark_whitening (z, &error);
      if (w == NULL)
        {
          out->lowrank_loss = INFINITY;
          out->lowrank = FALSE;
          return;
        }
      gsize r = w->cols;
      g_autoptr (LescMatrix) xs = lesc_matrix_select_rows (x, pool, s);
      g_autoptr (LescMatrix) xc = lesc_matrix_select_rows (x, pool + s, nc);
      g_autoptr (LescMatrix) fs = lesc_matrix_new (s, r);
      g_autoptr (LescMatrix) ec = lesc_matrix_new (nc, r);
      g_autofree double *mu_c = g_new0 (double, nc);
      lesc_lp_landmark_rows (xs, 0, s, z, w, FALSE, mu, NULL, fs->data, s);
      lesc_lp_landmark_rows (xc, 0, nc, z, w, FALSE, mu_c, NULL, ec->data, nc);
      g_autoptr (LescMatrix) approx = lesc_matrix_new (s, nc);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) s, (int) nc, (int) r, 1.0,
                   fs->data, (int) s, ec->data, (int) nc, 0.0, approx->data, (int) s);
      for (gsize i = 0; i < s; i++)
        {
          double err = 0.0;
          for (gsize j = 0; j < nc; j++)
            err += fabs (LESC_AT (approx, i, j) - LESC_AT (a, i, j));
          eps_sum += mass[i] > 0.0 ? err * (double) (count - 1) / (double) nc / mass[i] : 0.0;
        }
      /* a shifted row against rounding can overflow: no use */
      out->lowrank_loss = isfinite (eps_sum) ? eps_sum / (double) s : INFINITY;
    }
  /* the factor: on the z-scored Yeast features (ε 0.31, ρ 0.32) the k-graph is the closer
   * of the two to the reference (docs/methods.md §11) */
  out->lowrank = LESC_LP_LOWRANK_FACTOR * out->lowrank_loss < out->graph_loss;
}
