/* A table of numbers as JSON (lesc's output format, docs/formats.md):
 *
 *   {"format": "lesc-table", "version": 1, "name": "labelDistribution",
 *    "columns": ["label1", "label2"], "settings": {"method": "LESC", …},
 *    "rows": 2, "data": [[0.25, 0.75], [0.5, 0.5]]}
 *
 * Numbers are written with the fewest of 15–17 significant digits that read back as the
 * same double (csv.h); "settings" and "columns" may be absent. Read with JSON-GLib. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* The JSON text; `columns` m->cols names (NULL: none), `settings` key, value, key, value,
 * …, NULL (NULL: none). */
char *lesc_json_table_format (const LescMatrix *m, const char *name, const char *const *columns,
                              const char *const *settings, gsize *length);
/* The table of a JSON file written so (or any object with a "data" array of equally long
 * arrays of numbers); `columns` (may be NULL) receives the column names when present. */
LescMatrix *lesc_json_table_read (const char *path, char ***columns, GError **error);

G_END_DECLS
