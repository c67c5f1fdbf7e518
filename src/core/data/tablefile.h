/* A table of numbers in a file of any format lesc reads or writes, chosen by the file
 * name's extension (case-insensitive):
 *   .csv .tsv .txt .dat  text (csv.h; the delimiter detected or given)
 *   .npy                 NumPy array (npy.h)
 *   .npz                 NumPy archive: the first of the names asked for (npz.h)
 *   .mat                 MATLAB v5/v7.3: the first of the variable names asked for
 *   .json                lesc's JSON table (jsontable.h)
 * Written (results: distributions, predictions): .csv, .tsv .txt .dat (tab-separated),
 * .mat .npy .json, and "-" (standard output) as CSV, as is a FIFO, character device or
 * socket whose name has none of these extensions. */
#pragma once
#include "core/data/csv.h"

G_BEGIN_DECLS

typedef enum {
  LESC_TABLE_TEXT,
  LESC_TABLE_NPY,
  LESC_TABLE_NPZ,
  LESC_TABLE_MAT,
  LESC_TABLE_JSON,
} LescTableKind;

/* The kind of `path` by its extension; FALSE when it has none of the above. */
gboolean lesc_table_kind (const char *path, LescTableKind *kind);

/* Whether lesc can write `path`: "-", or its extension is .csv, .tsv, .txt, .dat, .mat, .npy
 * or .json (else LESC_ERROR_USAGE naming the extension and the ones accepted) and
 * lesc_output_check passes (else LESC_ERROR_IO). Call it before any work: a run is never
 * wasted on an output that cannot be written. */
gboolean lesc_table_check_output (const char *path, GError **error);
/* lesc_output_check alone, for files of any name (models). */
gboolean lesc_table_check_folder (const char *path, GError **error);

/* What a written table carries besides the numbers (each may be NULL). */
typedef struct {
  const char *const *columns;   /* m->cols column names (text, .json); NULL: label1, … */
  const char *name;             /* the variable (.mat) or "name" (.json); NULL: "table" */
  const char *const *settings;  /* key, value, key, value, …, NULL: the run's settings
                                 * (.mat: a char variable "settings", key=value lines;
                                 * .json: an object); text and .npy have no place for them */
} LescTableMeta;

/* Write `m` to `path` in the format of its extension, atomically (lesc_output_write). */
gboolean lesc_table_write (const char *path, const LescMatrix *m, const LescTableMeta *meta,
                           GError **error);

/* Read one table. `csv` (may be NULL) says how to read text; `names` (NULL-terminated)
 * which variable or array of a .mat/.npz file; `header` (may be NULL) receives column names
 * when the file has them; `note` (may be NULL) one line on what the text reader chose
 * (delimiter detected, index column skipped), or NULL. */
LescMatrix *lesc_table_read (const char *path, const LescCsvOptions *csv,
                             const char *const *names, char ***header, char **note,
                             GError **error);

G_END_DECLS
