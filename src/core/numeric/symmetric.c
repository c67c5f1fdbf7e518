/* y = A x for symmetric A from its lower triangle.
 *
 * Columns are taken four at a time (block J). The part of A below the block's diagonal,
 * A[R, J] with R the rows after J, is used twice while it is in registers:
 * y[R] += A[R, J] x[J] and y[J] += A[R, J]ᵀ x[R], for two right-hand sides at a time.
 * Rows are swept in slices of SWEEP so that a slice of the four columns stays in L1
 * across the k right-hand sides.
 *
 * Threads: the columns are cut into PARTS parts of equal triangle area, taken by the
 * threads in turn; part 0 sums into y, the others into their own buffer, added to y in a
 * fixed order at the end. The split does not depend on the thread count, so neither do
 * the bits of the result. */
#include "core/numeric/symmetric.h"
#include "core/base/blasthreads.h"
#include "core/base/simd.h"

#include <math.h>
#include <string.h>

#define PARTS 4
#define SWEEP 512
/* below this many multiply-adds a product is not worth a thread */
#define THREAD_MIN_WORK 2e6


guint
lesc_blas_threads (void)
{
  int t = lesc_blas_threads_get ();
  return t > 0 ? (guint) t : MAX (g_get_num_processors (), 1);
}

gsize
lesc_symmetric_product_work (gsize n, gsize k)
{
  return (PARTS - 1) * n * k;
}


/* An entry of the pencil G + λF: λf rounded, then the sum rounded — never fused into one
 * multiply-add (the empty asm makes the product opaque: in a register for a double, in
 * memory for a vector, which has no register in every clone), so that every compilation
 * and every clone forms the same bits as lesc_symmetric_pencil_entries. */
#define PENCIL(g, f, lambda, T, where)                                  \
  ({ T lf_ = (lambda) * (f); __asm__ ("" : where (lf_)); (g) + lf_; })

/* Rows [r0, r1) of the block of four columns at j0, for the right-hand side x (one or,
 * `pair`, two: x and x + n, into y and y + n). Each column's part of y[j0..j0+3] is summed
 * per sweep. The columns are a0 + t·lda; or, with `f0` (the pencil), the entries
 * a0 + λ·f0 formed in registers. */
static inline __attribute__ ((always_inline)) void
sweep4_body (const double *a0, const double *f0, double lambda, gsize lda, gsize n, gsize j0,
             const double *x, double *y, gboolean pair, gsize r0, gsize r1)
{
  const double *a1 = a0 + lda, *a2 = a1 + lda, *a3 = a2 + lda;
  /* without the pencil f0 is NULL, and an offset from NULL is undefined (UBSan) */
  const double *f1 = f0 != NULL ? f0 + lda : NULL, *f2 = f0 != NULL ? f1 + lda : NULL;
  const double *f3 = f0 != NULL ? f2 + lda : NULL;
  const double *x2 = pair ? x + n : x;
  double *y2 = pair ? y + n : y;
  gsize rv = r0 + ((r1 - r0) & ~(gsize) 3);
  double c0 = x[j0], c1 = x[j0 + 1], c2 = x[j0 + 2], c3 = x[j0 + 3];
  double d0 = x2[j0], d1 = x2[j0 + 1], d2 = x2[j0 + 2], d3 = x2[j0 + 3];
  LescVec4 s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 };
  LescVec4 u0 = { 0 }, u1 = { 0 }, u2 = { 0 }, u3 = { 0 };
  LescVec4 lv = { lambda, lambda, lambda, lambda };
  gsize i = r0;
  /* one right-hand side at rows i..i+3 with the four loaded columns e0..e3: its y rows take
   * the block's contribution, its column sums the rows' */
