#include "config.h"
#include "app/measures-view.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "app/exportable.h"
#include "app/measure-names.h"
#include "app/result.h"
#include "app/sideways-scroller.h"
#include "core/eval/measures.h"
#include "core/eval/published.h"
#include "core/eval/stats.h"

/* ---- one table row ------------------------------------------------------------------ */

#define LESC_TYPE_MEASURE_ROW (lesc_measure_row_get_type ())
G_DECLARE_FINAL_TYPE (LescMeasureRow, lesc_measure_row, LESC, MEASURE_ROW, GObject)

struct _LescMeasureRow
{
  GObject parent_instance;
  LescResult *result;
  double values[LESC_N_MEASURES];
  double ranks[LESC_N_MEASURES];   /* NaN until ranked */
  double average_rank;
  gboolean best[LESC_N_MEASURES];
  LescKlDirection kl;              /* of values[LESC_MEASURE_KL] */
};

G_DEFINE_FINAL_TYPE (LescMeasureRow, lesc_measure_row, G_TYPE_OBJECT)

static void
lesc_measure_row_finalize (GObject *object)
{
  g_clear_object (&LESC_MEASURE_ROW (object)->result);
  G_OBJECT_CLASS (lesc_measure_row_parent_class)->finalize (object);
}

static void
lesc_measure_row_class_init (LescMeasureRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_measure_row_finalize;
}

static void
lesc_measure_row_init (LescMeasureRow *self)
{
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    self->ranks[j] = NAN;
  self->average_rank = NAN;
}

/* ---- the view ------------------------------------------------------------------------- */

/* Column ids beyond the measures. */
enum { COL_METHOD = -1, COL_AVERAGE = LESC_N_MEASURES, COL_SECONDS };

struct _LescMeasuresView
{
  LescResultsView parent_instance;

  GtkStack *stack;
  AdwStatusPage *empty_status;
  GtkLabel *caption;
  GtkScrolledWindow *table_scroller;
  GtkColumnView *column_view;
  GtkLabel *footnote;

  GListStore *rows;
  guint runs_queued;   /* the user's runs queued or under way */
};

static void lesc_measures_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescMeasuresView, lesc_measures_view, LESC_TYPE_RESULTS_VIEW,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_measures_view_exportable_init))

static char *
format_value (double v)
{
  if (!isfinite (v))
    return g_strdup (isnan (v) ? "–" : (v > 0 ? "∞" : "−∞"));
  return g_strdup_printf ("%.4f", v);
}

static char *
format_rank (double r)
{
  if (isnan (r))
    return g_strdup ("");
  if (r == floor (r))
    return g_strdup_printf ("%.0f", r);
  return g_strdup_printf ("%.1f", r);
}

/* Ranks of the rows per measure (core/eval/measures.h: rank 1 = best, ties share the mean
 * rank, ∞ last, rows without a value get none), the best of each measure, and the average
 * rank over the six measures. */
static void
rank_rows (GPtrArray *rows)
{
  guint n = rows->len;
  if (n == 0)
    return;
  g_autofree double *values = g_new (double, (gsize) n * LESC_N_MEASURES);
  g_autofree double *ranks = g_new (double, (gsize) n * LESC_N_MEASURES);
  g_autofree double *average = g_new (double, n);
  for (guint i = 0; i < n; i++)
    memcpy (values + (gsize) i * LESC_N_MEASURES, ((LescMeasureRow *) g_ptr_array_index (rows, i))->values,
            sizeof (double) * LESC_N_MEASURES);
  lesc_measures_rank (values, n, ranks, average);
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    {
      double best = G_MAXDOUBLE;
      for (guint i = 0; i < n; i++)
        if (!isnan (ranks[(gsize) i * LESC_N_MEASURES + j]))
          best = MIN (best, ranks[(gsize) i * LESC_N_MEASURES + j]);
      for (guint i = 0; i < n; i++)
        {
          LescMeasureRow *row = g_ptr_array_index (rows, i);
          row->ranks[j] = ranks[(gsize) i * LESC_N_MEASURES + j];
          row->best[j] = row->ranks[j] == best;
        }
    }
  for (guint i = 0; i < n; i++)
    ((LescMeasureRow *) g_ptr_array_index (rows, i))->average_rank = average[i];
}

