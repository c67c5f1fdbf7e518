/* One bench run in a forked child process, so that its peak resident memory is its own. */
#pragma once
#include <glib.h>

/* Runs fn (fd, data) in a child that writes its report to fd and exits; `msg` receives
 * the report, *peak_mb the child's peak resident memory (wait4's ru_maxrss). FALSE (and a
 * line on stderr) when no pipe can be made. */
gboolean lesc_bench_in_child (void (*fn) (int fd, gpointer data), gpointer data, GString *msg,
                              double *peak_mb);
/* Write all of `out` to fd (the child's report). */
void lesc_bench_write_all (int fd, const GString *out);
