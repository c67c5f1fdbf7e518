#include "config.h"
#include "app/data-object.h"

#include <glib/gi18n.h>

#include <math.h>

#include "core/preprocess.h"

struct _LescDataObject
{
  GObject parent_instance;
  LescDataset *dataset;
  LescDataFacts facts;
};

G_DEFINE_FINAL_TYPE (LescDataObject, lesc_data_object, G_TYPE_OBJECT)

static void
lesc_data_object_finalize (GObject *object)
{
  LescDataObject *self = LESC_DATA_OBJECT (object);
  g_clear_pointer (&self->dataset, lesc_dataset_free);
  G_OBJECT_CLASS (lesc_data_object_parent_class)->finalize (object);
}

static void
lesc_data_object_class_init (LescDataObjectClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_data_object_finalize;
}

static void
lesc_data_object_init (LescDataObject *self)
{
}

/* Counting for the summary line; the numbers themselves are not changed. */
static void
collect_facts (const LescDataset *ds, LescDataFacts *f)
{
  f->n = lesc_dataset_n (ds);
  f->q = lesc_dataset_q (ds);
  f->o = lesc_dataset_o (ds);
  f->logical_from_file = ds->logical_from_file;
  f->sum_min = INFINITY;
  f->sum_max = -INFINITY;
  gsize ones = 0;
  for (gsize i = 0; i < f->n; i++)
    {
      double s = 0.0;
      gboolean negative = FALSE;
      for (gsize j = 0; j < ds->truth->cols; j++)
        {
          double d = LESC_AT (ds->truth, i, j);
          s += d;
          negative |= d < 0.0;
          f->zero_degrees += d == 0.0;
        }
      for (gsize j = 0; j < f->o; j++)
        ones += LESC_AT (ds->logical, i, j) != 0.0;
      f->sum_min = MIN (f->sum_min, s);
      f->sum_max = MAX (f->sum_max, s);
      f->not_distributions += negative || fabs (s - 1.0) > 1e-5;
    }
  f->cardinality = f->n > 0 ? (double) ones / (double) f->n : 0.0;
  g_autofree gsize *group = g_new (gsize, MAX (f->n, 1));
  f->distinct_rows = lesc_distinct_rows (ds->features, group, NULL);
}

LescDataObject *
lesc_data_object_new (LescDataset *dataset)
{
  g_return_val_if_fail (dataset != NULL, NULL);
  LescDataObject *self = g_object_new (LESC_TYPE_DATA_OBJECT, NULL);
  self->dataset = dataset;
  collect_facts (dataset, &self->facts);
  return self;
}

const LescDataset *
lesc_data_object_get_dataset (LescDataObject *self)
{
  g_return_val_if_fail (LESC_IS_DATA_OBJECT (self), NULL);
  return self->dataset;
}

const LescDataFacts *
lesc_data_object_get_facts (LescDataObject *self)
{
  g_return_val_if_fail (LESC_IS_DATA_OBJECT (self), NULL);
  return &self->facts;
}

const char *
lesc_data_object_get_name (LescDataObject *self)
{
  g_return_val_if_fail (LESC_IS_DATA_OBJECT (self), NULL);
  return self->dataset->name;
}

char *
lesc_data_object_dup_label_name (LescDataObject *self, gsize j)
{
  if (self->dataset->label_names != NULL && self->dataset->label_names[j] != NULL)
    return g_strdup (self->dataset->label_names[j]);
  return g_strdup_printf ("%s %zu", _("label"), j + 1);
}

typedef struct {
  char *spec;
  char *data_dir;
} OpenInput;

static void
open_input_free (OpenInput *in)
{
  g_free (in->spec);
  g_free (in->data_dir);
  g_free (in);
}

static void
open_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  OpenInput *in = task_data;
  GError *error = NULL;
  LescDataset *ds = lesc_dataset_open (in->spec, in->data_dir, &error);
  if (ds == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, lesc_data_object_new (ds), g_object_unref);
}

void
lesc_data_object_open_async (const char *spec, const char *data_dir, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, lesc_data_object_open_async);
  OpenInput *in = g_new0 (OpenInput, 1);
  in->spec = g_strdup (spec);
  in->data_dir = data_dir != NULL && data_dir[0] != '\0' ? g_strdup (data_dir) : NULL;
  g_task_set_task_data (task, in, (GDestroyNotify) open_input_free);
  g_task_run_in_thread (task, open_thread);
}

LescDataObject *
lesc_data_object_open_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
