#include "config.h"
#include "app/cv-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/measure-names.h"
#include "app/table-view.h"
#include "app/wheel-guard.h"
#include "core/experiments/experiment.h"
#include "core/eval/stats.h"

#define ALPHA 0.05

struct _LescCvView
{
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkSpinButton *folds_spin;
  GtkSpinButton *seed_spin;
  GtkLabel *methods_label;
  GtkStack *stack;
  GtkLabel *summary_caption;
  LescTableView *summary_table;
  GtkLabel *ttest_caption;
  LescTableView *ttest_table;
  GtkLabel *footnote;

  LescJob *job;
  LescTable *summary;
  LescTable *ttests;
};

enum { SIGNAL_RUN_REQUESTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void lesc_cv_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescCvView, lesc_cv_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE, lesc_cv_view_exportable_init))

static void
add_measure_columns (LescTable *t)
{
  lesc_table_add_column (t, _("Method"));
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      lesc_table_add_column (t, title);
    }
}

/* Table 4: mean ± std over the folds, ranked by the means. */
static LescTable *
build_summary (const LescCvResult *r)
{
  guint k = r->n_methods;
  g_autofree double *mean = g_new (double, (gsize) k * LESC_N_MEASURES);
  g_autofree double *std = g_new (double, (gsize) k * LESC_N_MEASURES);
  g_autofree double *rank = g_new (double, (gsize) k * LESC_N_MEASURES);
  g_autofree double *column = g_new (double, k);
  g_autofree double *column_ranks = g_new (double, k);
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      gboolean complete = TRUE;
      for (guint j = 0; j < k; j++)
        {
          lesc_cv_summary (r, 0, j, m, &mean[m * k + j], &std[m * k + j]);
          column[j] = mean[m * k + j];
          complete &= isfinite (column[j]);
        }
      if (complete)
        lesc_stats_rank (column, k, lesc_measure_lower_is_better (m), LESC_RANK_TIES_MID, column_ranks);
      for (guint j = 0; j < k; j++)
        rank[m * k + j] = complete ? column_ranks[j] : NAN;
    }
  /* TRANSLATORS: caption: number of folds and the data set */
  g_autofree char *caption = g_strdup_printf (_("%u-fold cross-validation on %s: mean ± std over the folds (rank)"),
                                              r->folds, r->datasets[0]);
  LescTable *t = lesc_table_new (caption);
  add_measure_columns (t);
  lesc_table_add_column (t, _("Avg. rank"));
  for (guint j = 0; j < k; j++)
    {
      lesc_table_add_row (t);
      lesc_table_add_cell (t, FALSE, "%s%s", r->methods[j]->display_name, r->methods[j]->reconstructed ? "*" : "");
      double sum = 0;
      for (guint m = 0; m < LESC_N_MEASURES; m++)
        {
          double rk = rank[m * k + j];
          sum += rk;
          if (isnan (mean[m * k + j]))
            lesc_table_add_cell (t, FALSE, "–");
          else
            lesc_table_add_cell (t, rk == 1.0, "%.4f ± %.4f (%g)", mean[m * k + j], std[m * k + j], rk);
        }
      if (isnan (sum))
        lesc_table_add_cell (t, FALSE, "–");
      else
        lesc_table_add_cell (t, FALSE, "%.2f", sum / LESC_N_MEASURES);
    }
  return t;
}

/* Table 5: paired two-sided t-tests of each pair over the folds, per measure. */
static LescTable *
build_ttests (const LescCvResult *r)
{
  guint k = r->n_methods, folds = r->folds;
  /* TRANSLATORS: caption: degrees of freedom, significance level */
  g_autofree char *caption = g_strdup_printf (_("Paired two-sided t-tests over the folds (df = %u): t (p); "
                                                "t > 0 when the second method is better, p < %.2f in bold"),
                                              folds - 1, ALPHA);
  LescTable *t = lesc_table_new (caption);
  lesc_table_add_column (t, _("Pair"));
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      lesc_table_add_column (t, title);
    }
  g_autofree double *a = g_new (double, folds);
  g_autofree double *b = g_new (double, folds);
  for (guint i = 0; i < k; i++)
    for (guint j = i + 1; j < k; j++)
      {
        lesc_table_add_row (t);
        /* TRANSLATORS: "GLLE vs LESC" */
        lesc_table_add_cell (t, FALSE, _("%s vs %s"), r->methods[i]->display_name, r->methods[j]->display_name);
        for (guint m = 0; m < LESC_N_MEASURES; m++)
          {
            lesc_cv_fold_values (r, 0, i, m, a);
            lesc_cv_fold_values (r, 0, j, m, b);
            LescTTest tt;
            if (lesc_stats_paired_ttest (a, b, folds, lesc_measure_lower_is_better (m), &tt, NULL))
              lesc_table_add_cell (t, tt.p < ALPHA, "%.3f (%.3g)", tt.t, tt.p);
            else
              lesc_table_add_cell (t, FALSE, "–");
          }
      }
  return t;
}