static void
rebuild (LescResultsView *view)
{
  LescMeasuresView *self = LESC_MEASURES_VIEW (view);
  GListModel *results = lesc_results_view_get_results (view);
  LescKlDirection kl = lesc_results_view_get_kl (view);
  /* Rank first, then show: the cells are bound as soon as the rows are in the store. */
  guint n = results != NULL ? g_list_model_get_n_items (results) : 0;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  LescDataObject *data = NULL;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescResult) result = g_list_model_get_item (results, i);
      LescMeasureRow *row = g_object_new (LESC_TYPE_MEASURE_ROW, NULL);
      row->result = g_object_ref (result);
      row->kl = kl;
      const double *v = lesc_result_get_measures (result, kl);
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        row->values[j] = v[j];
      g_ptr_array_add (rows, row);
      data = lesc_result_get_data (result);
    }
  rank_rows (rows);
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
  gboolean scored = data == NULL || lesc_data_object_get_report (data)->has_truth;
  gtk_stack_set_visible_child_name (self->stack, n == 0 ? "empty" : scored ? "table" : "no-truth");
  if (data != NULL)
    {
      const LescValidateReport *f = lesc_data_object_get_report (data);
      /* TRANSLATORS: caption of the measures table: data set name and its size */
      g_autofree char *caption = g_strdup_printf (_("Recovery on %s (%zu samples, %zu labels)"),
                                                  lesc_data_object_get_name (data), f->n, f->o);
      gtk_label_set_text (self->caption, caption);
    }
  g_autofree char *foot = g_strdup_printf (
      _("↓ lower is better, ↑ higher is better; rank among the rows in parentheses; best in bold. KL is %s. * reconstructed: no official code exists."),
      kl == LESC_KL_TRUTH_RECOVERED ? _("KL(truth ‖ recovered)") : _("KL(recovered ‖ truth)"));
  gtk_label_set_text (self->footnote, foot);
}

guint
lesc_measures_view_get_n_rows (LescMeasuresView *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

gboolean
lesc_measures_view_get_row (LescMeasuresView *self, const char *method, double values[LESC_N_MEASURES],
                            double ranks[LESC_N_MEASURES], double *average_rank)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescMeasureRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);
      if (g_ascii_strcasecmp (lesc_result_get_method (row->result)->name, method) != 0)
        continue;
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        {
          if (values != NULL)
            values[j] = row->values[j];
          if (ranks != NULL)
            ranks[j] = row->ranks[j];
        }
      if (average_rank != NULL)
        *average_rank = row->average_rank;
      return TRUE;
    }
  return FALSE;
}

/* ---- columns -------------------------------------------------------------------------- */

static void
setup_label_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  int column = GPOINTER_TO_INT (data);
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), column == COL_METHOD ? 0.0f : 1.0f);
  if (column != COL_METHOD)
    gtk_widget_add_css_class (label, "numeric");
  else
    {
      /* The settings under the name, the seed on a line of its own: when the table is
       * narrow they are cut short (the tooltip has them all) rather than wrapped, so that
       * a row's height does not depend on the width (a wrapped row measured unwrapped
       * would be clipped). */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 12);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  int column = GPOINTER_TO_INT (data);
  LescMeasureRow *row = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  /* an outdated row (the settings changed; a rerun replaces it) is faded */
  if (lesc_result_get_outdated (row->result))
    gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
  if (column == COL_METHOD)
    {
      const LescMethod *m = lesc_result_get_method (row->result);
      g_autofree char *settings = lesc_result_describe_params (row->result);
      g_autofree char *name = lesc_result_dup_title (row->result);
      g_autofree char *title = lesc_run_params_title_split (m, lesc_result_get_params (row->result), "\n");
      g_autofree char *markup = g_markup_printf_escaped (
          "%s%s\n<small>%s%s</small>", name, m->reconstructed ? "*" : "", title,
          lesc_result_get_outdated (row->result) ? _(" · outdated, the settings changed") : "");
      gtk_label_set_markup (label, markup);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), settings);
      return;
    }
  if (column == COL_AVERAGE)
    {
      g_autofree char *text = isnan (row->average_rank) ? g_strdup ("")
                                                         : g_strdup_printf ("%.2f", row->average_rank);
      gtk_label_set_text (label, text);
      return;
    }
  if (column == COL_SECONDS)
    {
      g_autofree char *text = g_strdup_printf ("%.2f", lesc_result_get_seconds (row->result));
      gtk_label_set_text (label, text);
      /* The seconds of each stage. */
      const LescRunResult *report = lesc_result_get_report (row->result);
      GString *stages = g_string_new (NULL);
      for (guint k = 0; k < report->n_stages && k < LESC_MAX_STAGES; k++)
        g_string_append_printf (stages, "%s%s %.3f s", k > 0 ? "\n" : "", _(report->stage_names[k]),
                                report->stage_seconds[k]);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), stages->len > 0 ? stages->str : NULL);
      g_string_free (stages, TRUE);
      return;
    }
  g_autofree char *value = format_value (row->values[column]);
  g_autofree char *rank = format_rank (row->ranks[column]);
  g_autofree char *markup = g_markup_printf_escaped (
      row->best[column] ? "<b>%s</b>%s<span alpha=\"55%%\">%s%s%s</span>" : "%s%s<span alpha=\"55%%\">%s%s%s</span>",
      value, rank[0] != '\0' ? " " : "", rank[0] != '\0' ? "(" : "", rank, rank[0] != '\0' ? ")" : "");
  gtk_label_set_markup (label, markup);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), NULL);
  /* the published number of this data set and method, where the program ships one */
  const LescPublishedTable *pub = lesc_published_recovery ();
  const LescPublishedRow *p = lesc_published_find (
      pub, lesc_data_object_get_name (lesc_result_get_data (row->result)),
      lesc_result_get_method (row->result)->name);
  if (p == NULL)
    return;
  g_autofree char *published = g_strdup_printf ("%.*f", pub->decimals, p->measures[column]);
  g_autofree char *tip = NULL;
  if (column == LESC_MEASURE_KL && row->kl != pub->kl) /* no difference across directions */
    tip = g_strdup_printf (_("Published: %s, as KL(recovered ‖ truth)"), published);
  else
    {
      g_autofree char *diff = g_strdup_printf ("%+.4f", row->values[column] - p->measures[column]);
      /* TRANSLATORS: tooltip of a value in the measures table: the value the paper
       * published and this run's value minus it */
      tip = g_strdup_printf (_("Published: %s (this run − published: %s)"), published, diff);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), tip);
}

