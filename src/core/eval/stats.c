/* Statistics for comparing methods over data sets (docs/statistics.md). */
#include "core/eval/stats.h"
#include "core/base/error.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* GSL aborts on errors by default; the core library checks status codes instead. */
static void
gsl_quiet (void)
{
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      gsl_set_error_handler_off ();
      g_once_init_leave (&done, 1);
    }
}

/* ---- Ranks ----------------------------------------------------------------------- */

void
lesc_stats_rank (const double *v, gsize k, gboolean lower_is_better, LescRankTies ties,
                 double *ranks)
{
  /* k is small (methods): count, for each value, the better and the tied others. */
  for (gsize i = 0; i < k; i++)
    {
      gsize better = 0, tied = 0;
      for (gsize j = 0; j < k; j++)
        {
          if (j == i)
            continue;
          if (v[j] == v[i])
            tied++;
          else if (lower_is_better ? v[j] < v[i] : v[j] > v[i])
            better++;
        }
      ranks[i] = 1.0 + (double) better + (ties == LESC_RANK_TIES_MID ? 0.5 * (double) tied : 0.0);
    }
}

LescMatrix *
lesc_stats_rank_table (const LescMatrix *table, gboolean lower_is_better, LescRankTies ties)
{
  const gsize n = table->rows, k = table->cols;
  LescMatrix *ranks = lesc_matrix_new (n, k);
  double *row = g_new (double, k), *r = g_new (double, k);
  for (gsize i = 0; i < n; i++)
    {
      for (gsize j = 0; j < k; j++)
        row[j] = LESC_AT (table, i, j);
      lesc_stats_rank (row, k, lower_is_better, ties, r);
      for (gsize j = 0; j < k; j++)
        LESC_AT (ranks, i, j) = r[j];
    }
  g_free (row);
  g_free (r);
  return ranks;
}

void
lesc_stats_mean_ranks (const LescMatrix *ranks, double *mean_ranks)
{
  for (gsize j = 0; j < ranks->cols; j++)
    {
      double s = 0;
      for (gsize i = 0; i < ranks->rows; i++)
        s += LESC_AT (ranks, i, j);
      mean_ranks[j] = s / (double) ranks->rows;
    }
}

/* The rows of `table` without a missing (NaN) or non-finite value; `dropped` (may be NULL)
 * receives the indices (guint, ascending) of the rows left out. */
static LescMatrix *
complete_rows (const LescMatrix *table, GArray **dropped)
{
  g_autoptr (GArray) keep = g_array_new (FALSE, FALSE, sizeof (gsize));
  GArray *gone = g_array_new (FALSE, FALSE, sizeof (guint));
  for (gsize i = 0; i < table->rows; i++)
    {
      gboolean ok = TRUE;
      for (gsize j = 0; j < table->cols && ok; j++)
        ok = isfinite (LESC_AT (table, i, j));
      if (ok)
        g_array_append_val (keep, i);
      else
        {
          guint u = (guint) i;
          g_array_append_val (gone, u);
        }
    }
  if (dropped != NULL)
    *dropped = gone;
  else
    g_array_unref (gone);
  return lesc_matrix_select_rows (table, (const gsize *) keep->data, keep->len);
}

/* ---- Friedman and Iman–Davenport --------------------------------------------------- */

/* From an N×k matrix of mid-ranks (N ≥ 2, k ≥ 2). When every data set ties all methods
 * the tie correction is 0/0: χ²_tc = 0, p = 1 is reported. */
