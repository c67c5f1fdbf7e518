/* CSV and TSV tables and data sets.
 *
 * Reading: cells separated by one delimiter — ',' ';' or a tab, or runs of blanks
 * ("whitespace", numpy's savetxt) — named by the caller or detected from the first line
 * (the one of ',' ';' tab found outside quotes; blanks when none is; a line holding both
 * ',' and ';' is refused as mixed). Lines end in "\n" or "\r\n"; blank lines and lines
 * whose first character is '#' (comments, numpy's header) are skipped; blanks around a
 * cell are ignored; a cell that starts with a double quote ("a ""b""") is text, a quote
 * anywhere else is an ordinary character. The first line is a header when any of its cells
 * is not a number (quoted cells never are; a forced index column's cell aside). An index column (pandas' to_csv) is the first
 * column when the header's first cell is empty, or when the caller says so: it is skipped;
 * a detected one whose values are all numbers must be increasing (else refused: the caller
 * says whether it is an index). Every other line must hold as many cells as the first: a
 * ragged line, an empty cell, text where a number belongs, a number too large for a double
 * (1e400) or an empty file is LESC_ERROR_FORMAT naming the file, the line and the column.
 * "nan" and "inf" read as numbers (validation then refuses them with their position).
 *
 * Writing: a header line, then one line per row; every number printed with the fewest of
 * 15, 16 or 17 significant digits that read back as the same double (exact round trip),
 * independent of the locale. Files are replaced atomically: no partial output. */
#pragma once
#include "core/base/format.h"   /* lesc_format_double: how the numbers are written */
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* The leading index column: detected (empty first header cell), skipped, or data. */
typedef enum {
  LESC_CSV_INDEX_AUTO,
  LESC_CSV_INDEX_SKIP,
  LESC_CSV_INDEX_KEEP,
} LescCsvIndex;

/* How to read. Zero-initialised: detect the delimiter and the index column. */
typedef struct {
  char delimiter;      /* ',', ';', '\t', ' ' (runs of blanks), or 0: detect */
  LescCsvIndex index;
} LescCsvOptions;

/* What the reader decided, for saying so. */
typedef struct {
  char delimiter;          /* the one used */
  gboolean detected;       /* it was detected (not given) */
  gboolean index_skipped;  /* the first column was skipped as an index */
  gboolean index_detected; /* … because its header cell is empty (LESC_CSV_INDEX_AUTO) */
  gsize comment_lines;     /* lines starting with '#' skipped */
  gboolean cr_lines;       /* lines ended by CR alone (classic Mac OS), read as lines */
  gboolean header_guessed; /* line 1 read as a header although it holds numbers too */
  gboolean header_latin1;  /* header cells that are not UTF-8, read as Windows-1252 */
} LescCsvReport;

/* "comma", "tab", "semicolon", "whitespace". */
const char *lesc_csv_delimiter_name (char delimiter);
/* "," "comma" ";" "semicolon" "tab" "\t" "\\t" "whitespace" "space" " " → the delimiter. */
gboolean lesc_csv_delimiter_from_string (const char *text, char *delimiter);
/* One line saying what the reader chose that the caller did not ask for ("tab-separated
 * (detected); column 1 skipped as an index (empty header cell)"), or NULL when nothing
 * worth saying (comma-separated, no index, no comments). */
char *lesc_csv_report_describe (const LescCsvReport *report);

/* A table of numbers. `header` (may be NULL) receives the header's cells (NULL-terminated,
 * one per column read, the index column's excluded) or NULL when the file has no header
 * line. A file holding only a header gives a 0×cols matrix. `options` and `report` may be
 * NULL. */
LescMatrix *lesc_csv_read_with (const char *path, const LescCsvOptions *options, char ***header,
                                LescCsvReport *report, GError **error);
/* lesc_csv_read_with with the defaults (detect the delimiter and the index column). */
LescMatrix *lesc_csv_read (const char *path, char ***header, GError **error);

/* A table whose cells stay text (names beside numbers: results and grid files), with the
 * reading rules above (comma-separated) except that the first line is always the header.
 * *header receives the header's cells; the result holds one NULL-terminated array of cells
 * per further line, each as wide as the header. */
GPtrArray *lesc_csv_read_text (const char *path, char ***header, GError **error);

/* The text of `m` with a header line of `header` (m->cols names; NULL: no header), cells
 * separated by `delimiter` (',' or '\t'). */
char *lesc_csv_format_with (const LescMatrix *m, const char *const *header, char delimiter,
                            gsize *length);
/* The same, comma-separated. */
char *lesc_csv_format (const LescMatrix *m, const char *const *header, gsize *length);
/* Write the comma-separated text to `path` atomically. */
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
