/* Finding a data set by what the user typed and reading it with the right loader. */
#pragma once
#include "core/data/dataset.h"
#include "core/data/csv.h"
#include "core/data/validate.h"

G_BEGIN_DECLS

/* How lesc_dataset_open_with reads and checks. Zero-initialise, then set what matters. */
typedef struct {
  const char *data_dir;  /* where names are looked up (then $LESC_DATA_DIR) */
  gsize label_columns;   /* a single table file: how many trailing columns are the truth */
  guint flags;           /* LescValidateFlags (validate.h), e.g. LESC_VALIDATE_RENORMALIZE */
  gsize logical_columns; /* a single table file: how many trailing columns are 0/1 labels */
  gboolean logical;      /* FEATURES,LABELS: the second file holds 0/1 logical labels */
  LescCsvOptions csv;    /* how text tables are read (delimiter, index column) */
} LescOpenOptions;

/* Resolve what the user typed, load and validate (validate.h):
 *   "artificial"                   the built-in set;
 *   PATH.mat, PATH.npz             named variables (matfile.h, npz.h): features and the
 *                                  label distributions and/or the logical labels;
 *   PATH.csv .tsv .txt .dat .npy   one table whose last `label_columns` columns are the
 *                                  label distributions, or whose last `logical_columns`
 *                                  columns are 0/1 logical labels (tablefile.h);
 *   FEATURES,LABELS                two tables (any of the formats above), split at the
 *                                  comma (only when the whole text is not itself an existing
 *                                  file): LABELS holds distributions, or 0/1 logical labels
 *                                  when `logical`;
 *   NAME                           looked up in `data_dir` (then $LESC_DATA_DIR) as NAME.mat
 *                                  NAME.csv, … case-insensitively, with '_' read as '-'
 *                                  ("Yeast_alpha" → yeast-alpha.mat).
 * Labels-only data (no distributions) give truth = NULL. What the readers chose about the
 * files (a detected delimiter, a skipped index column) is in ds->notes.
 * `report` (may be NULL) receives what validation found. Bad data: NULL and one error
 * naming the file. */
LescDataset *lesc_dataset_open_with (const char *spec, const LescOpenOptions *options,
                                     LescValidateReport *report, GError **error);
/* lesc_dataset_open_with with only a data folder (no renormalization). */
LescDataset *lesc_dataset_open (const char *spec, const char *data_dir, GError **error);

/* The file `spec` would be read from, or NULL with an error saying where it looked. */
char *lesc_dataset_find (const char *spec, const char *data_dir, GError **error);

G_END_DECLS
