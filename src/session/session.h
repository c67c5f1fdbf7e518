/* The explorer without a toolkit (docs/HACKING.md, "Layers"): the data set with the
 * options it was read with, the methods with their parameters and results, the work queue
 * (session/queue.h: the user's method runs in the foreground; the λ grid, the
 * cross-validation and the comparison's table in the background, paused while a run is
 * under way), and the last message. Every result carries its provenance
 * (session/provenance.h). A parameter change cancels the run it made stale and moves its
 * result aside as stale (shown dimmed until replaced); a result from another data set or
 * from older settings never lands as the current one; a finished run is kept, so going
 * back to earlier settings reuses it. */
#pragma once
#include "core/base/task.h"
#include "core/data/open.h"
#include "core/experiments/experiment.h"
#include "core/methods/outcome.h"
#include "session/provenance.h"
#include "session/queue.h"

G_BEGIN_DECLS

#define LESC_SESSION_MAX_METHODS 8

typedef enum {
  LESC_WORK_RUN,     /* one method on the data set: LescRunOutcome */
  LESC_WORK_GRID,    /* LescGrid */
  LESC_WORK_CV,      /* LescCvResult */
  LESC_WORK_TABLE,   /* LescRecoveryTable (the comparison) */
} LescWorkKind;

typedef struct {
  const LescMethod *method;
  LescRunParams params;       /* the method's values; seed and variant are the session's */
  gboolean ticked;
  LescRunOutcome *outcome;    /* the result for `params`, or NULL */
  LescProvenance *provenance; /* what `outcome` was computed from, or NULL */
  char *failure;              /* why the last run for `params` failed, or NULL */
  LescTask *task;             /* a waiting or running run for `params`, or NULL */
  LescRunOutcome *stale;      /* the last result for other settings (shown dimmed), or NULL */
  LescProvenance *stale_provenance;
  gpointer view, stale_view;  /* with a face: its objects that hold `outcome` and `stale` */
} LescSessionMethod;

typedef struct _LescSession LescSession;

/* Told after every change the screen shows (results, progress, messages). */
typedef void (*LescSessionChanged) (LescSession *s, gpointer data);

/* A face's own form of the runs (the window: a LescResult GObject per run, a LescJob per
 * task). With a face the session's runs make its objects: `wrap` (worker thread) takes the
 * outcome and returns the face's object, which `outcome` reads it back from; `frame`
 * (worker thread) makes one for a solver's frame (the task's provisional output, may
 * return NULL); `free` drops one. `owner` is what the face gave with the data set
 * (lesc_session_set_dataset). `queued` hears of every task the session queues before it
 * starts and returns the callback that hears of it first (the queue's watcher). */
typedef struct {
  gpointer (*wrap) (LescRunOutcome *o, gpointer owner, GError **error);
  const LescRunOutcome *(*outcome) (gpointer view);
  gpointer (*frame) (const LescMethod *m, const LescRunParams *p, gpointer owner,
                     const LescProgressFrame *frame);
  gpointer (*ref) (gpointer view);   /* the face's object stays the task's output too */
  /* a kept object shown again for the data set `owner` (the same data, read again) */
  void (*rebind) (gpointer view, gpointer owner);
  GDestroyNotify free;
  gsize trace_bytes;   /* the optimizer record of methods with a smoothness term */
  LescRunCache *cache; /* what the runs share, the face's (its other work shares it too);
                        * NULL: the session's own */
  LescTaskCallback (*queued) (LescSession *s, LescTask *t, gpointer data, gpointer *watch_data);
  gpointer data;
} LescSessionFace;   /* `wrap` NULL: the runs stay LescRunOutcome, only `queued` is heard */

/* `store_path` NULL: the default results store. `open` says where names are looked up
 * and how CSV files are read (copied). */
LescSession *lesc_session_new (const char *store_path, const LescOpenOptions *open,
                               LescSessionChanged changed, gpointer data);
/* Cancels the work and waits for the worker to return. */
void lesc_session_free (LescSession *s);
/* Before any run: the face's objects (copied). */
void lesc_session_set_face (LescSession *s, const LescSessionFace *face);
/* The queue the session's work runs in; a face queues its own work here (its background
 * work then yields to the session's runs). The session cancels only its own tasks. */
LescQueue *lesc_session_queue (LescSession *s);
/* The pause between a change and its automatic run (default 50 ms). */
void lesc_session_set_auto_run_delay (LescSession *s, guint ms);

/* Load and check a data set ("artificial", a path or a name in the data directory) with
 * the session's open options; on success it replaces the current one (all work stops,
 * results are dropped) and is added to the recent data sets. */
gboolean lesc_session_open (LescSession *s, const char *spec, GError **error);
/* The same with its own options (data_dir: the session's when NULL); they are kept, and
 * every later read of the data (experiments, the memory) uses them. */
gboolean lesc_session_open_with (LescSession *s, const char *spec, const LescOpenOptions *open,
                                 GError **error);
/* What a person typed: "weather.csv --logical-columns 3" (session/dataspec.h); the options
 * start from the defaults with the session's data folder. */
gboolean lesc_session_open_typed (LescSession *s, const char *text, GError **error);
/* A data set the face has read itself (`ds` is `owner`'s; `owner_free` drops the
 * session's hold on it, NULL: `ds` is taken) with the spec and options it was read with;
 * as lesc_session_open_with otherwise. */
void lesc_session_set_dataset (LescSession *s, const LescDataset *ds, gpointer owner,
                               GDestroyNotify owner_free, const char *spec,
                               const LescOpenOptions *open);
