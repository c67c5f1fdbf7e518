/* What the parts of the session share (session.c, session-data.c, session-experiments.c):
 * included only by the session's own .c files, never by a face or another header. */
#pragma once
#include "session/session.h"
#include "core/experiments/request.h"

G_BEGIN_DECLS

/* The data set shared with the workers: it lives while a run reads it. A face's data set
 * is its owner's (lesc_session_set_dataset). */
typedef struct {
  LescDataset *ds;
  gpointer owner;
  GDestroyNotify owner_free;
} LescSessionData;

/* The input of every task. */
typedef struct {
  LescWorkKind kind;
  guint method;                    /* RUN: the session's method index */
  const LescMethod *m;
  LescRunParams params;
  LescSessionData *data;                   /* RUN */
  LescRunCache *cache;             /* RUN; the session outlives its tasks */
  LescExperimentRequest *request;  /* experiments */
  char *title;
  char *dataset, *checksum;        /* RUN: the data set it reads */
  gboolean background;
  gboolean user_cancelled;         /* Esc, not a parameter change */
  const LescSessionFace *face;     /* RUN: the face's objects, or NULL */
  guint frames_seen;               /* RUN: the task's provisional serial last told */
} LescSessionWork;

struct _LescSession {
  LescSessionData *data;
  char *spec;
  char *data_dir;
  LescOpenOptions open;
  char *store_path;
  LescSessionMethod methods[LESC_SESSION_MAX_METHODS];
  guint n_methods;
  guint32 seed;
  LescVariant variant;
  LescKlDirection kl;
  gboolean auto_run;
  guint auto_run_id;
  guint auto_run_delay;       /* ms */
  gboolean held;              /* the queue's gate held for a change's run (lesc_queue_hold) */
  LescRunCache *cache;
  LescSessionFace face;
  gboolean has_face;
  GHashTable *tasks;          /* the session's own tasks in the queue (a set) */

  LescQueue *queue;
  GHashTable *kept;           /* run key → LescRunOutcome* kept for reuse (memo_*) */
  GQueue kept_order;          /* its keys, oldest first */
  GPtrArray *recent;          /* data set texts, newest first */
  gboolean cancel_by_user;    /* what cancel_all tells the tasks it cancels */

  LescGrid *grids[LESC_SESSION_MAX_METHODS];
  int last_grid;              /* method index of the newest grid, or −1 */
  LescCvResult *cv;
  LescRecoveryTable *table;
  gboolean table_requested;

  char *message;
  gboolean message_error;
  guint version;
  guint frames;               /* provisional frames of current runs that landed */
  LescSessionChanged changed;
  gpointer changed_data;
};

/* session.c */
void lesc_session_notify (LescSession *s);
void lesc_session_enqueue_work (LescSession *s, LescSessionWork *w, GDestroyNotify output_free);
void lesc_session_stop_work (LescSession *s);
void lesc_session_schedule_auto_run (LescSession *s);

/* session-data.c */
void lesc_session_data_release (LescSessionData *r);

/* session-experiments.c */
void lesc_session_experiment_finished (LescSession *s, LescTask *t, LescSessionWork *w);

G_END_DECLS
