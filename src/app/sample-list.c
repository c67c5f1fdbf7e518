/* Found samples as a list model made on demand (sample-list.h). */
#include "config.h"
#include "app/sample-list.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#define LABELS_SHOWN 4

struct _LescSampleList
{
  GObject parent_instance;
  LescDataObject *data;
  const LescMatrix *values;   /* the data set's (kept alive by `data`) */
  GArray *indices;            /* guint32 */
  char **names;               /* the label names */
};

static GType
get_item_type (GListModel *list)
{
  return GTK_TYPE_STRING_OBJECT;
}

static guint
get_n_items (GListModel *list)
{
  LescSampleList *self = LESC_SAMPLE_LIST (list);
  return self->indices != NULL ? self->indices->len : 0;
}

static gpointer
get_item (GListModel *list, guint position)
{
  LescSampleList *self = LESC_SAMPLE_LIST (list);
  if (self->indices == NULL || position >= self->indices->len)
    return NULL;
  gsize i = g_array_index (self->indices, guint32, position);
  /* TRANSLATORS: a row of the inspector's list of found samples, then its degrees */
  GString *s = g_string_new (NULL);
  g_string_printf (s, _("Sample %zu"), i + 1);
  for (gsize j = 0; j < self->values->cols && j < LABELS_SHOWN; j++)
    g_string_append_printf (s, " · %s %.3g", self->names[j], LESC_AT (self->values, i, j));
  if (self->values->cols > LABELS_SHOWN)
    g_string_append (s, " · …");
  GtkStringObject *o = gtk_string_object_new (s->str);
  g_string_free (s, TRUE);
  return o;
}

static void
lesc_sample_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (LescSampleList, lesc_sample_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, lesc_sample_list_model_init))

static void
lesc_sample_list_finalize (GObject *object)
{
  LescSampleList *self = LESC_SAMPLE_LIST (object);
  g_clear_object (&self->data);
  g_clear_pointer (&self->indices, g_array_unref);
  g_strfreev (self->names);
  G_OBJECT_CLASS (lesc_sample_list_parent_class)->finalize (object);
}

static void
lesc_sample_list_class_init (LescSampleListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_sample_list_finalize;
}

static void
lesc_sample_list_init (LescSampleList *self)
{
}

LescSampleList *
lesc_sample_list_new (void)
{
  return g_object_new (LESC_TYPE_SAMPLE_LIST, NULL);
}

void
lesc_sample_list_set (LescSampleList *self, LescDataObject *data, const LescMatrix *values, GArray *indices)
{
  guint before = get_n_items (G_LIST_MODEL (self));
  g_set_object (&self->data, data);
  self->values = values;
  g_clear_pointer (&self->indices, g_array_unref);
  self->indices = indices;
  g_strfreev (self->names);
  self->names = data != NULL ? lesc_data_object_dup_label_names (data) : NULL;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, before, get_n_items (G_LIST_MODEL (self)));
}

gint64
lesc_sample_list_get_sample (LescSampleList *self, guint position)
{
  if (self->indices == NULL || position >= self->indices->len)
    return -1;
  return g_array_index (self->indices, guint32, position);
}