static void
friedman_test (const LescMatrix *ranks, LescFriedman *out)
{
  const gsize n = ranks->rows, k = ranks->cols;
  const double N = (double) n, K = (double) k;
  /* Rank sums are multiples of ½, their squares multiples of ¼: Σ T_j² is exact, so
   * identical rankings give χ²_F = N(k − 1) exactly (and F_F's denominator 0). */
  double sum_t2 = 0, ties = 0;
  for (gsize j = 0; j < k; j++)
    {
      double t = 0;
      for (gsize i = 0; i < n; i++)
        t += LESC_AT (ranks, i, j);
      sum_t2 += t * t;
    }
  /* Tied values share one mid-rank and different groups have different mid-ranks, so
   * the groups of a row are its groups of equal ranks. */
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < k; j++)
      {
        gboolean first = TRUE;
        double t = 0;
        for (gsize l = 0; l < k; l++)
          if (LESC_AT (ranks, i, l) == LESC_AT (ranks, i, j))
            {
              if (l < j)
                first = FALSE;
              t++;
            }
        if (first)
          ties += t * t * t - t;
      }

  memset (out, 0, sizeof *out);
  out->n = n;
  out->k = k;
  out->chi2 = MAX (0.0, 12.0 * sum_t2 / (N * K * (K + 1)) - 3.0 * N * (K + 1));
  out->chi2_p = gsl_cdf_chisq_Q (out->chi2, K - 1);
  double c = 1.0 - ties / (N * K * (K * K - 1));
  if (c > 0)
    {
      out->chi2_tc = out->chi2 / c;
      out->chi2_tc_p = gsl_cdf_chisq_Q (out->chi2_tc, K - 1);
    }
  else /* every data set ties all methods */
    {
      out->chi2_tc = 0;
      out->chi2_tc_p = 1;
    }
  out->ff_df1 = K - 1;
  out->ff_df2 = (K - 1) * (N - 1);
  double denom = N * (K - 1) - out->chi2;
  if (denom <= 0)
    {
      out->ff = INFINITY;
      out->ff_p = 0;
    }
  else
    {
      out->ff = (N - 1) * out->chi2 / denom;
      out->ff_p = gsl_cdf_fdist_Q (out->ff, out->ff_df1, out->ff_df2);
    }
}

/* ---- Studentized range with infinite degrees of freedom ----------------------------- */

typedef struct {
  double w;
  double k1; /* k − 1 */
} RangeParams;

static double
range_integrand (double z, void *data)
{
  const RangeParams *rp = data;
  /* Φ(z) − Φ(z − w), from the tail that keeps the difference accurate */
  double diff = z > 0.5 * rp->w
                  ? 0.5 * (erfc ((z - rp->w) * M_SQRT1_2) - erfc (z * M_SQRT1_2))
                  : 0.5 * (erfc (-z * M_SQRT1_2) - erfc ((rp->w - z) * M_SQRT1_2));
  double phi = exp (-0.5 * z * z) / sqrt (2 * M_PI);
  return diff <= 0 ? 0.0 : phi * pow (diff, rp->k1);
}

double
lesc_stats_ptukey_inf (double w, gsize k)
{
  g_return_val_if_fail (k >= 2, NAN);
  if (!(w > 0))
    return 0.0;
  if (isinf (w))
    return 1.0;
  gsl_quiet ();
  enum { LIMIT = 200 };
  gsl_integration_workspace *ws = gsl_integration_workspace_alloc (LIMIT);
  RangeParams rp = { w, (double) (k - 1) };
  gsl_function f = { range_integrand, &rp };
  double result = 0, abserr = 0;
  /* The status is not fatal: the estimate is as good as rounding allows. */
  gsl_integration_qag (&f, -12.0, 12.0 + w, 1e-14, 0.0, LIMIT, GSL_INTEG_GAUSS41, ws,
                       &result, &abserr);
  gsl_integration_workspace_free (ws);
  return CLAMP ((double) k * result, 0.0, 1.0);
}

typedef struct {
  double p;
  gsize k;
} QuantileParams;

static double
quantile_equation (double w, void *data)
{
  const QuantileParams *qp = data;
  return lesc_stats_ptukey_inf (w, qp->k) - qp->p;
}

