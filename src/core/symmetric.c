/* y = A x for symmetric A from its lower triangle.
 *
 * Columns are taken four at a time (block J). The part of A below the block's diagonal,
 * A[R, J] with R the rows after J, is used twice while it is in registers:
 * y[R] += A[R, J] x[J] and y[J] += A[R, J]ᵀ x[R]. Rows are swept in slices of SWEEP so
 * that a slice of the four columns stays in L1 across the k right-hand sides.
 *
 * Threads: the columns are cut into PARTS parts of equal triangle area; part 0 sums into
 * y, the others into their own buffer, added to y in a fixed order at the end. The split
 * does not depend on the thread count, so neither do the bits of the result. */
#include "core/symmetric.h"

#include <math.h>
#include <string.h>

#define PARTS 4
#define SWEEP 512
/* below this many multiply-adds a product is not worth a thread */
#define THREAD_MIN_WORK 2e6

/* OpenBLAS's thread count when the BLAS is OpenBLAS (weak: absent otherwise). */
extern int openblas_get_num_threads (void) __attribute__ ((weak));

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
/* AVX2 + FMA when the processor has them, chosen at load time */
#define SIMD_CLONES __attribute__ ((target_clones ("arch=x86-64-v3", "default")))
#else
#define SIMD_CLONES
#endif

typedef double Vec __attribute__ ((vector_size (32), aligned (8)));

#define LOAD(p) (*(const Vec *) (p))

guint
lesc_blas_threads (void)
{
  int t = openblas_get_num_threads != NULL ? openblas_get_num_threads () : 0;
  return t > 0 ? (guint) t : MAX (g_get_num_processors (), 1);
}

gsize
lesc_symmetric_product_work (gsize n, gsize k)
{
  return (PARTS - 1) * n * k;
}

/* Rows [r0, r1) of the block of four columns at j0, all k right-hand sides. */
SIMD_CLONES static void
sweep4 (const double *a, gsize n, gsize j0, const double *x, double *y, gsize k, gsize r0,
        gsize r1)
{
  const double *a0 = a + j0 * n, *a1 = a0 + n, *a2 = a1 + n, *a3 = a2 + n;
  gsize rv = r0 + ((r1 - r0) & ~(gsize) 3);
  for (gsize r = 0; r < k; r++)
    {
      const double *xr = x + r * n;
      double *yr = y + r * n;
      double c0 = xr[j0], c1 = xr[j0 + 1], c2 = xr[j0 + 2], c3 = xr[j0 + 3];
      Vec s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 };
      gsize i = r0;
      for (; i < rv; i += 4)
        {
          Vec e0 = LOAD (a0 + i), e1 = LOAD (a1 + i), e2 = LOAD (a2 + i), e3 = LOAD (a3 + i);
          Vec xi = LOAD (xr + i);
          Vec yi = LOAD (yr + i);
          yi += e0 * c0;
          yi += e1 * c1;
          yi += e2 * c2;
          yi += e3 * c3;
          *(Vec *) (yr + i) = yi;
          s0 += e0 * xi;
          s1 += e1 * xi;
          s2 += e2 * xi;
          s3 += e3 * xi;
        }
      double t0 = (s0[0] + s0[2]) + (s0[1] + s0[3]);
      double t1 = (s1[0] + s1[2]) + (s1[1] + s1[3]);
      double t2 = (s2[0] + s2[2]) + (s2[1] + s2[3]);
      double t3 = (s3[0] + s3[2]) + (s3[1] + s3[3]);
      for (; i < r1; i++)
        {
          yr[i] += a0[i] * c0 + a1[i] * c1 + a2[i] * c2 + a3[i] * c3;
          t0 += a0[i] * xr[i];
          t1 += a1[i] * xr[i];
          t2 += a2[i] * xr[i];
          t3 += a3[i] * xr[i];
        }
      yr[j0] += t0;
      yr[j0 + 1] += t1;
      yr[j0 + 2] += t2;
      yr[j0 + 3] += t3;
    }
}

/* The columns [j0, j1) (at most four): their diagonal block, then the rows below. */
static void
block (const double *a, gsize n, gsize j0, gsize j1, const double *x, double *y, gsize k)
{
  for (gsize r = 0; r < k; r++)
    for (gsize t = j0; t < j1; t++)
      {
        double s = 0.0;
        for (gsize u = j0; u < j1; u++)
          s += a[MAX (t, u) + MIN (t, u) * n] * x[u + r * n];
        y[t + r * n] += s;
      }
  if (j1 - j0 == 4)
    {
      for (gsize r0 = j1; r0 < n; r0 += SWEEP)
        sweep4 (a, n, j0, x, y, k, r0, MIN (r0 + SWEEP, n));
      return;
    }
  for (gsize t = j0; t < j1; t++)
    for (gsize r = 0; r < k; r++)
      {
        const double *at = a + t * n, *xr = x + r * n;
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

typedef struct {
  const double *a, *x;
  gsize n, k;
  gsize bound[PARTS + 1];
  double *out[PARTS];
  guint first, step;
} Job;

static gpointer
run_parts (gpointer data)
{
  const Job *job = data;
  gsize n = job->n;
  for (guint p = job->first; p < PARTS; p += job->step)
    {
      memset (job->out[p], 0, n * job->k * sizeof (double));
      for (gsize j0 = job->bound[p]; j0 < job->bound[p + 1]; j0 += 4)
        block (job->a, n, j0, MIN (j0 + 4, n), job->x, job->out[p], job->k);
    }
  return NULL;
}

void
lesc_symmetric_product (const LescMatrix *a, const double *x, gsize k, double *y,
                        double *work, guint threads)
{
  gsize n = a->rows;
  g_return_if_fail (a->cols == n);
  Job job = { a->data, x, n, k };
  /* part p starts where the columns before it hold p/PARTS of the triangle's area:
   * n² − (n − j)² = (p/PARTS) n², on a multiple of four */
  for (guint p = 0; p <= PARTS; p++)
    {
      double j = (double) n * (1.0 - sqrt (1.0 - (double) p / PARTS));
      job.bound[p] = p == PARTS ? n : MIN ((gsize) j & ~(gsize) 3, n);
    }
  job.out[0] = y;
  for (guint p = 1; p < PARTS; p++)
    job.out[p] = work + (p - 1) * n * k;
  if (threads == 0)
    threads = lesc_blas_threads ();
  if ((double) n * (double) n * (double) k < THREAD_MIN_WORK)
    threads = 1;
  threads = CLAMP (threads, 1, PARTS);
  Job jobs[PARTS];
  GThread *started[PARTS] = { NULL };
  for (guint t = 0; t < threads; t++)
    {
      jobs[t] = job;
      jobs[t].first = t;
      jobs[t].step = threads;
    }
  for (guint t = 1; t < threads; t++)
    started[t] = g_thread_try_new ("lesc-symm", run_parts, &jobs[t], NULL);
  run_parts (&jobs[0]);
  for (guint t = 1; t < threads; t++)
    {
      if (started[t] != NULL)
        g_thread_join (started[t]);
      else
        run_parts (&jobs[t]);
    }
  for (guint p = 1; p < PARTS; p++)
    for (gsize e = 0; e < n * k; e++)
      y[e] += job.out[p][e];
}