static int
compare_rows (gconstpointer a, gconstpointer b, gpointer data)
{
  int column = GPOINTER_TO_INT (data);
  const LescMeasureRow *ra = a, *rb = b;
  double va, vb;
  if (column == COL_METHOD)
    {
      /* The registry's order (the paper's). */
      guint n = 0;
      const LescMethod *const *methods = lesc_methods (&n);
      int ia = 0, ib = 0;
      for (guint i = 0; i < n; i++)
        {
          if (methods[i] == lesc_result_get_method (ra->result)) ia = (int) i;
          if (methods[i] == lesc_result_get_method (rb->result)) ib = (int) i;
        }
      return (ia > ib) - (ia < ib);
    }
  if (column == COL_AVERAGE)
    va = ra->average_rank, vb = rb->average_rank;
  else if (column == COL_SECONDS)
    va = lesc_result_get_seconds (ra->result), vb = lesc_result_get_seconds (rb->result);
  else
    {
      /* Best first, whatever the direction. */
      va = ra->values[column], vb = rb->values[column];
      if (!lesc_measure_lower_is_better (column))
        va = -va, vb = -vb;
    }
  if (isnan (va) || isnan (vb))
    return isnan (va) - isnan (vb);
  return (va > vb) - (va < vb);
}

static void
add_column (LescMeasuresView *self, const char *title, int column, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), GINT_TO_POINTER (column));
  GtkColumnViewColumn *col = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (col, expand);
  GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, GINT_TO_POINTER (column), NULL));
  gtk_column_view_column_set_sorter (col, sorter);
  g_object_unref (sorter);
  gtk_column_view_append_column (self->column_view, col);
  if (column == COL_METHOD)
    gtk_column_view_sort_by_column (self->column_view, col, GTK_SORT_ASCENDING);
  g_object_unref (col);
}

/* ---- export --------------------------------------------------------------------------- */

