/* The Distributions view: the ground truth and each method's recovered distributions
 * side by side, painted by the scatter painter of src/plot (decorrelation-stretched RGB
 * for 3 labels, or one heatmap per label); hovering a point shows its sample. */
#pragma once
#include <adwaita.h>
#include "app/data-object.h"
#include "app/results-view.h"

G_BEGIN_DECLS

#define LESC_TYPE_DISTRIBUTIONS_VIEW (lesc_distributions_view_get_type ())
G_DECLARE_FINAL_TYPE (LescDistributionsView, lesc_distributions_view, LESC, DISTRIBUTIONS_VIEW,
                      LescResultsView)

/* The results (of that data set) and the KL direction: lesc_results_view_set_results,
 * _set_kl. */
void lesc_distributions_view_set_data (LescDistributionsView *self, LescDataObject *data);

/* For the tests: panels drawn (ground truth included), and the tooltip text at the centre
 * of sample `i` in panel `panel` (NULL when there is none). */
guint lesc_distributions_view_get_n_panels (LescDistributionsView *self);
char *lesc_distributions_view_describe_point (LescDistributionsView *self, guint panel, gsize i);

G_END_DECLS
