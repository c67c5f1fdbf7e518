/* The base of the views that show the window's current results (Measures, Distributions):
 * it holds the results model and the KL direction and asks the subclass to rebuild when
 * either changes. */
#pragma once
#include <gtk/gtk.h>
#include "core/eval/measures.h"

G_BEGIN_DECLS

#define LESC_TYPE_RESULTS_VIEW (lesc_results_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (LescResultsView, lesc_results_view, LESC, RESULTS_VIEW, GtkWidget)

struct _LescResultsViewClass
{
  GtkWidgetClass parent_class;

  /* The results or the KL direction changed: show them again. */
  void (*rebuild) (LescResultsView *self);
};

/* `results`: a GListModel of LescResult (the current results of the window). */
void            lesc_results_view_set_results (LescResultsView *self, GListModel *results);
GListModel     *lesc_results_view_get_results (LescResultsView *self);
void            lesc_results_view_set_kl (LescResultsView *self, LescKlDirection kl);
LescKlDirection lesc_results_view_get_kl (LescResultsView *self);

G_END_DECLS
