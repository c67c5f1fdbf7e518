/* The session's work queue on LescTask with two priorities. The user's runs are
 * foreground: they run one at a time, in order, at once. Background work (a λ grid, a
 * cross-validation, the comparison's table, the window's converged f* and strip) runs one
 * at a time beside them, and waits at its next cancel check while any foreground work is
 * waiting or running (a LescGate, core/base/progress.h), so that the user's run has the
 * cores. Everything happens on the thread that made the queue. */
#pragma once
#include "core/base/task.h"

G_BEGIN_DECLS

typedef enum {
  LESC_PRIORITY_FOREGROUND,
  LESC_PRIORITY_BACKGROUND,
} LescPriority;
#define LESC_N_PRIORITIES 2

typedef struct _LescQueue LescQueue;

/* Told of every task's progress and end (`task` finished: it has left the queue, and the
 * next one has started), and with `task` NULL when the queue changed otherwise. */
typedef void (*LescQueueChanged) (LescQueue *q, LescTask *task, gpointer data);

LescQueue *lesc_queue_new (LescQueueChanged changed, gpointer data);
/* Cancels everything and waits for the running workers to return. */
void lesc_queue_free (LescQueue *q);

/* Queue `t` (the queue takes the reference) and start it when its lane is free. */
void lesc_queue_push (LescQueue *q, LescTask *t, LescPriority priority);
/* The same, and `callback` hears of `t` first: once as it starts, then of its progress,
 * frames and end (a GObject face wraps the task: the window's LescJob). */
void lesc_queue_push_full (LescQueue *q, LescTask *t, LescPriority priority,
                           LescTaskCallback callback, gpointer data);
/* Cancel `t`: dropped when waiting, stopped at its next check when running. FALSE when the
 * queue does not hold it. */
gboolean lesc_queue_cancel (LescQueue *q, LescTask *t);
/* Cancel every task of `priority` (both lanes: −1); the number cancelled. `each` (may be
 * NULL) sees every task before it is cancelled. */
guint lesc_queue_cancel_all (LescQueue *q, int priority, GFunc each, gpointer data);

/* The same for the tasks `match` (NULL: all) says yes to. */
guint lesc_queue_cancel_matching (LescQueue *q, int priority, gboolean (*match) (LescTask *t, gpointer data),
                                  GFunc each, gpointer data);
/* Keep the background waiting as if foreground work were queued (a change waits for its
 * run), or stop doing so. */
void lesc_queue_hold (LescQueue *q, gboolean on);

LescTask *lesc_queue_running (LescQueue *q, LescPriority priority);
guint lesc_queue_n_waiting (LescQueue *q, LescPriority priority);
/* The priority `t` was queued with (the task must be in the queue or running). */
LescPriority lesc_queue_priority (LescQueue *q, LescTask *t);
gboolean lesc_queue_is_idle (LescQueue *q);

G_END_DECLS
