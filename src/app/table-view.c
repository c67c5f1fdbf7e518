#include "config.h"
#include "app/table-view.h"

/* One row: its cells and which of them are bold. */
#define LESC_TYPE_TABLE_ROW (lesc_table_row_get_type ())
G_DECLARE_FINAL_TYPE (LescTableRow, lesc_table_row, LESC, TABLE_ROW, GObject)

struct _LescTableRow
{
  GObject parent_instance;
  GStrv cells;
  guint64 bold;
};

G_DEFINE_FINAL_TYPE (LescTableRow, lesc_table_row, G_TYPE_OBJECT)

static void
lesc_table_row_finalize (GObject *object)
{
  g_strfreev (LESC_TABLE_ROW (object)->cells);
  G_OBJECT_CLASS (lesc_table_row_parent_class)->finalize (object);
}

static void
lesc_table_row_class_init (LescTableRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_table_row_finalize;
}

static void
lesc_table_row_init (LescTableRow *self)
{
}

struct _LescTableView
{
  GtkWidget parent_instance;
  GtkWidget *scroller;
  GtkColumnView *column_view;
  GListStore *rows;
};

G_DEFINE_FINAL_TYPE (LescTableView, lesc_table_view, GTK_TYPE_WIDGET)

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0.0f : 1.0f);
  if (column > 0)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint column = GPOINTER_TO_UINT (data);
  LescTableRow *row = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text = column < g_strv_length (row->cells) ? row->cells[column] : "";
  if (column < 64 && (row->bold >> column & 1))
    {
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", text);
      gtk_label_set_markup (label, markup);
    }
  else
    gtk_label_set_text (label, text);
}

void
lesc_table_view_set_table (LescTableView *self, const LescTable *table)
{
  g_return_if_fail (LESC_IS_TABLE_VIEW (self));
  g_list_store_remove_all (self->rows);
  GListModel *columns = gtk_column_view_get_columns (self->column_view);
  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr (GtkColumnViewColumn) col = g_list_model_get_item (columns, 0);
      gtk_column_view_remove_column (self->column_view, col);
    }
  if (table == NULL)
    return;
  for (guint j = 0; j < table->header->len; j++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GUINT_TO_POINTER (j));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GUINT_TO_POINTER (j));
      GtkColumnViewColumn *col = gtk_column_view_column_new (g_ptr_array_index (table->header, j), factory);
      gtk_column_view_column_set_expand (col, j == 0);
      gtk_column_view_append_column (self->column_view, col);
      g_object_unref (col);
    }
  for (guint i = 0; i < table->rows->len; i++)
    {
      GPtrArray *cells = g_ptr_array_index (table->rows, i);
      LescTableRow *row = g_object_new (LESC_TYPE_TABLE_ROW, NULL);
      row->cells = g_new0 (char *, cells->len + 1);
      for (guint j = 0; j < cells->len; j++)
        row->cells[j] = g_strdup (g_ptr_array_index (cells, j));
      row->bold = g_array_index (table->bold, guint64, i);
      g_list_store_append (self->rows, row);
      g_object_unref (row);
    }
}

guint
lesc_table_view_get_n_rows (LescTableView *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

const char *
lesc_table_view_get_cell (LescTableView *self, guint row, guint column)
{
  g_autoptr (LescTableRow) r = g_list_model_get_item (G_LIST_MODEL (self->rows), row);
  if (r == NULL || column >= g_strv_length (r->cells))
    return NULL;
  return r->cells[column];   /* the store keeps the row */
}

static void
lesc_table_view_dispose (GObject *object)
{
  LescTableView *self = LESC_TABLE_VIEW (object);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (lesc_table_view_parent_class)->dispose (object);
}

static void
lesc_table_view_class_init (LescTableViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lesc_table_view_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
lesc_table_view_init (LescTableView *self)
{
  self->rows = g_list_store_new (LESC_TYPE_TABLE_ROW);
  GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (selection)));
  gtk_column_view_set_show_column_separators (self->column_view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->column_view), "data-table");
  gtk_widget_add_css_class (GTK_WIDGET (self->column_view), "card");
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  /* a scroll bar always in sight when columns are cut off */
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (self->scroller), FALSE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->column_view));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
lesc_table_view_new (void)
{
  return g_object_new (LESC_TYPE_TABLE_VIEW, NULL);
}
