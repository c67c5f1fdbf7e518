/* A table as the views show it (text cells, best cells marked), written as CSV or as a
 * LaTeX booktabs table. The notes (settings, data checksum, program version) go beside
 * the numbers: CSV comment lines, LaTeX comments. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  LESC_TABLE_CSV,
  LESC_TABLE_LATEX,
} LescTableFormat;

typedef struct {
  char *caption;
  GPtrArray *notes;     /* char* */
  GPtrArray *header;    /* char* */
  GPtrArray *rows;      /* GPtrArray* of char* */
  GArray *bold;         /* guint64 per row: bit j = cell j is the best */
} LescTable;

LescTable *lesc_table_new (const char *caption);
void       lesc_table_free (LescTable *table);
void       lesc_table_add_note (LescTable *table, const char *format, ...) G_GNUC_PRINTF (2, 3);
void       lesc_table_add_column (LescTable *table, const char *title);
/* A new row; fill it with lesc_table_add_cell. */
void       lesc_table_add_row (LescTable *table);
void       lesc_table_add_cell (LescTable *table, gboolean bold, const char *format, ...) G_GNUC_PRINTF (3, 4);

char      *lesc_table_to_string (const LescTable *table, LescTableFormat format);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescTable, lesc_table_free)

G_END_DECLS