double
lesc_stats_qtukey_inf (double p, gsize k)
{
  g_return_val_if_fail (k >= 2 && p > 0 && p < 1, NAN);
  gsl_quiet ();
  QuantileParams qp = { p, k };
  gsl_function f = { quantile_equation, &qp };
  double lo = 0.5, hi = 10.0;
  if (quantile_equation (lo, &qp) > 0)
    lo = 0.0; /* P(W ≤ 0) = 0 < p */
  while (quantile_equation (hi, &qp) < 0 && hi < 1e3)
    hi *= 2;
  gsl_root_fsolver *s = gsl_root_fsolver_alloc (gsl_root_fsolver_brent);
  gsl_root_fsolver_set (s, &f, lo, hi);
  double root = 0.5 * (lo + hi);
  for (int iter = 0; iter < 200; iter++)
    {
      if (gsl_root_fsolver_iterate (s) != GSL_SUCCESS)
        break;
      root = gsl_root_fsolver_root (s);
      if (gsl_root_test_interval (gsl_root_fsolver_x_lower (s), gsl_root_fsolver_x_upper (s),
                                  1e-12, 0) == GSL_SUCCESS)
        break;
    }
  gsl_root_fsolver_free (s);
  return root;
}

double
lesc_stats_nemenyi_q (double alpha, gsize k)
{
  return lesc_stats_qtukey_inf (1.0 - alpha, k) / M_SQRT2;
}

double
lesc_stats_bonferroni_dunn_q (double alpha, gsize k)
{
  g_return_val_if_fail (k >= 2, NAN);
  return gsl_cdf_ugaussian_Pinv (1.0 - alpha / (2.0 * (double) (k - 1)));
}

double
lesc_stats_critical_difference (double q, gsize k, gsize n)
{
  return q * sqrt ((double) k * (double) (k + 1) / (6.0 * (double) n));
}

/* Nemenyi pairwise p for two mean ranks differing by `rank_diff` (scikit-posthocs). */
static double
nemenyi_pairwise_p (double rank_diff, gsize k, gsize n)
{
  double w = M_SQRT2 * fabs (rank_diff) / sqrt ((double) k * (double) (k + 1) / (6.0 * (double) n));
  return CLAMP (1.0 - lesc_stats_ptukey_inf (w, k), 0.0, 1.0);
}

/* ---- Wilcoxon signed-rank ------------------------------------------------------- */

/* Mid-ranks of x[0..n-1] (ascending). */
static void
mid_ranks (const double *x, gsize n, double *r)
{
  for (gsize i = 0; i < n; i++)
    {
      gsize below = 0, tied = 0;
      for (gsize j = 0; j < n; j++)
        if (j != i)
          {
            if (x[j] < x[i])
              below++;
            else if (x[j] == x[i])
              tied++;
          }
      r[i] = 1.0 + (double) below + 0.5 * (double) tied;
    }
}

/* Exact two-sided p of an observed doubled rank sum under random signs of the doubled
 * (integer) ranks r2[0..m-1]. */
static double
wilcoxon_exact_p (const long *r2, gsize m, long observed)
{
  long total = 0;
  for (gsize i = 0; i < m; i++)
    total += r2[i];
  double *prob = g_new0 (double, total + 1), *next = g_new0 (double, total + 1);
  prob[0] = 1.0;
  long reach = 0;
  for (gsize i = 0; i < m; i++)
    {
      reach += r2[i];
      for (long s = 0; s <= reach; s++)
        next[s] = 0.5 * (prob[s] + (s >= r2[i] ? prob[s - r2[i]] : 0.0));
      double *t = prob;
      prob = next;
      next = t;
    }
  double le = 0, ge = 0;
  for (long s = 0; s <= total; s++)
    {
      if (s <= observed)
        le += prob[s];
      if (s >= observed)
        ge += prob[s];
    }
  g_free (prob);
  g_free (next);
  return MIN (1.0, 2.0 * MIN (le, ge));
}

