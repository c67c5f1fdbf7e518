/* A part of the built-in artificial set as two CSV files (features, label distributions):
 * a small data set that a session opens by its spec, for the session-level tests. */
#pragma once
#include <glib.h>

#include "core/data/artificial.h"
#include "core/data/csv.h"

/* Rows first, first + step, … (n of them) written to DIR/NAME-x.csv and DIR/NAME-y.csv;
 * returns the spec "X,Y" (free it). */
static inline char *
lesc_test_artificial_part (const char *dir, const char *name, gsize n, gsize step, gsize first)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  g_autofree gsize *rows = g_new (gsize, n);
  for (gsize i = 0; i < n; i++)
    rows[i] = first + step * i;
  g_autoptr (LescDataset) part = lesc_dataset_new (name, lesc_matrix_select_rows (art->features, rows, n),
                                                   lesc_matrix_select_rows (art->truth, rows, n), NULL);
  g_autofree char *xname = g_strdup_printf ("%s-x.csv", name);
  g_autofree char *yname = g_strdup_printf ("%s-y.csv", name);
  g_autofree char *x = g_build_filename (dir, xname, NULL);
  g_autofree char *y = g_build_filename (dir, yname, NULL);
  g_autoptr (GError) error = NULL;
  if (!lesc_dataset_save_csv (part, x, y, &error))
    g_error ("%s", error->message);
  return g_strdup_printf ("%s,%s", x, y);
}
