/* liblesc's side of its public API: row-major arrays in and out of the core's
 * column-major matrices, and the checks every public entry point makes before work. */
#pragma once
#include "core/base/error.h"      /* first: lesc/error.h then takes the core's definitions */
#include "core/methods/method.h"

#include <lesc/lesc.h>

G_BEGIN_DECLS

struct _LescParams {
  const LescMethod *method;
  LescRunParams run;
};

/* An n×cols row-major array as a core matrix; LESC_ERROR_DATA naming `what` with the row
 * and column of the first entry that is not finite (rows and columns counted from 0). */
LescMatrix *lesc_lib_matrix_in (const char *what, gsize n, gsize cols, const double *data,
                                GError **error);
/* A core matrix into a row-major array. */
void lesc_lib_matrix_out (const LescMatrix *m, double *out);
/* Shapes a recovery needs (n ≥ 2, q ≥ 1, c ≥ 2, non-NULL arrays); LESC_ERROR_DATA. */
gboolean lesc_lib_check_shapes (gsize n, gsize q, gsize c, const void *features,
                                const void *logical, GError **error);
/* Logical labels: 0 or 1 only, at least one 1 per row; LESC_ERROR_DATA naming the entry. */
gboolean lesc_lib_check_logical (const LescMatrix *l, GError **error);

G_END_DECLS
