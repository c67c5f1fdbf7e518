/* The Cross-validation view: mean ± std of the six measures over the folds with ranks
 * (the paper's Table 4) and the paired t-tests between the methods (Table 5). */
#pragma once
#include <adwaita.h>
#include "app/job.h"
#include "core/eval/measures.h"

G_BEGIN_DECLS

#define LESC_TYPE_CV_VIEW (lesc_cv_view_get_type ())
G_DECLARE_FINAL_TYPE (LescCvView, lesc_cv_view, LESC, CV_VIEW, GtkWidget)

/* Show the output of a finished cross-validation job (a LescCvResult); NULL clears. */
void lesc_cv_view_set_job (LescCvView *self, LescJob *job);
/* Which methods a run would use ("GLLE, LESC, gLESC"). */
void lesc_cv_view_set_methods_text (LescCvView *self, const char *text);
guint lesc_cv_view_get_folds (LescCvView *self);
void  lesc_cv_view_set_folds (LescCvView *self, guint folds);
/* Ask for a cross-validation (as the button does). */
void  lesc_cv_view_run (LescCvView *self);
guint32 lesc_cv_view_get_seed (LescCvView *self);
/* The shown tables, for the tests. */
GtkWidget *lesc_cv_view_get_summary_table (LescCvView *self);
GtkWidget *lesc_cv_view_get_ttest_table (LescCvView *self);

/* Signal "run-requested": the person asked for a cross-validation. */

G_END_DECLS
