/* OpenBLAS's calls are declared weak: with another BLAS they are absent and these
 * functions do nothing. openblas_read_env re-reads OPENBLAS_* from the environment;
 * blas_thread_shutdown_ stops the pool, which the next threaded call starts again with
 * the timeout read then (OpenBLAS 0.3.x). A pool thread waits for work by spinning for
 * 2^timeout processor ticks before it sleeps on a condition variable; 2^28 by default,
 * ≈ 0.1 s. */
#include "core/base/blasthreads.h"


extern void openblas_read_env (void) __attribute__ ((weak));
extern int blas_thread_shutdown_ (void) __attribute__ ((weak));
extern int openblas_get_num_threads (void) __attribute__ ((weak));
extern void openblas_set_num_threads (int n) __attribute__ ((weak));

/* 2^16 ticks (tens of µs): long enough to catch the next call of a sequence of BLAS
 * calls without a wake-up, short enough not to spin through the work between them */
#define QUIET_TIMEOUT "16"

void
lesc_blas_threads_quiet (void)
{
  if (openblas_read_env == NULL || blas_thread_shutdown_ == NULL
      || g_getenv ("OPENBLAS_THREAD_TIMEOUT") != NULL)
    return;
  g_setenv ("OPENBLAS_THREAD_TIMEOUT", QUIET_TIMEOUT, TRUE);
  openblas_read_env ();
  blas_thread_shutdown_ ();
}

int
lesc_blas_threads_get (void)
{
  return openblas_get_num_threads != NULL ? MAX (openblas_get_num_threads (), 0) : 0;
}

void
lesc_blas_threads_set (int n)
{
  if (openblas_set_num_threads != NULL)
    openblas_set_num_threads (MAX (n, 1));
}

int
lesc_blas_serial_begin (void)
{
  int n = lesc_blas_threads_get ();
  if (n > 1)
    lesc_blas_threads_set (1);
  return n;
}

void
lesc_blas_serial_end (int threads)
{
  if (threads > 1)
    lesc_blas_threads_set (threads);
}

int
lesc_blas_serial_begin_for (gsize n)
{
  return n < LESC_BLAS_SERIAL_BELOW ? lesc_blas_serial_begin () : 0;
}
