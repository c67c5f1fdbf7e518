/* The LE optimizer's record of one fit, for watching it (the explorer's optimizer view,
 * `lesc recover --trace`): f, the gradient norms and the step length at every iteration,
 * and the recovered distributions at every iteration while they fit a memory bound —
 * otherwise at every k-th iteration, and always at the last. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

typedef struct {
  guint iteration;      /* 0: the start W0 */
  double objective;     /* f */
  double grad_norm;     /* ‖∇f‖₂ */
  double grad_inf;      /* ‖∇f‖∞, the TolFun test's norm; NaN where the optimizer ran in the
                         * basis of Q's tridiagonal form (it would cost a change of basis) */
  double step;          /* the line search's step length α (0 at the start) */
} LescLeTracePoint;

typedef struct {
  double max_bytes;           /* the bound on the snapshots */
  guint max_iterations;       /* the optimizer's cap (the reference: 300) */
  GArray *points;             /* LescLeTracePoint, one per iteration from 0 */
  guint stride;               /* a snapshot every `stride` iterations, and the last */
  GArray *snapshot_iterations;/* guint */
  GPtrArray *snapshots;       /* LescMatrix*: the distributions (n×c) there */
} LescLeTrace;

/* An empty record whose snapshots take at most `max_bytes` (0: 64 MB). */
LescLeTrace *lesc_le_trace_new (double max_bytes);
void lesc_le_trace_free (LescLeTrace *t);
/* Forget a previous fit; snapshots of n×c every `stride` iterations, chosen so that the
 * (max_iterations + 1)/stride + 1 snapshots fit the bound. */
void lesc_le_trace_reset (LescLeTrace *t, gsize n, gsize c, guint max_iterations);
/* Index of the last snapshot at or before `iteration` (0 when there is none before). */
guint lesc_le_trace_snapshot_at (const LescLeTrace *t, guint iteration);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLeTrace, lesc_le_trace_free)

G_END_DECLS
