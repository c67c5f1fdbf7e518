/* Recovery and models through the public API. */
#include "lib/arrays.h"
#include "core/methods/run.h"

#include <math.h>

/* The arrays as the core's data set (no truth: a recovery does not look at it). */
typedef struct {
  LescMatrix *x, *l;
  LescDataset ds;
} Input;

static void
input_clear (Input *in)
{
  g_clear_pointer (&in->x, lesc_matrix_free);
  g_clear_pointer (&in->l, lesc_matrix_free);
}

static gboolean
input_init (Input *in, const LescParams *params, gsize n, gsize q, gsize c,
            const double *features, const double *logical, GError **error)
{
  *in = (Input) { 0 };
  if (!lesc_lib_check_shapes (n, q, c, features, logical, error)
      || !lesc_run_params_check (&params->run, params->method, error))
    return FALSE;
  in->x = lesc_lib_matrix_in ("features", n, q, features, error);
  if (in->x != NULL)
    in->l = lesc_lib_matrix_in ("logical labels", n, c, logical, error);
  if (in->l == NULL || !lesc_lib_check_logical (in->l, error))
    {
      input_clear (in);
      return FALSE;
    }
  in->ds = (LescDataset) { .name = (char *) "the arrays", .features = in->x, .logical = in->l };
  return TRUE;
}

gboolean
lesc_recover (const LescParams *params, gsize n, gsize q, gsize c, const double *features,
              const double *logical, double *distributions, LescProgressFunc progress,
              gpointer user_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (params != NULL && distributions != NULL, FALSE);
  Input in;
  if (!input_init (&in, params, n, q, c, features, logical, error))
    return FALSE;
  LescProgress p;
  lesc_progress_init (&p, progress, user_data, cancellable);
  LescMatrix *d = lesc_method_run (params->method, &in.ds, &params->run, &p, NULL, error);
  input_clear (&in);
  if (d == NULL)
    return FALSE;
  lesc_lib_matrix_out (d, distributions);
  lesc_matrix_free (d);
  return TRUE;
}
