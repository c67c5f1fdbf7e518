#include "config.h"
#include "app/comparison-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/figure.h"
#include "app/measure-names.h"
#include "app/settings.h"
#include "session/provenance.h"
#include "app/table-view.h"
#include "core/experiments/experiment.h"
#include "core/eval/stats.h"
#include "plot/cd.h"
#include "plot/comparison.h"

static const double alphas[] = { 0.01, 0.05, 0.10 };

static const LescPainter cd_painter = {
  (LescFigurePaint) lesc_plot_cd_paint, (LescFigureData) lesc_cd_model_to_csv,
  (GDestroyNotify) lesc_cd_model_free, 600, 300,
};

struct _LescComparisonView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkMenuButton *datasets_button;
  GtkLabel *folder_label;
  GtkListBox *datasets_list;
  GtkDropDown *params_dropdown;
  GtkLabel *setup_label;
  GtkDropDown *measure_dropdown;
  GtkDropDown *test_dropdown;
  GtkDropDown *alpha_dropdown;
  GtkStack *stack;
  AdwStatusPage *status;
  LescFigure *area;  /* owns the model */
  GtkLabel *stats_label;
  GtkLabel *pvalues_caption;
  LescTableView *pvalues_table;

  GSettings *settings;
  LescJob *job;                 /* output: LescRecoveryTable */
  LescStatsResult *stats;
  LescCdModel *model;
  LescTable *pvalues;
  gboolean stale;               /* the table is of other methods than the ticks */
  GPtrArray *specs;             /* char*: the data sets offered, parallel to `checks` */
  GPtrArray *checks;            /* GtkCheckButton* */
};

enum { SIGNAL_REFRESH_REQUESTED, SIGNAL_COMPUTE_REQUESTED, SIGNAL_SETUP_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void lesc_comparison_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescComparisonView, lesc_comparison_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_comparison_view_exportable_init))

static LescMeasure
current_measure (LescComparisonView *self)
{
  guint i = gtk_drop_down_get_selected (self->measure_dropdown);
  return i < LESC_N_MEASURES ? (LescMeasure) i : LESC_MEASURE_CHEB;
}

static LescPosthoc
current_posthoc (LescComparisonView *self)
{
  switch (gtk_drop_down_get_selected (self->test_dropdown))
    {
    case 1: return LESC_POSTHOC_NEMENYI;
    case 2: return LESC_POSTHOC_BONFERRONI_DUNN;
    default: return LESC_POSTHOC_WILCOXON_HOLM;
    }
}

static double
current_alpha (LescComparisonView *self)
{
  guint i = gtk_drop_down_get_selected (self->alpha_dropdown);
  return alphas[MIN (i, G_N_ELEMENTS (alphas) - 1)];
}

static void
clear (LescComparisonView *self)
{
  g_clear_pointer (&self->stats, lesc_stats_result_free);
  self->model = NULL;   /* owned by the figure */
  g_clear_pointer (&self->pvalues, lesc_table_free);
}

