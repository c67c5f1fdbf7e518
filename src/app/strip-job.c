#include "config.h"
#include "app/strip-job.h"
#include "app/result.h"
#include "core/methods/run.h"

#include <glib/gi18n.h>

/* the name that tells strip jobs apart from the others */
#define STRIP_KEY "lesc-strip-method"

const char *
lesc_strip_row_param (guint row)
{
  return row == 0 ? "lambda1" : "lambda2";
}

static void
cell_free (LescStripCell *c)
{
  lesc_matrix_free (c->distributions);
  g_free (c);
}

void
lesc_strip_cells_free (LescStripCells *c)
{
  if (c == NULL)
    return;
  g_ptr_array_unref (c->cells);
  g_free (c);
}

typedef struct {
  LescDataObject *data;
  const LescMethod *method;
  LescRunParams params;
  guint n;
  guint *rows, *cols;
  double *values;
  GPtrArray *done;   /* LescStripCell*: the worker's, read by frame_copy on its thread */
} StripInput;

static void
input_free (StripInput *in)
{
  g_clear_object (&in->data);
  g_free (in->rows);
  g_free (in->cols);
  g_free (in->values);
  g_ptr_array_unref (in->done);
  g_free (in);
}

static LescStripCells *
copy_done (StripInput *in)
{
  LescStripCells *out = g_new0 (LescStripCells, 1);
  out->cells = g_ptr_array_new_with_free_func ((GDestroyNotify) cell_free);
  for (guint k = 0; k < in->done->len; k++)
    {
      const LescStripCell *c = in->done->pdata[k];
      LescStripCell *d = g_new0 (LescStripCell, 1);
      *d = *c;
      d->distributions = lesc_matrix_copy (c->distributions);
      g_ptr_array_add (out->cells, d);
    }
  return out;
}

/* Worker thread: a cell finished (the frame only says so). */
static gpointer
strip_frame (gpointer input, const LescProgressFrame *frame)
{
  return copy_done (input);
}

/* A cell finished: kept, and a frame says so. */
static void
cell_finished (StripInput *in, LescProgress *progress, guint k, LescMatrix *d)
{
  LescStripCell *c = g_new0 (LescStripCell, 1);
  c->row = in->rows[k];
  c->col = in->cols[k];
  c->value = in->values[k];
  c->distributions = d;
  g_ptr_array_add (in->done, c);
  LescProgressFrame frame = { in->done->len, in->n, 0.0, d->data, d->rows, d->cols, TRUE };
  lesc_progress_frame (progress, &frame);
}

typedef struct {
  StripInput *in;
  LescProgress *progress;
  const guint *cells;   /* the job's cell of each λ₁ value */
} RowDone;

static void
row_value_done (guint index, LescMatrix *d, gpointer data)
{
  RowDone *rd = data;
  cell_finished (rd->in, rd->progress, rd->cells[index], d);
}

static gpointer
strip_work (gpointer input, LescProgress *progress, GError **error)
{
  StripInput *in = input;
  const LescDataset *ds = lesc_data_object_get_dataset (in->data);
  /* the λ₁ row as one run (its values' optimizers share each pass; lesc_method_run_strip),
   * cancellable with the job, its frames not the strip's */
  g_autofree guint *cells = g_new (guint, in->n);
  g_autofree double *lambda1 = g_new (double, in->n);
  guint n1 = 0;
  for (guint k = 0; k < in->n; k++)
    if (in->rows[k] == 0)
      {
        cells[n1] = k;
        lambda1[n1++] = in->values[k];
      }
  lesc_progress_report (progress, 0.0, "λ strip");
  LescProgress cell;
  lesc_progress_init (&cell, NULL, NULL, progress->cancellable);
  RowDone rd = { in, progress, cells };
  if (n1 > 0 && !lesc_method_run_strip (in->method, ds, &in->params, lambda1, n1,
                                        lesc_app_run_cache (), &cell, row_value_done, &rd, error))
    return NULL;
  for (guint k = 0; k < in->n; k++)
    {
      if (in->rows[k] == 0)
        continue;
      lesc_progress_report (progress, (double) in->done->len / in->n, "λ strip");
      LescRunParams p = in->params;
      p.trace_bytes = 0.0;
      lesc_run_params_set (&p, in->method, lesc_strip_row_param (in->rows[k]), in->values[k]);
      LescMatrix *d = lesc_method_run_cached (in->method, ds, &p, lesc_app_run_cache (), &cell,
                                              NULL, error);
      if (d == NULL)
        return NULL;
      cell_finished (in, progress, k, d);
    }
  return copy_done (in);
}

LescJob *
lesc_strip_job_new (LescDataObject *data, const LescMethod *method, const LescRunParams *params,
                    const guint *rows, const guint *cols, const double *values, guint n)
{
  StripInput *in = g_new0 (StripInput, 1);
  in->data = g_object_ref (data);
  in->method = method;
  in->params = *params;
  in->n = n;
  in->rows = g_memdup2 (rows, n * sizeof (guint));
  in->cols = g_memdup2 (cols, n * sizeof (guint));
  in->values = g_memdup2 (values, n * sizeof (double));
  in->done = g_ptr_array_new_with_free_func ((GDestroyNotify) cell_free);
  /* TRANSLATORS: a job title: "λ strip of gLESC on artificial" */
  g_autofree char *title = g_strdup_printf (_("λ strip of %s on %s"), method->display_name,
                                            lesc_data_object_get_name (data));
  LescJob *job = lesc_job_new (LESC_JOB_KIND_OTHER, title, strip_work, in,
                               (GDestroyNotify) input_free, (GDestroyNotify) lesc_strip_cells_free);
  lesc_job_set_frame_func (job, strip_frame);
  g_object_set_data (G_OBJECT (job), STRIP_KEY, (gpointer) method);
  return job;
}

const LescMethod *
lesc_strip_job_get_method (LescJob *job)
{
  return g_object_get_data (G_OBJECT (job), STRIP_KEY);
}

const LescRunParams *
lesc_strip_job_get_params (LescJob *job)
{
  StripInput *in = lesc_strip_job_get_method (job) != NULL ? lesc_job_get_input (job) : NULL;
  return in != NULL ? &in->params : NULL;
}

LescDataObject *
lesc_strip_job_get_data (LescJob *job)
{
  StripInput *in = lesc_strip_job_get_method (job) != NULL ? lesc_job_get_input (job) : NULL;
  return in != NULL ? in->data : NULL;
}
