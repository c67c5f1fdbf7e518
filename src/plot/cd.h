/* Critical-difference diagram (docs/figures.md §3): mean ranks on an axis, methods on elbows
 * to labels laid out from measured text, Nemenyi CD bar, Bonferroni–Dunn interval or
 * clique bars packed into levels, and a caption. The statistics come in ready-made. */
#pragma once
#include "plot/text.h"
#include "core/eval/stats.h"

G_BEGIN_DECLS

typedef enum {
  LESC_CD_TEST_WILCOXON_HOLM,  /* default: clique bars only */
  LESC_CD_TEST_NEMENYI,        /* CD scale bar + clique bars */
  LESC_CD_TEST_BONFERRONI_DUNN,/* one interval R_control ± CD */
  LESC_CD_TEST_NONE,           /* mean ranks only */
} LescCdTest;

typedef struct {
  guint n_members;
  guint *members;    /* method indices */
} LescCdClique;

typedef struct {
  guint k;
  char **names;              /* k */
  double *ranks;             /* k mean ranks (1 = best) */
  guint n_cliques;
  LescCdClique *cliques;     /* groups with no significant difference */
  gboolean has_cd;
  double cd;                 /* Nemenyi / Bonferroni–Dunn critical difference */
  guint control;             /* Bonferroni–Dunn control method */
  LescCdTest test;
  double alpha;
  guint n_datasets;
  char *measure;             /* "Cheb" */
  gboolean lower_is_better;
  gboolean has_omnibus;
  char *omnibus_name;        /* "Iman–Davenport F_F" */
  double omnibus_statistic, omnibus_p;
  gboolean omnibus_not_significant;
  gboolean exploratory;      /* draw the post-hoc bars (grey) although the omnibus failed */
  gboolean best_right;       /* rank 1 on the right (the paper's orientation) */
  gboolean hide_ranks;       /* labels without "(2.14)" */
} LescCdModel;

/* A model with copies of names and ranks; test Wilcoxon–Holm, α = 0.05, no cliques. */
LescCdModel *lesc_cd_model_new (guint k, const char *const *names, const double *ranks,
                                guint n_datasets, const char *measure, gboolean lower_is_better);
/* The model of a comparison: mean ranks, the post-hoc's groups, CD, omnibus statistic. When
 * the omnibus test is not significant the painter draws one dashed group instead (and the
 * groups grey only when `exploratory` is set). */
LescCdModel *lesc_cd_model_new_from_stats (const LescStatsResult *r, const char *measure,
                                           gboolean lower_is_better);
/* Append a clique (copied). */
void lesc_cd_model_add_clique (LescCdModel *m, const guint *members, guint n_members);
void lesc_cd_model_set_omnibus (LescCdModel *m, const char *name, double statistic, double p);
void lesc_cd_model_free (LescCdModel *m);

/* Greedy interval packing: bars sorted by left end (then right end), each put on the
 * lowest level whose last bar ends at least `gap` before it starts. Fills `level` (n) and
 * returns the number of levels. */
guint lesc_cd_pack_bars (const double *x0, const double *x1, guint n, double gap, guint *level);

typedef struct {
  double x0, x1, y;     /* drawn extent (with the 3 pt extensions) */
  guint level;
  gboolean dashed;      /* the single omnibus-not-significant group */
  gboolean grey;        /* exploratory */
  guint n_members;
  double *member_x;     /* dots */
} LescCdBar;

typedef struct {
  guint k;
  double font;           /* label font size, points (≥ 7) */
  double rank_lo, rank_hi;
  double axis_x0, axis_x1, axis_y;  /* axis_x0 is where rank_lo sits unless best_right */
  double *marker_x;      /* k */
  LescRect *label_boxes; /* k */
  char **labels;         /* k: drawn text, maybe ellipsized */
  gboolean *left_side;   /* k */
  double *row_y;         /* k: y of the horizontal connector */
  guint n_bars;
  LescCdBar *bars;
  guint n_levels;
  gboolean has_cd_bar;
  double cd_x0, cd_x1, cd_y;
  char *caption;
  LescRect caption_box;
} LescCdLayout;

LescCdLayout *lesc_cd_layout_new (cairo_t *cr, double width, double height, const LescCdModel *m);
void lesc_cd_layout_free (LescCdLayout *l);

/* The caption text (test, α, N, omnibus, orientation). */
char *lesc_cd_caption (const LescCdModel *m);

void lesc_plot_cd_paint (cairo_t *cr, double width, double height, const LescCdModel *model);

/* The figure's table: settings as '#' lines, then method,mean_rank,groups. */
char *lesc_cd_model_to_csv (const LescCdModel *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCdModel, lesc_cd_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCdLayout, lesc_cd_layout_free)

G_END_DECLS