gboolean
lesc_stats_wilcoxon (const double *a, const double *b, gsize n, gboolean lower_is_better,
                     LescWilcoxonZeros zeros, LescWilcoxon *out, GError **error)
{
  if (n == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA, "Wilcoxon test: no paired values");
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    if (!isfinite (a[i]) || !isfinite (b[i]))
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                     "Wilcoxon test: pair %zu is (%g, %g), expected finite values", i + 1, a[i], b[i]);
        return FALSE;
      }
  gsl_quiet ();
  const double sign = lower_is_better ? -1.0 : 1.0;
  double *d = g_new (double, n), *absd = g_new (double, n), *r = g_new (double, n);
  gsize nz = 0;
  for (gsize i = 0; i < n; i++)
    {
      d[i] = sign * (a[i] - b[i]);
      if (d[i] == 0)
        nz++;
    }

  /* ranks of |d|: over all values (Pratt, zsplit) or over the nonzero ones (wilcox) */
  gsize m = 0;
  for (gsize i = 0; i < n; i++)
    if (zeros != LESC_WILCOXON_WILCOX || d[i] != 0)
      absd[m++] = fabs (d[i]);
  mid_ranks (absd, m, r);

  memset (out, 0, sizeof *out);
  out->n_zeros = nz;
  out->n_nonzero = n - nz;
  long *r2 = g_new (long, n);
  gsize n_signed = 0;
  double sum_r = 0, sum_r2 = 0;
  for (gsize i = 0, q = 0; i < n; i++)
    {
      if (zeros == LESC_WILCOXON_WILCOX && d[i] == 0)
        continue;
      const double ri = r[q++];
      if (d[i] > 0)
        out->r_plus += ri;
      else if (d[i] < 0)
        out->r_minus += ri;
      else if (zeros == LESC_WILCOXON_ZSPLIT)
        {
          out->r_plus += 0.5 * ri;
          out->r_minus += 0.5 * ri;
        }
      if (d[i] != 0 || zeros == LESC_WILCOXON_ZSPLIT)
        {
          r2[n_signed++] = lround (2.0 * ri);
          sum_r += ri;
          sum_r2 += ri * ri;
        }
    }
  out->t = MIN (out->r_plus, out->r_minus);
  out->n_signed = n_signed;
  out->identical = out->n_nonzero == 0;
  if (out->identical)
    {
      out->z = 0;
      out->p = out->p_normal = 1;
      out->p_exact = n_signed <= LESC_WILCOXON_EXACT_MAX ? 1.0 : NAN;
      out->exact = n_signed <= LESC_WILCOXON_EXACT_MAX;
    }
  else
    {
      /* under the null each signed rank is + or − with probability ½ */
      const double mean = 0.5 * sum_r, var = 0.25 * sum_r2;
      out->z = (out->r_plus - mean) / sqrt (var);
      out->p_normal = MIN (1.0, 2.0 * gsl_cdf_ugaussian_Q (fabs (out->z)));
      out->exact = n_signed <= LESC_WILCOXON_EXACT_MAX;
      out->p_exact = out->exact ? wilcoxon_exact_p (r2, n_signed, lround (2.0 * out->r_plus)) : NAN;
      out->p = out->exact ? out->p_exact : out->p_normal;
    }
  g_free (r2);
  g_free (d);
  g_free (absd);
  g_free (r);
  return TRUE;
}

/* ---- Holm ------------------------------------------------------------------------- */

/* Indices ordered by value[index], ties by index. */
static gint
index_cmp (gconstpointer x, gconstpointer y, gpointer values)
{
  const double *v = values;
  gsize i = *(const gsize *) x, j = *(const gsize *) y;
  if (v[i] != v[j])
    return v[i] < v[j] ? -1 : 1;
  return i < j ? -1 : i > j;
}

void
lesc_stats_holm (const double *p, gsize m, double *adjusted)
{
  gsize *order = g_new (gsize, m);
  double *sorted_adj = g_new (double, m);
  for (gsize i = 0; i < m; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) m, sizeof *order, index_cmp, (gpointer) p);
  double run = 0;
  for (gsize i = 0; i < m; i++)
    {
      run = MAX (run, MIN (1.0, (double) (m - i) * p[order[i]]));
      sorted_adj[i] = run;
    }
  for (gsize i = 0; i < m; i++)
    adjusted[order[i]] = sorted_adj[i];
  g_free (order);
  g_free (sorted_adj);
}

/* ---- Cliques ---------------------------------------------------------------------- */

static void
clique_free (LescClique *c)
{
  if (c == NULL)
    return;
  g_free (c->members);
  g_free (c);
}

