#include "config.h"
#include "app/data-object.h"
#include "core/data/open.h"
#include "core/numeric/pca.h"
#include "plot/positions.h"

#include <glib/gi18n.h>
#include <string.h>

struct _LescDataObject
{
  GObject parent_instance;
  LescDataset *dataset;
  LescValidateReport report;
  gsize label_columns;
  gboolean logical;
  gboolean renormalize;
  char **given_names;       /* names given in the explorer, or NULL */
  GMutex embedding_lock;
  gboolean embedding_done;
  LescMatrix *embedding;    /* n×2, or NULL */
  double explained[2];
};

enum { SIGNAL_LABEL_NAMES_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescDataObject, lesc_data_object, G_TYPE_OBJECT)

static void
lesc_data_object_finalize (GObject *object)
{
  LescDataObject *self = LESC_DATA_OBJECT (object);
  g_clear_pointer (&self->dataset, lesc_dataset_free);
  g_strfreev (self->given_names);
  lesc_matrix_free (self->embedding);
  g_mutex_clear (&self->embedding_lock);
  G_OBJECT_CLASS (lesc_data_object_parent_class)->finalize (object);
}

static void
lesc_data_object_class_init (LescDataObjectClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_data_object_finalize;
  signals[SIGNAL_LABEL_NAMES_CHANGED] = g_signal_new ("label-names-changed", G_TYPE_FROM_CLASS (klass),
                                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                      G_TYPE_NONE, 0);
}

static void
lesc_data_object_init (LescDataObject *self)
{
  g_mutex_init (&self->embedding_lock);
}

LescDataObject *
lesc_data_object_new (LescDataset *dataset, const LescValidateReport *report)
{
  g_return_val_if_fail (dataset != NULL, NULL);
  LescDataObject *self = g_object_new (LESC_TYPE_DATA_OBJECT, NULL);
  self->dataset = dataset;
  if (report != NULL)
    self->report = *report;
  return self;
}

LescDataObject *
lesc_data_object_new_artificial (void)
{
  LescValidateReport report;
  g_autoptr (GError) error = NULL;
  LescDataset *ds = lesc_dataset_open_with ("artificial", NULL, &report, &error);
  if (ds == NULL)
    g_error ("the built-in data set: %s", error->message);
  return lesc_data_object_new (ds, &report);
}

const LescDataset *
lesc_data_object_get_dataset (LescDataObject *self)
{
  g_return_val_if_fail (LESC_IS_DATA_OBJECT (self), NULL);
  return self->dataset;
}

const LescValidateReport *
lesc_data_object_get_report (LescDataObject *self)
{
  g_return_val_if_fail (LESC_IS_DATA_OBJECT (self), NULL);
  return &self->report;
}

const char *
lesc_data_object_get_name (LescDataObject *self)
{
  g_return_val_if_fail (LESC_IS_DATA_OBJECT (self), NULL);
  return self->dataset->name;
}

const char *
lesc_data_object_get_checksum (LescDataObject *self)
{
  return self != NULL ? self->dataset->checksum : NULL;
}

const char *
lesc_data_object_get_spec (LescDataObject *self)
{
  return self->dataset->source != NULL ? self->dataset->source : self->dataset->name;
}

void
lesc_data_object_get_open_options (LescDataObject *self, LescOpenOptions *options)
{
  memset (options, 0, sizeof *options);
  options->label_columns = self->logical ? 0 : self->label_columns;
  options->logical_columns = self->logical ? self->label_columns : 0;
  options->flags = self->renormalize ? LESC_VALIDATE_RENORMALIZE : LESC_VALIDATE_DEFAULT;
}

char *
lesc_data_object_dup_label_name (LescDataObject *self, gsize j)
{
  if (self->given_names != NULL && j < g_strv_length (self->given_names) && self->given_names[j][0] != '\0')
    return g_strdup (self->given_names[j]);
  if (self->dataset->label_names != NULL && self->dataset->label_names[j] != NULL)
    return g_strdup (self->dataset->label_names[j]);
  /* TRANSLATORS: a label without a name in the data file: "label 3" */
  return g_strdup_printf (_("label %zu"), j + 1);
}