static void
show_empty (LescComparisonView *self, const char *message)
{
  if (message != NULL)
    adw_status_page_set_description (self->status, message);
  lesc_table_view_set_table (self->pvalues_table, NULL);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static const char *
posthoc_name (LescPosthoc p)
{
  switch (p)
    {
    case LESC_POSTHOC_NEMENYI: return _("Nemenyi");
    case LESC_POSTHOC_BONFERRONI_DUNN: return _("Bonferroni–Dunn");
    default: return _("Wilcoxon–Holm");
    }
}

static void
fill_stats_label (LescComparisonView *self, const LescRecoveryTable *t)
{
  const LescStatsResult *r = self->stats;
  GString *s = g_string_new (NULL);
  g_autofree char *head = g_markup_printf_escaped (_("<b>%zu data sets, %zu methods</b>"), r->n, r->k);
  g_string_append (s, head);
  GString *sets = g_string_new (NULL);
  for (guint d = 0; d < t->n_datasets; d++)
    g_string_append_printf (sets, "%s%s", d > 0 ? ", " : "", t->datasets[d]);
  g_autofree char *used = g_markup_printf_escaped (_("\nData sets: %s\nParameters: %s"), sets->str,
                                                   t->tuning.enabled ? _("λ tuned per data set (the paper's grid)")
                                                                     : _("each method's defaults"));
  g_string_append (s, used);
  g_string_free (sets, TRUE);
  if (r->dropped != NULL && r->dropped->len > 0)
    {
      g_string_append (s, "\n");
      GString *names = g_string_new (NULL);
      for (guint i = 0; i < r->dropped->len; i++)
        {
          guint d = g_array_index (r->dropped, guint, i);
          g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", d < t->n_datasets ? t->datasets[d] : "?");
        }
      g_autofree char *dropped = g_markup_printf_escaped (_("Left out (a method has no result): %s"), names->str);
      g_string_append (s, dropped);
      g_string_free (names, TRUE);
    }
  const LescFriedman *f = &r->friedman;
  g_autofree char *ff = isinf (f->ff) ? g_strdup ("∞") : g_strdup_printf ("%.3f", f->ff);
  g_autofree char *p1 = lesc_format_p (f->chi2_p), *p2 = lesc_format_p (f->chi2_tc_p), *p3 = lesc_format_p (f->ff_p);
  g_autofree char *friedman = g_markup_printf_escaped (
      "\n\n%s χ²<sub>F</sub> = %.3f, %s\n%s χ²<sub>F</sub> = %.3f, %s\n%s F<sub>F</sub> = %s, %s",
      _("Friedman"), f->chi2, p1, _("Friedman, tie-corrected"), f->chi2_tc, p2,
      _("Iman–Davenport"), ff, p3);
  g_string_append (s, friedman);
  g_autofree char *gate = g_markup_printf_escaped (
      r->omnibus_not_significant ? _("\n\nOmnibus test (Iman–Davenport) not significant at α = %.2f: no differences claimed.")
                                 : _("\n\nOmnibus test (Iman–Davenport) significant at α = %.2f."),
      r->options.alpha);
  g_string_append (s, gate);
  g_autofree char *cd = g_markup_printf_escaped (_("\nNemenyi CD = %.3f; Bonferroni–Dunn CD = %.3f"),
                                                 r->nemenyi_cd, r->bd_cd);
  g_string_append (s, cd);
  g_autofree char *posthoc = g_markup_printf_escaped (_("\nPost-hoc test: %s, α = %.2f"),
                                                      posthoc_name (r->options.posthoc), r->options.alpha);
  g_string_append (s, posthoc);
  gtk_label_set_markup (self->stats_label, s->str);
  g_string_free (s, TRUE);
}

/* The pairwise p-values of the chosen test (Holm-adjusted Wilcoxon, or Nemenyi), the
 * significant pairs in bold. */
static LescTable *
build_pvalues (LescComparisonView *self, LescPosthoc posthoc)
{
  const LescStatsResult *r = self->stats;
  const LescMatrix *p = posthoc == LESC_POSTHOC_NEMENYI ? r->nemenyi_p : r->holm_p;
  LescTable *t = lesc_table_new (posthoc == LESC_POSTHOC_NEMENYI ? _("Nemenyi p-values")
                                                                 : _("Holm-adjusted Wilcoxon p-values"));
  lesc_table_add_column (t, _("Method"));
  lesc_table_add_column (t, _("Mean rank"));
  for (gsize j = 0; j < r->k; j++)
    lesc_table_add_column (t, r->names[j]);
  for (gsize i = 0; i < r->k; i++)
    {
      lesc_table_add_row (t);
      lesc_table_add_cell (t, FALSE, "%s", r->names[i]);
      lesc_table_add_cell (t, FALSE, "%.2f", r->mean_ranks[i]);
      for (gsize j = 0; j < r->k; j++)
        {
          if (i == j)
            lesc_table_add_cell (t, FALSE, "–");
          else
            lesc_table_add_cell (t, posthoc != LESC_POSTHOC_BONFERRONI_DUNN && r->significant[i * r->k + j]
                                    && !r->omnibus_not_significant,
                                 "%.3g", LESC_AT (p, i, j));
        }
    }
  return t;
}

/* Faded and captioned while stale; the figure says it in its picture. */
static void
show_stale (LescComparisonView *self)
{
  lesc_figure_set_stale (self->area, self->stale);
  gtk_widget_set_opacity (GTK_WIDGET (self->stats_label), self->stale ? 0.4 : 1.0);
  gtk_widget_set_opacity (GTK_WIDGET (self->pvalues_table), self->stale ? 0.4 : 1.0);
  const char *caption = self->pvalues != NULL ? self->pvalues->caption : "";
  g_autofree char *text = self->stale ? g_strdup_printf ("%s · %s", caption, lesc_shown_stale_words (TRUE))
                                      : g_strdup (caption);
  gtk_label_set_text (self->pvalues_caption, text);
}

void
lesc_comparison_view_set_stale (LescComparisonView *self, gboolean stale)
{
  g_return_if_fail (LESC_IS_COMPARISON_VIEW (self));
  self->stale = stale && self->model != NULL;
  show_stale (self);
}

gboolean
lesc_comparison_view_get_stale (LescComparisonView *self)
{
  return self->stale;
}

const LescMethod *const *
lesc_comparison_view_get_methods (LescComparisonView *self, guint *n)
{
  const LescRecoveryTable *t = self->job != NULL ? lesc_job_get_output (self->job) : NULL;
  *n = t != NULL ? t->n_methods : 0;
  return t != NULL ? (const LescMethod *const *) t->methods : NULL;
}

static void
rebuild (LescComparisonView *self)
{
  clear (self);
  const LescRecoveryTable *t = self->job != NULL ? lesc_job_get_output (self->job) : NULL;
  if (t == NULL)
    {
      show_empty (self, NULL);
      return;
    }
  LescMeasure measure = current_measure (self);
  LescPosthoc posthoc = current_posthoc (self);
  g_autoptr (GError) error = NULL;
  self->stats = lesc_comparison_stats (t, measure, posthoc, current_alpha (self), &error);
  if (self->stats == NULL)
    {
      /* what the store holds of the data sets chosen now, not of the table's */
      g_auto (GStrv) chosen = lesc_comparison_view_dup_chosen (self);
      LescComparisonCoverage c;
      lesc_comparison_coverage (t, (const char *const *) chosen, &c);
      g_autofree char *have = lesc_comparison_coverage_text (&c);
      g_autofree char *message = g_strdup_printf ("%s %s", have,
                                                  _("Compute the missing runs, or run “lesc table” in a terminal."));
      show_empty (self, message);
      return;
    }
  const LescStatsResult *r = self->stats;
  self->model = lesc_cd_model_new_from_stats (r, lesc_measure_short_name (measure),
                                              lesc_measure_lower_is_better (measure));
  g_autofree char *direction = g_settings_get_string (self->settings, "cd-direction");
  self->model->best_right = g_str_equal (direction, "best-right");

  fill_stats_label (self, t);
  self->pvalues = build_pvalues (self, posthoc);
  gtk_label_set_text (self->pvalues_caption, self->pvalues->caption);
  lesc_table_view_set_table (self->pvalues_table, self->pvalues);
  /* As tall as the diagram needs: labels stacked on both sides, the bars, the caption. */
  gtk_widget_set_size_request (GTK_WIDGET (self->area), -1, 150 + 26 * (int) ((r->k + 1) / 2) + 10 * (int) r->k);
  g_autofree char *caption = lesc_cd_caption (self->model);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, caption, -1);
  gtk_stack_set_visible_child_name (self->stack, "figure");
  lesc_figure_set_model (self->area, &cd_painter, self->model);
  show_stale (self);
}