/* A clique from a membership set. */
static LescClique *
clique_new (const guint8 *in, gsize k, const double *mean_ranks)
{
  LescClique *c = g_new0 (LescClique, 1);
  c->members = g_new (gsize, k);
  for (gsize i = 0; i < k; i++)
    if (in[i])
      c->members[c->n_members++] = i;
  g_qsort_with_data (c->members, (gint) c->n_members, sizeof (gsize), index_cmp, (gpointer) mean_ranks);
  c->lo = mean_ranks[c->members[0]];
  c->hi = mean_ranks[c->members[c->n_members - 1]];
  return c;
}

static void
bron_kerbosch (const gboolean *adj, gsize k, guint8 *r, const guint8 *p, const guint8 *x,
               const double *mean_ranks, GPtrArray *out)
{
  gsize pivot = k, best = 0, r_size = 0;
  for (gsize u = 0; u < k; u++)
    {
      r_size += r[u];
      if (!p[u] && !x[u])
        continue;
      gsize cnt = 0;
      for (gsize v = 0; v < k; v++)
        cnt += p[v] && v != u && adj[u * k + v];
      if (pivot == k || cnt > best)
        {
          pivot = u;
          best = cnt;
        }
    }
  if (pivot == k) /* P and X empty: R is maximal */
    {
      if (r_size >= 2)
        g_ptr_array_add (out, clique_new (r, k, mean_ranks));
      return;
    }
  guint8 *pp = g_memdup2 (p, k), *xx = g_memdup2 (x, k);
  guint8 *np = g_new (guint8, k), *nx = g_new (guint8, k);
  for (gsize v = 0; v < k; v++)
    {
      if (!pp[v] || (v != pivot && adj[pivot * k + v]))
        continue;
      for (gsize w = 0; w < k; w++)
        {
          gboolean nb = w != v && adj[v * k + w];
          np[w] = pp[w] && nb;
          nx[w] = xx[w] && nb;
        }
      r[v] = 1;
      bron_kerbosch (adj, k, r, np, nx, mean_ranks, out);
      r[v] = 0;
      pp[v] = 0;
      xx[v] = 1;
    }
  g_free (pp);
  g_free (xx);
  g_free (np);
  g_free (nx);
}

static int
clique_cmp (gconstpointer x, gconstpointer y)
{
  const LescClique *a = *(LescClique *const *) x, *b = *(LescClique *const *) y;
  if (a->lo != b->lo)
    return a->lo < b->lo ? -1 : 1;
  if (a->hi != b->hi)
    return a->hi < b->hi ? -1 : 1;
  for (gsize i = 0; i < MIN (a->n_members, b->n_members); i++)
    if (a->members[i] != b->members[i])
      return a->members[i] < b->members[i] ? -1 : 1;
  return a->n_members < b->n_members ? -1 : a->n_members > b->n_members;
}

/* TRUE when every member of a is in b */
static gboolean
clique_subset (const LescClique *a, const LescClique *b)
{
  for (gsize i = 0; i < a->n_members; i++)
    {
      gboolean found = FALSE;
      for (gsize j = 0; j < b->n_members && !found; j++)
        found = a->members[i] == b->members[j];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
lesc_stats_cliques (const gboolean *connected, gsize k, const double *mean_ranks,
                    gboolean interval_closure)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) clique_free);
  if (k == 0)
    return out;
  guint8 *r = g_new0 (guint8, k), *p = g_new (guint8, k), *x = g_new0 (guint8, k);
  memset (p, 1, k);
  bron_kerbosch (connected, k, r, p, x, mean_ranks, out);
  if (interval_closure)
    {
      for (guint c = 0; c < out->len; c++)
        {
          LescClique *cl = g_ptr_array_index (out, c);
          for (gsize i = 0; i < k; i++)
            r[i] = mean_ranks[i] >= cl->lo && mean_ranks[i] <= cl->hi;
          out->pdata[c] = clique_new (r, k, mean_ranks);
          clique_free (cl);
        }
      /* drop duplicates and groups inside another */
      for (guint c = out->len; c-- > 0;)
        for (guint e = 0; e < out->len; e++)
          {
            LescClique *a = g_ptr_array_index (out, c), *b = g_ptr_array_index (out, e);
            if (e != c && clique_subset (a, b)
                && (a->n_members < b->n_members || e < c))
              {
                g_ptr_array_remove_index (out, c);
                break;
              }
          }
    }
  g_ptr_array_sort (out, clique_cmp);
  g_free (r);
  g_free (p);
  g_free (x);
  return out;
}

