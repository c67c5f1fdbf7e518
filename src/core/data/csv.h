/* CSV tables and data sets.
 *
 * Reading: cells separated by ',', lines by "\n" or "\r\n"; blank lines are skipped; spaces
 * around a cell are ignored; a cell in double quotes ("a ""b""") is text. The first line is
 * a header when any of its cells is not a number (quoted cells never are). Every other line
 * must hold as many numbers as the first: a ragged line, an empty cell, text where a number
 * belongs or an empty file is LESC_ERROR_FORMAT naming the file, the line and the column.
 * "nan" and "inf" read as numbers (validation then refuses them with their position).
 *
 * Writing: a header line, then one line per row; every number printed with the fewest of
 * 15, 16 or 17 significant digits that read back as the same double (exact round trip),
 * independent of the locale. Files are replaced atomically: no partial output. */
#pragma once
#include "core/base/format.h"   /* lesc_format_double: how the numbers are written */
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* A table of numbers. `header` (may be NULL) receives the header's cells (NULL-terminated,
 * one per column) or NULL when the file has no header line. A file holding only a header
 * gives a 0×cols matrix. */
LescMatrix *lesc_csv_read (const char *path, char ***header, GError **error);

/* A table whose cells stay text (names beside numbers: results and grid files), with the
 * reading rules above except that the first line is always the header and lines starting
 * with '#' are comments. *header receives the header's cells; the result holds one
 * NULL-terminated array of cells per further line, each as wide as the header. */
GPtrArray *lesc_csv_read_text (const char *path, char ***header, GError **error);

/* The CSV text of `m` with a header line of `header` (m->cols names; NULL: no header). */
char *lesc_csv_format (const LescMatrix *m, const char *const *header, gsize *length);
/* Write that text to `path` atomically. */
gboolean lesc_csv_write (const char *path, const LescMatrix *m, const char *const *header,
                         GError **error);

/* Column names "<prefix>1" … "<prefix>n" (NULL-terminated; free with g_strfreev). */
char **lesc_csv_default_names (const char *prefix, gsize n);

/* A data set from a features file (n×q) and a distributions file (n×o); the label names
 * are the distributions file's header when it has one. Name from the features file. The
 * logical labels are the binarization of the distributions. Not validated (validate.h). */
LescDataset *lesc_dataset_load_csv (const char *features_path, const char *truth_path,
                                    GError **error);
/* A data set from one file whose last `label_columns` columns are the distributions. */
LescDataset *lesc_dataset_load_csv_single (const char *path, gsize label_columns,
                                           GError **error);

/* Save features and distributions (headers feature1…, then the label names or label1…)
 * as two files, or as one file with the distributions in the last o columns. Both files
 * are formatted before either is written. */
gboolean lesc_dataset_save_csv (const LescDataset *ds, const char *features_path,
                                const char *truth_path, GError **error);
gboolean lesc_dataset_save_csv_single (const LescDataset *ds, const char *path, GError **error);

G_END_DECLS
