/* Several LE fits that differ only in λ, run together (docs/speed.md, "The λ strip").
 *
 * Each value's optimizer runs exactly as lesc_le_fit_with runs it (the same start, the
 * same iteration, lesc_optimizer_run_* one step at a time); only its one Hessian product
 * per iteration is made for all the values still running in one pass over the cached
 * Φ̂ᵀΦ̂ and Φ̂ᵀMΦ̂ (lesc_symmetric_pencil_product), whose entries are formed as Q's are.
 * So each result is its single fit's to the bit, and the forms are read from memory once
 * per iteration instead of once per value. A value whose run stops leaves the batch. */
#include "core/solvers/le.h"
#include "core/solvers/le-private.h"
#include "core/numeric/symmetric.h"

#include <string.h>

gboolean
lesc_le_batch_applies (gsize n, gsize c, const LescSmoothness *m, LescVariant variant)
{
  return lesc_le_uses_quadratic_form (n, c, m, variant) && !lesc_le_tridiagonal_pays (n, n, c, 300);
}

/* One value of the batch. */
typedef struct {
  LescLeObjective *o;
  LescMatrix *w;
  LescOptimizerProblem problem;
  LescOptimizerRun *run;
} Member;

static void
member_clear (Member *mb)
{
  if (mb->run != NULL)
    lesc_optimizer_run_finish (mb->run, NULL, NULL);
  lesc_le_objective_free (mb->o);
  lesc_matrix_free (mb->w);
}

/* The finished run of `mb`: its report and Φ̂W, handed to `done`. */
static gboolean
member_finish (Member *mb, guint index, LescLeBatchDone done, gpointer data, GError **error)
{
  LescOptimizerReport r;
  gboolean ok = lesc_optimizer_run_finish (mb->run, &r, error);
  mb->run = NULL;
  if (!ok)
    return FALSE;
  LescLeReport report = { 0 };
  report.iterations = r.iterations;
  report.evaluations = r.evaluations;
  report.exit_flag = r.exit_flag;
  report.objective = r.f;
  report.grad_inf = r.grad_inf;
  lesc_le_phi_times (mb->o, mb->w->data, mb->o->d);
  done (index, lesc_matrix_new_from (mb->o->n, mb->o->c, mb->o->d), &report, data);
  return TRUE;
}

gboolean
lesc_le_fit_batch (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                   const double *lambdas, guint b, guint32 seed, const LescLeParts *parts,
                   LescProgress *progress, LescLeBatchDone done, gpointer data, GError **error)
{
  gsize n = x->rows, c = l->cols;
  g_return_val_if_fail (lesc_le_batch_applies (n, c, m, LESC_VARIANT_REFERENCE), FALSE);
  g_return_val_if_fail (parts == NULL || parts->kernel == NULL || parts->kernel->landmarks == NULL,
                        FALSE);
  for (guint v = 0; v < b; v++)
    if (!lesc_le_check_input (x, l, m, lambdas[v], error))
      return FALSE;
  /* the λ-free parts: from the caller, or made here once for all values */
  g_autoptr (LescLeKernel) own_kernel = NULL;
  g_autoptr (LescMatrix) own_gram = NULL;
  g_autoptr (LescMatrix) own_form = NULL;
  LescLeParts all = { 0 };
  if (parts != NULL)
    all = *parts;
  lesc_progress_report (progress, 0.0, "LE step: kernel and quadratic form");
  if (all.kernel == NULL && (all.kernel = own_kernel = lesc_le_kernel_new (x, progress, error)) == NULL)
    return FALSE;
  if (all.gram == NULL && (all.gram = own_gram = lesc_le_gram (all.kernel, progress, error)) == NULL)
    return FALSE;
  if (all.form == NULL
      && (all.form = own_form = lesc_le_smoothness_form (all.kernel, all.gram, m, progress,
                                                         error)) == NULL)
    return FALSE;
  gsize k = all.kernel->phi->cols, unknowns = k * c;
  LescOptimizerOptions opt;
  lesc_le_options_for (n, k, c, &opt);
  opt.stage = unknowns < opt.bfgs_limit ? "LE step (BFGS)" : "LE step (L-BFGS)";
  /* no helper thread per value for the two-loop recursion (its result does not depend on
   * it, twoloop.h): b helpers woken in turn at every iteration wait more for the cores
   * than they save; the pencil product has the threads */
  opt.threads = 1;

  gboolean ok = FALSE;
  Member *members = g_new0 (Member, b);
  guint *active = g_new (guint, b);
  double *lams = g_new (double, b);
  double *xs = g_new (double, unknowns * b);
  double *ys = g_new (double, unknowns * b);
  double *work = g_new (double, MAX (lesc_symmetric_product_work (k, b * c), 1));
  for (guint v = 0; v < b; v++)
    {
      Member *mb = &members[v];
      /* the single fit's objective without its Q: the products come from the pencil */
      mb->o = lesc_le_objective_make (x, l, m, lambdas[v], FALSE, &all, NULL, NULL, error);
      if (mb->o == NULL)
        goto out;
      mb->w = lesc_le_initial_weights (k, c, seed);
      mb->problem = (LescOptimizerProblem) { unknowns, lesc_le_objective_func,
                                             lesc_le_objective_hessian_func, mb->o };
      if (lesc_progress_cancelled (progress, error))
        goto out;
      /* no progress of its own: the batch reports and checks the cancel for all */
      mb->run = lesc_optimizer_run_new (&mb->problem, &opt, mb->w->data, NULL, error);
      if (mb->run == NULL)
        goto out;
    }
  guint finished = 0, steps = 0;
  while (finished < b)
    {
      guint na = 0;
      for (guint v = 0; v < b; v++)
        {
          const double *p = members[v].run != NULL ? lesc_optimizer_run_direction (members[v].run)
                                                   : NULL;
          if (p == NULL)
            continue;
          memcpy (xs + na * unknowns, p, unknowns * sizeof (double));
          lams[na] = lambdas[v];
          active[na++] = v;
        }
      if (na > 0)
        lesc_symmetric_pencil_product (all.gram, all.form, lams, na, xs, c, ys, work, 0);
      for (guint a = 0; a < na; a++)
        {
          /* 2Qp, as the single fit's Hessian product makes it */
          double *hp = ys + a * unknowns;
          for (gsize e = 0; e < unknowns; e++)
            hp[e] *= 2.0;
          lesc_optimizer_run_step (members[active[a]].run, hp);
        }
      for (guint v = 0; v < b; v++)
        if (members[v].run != NULL && lesc_optimizer_run_direction (members[v].run) == NULL)
          {
            if (!member_finish (&members[v], v, done, data, error))
              goto out;
            finished++;
          }
      steps++;
      lesc_progress_report (progress, MAX ((double) finished / b, (double) steps / opt.max_iter),
                            opt.stage);
      if (lesc_progress_cancelled (progress, error))
        goto out;
    }
  ok = TRUE;
out:
  for (guint v = 0; v < b; v++)
    member_clear (&members[v]);
  g_free (members);
  g_free (active);
  g_free (lams);
  g_free (xs);
  g_free (ys);
  g_free (work);
  return ok;
}