#define RHS_STEP(xv, yv, k0, k1, k2, k3, t0, t1, t2, t3)   \
  do {                                                   \
    LescVec4 xi = LESC_LOAD4 ((xv) + i), yi = LESC_LOAD4 ((yv) + i); \
    yi += e0 * (k0);                                     \
    yi += e1 * (k1);                                     \
    yi += e2 * (k2);                                     \
    yi += e3 * (k3);                                     \
    *(LescVec4 *) ((yv) + i) = yi;                       \
    t0 += e0 * xi;                                       \
    t1 += e1 * xi;                                       \
    t2 += e2 * xi;                                       \
    t3 += e3 * xi;                                       \
  } while (0)
#define LOAD_ENTRY(c) \
  (f0 != NULL ? PENCIL (LESC_LOAD4 (a##c + i), LESC_LOAD4 (f##c + i), lv, LescVec4, "+m") \
              : LESC_LOAD4 (a##c + i))
  for (; i < rv; i += 4)
    {
      LescVec4 e0 = LOAD_ENTRY (0), e1 = LOAD_ENTRY (1);
      LescVec4 e2 = LOAD_ENTRY (2), e3 = LOAD_ENTRY (3);
      RHS_STEP (x, y, c0, c1, c2, c3, s0, s1, s2, s3);
      if (pair)
        RHS_STEP (x2, y2, d0, d1, d2, d3, u0, u1, u2, u3);
    }
#undef LOAD_ENTRY
#undef RHS_STEP
  double t[8] = { LESC_HSUM4 (s0), LESC_HSUM4 (s1), LESC_HSUM4 (s2), LESC_HSUM4 (s3),
                  LESC_HSUM4 (u0), LESC_HSUM4 (u1), LESC_HSUM4 (u2), LESC_HSUM4 (u3) };
  for (; i < r1; i++)
    {
      double q0 = a0[i], q1 = a1[i], q2 = a2[i], q3 = a3[i];
      if (f0 != NULL)
        {
          q0 = PENCIL (q0, f0[i], lambda, double, "+x");
          q1 = PENCIL (q1, f1[i], lambda, double, "+x");
          q2 = PENCIL (q2, f2[i], lambda, double, "+x");
          q3 = PENCIL (q3, f3[i], lambda, double, "+x");
        }
      y[i] += q0 * c0 + q1 * c1 + q2 * c2 + q3 * c3;
      t[0] += q0 * x[i];
      t[1] += q1 * x[i];
      t[2] += q2 * x[i];
      t[3] += q3 * x[i];
      if (pair)
        {
          y2[i] += q0 * d0 + q1 * d1 + q2 * d2 + q3 * d3;
          t[4] += q0 * x2[i];
          t[5] += q1 * x2[i];
          t[6] += q2 * x2[i];
          t[7] += q3 * x2[i];
        }
    }
  for (int c = 0; c < 4; c++)
    {
      y[j0 + c] += t[c];
      if (pair)
        y2[j0 + c] += t[4 + c];
    }
}

LESC_SIMD_CLONES static void
sweep4 (const double *a0, gsize n, gsize j0, const double *x, double *y, gboolean pair,
        gsize r0, gsize r1)
{
  sweep4_body (a0, NULL, 0.0, n, n, j0, x, y, pair, r0, r1);
}

/* sweep4 on the pencil G + λF, columns g0 and f0 (leading dimension n) */
LESC_SIMD_CLONES static void
sweep4_pencil (const double *g0, const double *f0, double lambda, gsize n, gsize j0,
               const double *x, double *y, gboolean pair, gsize r0, gsize r1)
{
  sweep4_body (g0, f0, lambda, n, n, j0, x, y, pair, r0, r1);
}

/* Column t's entries below the block [j0, j1) (at[i] for rows i ≥ j1) with k right-hand
 * sides: the scalar path of a block narrower than four columns. */
static void
tail_column (const double *at, gsize n, gsize j1, gsize t, const double *x, double *y, gsize k)
{
  for (gsize r = 0; r < k; r++)
    {
      const double *xr = x + r * n;
      double *yr = y + r * n;
      double s = 0.0;
      for (gsize i = j1; i < n; i++)
        {
          yr[i] += at[i] * xr[t];
          s += at[i] * xr[i];
        }
      yr[t] += s;
    }
}

/* The w×w diagonal block d at j0 (d[t][u], both triangles filled) with k right-hand sides. */
static void
diagonal (double d[4][4], gsize w, gsize n, gsize j0, const double *x, double *y, gsize k)
{
  for (gsize r = 0; r < k; r++)
    {
      const double *xr = x + r * n + j0;
      double *yr = y + r * n + j0;
      for (gsize t = 0; t < w; t++)
        {
          double s = 0.0;
          for (gsize u = 0; u < w; u++)
            s += d[t][u] * xr[u];
          yr[t] += s;
        }
    }
}

/* The columns [j0, j1) (at most four): the rows below them, then their diagonal block
 * (its cache lines are then already loaded). */
static void
block (const double *a, gsize n, gsize j0, gsize j1, const double *x, double *y, gsize k)
{
  gsize w = j1 - j0;
  if (w == 4)
    for (gsize r0 = j1; r0 < n; r0 += SWEEP)
      for (gsize r = 0; r < k; r += 2)
        sweep4 (a + j0 * n, n, j0, x + r * n, y + r * n, r + 1 < k, r0, MIN (r0 + SWEEP, n));
  else
    for (gsize t = j0; t < j1; t++)
      tail_column (a + t * n, n, j1, t, x, y, k);
  double d[4][4];
  for (gsize t = 0; t < w; t++)
    for (gsize u = 0; u < w; u++)
      d[t][u] = a[j0 + MAX (t, u) + (j0 + MIN (t, u)) * n];
  diagonal (d, w, n, j0, x, y, k);
}

/* The stored form (le.c) takes its entries from here, the pencil's sweeps form them in
 * registers: both by PENCIL, so they are the same to the bit. */
void
lesc_symmetric_pencil_entries (const double *g, const double *f, double lambda, double *out,
                               gsize len)
{
  for (gsize i = 0; i < len; i++)
    out[i] = PENCIL (g[i], f[i], lambda, double, "+x");
}

/* The pencil G + λ_l F applied to b groups of c right-hand sides (x, y: n×bc, group l in
 * columns lc…lc + c − 1). */
typedef struct {
  const double *g, *f;
  const double *lambdas;
  guint b;
  gsize c;
} Pencil;

/* block () for every group of the pencil, the entries formed as they are needed (in
 * registers by sweep4_pencil; into `buf`, n doubles, for the narrow last block): per
 * sweep the slices of G and F are read from memory once and serve all groups from the
 * cache. Each group's arithmetic is block ()'s on the formed entries, in the same order. */
static void
pencil_block (const Pencil *pc, gsize n, gsize j0, gsize j1, const double *x, double *y,
              double *buf)
{
  gsize w = j1 - j0, c = pc->c;
  if (w == 4)
    for (gsize r0 = j1; r0 < n; r0 += SWEEP)
      for (guint l = 0; l < pc->b; l++)
        {
          const double *xl = x + l * c * n;
          double *yl = y + l * c * n;
          for (gsize r = 0; r < c; r += 2)
            sweep4_pencil (pc->g + j0 * n, pc->f + j0 * n, pc->lambdas[l], n, j0, xl + r * n,
                           yl + r * n, r + 1 < c, r0, MIN (r0 + SWEEP, n));
        }
  else
    for (guint l = 0; l < pc->b; l++)
      for (gsize t = j0; t < j1; t++)
        {
          lesc_symmetric_pencil_entries (pc->g + t * n + j1, pc->f + t * n + j1, pc->lambdas[l],
                                         buf, n - j1);
          tail_column (buf - j1, n, j1, t, x + l * c * n, y + l * c * n, c);
        }
  for (guint l = 0; l < pc->b; l++)
    {
      double d[4][4], col[4];
      for (gsize u = 0; u < w; u++)
        {
          lesc_symmetric_pencil_entries (pc->g + (j0 + u) * n + j0 + u,
                                         pc->f + (j0 + u) * n + j0 + u, pc->lambdas[l], col,
                                         w - u);
          for (gsize t = u; t < w; t++)
            d[t][u] = d[u][t] = col[t - u];
        }
      diagonal (d, w, n, j0, x + l * c * n, y + l * c * n, c);
    }
}

typedef struct {
  const double *a, *x;    /* the matrix (NULL: the pencil) and the right-hand sides */
  const Pencil *pencil;
  gsize n, k;
  gsize bound[PARTS + 1];
  double *out[PARTS];
  gint next;              /* the next part to take */
} Job;

/* Takes parts until none is left (a thread that gets less processor time takes fewer).
 * Part p only writes rows ≥ bound[p]. */
static gpointer
run_parts (gpointer data)
{
  Job *job = data;
  gsize n = job->n, k = job->k;
  g_autofree double *buf = job->pencil != NULL ? g_new (double, MAX (n, 1)) : NULL;
  for (;;)
    {
      gint p = g_atomic_int_add (&job->next, 1);
      if (p >= PARTS)
        return NULL;
      gsize b = job->bound[p];
      for (gsize r = 0; r < k; r++)
        memset (job->out[p] + r * n + b, 0, (n - b) * sizeof (double));
      for (gsize j0 = b; j0 < job->bound[p + 1]; j0 += 4)
        if (job->pencil != NULL)
          pencil_block (job->pencil, n, j0, MIN (j0 + 4, n), job->x, job->out[p], buf);
        else
          block (job->a, n, j0, MIN (j0 + 4, n), job->x, job->out[p], k);
    }
}

/* Splits the work into its parts, runs them on `threads` and sums the parts in order. */
static void
run_job (Job *job, double *y, double *work, guint threads)
{
  gsize n = job->n, k = job->k;
  /* part p starts where the columns before it hold p/PARTS of the triangle's area:
   * n² − (n − j)² = (p/PARTS) n², on a multiple of four */
  for (guint p = 0; p <= PARTS; p++)
    {
      double j = (double) n * (1.0 - sqrt (1.0 - (double) p / PARTS));
      job->bound[p] = p == PARTS ? n : MIN ((gsize) j & ~(gsize) 3, n);
    }
  job->out[0] = y;
  for (guint p = 1; p < PARTS; p++)
    job->out[p] = work + (p - 1) * n * k;
  if (threads == 0)
    threads = lesc_blas_threads ();
  if ((double) n * (double) n * (double) k < THREAD_MIN_WORK)
    threads = 1;
  threads = CLAMP (threads, 1, PARTS);
  GThread *started[PARTS] = { NULL };
  for (guint t = 1; t < threads; t++)
    started[t] = g_thread_try_new ("lesc-symm", run_parts, job, NULL);
  run_parts (job);
  for (guint t = 1; t < threads; t++)
    if (started[t] != NULL)
      g_thread_join (started[t]);
  for (guint p = 1; p < PARTS; p++)
    for (gsize r = 0; r < k; r++)
      for (gsize i = job->bound[p]; i < n; i++)
        y[i + r * n] += job->out[p][i + r * n];
}

void
lesc_symmetric_product (const LescMatrix *a, const double *x, gsize k, double *y,
                        double *work, guint threads)
{
  g_return_if_fail (a->cols == a->rows);
  Job job = { a->data, x, NULL, a->rows, k };
  run_job (&job, y, work, threads);
}

void
lesc_symmetric_pencil_product (const LescMatrix *g, const LescMatrix *f, const double *lambdas,
                               guint b, const double *x, gsize c, double *y, double *work,
                               guint threads)
{
  gsize n = g->rows;
  g_return_if_fail (g->cols == n && f->rows == n && f->cols == n);
  Pencil pc = { g->data, f->data, lambdas, b, c };
  Job job = { NULL, x, &pc, n, b * c };
  run_job (&job, y, work, threads);
}