/* ---- The whole comparison ----------------------------------------------------------- */

static const char *const posthoc_keys[] = { "wilcoxon-holm", "nemenyi", "bonferroni-dunn" };
static const char *const omnibus_keys[] = { "iman-davenport", "friedman", "friedman-ties" };

const char *
lesc_posthoc_key (LescPosthoc p)
{
  g_return_val_if_fail ((guint) p < G_N_ELEMENTS (posthoc_keys), NULL);
  return posthoc_keys[p];
}

gboolean
lesc_posthoc_from_string (const char *s, LescPosthoc *out)
{
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (posthoc_keys); i++)
    if (g_ascii_strcasecmp (s, posthoc_keys[i]) == 0)
      {
        *out = (LescPosthoc) i;
        return TRUE;
      }
  return FALSE;
}

const char *
lesc_omnibus_key (LescOmnibus o)
{
  g_return_val_if_fail ((guint) o < G_N_ELEMENTS (omnibus_keys), NULL);
  return omnibus_keys[o];
}

gboolean
lesc_omnibus_from_string (const char *s, LescOmnibus *out)
{
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (omnibus_keys); i++)
    if (g_ascii_strcasecmp (s, omnibus_keys[i]) == 0)
      {
        *out = (LescOmnibus) i;
        return TRUE;
      }
  return FALSE;
}

void
lesc_stats_options_init (LescStatsOptions *o)
{
  memset (o, 0, sizeof *o);
  o->posthoc = LESC_POSTHOC_WILCOXON_HOLM;
  o->omnibus = LESC_OMNIBUS_IMAN_DAVENPORT;
  o->alpha = 0.05;
  o->zeros = LESC_WILCOXON_PRATT;
  o->interval_closure = FALSE;
  o->control = -1;
  o->round_decimals = -1;
}

void
lesc_stats_result_free (LescStatsResult *r)
{
  if (r == NULL)
    return;
  g_strfreev (r->names);
  if (r->dropped)
    g_array_unref (r->dropped);
  lesc_matrix_free (r->ranks);
  g_free (r->mean_ranks);
  lesc_matrix_free (r->nemenyi_p);
  g_free (r->wilcoxon);
  lesc_matrix_free (r->wilcoxon_p);
  lesc_matrix_free (r->holm_p);
  g_free (r->significant);
  if (r->posthoc_cliques)
    g_ptr_array_unref (r->posthoc_cliques);
  if (r->cliques)
    g_ptr_array_unref (r->cliques);
  g_free (r);
}

static LescClique *
clique_copy (const LescClique *c)
{
  LescClique *d = g_new (LescClique, 1);
  *d = *c;
  d->members = g_memdup2 (c->members, c->n_members * sizeof (gsize));
  return d;
}

