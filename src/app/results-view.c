#include "config.h"
#include "app/results-view.h"

typedef struct
{
  GListModel *results;
  LescKlDirection kl;
} LescResultsViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (LescResultsView, lesc_results_view, GTK_TYPE_WIDGET)

static void
rebuild (LescResultsView *self)
{
  LescResultsViewClass *klass = LESC_RESULTS_VIEW_GET_CLASS (self);
  if (klass->rebuild != NULL)
    klass->rebuild (self);
}

static void
results_changed_cb (LescResultsView *self)
{
  rebuild (self);
}

void
lesc_results_view_set_results (LescResultsView *self, GListModel *results)
{
  g_return_if_fail (LESC_IS_RESULTS_VIEW (self));
  LescResultsViewPrivate *priv = lesc_results_view_get_instance_private (self);
  if (priv->results != NULL)
    g_signal_handlers_disconnect_by_func (priv->results, results_changed_cb, self);
  g_set_object (&priv->results, results);
  if (results != NULL)
    g_signal_connect_swapped (results, "items-changed", G_CALLBACK (results_changed_cb), self);
  rebuild (self);
}

GListModel *
lesc_results_view_get_results (LescResultsView *self)
{
  LescResultsViewPrivate *priv = lesc_results_view_get_instance_private (self);
  return priv->results;
}

void
lesc_results_view_set_kl (LescResultsView *self, LescKlDirection kl)
{
  g_return_if_fail (LESC_IS_RESULTS_VIEW (self));
  LescResultsViewPrivate *priv = lesc_results_view_get_instance_private (self);
  priv->kl = kl;
  rebuild (self);
}

LescKlDirection
lesc_results_view_get_kl (LescResultsView *self)
{
  LescResultsViewPrivate *priv = lesc_results_view_get_instance_private (self);
  return priv->kl;
}

static void
lesc_results_view_dispose (GObject *object)
{
  LescResultsView *self = LESC_RESULTS_VIEW (object);
  LescResultsViewPrivate *priv = lesc_results_view_get_instance_private (self);
  if (priv->results != NULL)
    g_signal_handlers_disconnect_by_func (priv->results, results_changed_cb, self);
  g_clear_object (&priv->results);
  G_OBJECT_CLASS (lesc_results_view_parent_class)->dispose (object);
}

static void
lesc_results_view_class_init (LescResultsViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lesc_results_view_dispose;
}

static void
lesc_results_view_init (LescResultsView *self)
{
}
