/* The machine's memory bandwidth, for the floor of the LE step in docs/speed.md: a
 * STREAM-like triad a = b + s·c and a read-only sum over arrays far larger than the
 * caches, on 1 and 2 threads; the best of REPEAT passes in GB/s (bytes moved / time).
 *   cc -O2 -march=x86-64-v3 -pthread build-aux/membw.c -o membw && ./membw [MB per array]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define REPEAT 7

typedef struct {
  double *a, *b, *c;
  size_t lo, hi;
  int read_only;
  double sum;
} Part;

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *
work (void *data)
{
  Part *p = data;
  if (p->read_only)
    {
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (size_t i = p->lo; i + 4 <= p->hi; i += 4)
        {
          s0 += p->b[i];
          s1 += p->b[i + 1];
          s2 += p->b[i + 2];
          s3 += p->b[i + 3];
        }
      p->sum = s0 + s1 + s2 + s3;
    }
  else
    for (size_t i = p->lo; i < p->hi; i++)
      p->a[i] = p->b[i] + 3.0 * p->c[i];
  return NULL;
}

/* best GB/s of REPEAT passes on `threads` threads */
static double
measure (double *a, double *b, double *c, size_t n, int threads, int read_only)
{
  double best = 0.0, sink = 0.0;
  for (int r = 0; r < REPEAT; r++)
    {
      pthread_t th[2];
      Part parts[2];
      double t0 = now ();
      for (int t = 0; t < threads; t++)
        {
          parts[t] = (Part) { a, b, c, n * t / threads, n * (t + 1) / threads, read_only, 0.0 };
          pthread_create (&th[t], NULL, work, &parts[t]);
        }
      for (int t = 0; t < threads; t++)
        {
          pthread_join (th[t], NULL);
          sink += parts[t].sum;
        }
      double s = now () - t0;
      double bytes = (read_only ? 1.0 : 3.0) * 8.0 * (double) n;
      if (bytes / s / 1e9 > best)
        best = bytes / s / 1e9;
    }
  if (sink == 42.0)
    printf (" ");
  return best;
}

int
main (int argc, char **argv)
{
  size_t mb = argc > 1 ? strtoul (argv[1], NULL, 10) : 256;
  size_t n = mb * 1000000 / 8;
  double *a = malloc (n * sizeof (double)), *b = malloc (n * sizeof (double)),
         *c = malloc (n * sizeof (double));
  if (a == NULL || b == NULL || c == NULL)
    return 1;
  for (size_t i = 0; i < n; i++)
    {
      a[i] = 0.0;
      b[i] = 1.0 + (double) (i % 7);
      c[i] = 0.5;
    }
  for (int threads = 1; threads <= 2; threads++)
    printf ("%d thread%s: read %.1f GB/s, triad %.1f GB/s (%zu MB arrays)\n", threads,
            threads == 1 ? " " : "s", measure (a, b, c, n, threads, 1),
            measure (a, b, c, n, threads, 0), mb);
  free (a);
  free (b);
  free (c);
  return 0;
}