/* ---- the data sets and parameters to compare ------------------------------------------- */

static void
update_datasets_button (LescComparisonView *self)
{
  guint chosen = 0;
  for (guint i = 0; i < self->checks->len; i++)
    chosen += gtk_check_button_get_active (g_ptr_array_index (self->checks, i));
  /* TRANSLATORS: the Comparison's data-set button: "Data Sets: 2 of 5" */
  g_autofree char *label = g_strdup_printf (_("Data Sets: %u of %u"), chosen, self->checks->len);
  gtk_menu_button_set_label (self->datasets_button, label);
}

static void
check_toggled_cb (LescComparisonView *self)
{
  update_datasets_button (self);
  if (self->stats == NULL && self->job != NULL)
    rebuild (self);   /* the empty state counts the data sets chosen now */
  g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
}

static void
add_dataset_row (LescComparisonView *self, const char *spec, const char *label, gboolean active)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
  gtk_widget_set_tooltip_text (check, spec);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (check_toggled_cb), self);
  gtk_list_box_append (self->datasets_list, check);
  g_ptr_array_add (self->specs, g_strdup (spec));
  g_ptr_array_add (self->checks, check);
}

void
lesc_comparison_view_set_folder (LescComparisonView *self, const char *folder, GPtrArray *files)
{
  g_return_if_fail (LESC_IS_COMPARISON_VIEW (self));
  GtkWidget *row;
  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->datasets_list))) != NULL)
    gtk_list_box_remove (self->datasets_list, row);
  g_ptr_array_set_size (self->specs, 0);
  g_ptr_array_set_size (self->checks, 0);
  add_dataset_row (self, "artificial", _("Artificial (built in)"), FALSE);
  for (guint i = 0; files != NULL && i < files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (files, i));
      add_dataset_row (self, g_ptr_array_index (files, i), base, TRUE);
    }
  g_autofree char *text = folder != NULL ? g_strdup_printf (_("The data sets of %s (the data folder):"), folder)
                                         : g_strdup (_("No data folder: choose one in the preferences."));
  gtk_label_set_text (self->folder_label, text);
  update_datasets_button (self);
  g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
}

