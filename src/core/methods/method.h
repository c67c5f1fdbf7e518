/* The method registry: every LE method is one LescMethod. The terminal options and the
 * GUI controls are generated from its parameter specs. */
#pragma once
#include "core/data/dataset.h"
#include "core/solvers/le.h"
#include "core/solvers/ann.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

#define LESC_MAX_PARAMS 6
#define LESC_MAX_STAGES 4
/* FCM memberships count as collapsed when max |t·u_ki − 1| is below this */
#define LESC_FCM_COLLAPSED 0.05
/* FCM's output is "the same for every sample" / "uniform" when the spreads below are
 * under this (relative to 1/c): SBU-3DFE's rows differ by 3e-5, its degrees from 1/6 by
 * 3e-5 — nothing a measure can tell apart */
#define LESC_FCM_FLAT 1e-3

/* How the four baselines FCM, KM, LP and ML are read (docs/reproducing.md):
 * `published` reproduces the rows the GLLE paper published for LP and KM (degrees divided
 * by their row sums, no softmax; LP on the features as loaded); FCM and ML have no such
 * definition and run as `paper`. `paper` reads the papers' text (z-scored features, row
 * softmax); `pyldl` follows the PyLDL re-implementation. */
typedef enum {
  LESC_FLAVOUR_PUBLISHED,
  LESC_FLAVOUR_PAPER,
  LESC_FLAVOUR_PYLDL,
} LescFlavour;

const char *lesc_flavour_key (LescFlavour f);  /* "published", "paper", "pyldl" */
gboolean    lesc_flavour_from_string (const char *s, LescFlavour *out);

/* Which formulation a run uses (docs/methods.md §11): `auto` (default) keeps the reference
 * wherever it fits the memory limit and finishes in a few minutes, and takes the
 * large-data form above that; `reference` and `large` insist. */
typedef enum {
  LESC_SCALE_AUTO,
  LESC_SCALE_REFERENCE,
  LESC_SCALE_LARGE,
} LescScale;

/* Landmarks m of the large-data form's kernel features when the run names none. */
#define LESC_LARGE_LANDMARKS 1000
/* Neighbours k of LP's graph in the large-data form when the run names none. */
#define LESC_LARGE_NEIGHBOURS 60

typedef struct {
  const char *name;         /* option name: "lambda1" → --lambda1 */
  const char *label;        /* "λ₁ (LE trade-off)" */
  const char *description;
  double default_value;
  double min, max;
  gboolean log_scale;
  gboolean integer;
} LescParamSpec;

/* Everything a run depends on besides the data. */
typedef struct {
  double values[LESC_MAX_PARAMS];   /* in the order of method->params */
  guint32 given;                    /* bit k: values[k] set by lesc_run_params_set, not the
                                     * default (a default that does not fit small data is
                                     * fitted to it, with a note; a value given is checked) */
  guint32 seed;
  LescVariant variant;              /* LE step: reference / converged */
  gboolean c_paper_orientation;     /* LESC/gLESC `c-orientation = paper` */
  gboolean tensor_fft_views;        /* gLESC `tensor-fft = views` */
  gboolean odd_n_single_shrink;     /* gLESC `odd-n-double-shrink = off` */
  LescFlavour flavour;              /* FCM, KM, LP, ML (default: published) */
  double memory_limit;              /* bytes; 0 = 80 % of physical memory */
  LescScale scale;                  /* reference or large-data formulation (auto: chosen) */
  guint landmarks;                  /* large-data form: m (0: LESC_LARGE_LANDMARKS) */
  guint neighbours;                 /* large-data form of LP: k (0: LESC_LARGE_NEIGHBOURS) */
  LescKnnSearch knn;                /* large-data form's neighbour search (auto: by n) */
  double trace_bytes;               /* > 0: keep the LE optimizer's record (result->trace)
                                     * with snapshots within this many bytes; the result
                                     * does not change */
} LescRunParams;

/* The input of a method: z-scored features and logical labels; the `published` LP reads
 * the features as loaded. */
typedef struct {
  const LescMatrix *x;   /* n×q z-scored */
  const LescMatrix *l;   /* n×c logical */
  const LescMatrix *raw; /* n×q before the z-score; NULL: x stands for them */
} LescProblem;