void
lesc_cv_view_set_job (LescCvView *self, LescJob *job)
{
  g_return_if_fail (LESC_IS_CV_VIEW (self));
  g_set_object (&self->job, job);
  g_clear_pointer (&self->summary, lesc_table_free);
  g_clear_pointer (&self->ttests, lesc_table_free);
  const LescCvResult *r = job != NULL ? lesc_job_get_output (job) : NULL;
  if (r == NULL || r->n_datasets == 0 || r->n_methods == 0)
    {
      lesc_table_view_set_table (self->summary_table, NULL);
      lesc_table_view_set_table (self->ttest_table, NULL);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  self->summary = build_summary (r);
  self->ttests = build_ttests (r);
  gtk_label_set_text (self->summary_caption, self->summary->caption);
  gtk_label_set_text (self->ttest_caption, self->ttests->caption);
  lesc_table_view_set_table (self->summary_table, self->summary);
  lesc_table_view_set_table (self->ttest_table, self->ttests);
  g_autofree char *foot = g_strdup_printf (_("Fold seed %u. ↓ lower is better, ↑ higher is better; best mean in bold. "
                                             "* reconstructed: no official code exists."),
                                           r->fold_seed);
  gtk_label_set_text (self->footnote, foot);
  gtk_stack_set_visible_child_name (self->stack, "results");
}

void
lesc_cv_view_set_methods_text (LescCvView *self, const char *text)
{
  gtk_label_set_text (self->methods_label, text);
}

guint
lesc_cv_view_get_folds (LescCvView *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->folds_spin);
}

guint32
lesc_cv_view_get_seed (LescCvView *self)
{
  return (guint32) gtk_spin_button_get_value (self->seed_spin);
}

GtkWidget *
lesc_cv_view_get_summary_table (LescCvView *self)
{
  return GTK_WIDGET (self->summary_table);
}

GtkWidget *
lesc_cv_view_get_ttest_table (LescCvView *self)
{
  return GTK_WIDGET (self->ttest_table);
}

void
lesc_cv_view_set_folds (LescCvView *self, guint folds)
{
  gtk_spin_button_set_value (self->folds_spin, folds);
}

void
lesc_cv_view_run (LescCvView *self)
{
  g_signal_emit (self, signals[SIGNAL_RUN_REQUESTED], 0);
}

static void
run_clicked_cb (LescCvView *self)
{
  lesc_cv_view_run (self);
}

/* The export: Table 4's rows, then Table 5's rows under the same measure columns. */
static LescTable *
cv_get_table (LescExportable *exportable)
{
  LescCvView *self = LESC_CV_VIEW (exportable);
  if (self->summary == NULL)
    return NULL;
  const LescCvResult *r = lesc_job_get_output (self->job);
  LescTable *t = lesc_table_new (self->summary->caption);
  lesc_table_add_note (t, "lesc-explorer %s", LESC_VERSION);
  lesc_table_add_note (t, "data %s sha256 %s", r->datasets[0], r->checksums[0] != NULL ? r->checksums[0] : "?");
  lesc_table_add_note (t, "folds %u fold-seed %u", r->folds, r->fold_seed);
  for (guint j = 0; j < r->n_methods; j++)
    {
      const LescRunRecord *cell = &r->cells[(gsize) j * r->folds];
      lesc_table_add_note (t, "%s: %s%s%s", r->methods[j]->display_name, cell->params != NULL ? cell->params : "",
                           cell->variant != NULL && cell->variant[0] != '\0' ? " " : "",
                           cell->variant != NULL ? cell->variant : "");
    }
  lesc_table_add_note (t, "%s", self->ttests->caption);
  for (guint j = 0; j < self->summary->header->len; j++)
    lesc_table_add_column (t, g_ptr_array_index (self->summary->header, j));
  const LescTable *parts[] = { self->summary, self->ttests };
  for (guint p = 0; p < 2; p++)
    for (guint i = 0; i < parts[p]->rows->len; i++)
      {
        GPtrArray *row = g_ptr_array_index (parts[p]->rows, i);
        guint64 bold = g_array_index (parts[p]->bold, guint64, i);
        lesc_table_add_row (t);
        for (guint j = 0; j < t->header->len; j++)
          lesc_table_add_cell (t, j < row->len && (bold >> j & 1), "%s",
                               j < row->len ? (const char *) g_ptr_array_index (row, j) : "");
      }
  return t;
}

static char *
cv_get_basename (LescExportable *exportable)
{
  LescCvView *self = LESC_CV_VIEW (exportable);
  const LescCvResult *r = self->job != NULL ? lesc_job_get_output (self->job) : NULL;
  return r != NULL ? g_strdup_printf ("cv-%s", r->datasets[0]) : g_strdup ("cv");
}

static void
lesc_cv_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_table = cv_get_table;
  iface->get_basename = cv_get_basename;
}

static void
lesc_cv_view_dispose (GObject *object)
{
  LescCvView *self = LESC_CV_VIEW (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_CV_VIEW);
  g_clear_object (&self->job);
  g_clear_pointer (&self->summary, lesc_table_free);
  g_clear_pointer (&self->ttests, lesc_table_free);
  G_OBJECT_CLASS (lesc_cv_view_parent_class)->dispose (object);
}

static void
lesc_cv_view_class_init (LescCvViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_cv_view_dispose;
  g_type_ensure (LESC_TYPE_TABLE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/lescexplorer/Explorer/ui/cv-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescCvView, scroller);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, folds_spin);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, methods_label);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, summary_caption);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, summary_table);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, ttest_caption);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, ttest_table);
  gtk_widget_class_bind_template_child (widget_class, LescCvView, footnote);
  gtk_widget_class_bind_template_callback (widget_class, run_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_RUN_REQUESTED] = g_signal_new ("run-requested", G_TYPE_FROM_CLASS (klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lesc_cv_view_init (LescCvView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lesc_wheel_guard (GTK_WIDGET (self->folds_spin));
  lesc_wheel_guard (GTK_WIDGET (self->seed_spin));
}
