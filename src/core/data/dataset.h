/* A label-enhancement data set: features, ground truth, logical labels. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

typedef struct {
  char *name;            /* "yeast-alpha", "artificial", or the file's base name */
  char *source;          /* the file it was read from; NULL when built in */
  char *checksum;        /* sha256 (hex) of the shapes and numbers: same data, same sum */
  LescMatrix *features;  /* n×q */
  LescMatrix *truth;     /* n×o ground-truth label distributions */
  LescMatrix *logical;   /* n×o logical labels, 0/1 as doubles */
  char **label_names;    /* o names, or NULL when the file has none */
  gboolean logical_from_file; /* TRUE: read from the file; FALSE: binarized (docs/methods.md §2) */
  char **notes;          /* what the loader chose about the file (one line each), or NULL */
} LescDataset;

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

/* Recompute the checksum after changing the numbers. */
void lesc_dataset_update_checksum (LescDataset *ds);

/* The data-set name of a file: base name without extension, lower case, '_' → '-'. */
char *lesc_dataset_name_from_path (const char *path);
/* A name as the lookups compare it: lower case, '_' → '-' ("Yeast_alpha" → "yeast-alpha"). */
char *lesc_dataset_canonical_name (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescDataset, lesc_dataset_free)

G_END_DECLS