/* What the face gave with the open data set (NULL without a face's data). */
gpointer lesc_session_data_owner (LescSession *s);
/* The open data set with its options as text ("weather.csv --logical-columns 3"). */
char *lesc_session_data_text (LescSession *s);
const LescOpenOptions *lesc_session_open_options (LescSession *s);
/* The data sets opened last, newest first, as text (at most LESC_SESSION_MAX_RECENT). */
#define LESC_SESSION_MAX_RECENT 10
const char *const *lesc_session_recent (LescSession *s);
void lesc_session_add_recent (LescSession *s, const char *text);
const LescDataset *lesc_session_dataset (LescSession *s);
const char *lesc_session_spec (LescSession *s);
const char *lesc_session_data_dir (LescSession *s);
const char *lesc_session_store_path (LescSession *s);

guint lesc_session_n_methods (LescSession *s);
LescSessionMethod *lesc_session_method (LescSession *s, guint i);
/* Index of a method by name, or −1. */
int lesc_session_find_method (LescSession *s, const char *name);

/* Setters: a change drops what is stale and, with auto-run, queues the new runs after a
 * short pause (so that holding a key queues one run, not many). */
void lesc_session_set_value (LescSession *s, guint method, guint param, double value);
/* Every setting of method i at once (values, seed, variant, run options). */
void lesc_session_set_params (LescSession *s, guint method, const LescRunParams *params);
void lesc_session_set_ticked (LescSession *s, guint method, gboolean ticked);
void lesc_session_set_seed (LescSession *s, guint32 seed);
void lesc_session_set_variant (LescSession *s, LescVariant variant);
void lesc_session_set_auto_run (LescSession *s, gboolean on);
void lesc_session_set_kl (LescSession *s, LescKlDirection kl);   /* only what is shown */
guint32 lesc_session_seed (LescSession *s);
LescVariant lesc_session_variant (LescSession *s);
gboolean lesc_session_auto_run (LescSession *s);
LescKlDirection lesc_session_kl (LescSession *s);

/* Queue the ticked methods without a current result or run; the number queued. */
guint lesc_session_run (LescSession *s);
/* Stop the running work and drop the waiting; TRUE when there was any. */
gboolean lesc_session_cancel (LescSession *s);

/* Experiments through the results store. The grid is of `method` (LESC or gLESC) over
 * lesc_grid_default² with the panel's other settings; the CV of the ticked methods that
 * learn a mapping (all of them when none is ticked), 10 folds, fold seed = the seed; the
 * table of the ticked methods (all when fewer than two) over the known data sets,
 * looked up only (`store_only`) or computed for the data directory's sets. */
void lesc_session_request_grid (LescSession *s, guint method);
void lesc_session_request_cv (LescSession *s);
void lesc_session_request_table (LescSession *s, gboolean store_only);
const LescGrid *lesc_session_grid (LescSession *s);
const LescCvResult *lesc_session_cv (LescSession *s);
const LescRecoveryTable *lesc_session_table (LescSession *s);
/* TRUE once the comparison's table was asked for (so that showing the view asks once). */
gboolean lesc_session_table_requested (LescSession *s);

/* The running task (the foreground's, else the background's; NULL when idle), what it is,
 * and how many wait. */
LescTask *lesc_session_running (LescSession *s);
const char *lesc_session_running_title (LescSession *s);
guint lesc_session_n_waiting (LescSession *s);
/* The task running in one lane, or NULL. */
LescTask *lesc_session_running_in (LescSession *s, LescPriority priority);
/* A task's title ("gLESC on sjaffe", "λ grid of LESC on sjaffe") and whether it is
 * background work. */
const char *lesc_session_task_title (LescTask *t);
gboolean lesc_session_task_is_background (LescTask *t);
/* Of a task the session queued (a face's `queued` sees them): what it is, the method
 * index of a run (−1 otherwise) and the settings it runs with (NULL when not a run). */
LescWorkKind lesc_session_task_kind (LescTask *t);
int lesc_session_task_method (LescTask *t);
const LescRunParams *lesc_session_task_params (LescTask *t);
/* Is `t` method i's run for the current settings on the open data? */
gboolean lesc_session_task_is_current (LescSession *s, LescTask *t);

/* Method i's result to show and how: the current one (FINAL); else the latest frame of
 * the run under way for its settings (PROVISIONAL: the LE optimizer's iterate with its
 * measures, `provenance` NULL; session/provisional.h); else the stale one while its
 * replacement is computed or failed (STALE); NULL when there is none. */
const LescRunOutcome *lesc_session_shown (LescSession *s, guint method, LescShown *shown,
                                          const LescProvenance **provenance);
/* The caption of method i's result ("LESC on artificial · λ₁ = 10 · … · stale —
 * recomputing", "… · provisional · iteration 12"), or NULL without one. */
char *lesc_session_caption (LescSession *s, guint method);
/* The cache the session's runs go through (the correlation view takes the runs' M from
 * it: session/correlations.h). */
LescRunCache *lesc_session_run_cache (LescSession *s);
/* The checksum of the open data set ("" without one). */
const char *lesc_session_checksum (LescSession *s);

/* Grows by one whenever results, grids, tables or the data change: views redraw
 * their figures when it moves. */
guint lesc_session_version (LescSession *s);
/* Grows by one whenever a provisional frame of a current run lands (what
 * lesc_session_shown gives moved, the version did not): a face repaints the figures that
 * show results. The solver sends a frame at most every ~100 ms (core/base/progress.h). */
guint lesc_session_frames (LescSession *s);

/* The last message for the status line and whether it reports a problem. */
const char *lesc_session_message (LescSession *s, gboolean *is_error);
void lesc_session_set_message (LescSession *s, gboolean is_error, const char *fmt, ...)
  G_GNUC_PRINTF (3, 4);

G_END_DECLS
