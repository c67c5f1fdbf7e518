/* The queue of background jobs. One job runs at a time (one BLAS-threaded solver at a
 * time, architecture.md); the others wait in order. The list model holds every job of the
 * session, newest last, for the runs list. */
#pragma once
#include <gio/gio.h>
#include "app/job.h"
#include "session/queue.h"

G_BEGIN_DECLS

#define LESC_TYPE_JOB_QUEUE (lesc_job_queue_get_type ())
G_DECLARE_FINAL_TYPE (LescJobQueue, lesc_job_queue, LESC, JOB_QUEUE, GObject)

/* Over the session's queue (borrowed: it outlives the job queue's work). */
LescJobQueue *lesc_job_queue_new (LescQueue *queue);
/* Every job of the session (GListModel of LescJob). */
GListModel   *lesc_job_queue_get_jobs (LescJobQueue *self);
/* The running job, or NULL. */
LescJob      *lesc_job_queue_get_current (LescJobQueue *self);
/* The unfinished job over `task`, or NULL. */
LescJob      *lesc_job_queue_find (LescJobQueue *self, LescTask *task);
/* TRUE while a job runs or waits. */
gboolean      lesc_job_queue_get_busy (LescJobQueue *self);
/* Number of jobs that wait or run. */
guint         lesc_job_queue_get_pending (LescJobQueue *self);

void lesc_job_queue_add (LescJobQueue *self, LescJob *job);
/* A job whose task someone else queues (the session's runs): listed and followed; the
 * callback and its data are the task's watcher in the queue (lesc_queue_push_full). */
LescTaskCallback lesc_job_queue_track (LescJobQueue *self, LescJob *job, gpointer *watch_data);
void lesc_job_queue_cancel_all (LescJobQueue *self);
/* Cancel every unfinished job for which `match` returns TRUE. */
void lesc_job_queue_cancel_matching (LescJobQueue *self,
                                     gboolean (*match) (LescJob *job, gpointer data),
                                     gpointer data);

/* Signal "job-finished" (LescJob *job): a job reached DONE, FAILED or CANCELLED. */

G_END_DECLS
