/* A label-enhancement data set: features, logical labels and, when known, the ground-truth
 * label distributions. Without them (truth = NULL) every method still recovers
 * distributions; there is only nothing to score them against. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

typedef struct {
  char *name;            /* "yeast-alpha", "artificial", or the file's base name */
  char *source;          /* the file it was read from; NULL when built in */
  char *checksum;        /* sha256 (hex) of the shapes and numbers: same data, same sum */
  LescMatrix *features;  /* n×q */
  LescMatrix *truth;     /* n×o ground-truth label distributions, or NULL: none known */
  LescMatrix *logical;   /* n×o logical labels, 0/1 as doubles */
  char **label_names;    /* o names, or NULL when the file has none */
  gboolean logical_from_file; /* TRUE: read from the file; FALSE: binarized (docs/methods.md §2) */
  char **notes;          /* what the loader chose about the file (one line each), or NULL */
} LescDataset;

/* What the label columns of a table hold. */
typedef enum {
  LESC_LABELS_DISTRIBUTIONS,  /* degrees summing to 1: the ground truth */
  LESC_LABELS_LOGICAL,        /* 0/1 logical labels: no ground truth */
} LescLabelKind;

/* The variable names looked for in .mat and .npz files, in order of preference. */
extern const char *const lesc_dataset_feature_names[];  /* "features" */
extern const char *const lesc_dataset_truth_names[];    /* "labels", "labelDistribution", "label_distribution" */
extern const char *const lesc_dataset_logical_names[];  /* "logicalLabel", "logical_label" */

/* Takes ownership of the matrices. `logical` may be NULL: then it is the binarization of
 * `truth`. Computes the checksum. Shapes are not validated here (see validate.h). */
LescDataset *lesc_dataset_new (const char *name, LescMatrix *features, LescMatrix *truth,
                               LescMatrix *logical);
void lesc_dataset_free (LescDataset *ds);
/* Add one line to ds->notes. */
void lesc_dataset_add_note (LescDataset *ds, const char *format, ...) G_GNUC_PRINTF (2, 3);

static inline gsize lesc_dataset_n (const LescDataset *ds) { return ds->features->rows; }
static inline gsize lesc_dataset_q (const LescDataset *ds) { return ds->features->cols; }
static inline gsize lesc_dataset_o (const LescDataset *ds) { return ds->logical->cols; }

/* A data set from one table (from `path`) whose last `label_columns` columns are labels of
 * `kind`; `header` (may be NULL) names the columns. Takes ownership of `all` and `header`.
 * Refuses (LESC_ERROR_USAGE) label_columns = 0 and (LESC_ERROR_FORMAT) a table with no
 * column left for the features. */
LescDataset *lesc_dataset_from_table (const char *path, LescMatrix *all, char **header,
                                      gsize label_columns, LescLabelKind kind, GError **error);
/* A data set from a features table and a labels table of `kind` (the same row count);
 * `label_names` (may be NULL) from the labels table's header. Takes ownership of the
 * matrices and the names. Named after the features file. */
LescDataset *lesc_dataset_from_pair (const char *features_path, LescMatrix *features,
                                     const char *labels_path, LescMatrix *labels,
                                     char **label_names, LescLabelKind kind, GError **error);
/* A data set from the named variables of one file (.mat, .npz): features and at least one
 * of truth and logical, with their variable names for the messages; the shapes must agree.
 * Takes ownership of the matrices (freed on failure too). */
LescDataset *lesc_dataset_from_variables (const char *path, LescMatrix *features,
                                          const char *fname, LescMatrix *truth,
                                          const char *tname, LescMatrix *logical,
                                          const char *lname, GError **error);

/* Recompute the checksum after changing the numbers. */
void lesc_dataset_update_checksum (LescDataset *ds);

/* The data-set name of a file: base name without extension, lower case, '_' → '-'. */
char *lesc_dataset_name_from_path (const char *path);
/* A name as the lookups compare it: lower case, '_' → '-' ("Yeast_alpha" → "yeast-alpha"). */
char *lesc_dataset_canonical_name (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescDataset, lesc_dataset_free)

G_END_DECLS
