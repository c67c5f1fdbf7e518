/* The tensor step's FFTs along the sample index (real FFTs of column-major arrays, the
 * spectra stored transposed) and the `views` variant's SVT, which runs on whole n×n
 * matrices between an inverse and a forward transform (tensor.c has the overview). */
#include "core/solvers/tensor-private.h"
#include "core/base/error.h"
#include "core/numeric/shrink.h"

#include <fftw3.h>
#include <string.h>

/* ---- FFTs along the row index of column-major arrays; spectra stored transposed ----
 * FFTW works on blocks of FFT_BLOCK columns gathered into small contiguous buffers (its
 * fastest layout); the gather and scatter do the transposition. */

#define FFT_BLOCK 16

/* FFTW's planner is not thread-safe; execution is. */
static GMutex plan_lock;

static void
plan_destroy (fftw_plan plan)
{
  g_mutex_lock (&plan_lock);
  fftw_destroy_plan (plan);
  g_mutex_unlock (&plan_lock);
}

/* Real n×m (columns of length n) → the transposed spectra m×n_h (split real/imaginary);
 * with `subtract`, re/im ← spectra − re/im. */
void
tensor_fft_forward (gsize n, gsize m, const double *in, double *re, double *im, gboolean subtract)
{
  gsize nh = n / 2 + 1, b = MIN (FFT_BLOCK, m);
  g_autofree double *rbuf = g_new0 (double, n * b);
  g_autofree double *cbuf = g_new0 (double, 2 * nh * b);   /* interleaved complex */
  int len = (int) n;
  g_mutex_lock (&plan_lock);
  fftw_plan plan = fftw_plan_many_dft_r2c (1, &len, (int) b, rbuf, NULL, 1, (int) n,
                                           (fftw_complex *) cbuf, NULL, 1, (int) nh, FFTW_ESTIMATE);
  g_mutex_unlock (&plan_lock);
  double sign = subtract ? -1.0 : 0.0;
  for (gsize j0 = 0; j0 < m; j0 += b)
    {
      gsize bb = MIN (b, m - j0);
      memcpy (rbuf, in + j0 * n, bb * n * sizeof (double));
      fftw_execute (plan);
      for (gsize f = 0; f < nh; f++)
        for (gsize k = 0; k < bb; k++)
          {
            gsize i = j0 + k + f * m;
            re[i] = cbuf[2 * (f + k * nh)] + sign * re[i];
            im[i] = cbuf[2 * (f + k * nh) + 1] + sign * im[i];
          }
    }
  plan_destroy (plan);
}

void
tensor_gather_stored (gconstpointer data, gsize f, gsize j0, gsize count, double *re, double *im)
{
  const StoredSpectrum *s = data;
  memcpy (re, s->re + j0 + f * s->m, count * sizeof (double));
  memcpy (im, s->im + j0 + f * s->m, count * sizeof (double));
}

/* The sum of two stored transposed spectra. */
void
tensor_gather_sum (gconstpointer data, gsize f, gsize j0, gsize count, double *re, double *im)
{
  const StoredSpectrum *s = data;
  gsize i = j0 + f * s[0].m;
  for (gsize k = 0; k < count; k++)
    {
      re[k] = s[0].re[i + k] + s[1].re[i + k];
      im[k] = s[0].im[i + k] + s[1].im[i + k];
    }
}

/* Columns [j_begin, j_end) of the transposed spectrum that `gather` produces (m×n_h) →
 * the same columns of the real n×m output, `scale` times the unnormalized inverse
 * transform (which is n times the inverse). */
