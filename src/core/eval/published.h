/* Numbers published in the literature that the program compares its own against
 * (`lesc table --against published`, docs/reproducing.md). Data, not code: each table
 * says where it was printed and which KL direction its numbers use. */
#pragma once
#include "core/eval/measures.h"

G_BEGIN_DECLS

typedef struct {
  const char *dataset;                /* the program's name: "sjaffe", "yeast-alpha" */
  const char *method;                 /* registry key: "lp" */
  double measures[LESC_N_MEASURES];   /* indexed by LescMeasure, as printed (3 decimals) */
} LescPublishedRow;

typedef struct {
  const char *key;                    /* "published": the --against value */
  const char *source;                 /* where the numbers were printed */
  LescKlDirection kl;                 /* the direction of the KL column */
  int decimals;                       /* as printed */
  const LescPublishedRow *rows;
  guint n_rows;
} LescPublishedTable;

/* The recovery results of Table 3 of Zheng et al., "Generalized Label Enhancement with
 * Sample Correlations", IEEE TKDE 2021, for Artificial, SJAFFE, Yeast-alpha and
 * Yeast-cold: all seven methods (the FCM, KM, LP and ML rows there are those of Xu, Liu,
 * Geng, "Label Enhancement for Label Distribution Learning", IEEE TKDE 2019). */
const LescPublishedTable *lesc_published_recovery (void);

/* The table of that key ("published"), or NULL. */
const LescPublishedTable *lesc_published_find_table (const char *key);

/* The row of `method` (registry key, case-insensitive) on the data set `dataset`: a name
 * or a path, compared by its base name without .mat/.csv, case-insensitive, '_' read as
 * '-' ("Yeast_alpha.mat" → yeast-alpha). NULL when the table has none. */
const LescPublishedRow *lesc_published_find (const LescPublishedTable *t, const char *dataset,
                                             const char *method);

G_END_DECLS
