/* Filling the λ strip in the background: a job that runs one method for a list of λ
 * values (row 0 varies λ₁, row 1 λ₂), cell after cell, through the explorer's run cache,
 * and publishes every finished cell at once (its provisional output: the cells so far). */
#pragma once
#include "app/data-object.h"
#include "app/job.h"
#include "core/methods/method.h"

G_BEGIN_DECLS

/* The parameter a strip row varies: "lambda1" (row 0) or "lambda2" (row 1). */
const char *lesc_strip_row_param (guint row);

typedef struct {
  guint row, col;
  double value;
  LescMatrix *distributions;   /* n×c */
} LescStripCell;

/* The output of a strip job (and each provisional output): the cells computed so far. */
typedef struct {
  GPtrArray *cells;            /* LescStripCell* */
} LescStripCells;

void lesc_strip_cells_free (LescStripCells *c);

/* `n` cells (rows[k], cols[k], values[k]) of `method` on `data` with `params`, in this
 * order. */
LescJob *lesc_strip_job_new (LescDataObject *data, const LescMethod *method,
                             const LescRunParams *params, const guint *rows, const guint *cols,
                             const double *values, guint n);
/* What a strip job was asked for; its method is NULL for other jobs. */
const LescMethod    *lesc_strip_job_get_method (LescJob *job);
const LescRunParams *lesc_strip_job_get_params (LescJob *job);
LescDataObject      *lesc_strip_job_get_data (LescJob *job);

G_END_DECLS