static void
tensor_fft_backward_range (gsize n, gsize j_begin, gsize j_end, SpectrumGather gather, gconstpointer data,
                    double scale, double *out)
{
  gsize nh = n / 2 + 1, b = MIN (FFT_BLOCK, j_end - j_begin);
  g_autofree double *rbuf = g_new0 (double, n * b);
  g_autofree double *cbuf = g_new0 (double, 2 * nh * b);   /* interleaved complex */
  double re[FFT_BLOCK], im[FFT_BLOCK];
  int len = (int) n;
  g_mutex_lock (&plan_lock);
  fftw_plan plan = fftw_plan_many_dft_c2r (1, &len, (int) b, (fftw_complex *) cbuf, NULL, 1, (int) nh,
                                           rbuf, NULL, 1, (int) n,
                                           FFTW_ESTIMATE | FFTW_DESTROY_INPUT);
  g_mutex_unlock (&plan_lock);
  for (gsize j0 = j_begin; j0 < j_end; j0 += b)
    {
      gsize bb = MIN (b, j_end - j0);
      for (gsize f = 0; f < nh; f++)
        {
          gather (data, f, j0, bb, re, im);
          for (gsize k = 0; k < bb; k++)
            {
              cbuf[2 * (f + k * nh)] = re[k];
              cbuf[2 * (f + k * nh) + 1] = im[k];
            }
        }
      fftw_execute (plan);
      if (scale == 1.0)
        memcpy (out + j0 * n, rbuf, bb * n * sizeof (double));
      else
        for (gsize i = 0; i < bb * n; i++)
          out[j0 * n + i] = scale * rbuf[i];
    }
  plan_destroy (plan);
}

typedef struct {
  gsize n, j_begin, j_end;
  SpectrumGather gather;
  gconstpointer data;
  double scale;
  double *out;
} BackwardJob;

static gpointer
backward_job_run (gpointer data)
{
  BackwardJob *job = data;
  tensor_fft_backward_range (job->n, job->j_begin, job->j_end, job->gather, job->data, job->scale, job->out);
  return NULL;
}

/* tensor_fft_backward_range over all n columns of an n×n result, on `threads` threads. */
void
tensor_fft_backward (gsize n, guint threads, SpectrumGather gather, gconstpointer data, double scale,
              double *out)
{
  BackwardJob jobs[TENSOR_MAX_THREADS];
  GThread *workers[TENSOR_MAX_THREADS] = { NULL };
  guint nt = CLAMP (threads, 1, TENSOR_MAX_THREADS);
  for (guint k = 0; k < nt; k++)
    {
      /* column ranges in whole FFT blocks */
      gsize blocks = (n + FFT_BLOCK - 1) / FFT_BLOCK;
      jobs[k] = (BackwardJob) { n, MIN (n, blocks * k / nt * FFT_BLOCK), MIN (n, blocks * (k + 1) / nt * FFT_BLOCK),
                                gather, data, scale, out };
      if (k > 0 && jobs[k].j_end > jobs[k].j_begin)
        workers[k] = g_thread_try_new ("lesc-fft", backward_job_run, &jobs[k], NULL);
    }
  backward_job_run (&jobs[0]);
  for (guint k = 1; k < nt; k++)
    if (workers[k] != NULL)
      g_thread_join (workers[k]);
    else if (jobs[k].j_end > jobs[k].j_begin)
      backward_job_run (&jobs[k]);
}

/* Variant `views` (docs/methods.md §7.3): G ← T, then A = G₁ + G₂, B = G₁ − G₂, each replaced by its
 * matrix SVT, G₁ = (A + B)/2, G₂ = (A − B)/2. */
gboolean
tensor_svt_views (Tensor *tn, double tau, GError **error)
{
  gsize n = tn->n, len = tn->nh * n;
  View *v1 = &tn->v[0], *v2 = &tn->v[1];
  for (gsize i = 0; i < len; i++)
    {
      v1->gr[i] = v1->tr[i] + v2->tr[i];
      v1->gi[i] = v1->ti[i] + v2->ti[i];
      v2->gr[i] = v1->tr[i] - v2->tr[i];
      v2->gi[i] = v1->ti[i] - v2->ti[i];
    }
  for (int k = 0; k < 2; k++)
    {
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      View *v = &tn->v[k];
      tensor_fft_backward (n, tn->threads, tensor_gather_stored, &(StoredSpectrum) { v->gr, v->gi, n }, 1.0 / (double) n, tn->real);
      if (lesc_svt (tn->real, n, n, tau, error) < 0)
        return FALSE;
      tensor_fft_forward (n, n, tn->real, v->gr, v->gi, FALSE);
    }
  for (gsize i = 0; i < len; i++)
    {
      double ar = v1->gr[i], ai = v1->gi[i], br = v2->gr[i], bi = v2->gi[i];
      v1->gr[i] = 0.5 * (ar + br);
      v1->gi[i] = 0.5 * (ai + bi);
      v2->gr[i] = 0.5 * (ar - br);
      v2->gi[i] = 0.5 * (ai - bi);
    }
  return TRUE;
}