void
lesc_data_object_set_label_names (LescDataObject *self, const char *const *names)
{
  g_return_if_fail (LESC_IS_DATA_OBJECT (self));
  g_strfreev (self->given_names);
  self->given_names = names != NULL ? g_strdupv ((char **) names) : NULL;
  g_signal_emit (self, signals[SIGNAL_LABEL_NAMES_CHANGED], 0);
}

gboolean
lesc_data_object_has_given_names (LescDataObject *self)
{
  return self->given_names != NULL;
}

const LescMatrix *
lesc_data_object_get_embedding (LescDataObject *self, double explained[2])
{
  g_mutex_lock (&self->embedding_lock);
  if (!self->embedding_done)
    {
      const LescMatrix *x = self->dataset->features;
      if (x->rows >= 2 && x->cols >= 2)
        self->embedding = lesc_pca (x, 2, self->explained, NULL);
      self->embedding_done = TRUE;
    }
  g_mutex_unlock (&self->embedding_lock);
  if (explained != NULL)
    {
      explained[0] = self->explained[0];
      explained[1] = self->explained[1];
    }
  return self->embedding;
}

gboolean
lesc_data_object_is_grid (LescDataObject *self)
{
  return lesc_positions_is_grid (self->dataset);
}

LescPositions *
lesc_data_object_positions (LescDataObject *self)
{
  double explained[2];
  const LescMatrix *pca = lesc_data_object_is_grid (self) ? NULL
                          : lesc_data_object_get_embedding (self, explained);
  return lesc_positions_default (self->dataset, pca, explained);
}

char **
lesc_data_object_dup_label_names (LescDataObject *self)
{
  gsize o = lesc_dataset_o (self->dataset);
  char **names = g_new0 (char *, o + 1);
  for (gsize j = 0; j < o; j++)
    names[j] = lesc_data_object_dup_label_name (self, j);
  return names;
}

typedef struct {
  LescOpenRequest request;
  LescValidateReport report;
} OpenTask;

static void
open_task_free (OpenTask *t)
{
  g_free (t->request.spec);
  g_free (t->request.data_dir);
  g_free (t);
}

static void
open_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  OpenTask *t = task_data;
  LescOpenOptions options = {
    .data_dir = t->request.data_dir,
    .label_columns = t->request.logical ? 0 : t->request.label_columns,
    .logical_columns = t->request.logical ? t->request.label_columns : 0,
    .flags = t->request.renormalize ? LESC_VALIDATE_RENORMALIZE : LESC_VALIDATE_DEFAULT,
  };
  GError *error = NULL;
  LescDataset *ds = lesc_dataset_open_with (t->request.spec, &options, &t->report, &error);
  if (ds == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  LescDataObject *object = lesc_data_object_new (ds, &t->report);
  object->label_columns = t->request.label_columns;
  object->logical = t->request.logical;
  object->renormalize = t->request.renormalize;
  lesc_data_object_get_embedding (object, NULL);   /* here, not on the main loop */
  g_task_return_pointer (task, object, g_object_unref);
}

void
lesc_data_object_open_async (const LescOpenRequest *request, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, lesc_data_object_open_async);
  OpenTask *t = g_new0 (OpenTask, 1);
  t->request = *request;
  t->request.spec = g_strdup (request->spec);
  t->request.data_dir = request->data_dir != NULL && request->data_dir[0] != '\0'
                          ? g_strdup (request->data_dir) : NULL;
  g_task_set_task_data (task, t, (GDestroyNotify) open_task_free);
  g_task_run_in_thread (task, open_thread);
}

LescDataObject *
lesc_data_object_open_finish (GAsyncResult *result, LescValidateReport *report, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  if (report != NULL)
    *report = ((OpenTask *) g_task_get_task_data (G_TASK (result)))->report;
  return g_task_propagate_pointer (G_TASK (result), error);
}