static LescTable *
measures_get_table (LescExportable *exportable)
{
  LescMeasuresView *self = LESC_MEASURES_VIEW (exportable);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  if (n == 0)
    return NULL;
  g_autoptr (LescMeasureRow) first = g_list_model_get_item (G_LIST_MODEL (self->rows), 0);
  LescDataObject *data = lesc_result_get_data (first->result);
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  LescTable *t = lesc_table_new (gtk_label_get_text (self->caption));
  lesc_table_add_note (t, "lesc-explorer %s", LESC_VERSION);
  lesc_table_add_note (t, "data %s sha256 %s", ds->name, ds->checksum);
  lesc_table_add_note (t, "kl %s", lesc_kl_direction_key (lesc_results_view_get_kl (LESC_RESULTS_VIEW (self))));
  lesc_table_add_column (t, _("Method"));
  lesc_table_add_column (t, _("Settings"));
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    {
      g_autofree char *title = lesc_measure_display_title (j);
      lesc_table_add_column (t, title);
      g_autofree char *rank_title = g_strdup_printf (_("%s rank"), lesc_measure_display_name (j));
      lesc_table_add_column (t, rank_title);
    }
  lesc_table_add_column (t, _("Average rank"));
  lesc_table_add_column (t, _("Seconds"));
  /* The rows in the order shown. */
  GtkSelectionModel *model = gtk_column_view_get_model (self->column_view);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescMeasureRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);
      const LescMethod *m = lesc_result_get_method (row->result);
      g_autofree char *settings = lesc_result_describe_params (row->result);
      lesc_table_add_note (t, "%s: %s%s", m->display_name, settings,
                           m->reconstructed ? " (reconstructed)" : "");
      lesc_table_add_row (t);
      lesc_table_add_cell (t, FALSE, "%s", m->display_name);
      g_autofree char *title = lesc_run_params_title (m, lesc_result_get_params (row->result));
      lesc_table_add_cell (t, FALSE, "%s%s", title, lesc_result_get_outdated (row->result) ? " (outdated)" : "");
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        {
          g_autofree char *value = format_value (row->values[j]);
          g_autofree char *rank = format_rank (row->ranks[j]);
          lesc_table_add_cell (t, row->best[j], "%s", value);
          lesc_table_add_cell (t, FALSE, "%s", rank);
        }
      if (isnan (row->average_rank))
        lesc_table_add_cell (t, FALSE, "%s", "");
      else
        lesc_table_add_cell (t, FALSE, "%.2f", row->average_rank);
      lesc_table_add_cell (t, FALSE, "%.3f", lesc_result_get_seconds (row->result));
    }
  return t;
}

static char *
measures_get_basename (LescExportable *exportable)
{
  LescMeasuresView *self = LESC_MEASURES_VIEW (exportable);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->rows)) == 0)
    return g_strdup ("measures");
  g_autoptr (LescMeasureRow) first = g_list_model_get_item (G_LIST_MODEL (self->rows), 0);
  return g_strdup_printf ("measures-%s", lesc_data_object_get_name (lesc_result_get_data (first->result)));
}

static void
lesc_measures_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_table = measures_get_table;
  iface->get_basename = measures_get_basename;
}

/* ---- life cycle ----------------------------------------------------------------------- */

static void
lesc_measures_view_dispose (GObject *object)
{
  LescMeasuresView *self = LESC_MEASURES_VIEW (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_MEASURES_VIEW);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (lesc_measures_view_parent_class)->dispose (object);
}

void
lesc_measures_view_set_runs_queued (LescMeasuresView *self, guint runs)
{
  g_return_if_fail (LESC_IS_MEASURES_VIEW (self));
  if (self->runs_queued == runs)
    return;
  self->runs_queued = runs;
  /* the empty state says what is under way rather than asking for a Run */
  if (runs > 0)
    {
      adw_status_page_set_title (self->empty_status, _("Runs Under Way"));
      g_autofree char *text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u run is queued or under way: its results appear here when it finishes.",
                       "%u runs are queued or under way: their results appear here as each one finishes.", runs),
          runs);
      adw_status_page_set_description (self->empty_status, text);
    }
  else
    {
      adw_status_page_set_title (self->empty_status, _("No Results Yet"));
      adw_status_page_set_description (self->empty_status, _("Tick methods in the side bar and press Run (Ctrl+R)."));
    }
}

const char *
lesc_measures_view_get_empty_title (LescMeasuresView *self)
{
  return adw_status_page_get_title (self->empty_status);
}

static void
lesc_measures_view_class_init (LescMeasuresViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_measures_view_dispose;
  LESC_RESULTS_VIEW_CLASS (klass)->rebuild = rebuild;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/measures-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescMeasuresView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescMeasuresView, empty_status);
  gtk_widget_class_bind_template_child (widget_class, LescMeasuresView, caption);
  gtk_widget_class_bind_template_child (widget_class, LescMeasuresView, table_scroller);
  gtk_widget_class_bind_template_child (widget_class, LescMeasuresView, column_view);
  gtk_widget_class_bind_template_child (widget_class, LescMeasuresView, footnote);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
lesc_measures_view_init (LescMeasuresView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lesc_sideways_scroller (self->table_scroller);
  self->rows = g_list_store_new (LESC_TYPE_MEASURE_ROW);
  GtkSortListModel *sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->rows)), NULL);
  GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  add_column (self, _("Method"), COL_METHOD, TRUE);
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    {
      g_autofree char *title = lesc_measure_display_title (j);
      add_column (self, title, (int) j, FALSE);
    }
  add_column (self, _("Avg. rank"), COL_AVERAGE, FALSE);
  add_column (self, _("Seconds"), COL_SECONDS, FALSE);
  /* Sort by the columns' sorters. */
  gtk_sort_list_model_set_sorter (sorted, gtk_column_view_get_sorter (self->column_view));
  rebuild (LESC_RESULTS_VIEW (self));
}
