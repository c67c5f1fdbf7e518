/* OpenBLAS's thread pool: threads that sleep when their work is done, and one place to
 * ask for or change the number of threads BLAS may use. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Call once at program start, before heavy work: OpenBLAS's pool threads otherwise spin
 * (sched_yield in a loop) for ~0.1 s after every threaded call, taking a core from the
 * calling thread's own work and the solvers' helper threads and showing up as system
 * time. Unless OPENBLAS_THREAD_TIMEOUT is set, sets it so that the threads go to sleep
 * as soon as their part is done, and restarts the pool to take it. Does nothing with
 * another BLAS. */
void lesc_blas_threads_quiet (void);
/* Threads BLAS may use (0 when it does not say). */
int lesc_blas_threads_get (void);
/* Set them (ignored by a BLAS without the call). */
void lesc_blas_threads_set (int n);
/* One thread for a stretch of level-2 BLAS work (LAPACK's unblocked panels, thin
 * updates): threading those costs more in waiting for the other thread (a spin on
 * sched_yield) than it saves. Returns the count to give lesc_blas_serial_end. */
int lesc_blas_serial_begin (void);
void lesc_blas_serial_end (int threads);
/* Problems with fewer samples run their BLAS on one thread: every call is too small for a
 * second thread to pay (SJAFFE's LESC, n = 213: 1.57 against 2.07 s of CPU time). The
 * same as lesc_blas_serial_begin for n < LESC_BLAS_SERIAL_BELOW, else nothing. */
#define LESC_BLAS_SERIAL_BELOW 1000
int lesc_blas_serial_begin_for (gsize n);

G_END_DECLS
