/* Finding a data set by what the user typed and reading it with the right loader. */
#pragma once
#include "core/data/dataset.h"
#include "core/data/validate.h"

G_BEGIN_DECLS

/* How lesc_dataset_open_with reads and checks. Zero-initialise, then set what matters. */
typedef struct {
  const char *data_dir;  /* where names are looked up (then $LESC_DATA_DIR) */
  gsize label_columns;   /* a single .csv file: how many trailing columns are the truth */
  guint flags;           /* LescValidateFlags (validate.h), e.g. LESC_VALIDATE_RENORMALIZE */
} LescOpenOptions;

/* Resolve what the user typed, load and validate (validate.h):
 *   "artificial"                   the built-in set;
 *   PATH.mat                       a Geng-format MATLAB file;
 *   PATH.csv                       one CSV file whose last `label_columns` columns are the
 *                                  label distributions (csv.h);
 *   FEATURES.csv,DISTRIBUTIONS.csv two CSV files, split at the comma (used only when the
 *                                  whole text is not itself an existing file);
 *   NAME                           looked up in `data_dir` (then $LESC_DATA_DIR) as NAME.mat
 *                                  or NAME.csv, case-insensitively, with '_' read as '-'
 *                                  ("Yeast_alpha" → yeast-alpha.mat).
 * `report` (may be NULL) receives what validation found. Bad data: NULL and one error
 * naming the file. */
LescDataset *lesc_dataset_open_with (const char *spec, const LescOpenOptions *options,
                                     LescValidateReport *report, GError **error);
/* lesc_dataset_open_with with only a data folder (no renormalization). */
LescDataset *lesc_dataset_open (const char *spec, const char *data_dir, GError **error);

/* The file `spec` would be read from, or NULL with an error saying where it looked. */
char *lesc_dataset_find (const char *spec, const char *data_dir, GError **error);

G_END_DECLS
