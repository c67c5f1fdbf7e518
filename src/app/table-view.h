/* A read-only table on screen: shows a LescTable (header, text cells, best cells in bold)
 * in a GtkColumnView. */
#pragma once
#include <gtk/gtk.h>
#include "app/table.h"

G_BEGIN_DECLS

#define LESC_TYPE_TABLE_VIEW (lesc_table_view_get_type ())
G_DECLARE_FINAL_TYPE (LescTableView, lesc_table_view, LESC, TABLE_VIEW, GtkWidget)

GtkWidget *lesc_table_view_new (void);
/* Show `table` (the view keeps its own copy of the cells); NULL empties the view. */
void lesc_table_view_set_table (LescTableView *self, const LescTable *table);
guint lesc_table_view_get_n_rows (LescTableView *self);
/* The text of a cell, for the tests. */
const char *lesc_table_view_get_cell (LescTableView *self, guint row, guint column);

G_END_DECLS