/* What a run reports besides the distributions. */
typedef struct {
  guint n_stages;
  const char *stage_names[LESC_MAX_STAGES];  /* static strings: "correlation", "le", … */
  double stage_seconds[LESC_MAX_STAGES];
  double memory_estimate;                    /* bytes */
  LescLeReport le;                           /* LE methods */
  guint correlation_iterations;
  guint fcm_clusters;                        /* FCM: t (0 for the other methods) */
  double fcm_spread;                         /* FCM: max over samples and clusters of
                                                |t·u_ki − 1| (0: every membership 1/t) */
  double fcm_row_spread;                     /* FCM: max over samples and labels of
                                                c·|d_ij − d_1j| (0: one row for all) */
  double fcm_uniform_spread;                 /* FCM: max of |c·d_ij − 1| (0: all 1/c) */
  LescLeModel *model;                        /* set for methods with a mapping when requested */
  LescLeTrace *trace;                        /* LE methods, when params->trace_bytes > 0 */
  char default_note[256];                    /* what the run chose that the user should
                                                hear (a default fitted to small data), or "" */
  gboolean large;                            /* ran in the large-data formulation */
  guint landmarks;                           /* its m (kernel features), 0 when none */
  guint neighbours;                          /* its k (graph), 0 when none */
  gboolean knn_approximate;                  /* its neighbours by HNSW (ann.h) */
  double knn_recall;                         /* their measured recall (ann.h) */
  double knn_dimension;                      /* the intrinsic dimension `auto` estimated
                                                to choose the search (0: not estimated) */
  char *note;                                /* the program's choice of formulation, said
                                                once on stderr, or NULL */
} LescRunResult;

typedef struct _LescMethod LescMethod;
struct _LescMethod {
  const char *name;          /* lower-case key: "glesc" */
  const char *display_name;  /* "gLESC" */
  const char *description;   /* one line */
  gboolean reconstructed;    /* no official code exists (LESC) */
  gboolean has_mapping;      /* can predict unseen samples (ten-fold CV) */
  gboolean uses_seed;
  gboolean uses_variant;
  gboolean published_flavour; /* flavour `published` differs from `paper` (KM, LP) */
  const char *published_note; /* one line: how this definition stands against the rows
                                 published for the method (docs/reproducing.md), or NULL */
  const LescParamSpec *params;
  guint n_params;
  /* Recovered distributions (n×c). When `want_model` and the method has a mapping,
   * result->model receives the LE model. */
  LescMatrix *(*recover) (const LescProblem *problem, const LescRunParams *params,
                          gboolean want_model, LescProgress *progress,
                          LescRunResult *result, GError **error);
  /* Optional: bytes the method holds at its peak (checked against the limit before any
   * allocation); NULL when negligible. */
  double (*memory_estimate) (gsize n, gsize q, gsize c, const LescRunParams *params);
  /* GLLE, LESC and gLESC (NULL for the others): the LE smoothness matrix M — GLLE's kNN
   * graph, LESC's LRR, gLESC's tensor step — which depends on every parameter but
   * "lambda1": recover() is this followed by lesc_method_le_stage(), and a cache
   * (runcache.h) reuses M across λ₁. Adds its stage to `result`. */
  LescSmoothness *(*smoothness) (const LescProblem *problem, const LescRunParams *params,
                                 LescProgress *progress, LescRunResult *result, GError **error);
  /* The stage a run records when it takes M from a cache: "graph (cached)". */
  const char *cached_stage;
  /* > 0: the method has a large-data form (docs/methods.md §11), which `auto` takes when
   * n exceeds this (the reference would take more than a few minutes) or the reference
   * does not fit the memory limit. memory_estimate and recover read params->scale
   * (`auto` there means the reference). */
  gsize reference_max_n;
  /* The large-data form has a graph (its k is said in the note) / landmarks (m). */
  guint large_neighbours;
  gboolean large_landmarks;
  /* The large-data form searches neighbours (GLLE, LP, ML): params->knn applies. */
  gboolean large_knn;
};

/* All methods in the paper's order: FCM, KM, LP, ML, GLLE, LESC, gLESC. */
const LescMethod *const *lesc_methods (guint *n);
/* Case-insensitive lookup by name; NULL when unknown. */
const LescMethod *lesc_method_find (const char *name);
/* TRUE for the methods with a λ₁ × λ₂ grid (LESC, gLESC): a smoothness step that depends
 * on "lambda2", then the LE step with "lambda1". */
gboolean lesc_method_has_lambda_grid (const LescMethod *m);
/* Index of a parameter by name, or −1. */
int lesc_method_param_index (const LescMethod *m, const char *name);

