/* The artificial data set of the GLLE paper (docs/methods.md §9). */
#include "core/data/artificial.h"

#include <math.h>

LescDataset *
lesc_dataset_new_artificial (void)
{
  const gsize side = 51, n = side * side;
  const double r[3][3] = { { 4, 2, 1 }, { 1, 2, 4 }, { 1, 4, 2 } };
  const double eta1 = 0.01, eta2 = 0.01;
  LescMatrix *x = lesc_matrix_new (n, 3);
  LescMatrix *y = lesc_matrix_new (n, 3);

  for (gsize a = 0; a < side; a++)
    for (gsize b = 0; b < side; b++)
      {
        gsize i = side * a + b; /* x1 is the slow index */
        double xv[3], w[3];
        xv[0] = ((double) a - 25.0) / 25.0;
        xv[1] = ((double) b - 25.0) / 25.0;
        xv[2] = sin ((xv[0] + xv[1]) * G_PI);
        for (int j = 0; j < 3; j++)
          w[j] = 1.0 * xv[j] + 0.5 * xv[j] * xv[j] + 0.2 * xv[j] * xv[j] * xv[j] + 1.0;
        double rw[3];
        for (int k = 0; k < 3; k++)
          rw[k] = r[k][0] * w[0] + r[k][1] * w[1] + r[k][2] * w[2];
        double phi1 = rw[0] * rw[0];
        double phi2 = (rw[1] + eta1 * phi1) * (rw[1] + eta1 * phi1);
        double phi3 = (rw[2] + eta2 * phi2) * (rw[2] + eta2 * phi2);
        double s = phi1 + phi2 + phi3;
        for (int j = 0; j < 3; j++)
          LESC_AT (x, i, j) = xv[j];
        LESC_AT (y, i, 0) = phi1 / s;
        LESC_AT (y, i, 1) = phi2 / s;
        LESC_AT (y, i, 2) = phi3 / s;
      }
  return lesc_dataset_new ("artificial", x, y, NULL);
}