LescStatsResult *
lesc_stats_compare (const LescMatrix *table, const char *const *names, gboolean lower_is_better,
                    const LescStatsOptions *options, GError **error)
{
  LescStatsOptions opt;
  if (options != NULL)
    opt = *options;
  else
    lesc_stats_options_init (&opt);
  const gsize k = table->cols;
  if (!(opt.alpha > 0 && opt.alpha < 1))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "statistics: alpha = %g, expected 0 < alpha < 1", opt.alpha);
      return NULL;
    }
  if ((guint) opt.posthoc >= G_N_ELEMENTS (posthoc_keys) || (guint) opt.omnibus >= G_N_ELEMENTS (omnibus_keys)
      || opt.zeros > LESC_WILCOXON_WILCOX || opt.round_decimals > 15)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "statistics: invalid options (post-hoc, omnibus, Wilcoxon zeros or rounding "
                   "to %d decimals, expected at most 15)", opt.round_decimals);
      return NULL;
    }
  if (k < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "statistics: %zu method(s), expected at least 2 columns", k);
      return NULL;
    }
  if (opt.control >= (gssize) k || opt.control < -1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "statistics: control method %zd, expected −1 (best mean rank) or 0..%zu",
                   opt.control, k - 1);
      return NULL;
    }

  g_autoptr (LescMatrix) work = lesc_matrix_copy (table);
  if (opt.round_decimals >= 0)
    {
      const double scale = pow (10.0, opt.round_decimals);
      for (gsize i = 0; i < work->rows * work->cols; i++)
        if (isfinite (work->data[i]))
          work->data[i] = round (work->data[i] * scale) / scale;
    }
  GArray *dropped = NULL;
  g_autoptr (LescMatrix) used = complete_rows (work, &dropped);
  const gsize n = used->rows;
  if (n < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "statistics: %zu complete data set(s) (%u dropped for missing or non-finite "
                   "values), expected at least 2", n, dropped->len);
      g_array_unref (dropped);
      return NULL;
    }
  gsl_quiet ();

  LescStatsResult *res = g_new0 (LescStatsResult, 1);
  res->options = opt;
  res->n = n;
  res->k = k;
  res->dropped = dropped;
  res->names = g_new0 (char *, k + 1);
  for (gsize j = 0; j < k; j++)
    res->names[j] = names != NULL ? g_strdup (names[j]) : g_strdup_printf ("%zu", j + 1);
  res->ranks = lesc_stats_rank_table (used, lower_is_better, LESC_RANK_TIES_MID);
  res->mean_ranks = g_new (double, k);
  lesc_stats_mean_ranks (res->ranks, res->mean_ranks);

  friedman_test (res->ranks, &res->friedman);
  switch (opt.omnibus)
    {
    case LESC_OMNIBUS_FRIEDMAN: res->omnibus_p = res->friedman.chi2_p; break;
    case LESC_OMNIBUS_FRIEDMAN_TIES: res->omnibus_p = res->friedman.chi2_tc_p; break;
    default: res->omnibus_p = res->friedman.ff_p; break;
    }
  res->omnibus_not_significant = !(res->omnibus_p <= opt.alpha);

  res->nemenyi_q = lesc_stats_nemenyi_q (opt.alpha, k);
  res->nemenyi_cd = lesc_stats_critical_difference (res->nemenyi_q, k, n);
  res->bd_q = lesc_stats_bonferroni_dunn_q (opt.alpha, k);
  res->bd_cd = lesc_stats_critical_difference (res->bd_q, k, n);
  res->control = 0;
  if (opt.control >= 0)
    res->control = (gsize) opt.control;
  else
    for (gsize j = 1; j < k; j++)
      if (res->mean_ranks[j] < res->mean_ranks[res->control])
        res->control = j;

  const gsize m = k * (k - 1) / 2;
  res->nemenyi_p = lesc_matrix_new (k, k);
  res->wilcoxon_p = lesc_matrix_new (k, k);
  res->holm_p = lesc_matrix_new (k, k);
  res->wilcoxon = g_new0 (LescWilcoxon, m);
  double *raw = g_new (double, m), *adj = g_new (double, m);
  for (gsize i = 0; i < k; i++)
    for (gsize j = i + 1; j < k; j++)
      {
        const gsize e = lesc_stats_pair_index (i, j, k);
        /* columns of a column-major matrix are contiguous */
        lesc_stats_wilcoxon (&LESC_AT (used, 0, i), &LESC_AT (used, 0, j), n, lower_is_better,
                             opt.zeros, &res->wilcoxon[e], NULL);
        raw[e] = res->wilcoxon[e].p;
      }
  lesc_stats_holm (raw, m, adj);
  res->significant = g_new0 (gboolean, k * k);
  gboolean *connected = g_new0 (gboolean, k * k);
  for (gsize i = 0; i < k; i++)
    {
      LESC_AT (res->nemenyi_p, i, i) = LESC_AT (res->wilcoxon_p, i, i) = LESC_AT (res->holm_p, i, i) = 1;
      for (gsize j = i + 1; j < k; j++)
        {
          const gsize e = lesc_stats_pair_index (i, j, k);
          const double diff = fabs (res->mean_ranks[i] - res->mean_ranks[j]);
          double pn = nemenyi_pairwise_p (diff, k, n);
          LESC_AT (res->nemenyi_p, i, j) = LESC_AT (res->nemenyi_p, j, i) = pn;
          LESC_AT (res->wilcoxon_p, i, j) = LESC_AT (res->wilcoxon_p, j, i) = raw[e];
          LESC_AT (res->holm_p, i, j) = LESC_AT (res->holm_p, j, i) = adj[e];
          gboolean sig;
          switch (opt.posthoc)
            {
            case LESC_POSTHOC_NEMENYI: sig = diff > res->nemenyi_cd; break;
            case LESC_POSTHOC_BONFERRONI_DUNN:
              sig = (i == res->control || j == res->control) && diff > res->bd_cd;
              break;
            default: sig = adj[e] <= opt.alpha; break;
            }
          res->significant[i * k + j] = res->significant[j * k + i] = sig;
          connected[i * k + j] = connected[j * k + i] = !sig;
        }
    }
  g_free (raw);
  g_free (adj);

  if (opt.posthoc == LESC_POSTHOC_BONFERRONI_DUNN)
    res->posthoc_cliques = g_ptr_array_new_with_free_func ((GDestroyNotify) clique_free);
  else
    res->posthoc_cliques = lesc_stats_cliques (connected, k, res->mean_ranks, opt.interval_closure);
  g_free (connected);

  res->cliques = g_ptr_array_new_with_free_func ((GDestroyNotify) clique_free);
  if (res->omnibus_not_significant)
    {
      guint8 *all = g_new (guint8, k);
      memset (all, 1, k);
      g_ptr_array_add (res->cliques, clique_new (all, k, res->mean_ranks));
      g_free (all);
    }
  else
    for (guint c = 0; c < res->posthoc_cliques->len; c++)
      g_ptr_array_add (res->cliques, clique_copy (g_ptr_array_index (res->posthoc_cliques, c)));
  return res;
}