void lesc_run_params_init (LescRunParams *p, const LescMethod *m);
/* Parameters by name (the only way to reach one particular parameter; values[] is in
 * the order of m->params). The value of `name`, or `fallback` when the method has none. */
double lesc_run_params_get (const LescRunParams *p, const LescMethod *m, const char *name,
                            double fallback);
/* Sets `name` to `value`; FALSE (nothing set) when the method has no such parameter. */
gboolean lesc_run_params_set (LescRunParams *p, const LescMethod *m, const char *name,
                              double value);
/* Check values against the specs; the message names the parameter and the range. */
gboolean lesc_run_params_check (const LescRunParams *p, const LescMethod *m, GError **error);
/* TRUE when `a` and `b` give the same run of `m`: the same parameter values, and the seed
 * and the variant where the method uses them, and the same variant options. */
gboolean lesc_run_params_equal (const LescMethod *m, const LescRunParams *a, const LescRunParams *b);
/* Check one value against a parameter spec (range, whole number); the message names the
 * parameter and says what is expected. */
gboolean lesc_param_spec_check (const LescParamSpec *s, double v, GError **error);
/* The one parser of a typed parameter value: the number rule of core/base/number.h, then
 * lesc_param_spec_check. */
gboolean lesc_param_spec_parse (const LescParamSpec *s, const char *text, double *out,
                                GError **error);
void lesc_run_result_clear (LescRunResult *r);
/* A warning for the user when the run's answer is doubtful, else NULL (free with g_free):
 * the reference optimizer's line search failed within its first iterations (it can, as the
 * official code does, on badly scaled problems such as LESC on Movie), so the result is
 * close to the random start W0; or FCM's memberships collapsed to uniform (every one within
 * LESC_FCM_COLLAPSED of 1/t, as with β = 2 on the Yeast sets) or its output is the same
 * for every sample (SBU-3DFE: exactly 1/c), and the warning says which. */
char *lesc_run_result_warning (const LescRunResult *r);
/* How the run was computed: "reference", or "large m=… k=…" (the m and k that apply),
 * with " knn=hnsw" when its neighbours are approximate. */
char *lesc_run_result_formulation (const LescRunResult *r);
/* Records a large-data run's graph: k (0: not said) and its neighbour search (`search`
 * resolved) with the recall it measured. Ignored when `r` is NULL. */
void lesc_run_result_set_graph (LescRunResult *r, guint k, LescKnnSearch search, double recall,
                                double dimension);
/* What a large-data run's neighbour search was, for a note after the run ("the graph by
 * approximate kNN (HNSW, recall 0.974; intrinsic dimension 7.0)"), or NULL when `auto`
 * did not decide it from the data. */
char *lesc_run_result_knn_note (const LescRunResult *r);
/* FCM's memberships collapsed to uniform (every one within LESC_FCM_COLLAPSED of 1/t), or
 * its output is one row repeated for every sample. */
gboolean lesc_run_result_fcm_collapsed (const LescRunResult *r);
/* Append a timed stage (static name) to the result; ignored past LESC_MAX_STAGES and
 * when `r` is NULL. */
void lesc_run_result_add_stage (LescRunResult *r, const char *name, double seconds);
/* Append the stage that ends now: its seconds are those since *since (monotonic µs,
 * g_get_monotonic_time), which is then reset to now for the next stage. */
void lesc_run_result_lap (LescRunResult *r, const char *name, gint64 *since);

/* The LE step shared by GLLE, LESC and gLESC: fit with the smoothness matrix `m` and λ
 * (`parts` from a cache, or NULL), record the "le" stage and the report (and the model
 * when wanted); returns the recovered distributions (row softmax of Φ̂W). */
LescMatrix *lesc_method_le_stage (const LescProblem *problem, const LescRunParams *params,
                                  const LescSmoothness *m, double lambda,
                                  const LescLeParts *parts, gboolean want_model,
                                  LescProgress *progress, LescRunResult *result, GError **error);
/* The m of a large-data run: params->landmarks or LESC_LARGE_LANDMARKS, at most n. */
gsize lesc_run_params_landmarks (const LescRunParams *p, gsize n);
/* The k of LP's large-data graph: params->neighbours or LESC_LARGE_NEIGHBOURS. */
gsize lesc_run_params_neighbours (const LescRunParams *p);
/* Seconds since `start_us` (g_get_monotonic_time). */
double lesc_seconds_since (gint64 start_us);

G_END_DECLS