GStrv
lesc_comparison_view_dup_chosen (LescComparisonView *self)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  for (guint i = 0; i < self->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->checks, i)))
      g_strv_builder_add (b, g_ptr_array_index (self->specs, i));
  return g_strv_builder_end (b);
}

gboolean
lesc_comparison_view_set_chosen (LescComparisonView *self, const char *spec, gboolean chosen)
{
  for (guint i = 0; i < self->specs->len; i++)
    if (g_str_equal (g_ptr_array_index (self->specs, i), spec))
      {
        gtk_check_button_set_active (g_ptr_array_index (self->checks, i), chosen);
        return TRUE;
      }
  return FALSE;
}

gboolean
lesc_comparison_view_get_tuned (LescComparisonView *self)
{
  return gtk_drop_down_get_selected (self->params_dropdown) == 1;
}

void
lesc_comparison_view_set_tuned (LescComparisonView *self, gboolean tuned)
{
  gtk_drop_down_set_selected (self->params_dropdown, tuned ? 1 : 0);
}

void
lesc_comparison_view_set_setup_text (LescComparisonView *self, const char *text)
{
  gtk_label_set_text (self->setup_label, text);
}

const char *
lesc_comparison_view_get_setup_text (LescComparisonView *self)
{
  return gtk_label_get_text (self->setup_label);
}

static void
params_changed_cb (LescComparisonView *self)
{
  g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
}

/* ---- the diagram --------------------------------------------------------------------- */

void
lesc_comparison_view_set_job (LescComparisonView *self, LescJob *job)
{
  g_set_object (&self->job, job);
  self->stale = FALSE;   /* the window says again when the new table is of other methods */
  rebuild (self);
}

gboolean
lesc_comparison_view_has_table (LescComparisonView *self)
{
  return self->job != NULL;
}

guint
lesc_comparison_view_get_n_datasets (LescComparisonView *self)
{
  return self->stats != NULL ? (guint) self->stats->n : 0;
}

static void
option_changed_cb (LescComparisonView *self)
{
  rebuild (self);
}

void
lesc_comparison_view_refresh (LescComparisonView *self)
{
  g_signal_emit (self, signals[SIGNAL_REFRESH_REQUESTED], 0);
}

void
lesc_comparison_view_compute (LescComparisonView *self)
{
  g_signal_emit (self, signals[SIGNAL_COMPUTE_REQUESTED], 0);
}

static void
refresh_clicked_cb (LescComparisonView *self)
{
  lesc_comparison_view_refresh (self);
}

static void
compute_clicked_cb (LescComparisonView *self)
{
  lesc_comparison_view_compute (self);
}

/* ---- export ------------------------------------------------------------------------ */

static LescFigure *
comparison_get_figure (LescExportable *exportable)
{
  LescComparisonView *self = LESC_COMPARISON_VIEW (exportable);
  return self->model != NULL ? self->area : NULL;
}

