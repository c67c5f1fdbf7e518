/* Checking a loaded data set before any work, and the numbers `lesc info` reports. */
#pragma once
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* |Σ_j y_ij − 1| above this makes row i "not a distribution". The public LDL files are
 * stored rounded to at most 3e-6 (datasets/README.md). */
#define LESC_SUM_TOLERANCE 1e-5

typedef enum {
  LESC_VALIDATE_DEFAULT = 0,
  /* Divide every row of the truth by its sum instead of refusing rows that do not sum
   * to 1 (a row summing to 0 is still refused); binarized logical labels are recomputed. */
  LESC_VALIDATE_RENORMALIZE = 1 << 0,
} LescValidateFlags;

/* What validation found; also what `lesc info` prints. Row indices are 0-based. */
typedef struct _LescValidateReport {
  gsize n, q, o;
  double bytes;                   /* memory the data set takes (features, truth, logical) */
  gboolean has_truth;             /* FALSE: only logical labels (the sums below are 0) */
  double sum_min, sum_max;        /* row sums of the truth, before any renormalization */
  gsize not_distributions;        /* rows with |sum − 1| > LESC_SUM_TOLERANCE */
  gsize first_not_distribution;   /* the first such row (valid when the count is > 0) */
  gboolean truth_zero_one;        /* rows not summing to 1, and every degree is 0 or 1:
                                   * logical labels read as distributions */
  gsize renormalized;             /* rows divided by their sums (LESC_VALIDATE_RENORMALIZE) */
  gsize zero_entries, zero_rows;  /* exact zeros in the truth, rows holding at least one */
  gsize distinct_rows;            /* distinct feature rows */
  gsize duplicate_groups;         /* groups of ≥ 2 identical feature rows */
  gsize duplicate_rows;           /* rows in those groups */
  double label_cardinality;       /* mean number of 1s per row of the logical labels */
} LescValidateReport;

/* Check `ds` and fill `report` (may be NULL). Refuses (LESC_ERROR_DATA, the message names
 * the file, the table, the row and column and what was expected): n = 0, q = 0, o < 2,
 * inconsistent shapes, a data set larger than the memory limit, NaN or ±Inf anywhere,
 * negative degrees, rows of the truth not summing to 1 within LESC_SUM_TOLERANCE (unless
 * LESC_VALIDATE_RENORMALIZE: then they are divided by their sums and the checksum is
 * updated), logical labels other than 0 and 1, an all-zero logical row, and (logical labels
 * read from the file) an all-zero logical column. */
gboolean lesc_dataset_validate (LescDataset *ds, LescValidateFlags flags,
                                LescValidateReport *report, GError **error);

/* How many of the last columns of `m` hold only 0 and 1 (at most cols − 1: a table of
 * features and labels keeps one feature): the logical labels a table most likely ends
 * with (the explorer's open dialog proposes them). */
gsize lesc_matrix_trailing_zero_one_columns (const LescMatrix *m);

/* Bytes an n×q features + two n×o label tables take as doubles. */
double lesc_dataset_estimate_bytes (double n, double q, double o);
/* The largest data set accepted: the physical memory (the data alone cannot exceed it),
 * or $LESC_MAX_DATA_BYTES when set. */
double lesc_dataset_max_bytes (void);
/* Refuse (LESC_ERROR_MEMORY, quoting `what` and both sizes) `bytes` above that limit. */
gboolean lesc_dataset_check_bytes (const char *what, double bytes, GError **error);
/* The same for a data set of this shape, before allocating it; `where` names the file. */
gboolean lesc_dataset_check_size (const char *where, double n, double q, double o, GError **error);

G_END_DECLS
