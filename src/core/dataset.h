/* A label-enhancement data set: features, ground truth, logical labels. */
#pragma once
#include "core/matrix.h"

G_BEGIN_DECLS

typedef struct {
  char *name;            /* "yeast-alpha", "artificial", or the file's base name */
  char *source;          /* the file it was read from; NULL when built in */
  char *checksum;        /* sha256 (hex) of the shapes and numbers: same data, same sum */
  LescMatrix *features;  /* n×q */
  LescMatrix *truth;     /* n×o ground-truth label distributions */
  LescMatrix *logical;   /* n×o logical labels, 0/1 as doubles */
  char **label_names;    /* o names, or NULL when the file has none */
  gboolean logical_from_file; /* TRUE: read from the file; FALSE: binarized (§2) */
} LescDataset;

/* Takes ownership of the matrices. `logical` may be NULL: then it is the binarization of
 * `truth`. Computes the checksum. Shapes are not validated here (see validate.h). */
LescDataset *lesc_dataset_new (const char *name, LescMatrix *features, LescMatrix *truth,
                               LescMatrix *logical);
void lesc_dataset_free (LescDataset *ds);

static inline gsize lesc_dataset_n (const LescDataset *ds) { return ds->features->rows; }
static inline gsize lesc_dataset_q (const LescDataset *ds) { return ds->features->cols; }
static inline gsize lesc_dataset_o (const LescDataset *ds) { return ds->logical->cols; }

/* Recompute the checksum after changing the numbers. */
void lesc_dataset_update_checksum (LescDataset *ds);

/* The built-in artificial data set (algorithms.md §9). */
LescDataset *lesc_dataset_new_artificial (void);

/* A Geng-format MATLAB file (see matfile.c for the variable names accepted). */
LescDataset *lesc_dataset_load_mat (const char *path, GError **error);

/* One variable of a .mat file, the first of `names` present, as a double matrix. */
LescMatrix *lesc_mat_read_variable (const char *path, const char *const *names, GError **error);
extern const char *const lesc_mat_logical_names[]; /* "logicalLabel", "logical_label" */

/* The data-set name of a file: base name without extension, lower case, '_' → '-'. */
char *lesc_dataset_name_from_path (const char *path);

/* How lesc_dataset_open_with reads and checks. Zero-initialise, then set what matters. */
typedef struct {
  const char *data_dir;  /* where names are looked up (then $LESC_DATA_DIR) */
  gsize label_columns;   /* a single .csv file: how many trailing columns are the truth */
  guint flags;           /* LescValidateFlags (validate.h), e.g. LESC_VALIDATE_RENORMALIZE */
} LescOpenOptions;

typedef struct _LescValidateReport LescValidateReport;

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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescDataset, lesc_dataset_free)

G_END_DECLS