/* ---- Paired t-test ----------------------------------------------------------------- */

double
lesc_stats_t_two_sided_p (double t, double df)
{
  if (isnan (t))
    return NAN;
  if (isinf (t))
    return 0.0;
  gsl_quiet ();
  return MIN (1.0, 2.0 * gsl_cdf_tdist_Q (fabs (t), df));
}

static void
mean_sd (const double *x, gsize n, double *mean, double *sd)
{
  double s = 0;
  for (gsize i = 0; i < n; i++)
    s += x[i];
  *mean = s / (double) n;
  double ss = 0;
  for (gsize i = 0; i < n; i++)
    ss += (x[i] - *mean) * (x[i] - *mean);
  *sd = sqrt (ss / (double) (n - 1));
}

gboolean
lesc_stats_paired_ttest (const double *a, const double *b, gsize folds, gboolean lower_is_better,
                         LescTTest *out, GError **error)
{
  if (folds < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "paired t-test: %zu fold(s), expected at least 2", folds);
      return FALSE;
    }
  for (gsize f = 0; f < folds; f++)
    if (!isfinite (a[f]) || !isfinite (b[f]))
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                     "paired t-test: fold %zu has (%g, %g), expected finite values", f + 1, a[f], b[f]);
        return FALSE;
      }
  const double s = lower_is_better ? 1.0 : -1.0;
  double *d = g_new (double, folds);
  for (gsize f = 0; f < folds; f++)
    d[f] = s * (a[f] - b[f]);
  memset (out, 0, sizeof *out);
  out->folds = folds;
  out->df = (double) (folds - 1);
  mean_sd (d, folds, &out->mean_diff, &out->sd_diff);
  mean_sd (a, folds, &out->mean_a, &out->sd_a);
  mean_sd (b, folds, &out->mean_b, &out->sd_b);
  g_free (d);
  if (out->sd_diff == 0)
    {
      out->t = out->mean_diff == 0 ? 0.0 : copysign (INFINITY, out->mean_diff);
      out->p = out->mean_diff == 0 ? 1.0 : 0.0;
    }
  else
    {
      out->t = out->mean_diff / (out->sd_diff / sqrt ((double) folds));
      out->p = lesc_stats_t_two_sided_p (out->t, out->df);
    }
  return TRUE;
}