static LescTable *
comparison_get_table (LescExportable *exportable)
{
  LescComparisonView *self = LESC_COMPARISON_VIEW (exportable);
  if (self->pvalues == NULL)
    return NULL;
  const LescRecoveryTable *t = lesc_job_get_output (self->job);
  const LescStatsResult *r = self->stats;
  g_autofree char *caption = g_strdup_printf (_("Mean ranks (%s, %zu data sets) and %s"),
                                              lesc_measure_display_name (current_measure (self)), r->n,
                                              self->pvalues->caption);
  LescTable *out = lesc_table_new (caption);
  lesc_table_add_note (out, "lesc-explorer %s", LESC_VERSION);
  lesc_table_add_note (out, "measure %s test %s alpha %.2f", lesc_measure_key (current_measure (self)),
                       lesc_posthoc_key (current_posthoc (self)), current_alpha (self));
  lesc_table_add_note (out, "Friedman chi2 %.6g p %.6g; tie-corrected %.6g p %.6g; Iman-Davenport F %.6g p %.6g",
                       r->friedman.chi2, r->friedman.chi2_p, r->friedman.chi2_tc, r->friedman.chi2_tc_p,
                       r->friedman.ff, r->friedman.ff_p);
  lesc_table_add_note (out, "Nemenyi CD %.6g; Bonferroni-Dunn CD %.6g; omnibus %s", r->nemenyi_cd, r->bd_cd,
                       r->omnibus_not_significant ? "not significant" : "significant");
  for (guint d = 0; d < t->n_datasets; d++)
    lesc_table_add_note (out, "data %s sha256 %s", t->datasets[d], t->checksums[d] != NULL ? t->checksums[d] : "-");
  lesc_table_add_note (out, "parameters: %s", t->tuning.enabled ? "lambda tuned per data set on the paper's grid"
                                                                : "each method's defaults");
  for (guint j = 0; j < t->n_methods; j++)
    {
      const LescRunRecord *cell = &t->cells[j];   /* the first data set's run */
      if (cell->id == 0 || t->tuning.enabled)
        continue;
      g_autofree char *seed = cell->has_seed ? g_strdup_printf (" seed %u", cell->seed) : g_strdup ("");
      lesc_table_add_note (out, "%s: %s%s", t->methods[j]->display_name, cell->params != NULL ? cell->params : "",
                           seed);
    }
  for (guint j = 0; j < self->pvalues->header->len; j++)
    lesc_table_add_column (out, g_ptr_array_index (self->pvalues->header, j));
  for (guint i = 0; i < self->pvalues->rows->len; i++)
    {
      GPtrArray *row = g_ptr_array_index (self->pvalues->rows, i);
      guint64 bold = g_array_index (self->pvalues->bold, guint64, i);
      lesc_table_add_row (out);
      for (guint j = 0; j < row->len; j++)
        lesc_table_add_cell (out, bold >> j & 1, "%s", (const char *) g_ptr_array_index (row, j));
    }
  return out;
}

static char *
comparison_get_basename (LescExportable *exportable)
{
  LescComparisonView *self = LESC_COMPARISON_VIEW (exportable);
  return g_strdup_printf ("cd-%s-%s", lesc_measure_key (current_measure (self)),
                          lesc_posthoc_key (current_posthoc (self)));
}

static void
lesc_comparison_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_figure = comparison_get_figure;
  iface->get_table = comparison_get_table;
  iface->get_basename = comparison_get_basename;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void
lesc_comparison_view_dispose (GObject *object)
{
  LescComparisonView *self = LESC_COMPARISON_VIEW (object);
  clear (self);
  g_clear_object (&self->job);
  g_clear_pointer (&self->specs, g_ptr_array_unref);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  lesc_app_settings_release (&self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_COMPARISON_VIEW);
  G_OBJECT_CLASS (lesc_comparison_view_parent_class)->dispose (object);
}

static void
lesc_comparison_view_class_init (LescComparisonViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_comparison_view_dispose;
  g_type_ensure (LESC_TYPE_TABLE_VIEW);
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/comparison-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, box);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, datasets_button);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, folder_label);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, datasets_list);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, params_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, setup_label);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, measure_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, test_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, alpha_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, status);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, area);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, stats_label);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, pvalues_caption);
  gtk_widget_class_bind_template_child (widget_class, LescComparisonView, pvalues_table);
  gtk_widget_class_bind_template_callback (widget_class, refresh_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, compute_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_REFRESH_REQUESTED] = g_signal_new ("refresh-requested", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_COMPUTE_REQUESTED] = g_signal_new ("compute-requested", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_SETUP_CHANGED] = g_signal_new ("setup-changed", G_TYPE_FROM_CLASS (klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lesc_comparison_view_init (LescComparisonView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = lesc_app_settings_new ();
  self->specs = g_ptr_array_new_with_free_func (g_free);
  self->checks = g_ptr_array_new ();
  lesc_comparison_view_set_folder (self, NULL, NULL);
  g_signal_connect_swapped (self->params_dropdown, "notify::selected", G_CALLBACK (params_changed_cb), self);
  GtkStringList *measures = gtk_string_list_new (NULL);
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      gtk_string_list_append (measures, title);
    }
  gtk_drop_down_set_model (self->measure_dropdown, G_LIST_MODEL (measures));
  g_object_unref (measures);
  g_signal_connect_swapped (self->measure_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->test_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->alpha_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::cd-direction", G_CALLBACK (option_changed_cb), self);
}
