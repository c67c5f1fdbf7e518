/* The queue of background jobs. One job runs at a time (one BLAS-threaded solver at a
 * time, architecture.md); the others wait in order. The list model holds every job of the
 * session, newest last, for the runs list. */
#pragma once
#include <gio/gio.h>
#include "app/job.h"

G_BEGIN_DECLS

#define LESC_TYPE_JOB_QUEUE (lesc_job_queue_get_type ())
G_DECLARE_FINAL_TYPE (LescJobQueue, lesc_job_queue, LESC, JOB_QUEUE, GObject)

LescJobQueue *lesc_job_queue_new (void);
/* Every job of the session (GListModel of LescJob). */
GListModel   *lesc_job_queue_get_jobs (LescJobQueue *self);
/* The running job, or NULL. */
LescJob      *lesc_job_queue_get_current (LescJobQueue *self);
/* TRUE while a job runs or waits. */
gboolean      lesc_job_queue_get_busy (LescJobQueue *self);
/* Number of jobs that wait or run. */
guint         lesc_job_queue_get_pending (LescJobQueue *self);

void lesc_job_queue_add (LescJobQueue *self, LescJob *job);
void lesc_job_queue_cancel_all (LescJobQueue *self);
/* Cancel every unfinished job for which `match` returns TRUE. */
void lesc_job_queue_cancel_matching (LescJobQueue *self,
                                     gboolean (*match) (LescJob *job, gpointer data),
                                     gpointer data);

/* Signal "job-finished" (LescJob *job): a job reached DONE, FAILED or CANCELLED. */

G_END_DECLS
