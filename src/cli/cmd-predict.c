/* lesc predict MODEL FEATURES [-o OUT] — label distributions for new samples from a model
 * saved by `lesc recover --save-model` (GLLE, LESC, gLESC). */
#include "cli/cli.h"
#include "core/base/output.h"
#include "cli/commands.h"
#include "core/data/tablefile.h"
#include "core/experiments/model.h"

#include <stdio.h>
#include <string.h>

static char *output = NULL;

static const GOptionEntry entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
    "Write the distributions to FILE: .csv, .tsv, .mat, .npy or .json (the extension "
    "chooses; default: CSV on standard output)", "FILE" },
  { NULL }
};

/* The features of FEATURES: a table, or the 'features' variable of a .mat/.npz; with
 * --label-columns/--logical-columns, the trailing label columns of a table are dropped. */
static LescMatrix *
read_features (const char *path, GError **error)
{
  LescOpenOptions o = lesc_cli_open_options ();
  g_autofree char *note = NULL;
  g_autoptr (LescMatrix) all = lesc_table_read (path, &o.csv, lesc_dataset_feature_names, NULL,
                                                &note, error);
  if (all == NULL)
    return NULL;
  if (note != NULL)
    fprintf (stderr, "lesc: note: %s\n", note);
  gsize drop = o.label_columns + o.logical_columns;
  if (drop == 0)
    return g_steal_pointer (&all);
  if (drop >= all->cols)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: has %zu columns, so dropping %zu label columns leaves no feature", path,
                   all->cols, drop);
      return NULL;
    }
  return lesc_matrix_new_from (all->rows, all->cols - drop, all->data);
}

int
lesc_cmd_predict (int argc, char **argv)
{
  if (!lesc_cli_parse ("predict", "MODEL FEATURES",
                       "label distributions for new samples from a model saved by 'lesc "
                       "recover --save-model' (the features in the same columns as the data "
                       "the model was fitted on)", entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 3)
    return lesc_cli_usage ("predict", "expected two arguments, MODEL and FEATURES");
  g_autoptr (GError) error = NULL;
  gboolean to_stdout = output == NULL || strcmp (output, "-") == 0;
  if (!lesc_cli_check_data_options (&error)
      || (!to_stdout && !lesc_table_check_output (output, &error))
      || !lesc_cli_check_outputs (NULL, (const char *[]) { output }, 1, &error)
      || !lesc_output_check_distinct ((const char *[]) { output }, 1,
                                      (const char *[]) { argv[1], argv[2] }, 2, &error))
    return lesc_cli_fail (error);
  g_autoptr (LescModel) model = lesc_model_load (argv[1], &error);
  if (model == NULL)
    return lesc_cli_fail (error);
  g_autoptr (LescMatrix) x = read_features (argv[2], &error);
  if (x == NULL)
    return lesc_cli_fail (error);
  g_autoptr (LescMatrix) d = lesc_model_predict (model, x, argv[2], &error);
  if (d == NULL)
    return lesc_cli_fail (error);
  g_auto (GStrv) fallback = NULL;
  const char *const *names = (const char *const *) model->label_names;
  if (names == NULL)
    names = (const char *const *) (fallback = lesc_csv_default_names ("label", d->cols));
  if (to_stdout)
    {
      gsize length;
      g_autofree char *text = lesc_csv_format (d, names, &length);
      if (!lesc_cli_output (NULL, text, length, &error) || !lesc_cli_commit_outputs (&error))
        return lesc_cli_fail (error);
      return LESC_EXIT_OK;
    }
  g_autoptr (GPtrArray) settings = g_ptr_array_new ();
  for (char **s = model->settings; s && *s; s++)
    g_ptr_array_add (settings, *s);
  g_ptr_array_add (settings, "predicted_for");
  g_ptr_array_add (settings, argv[2]);
  g_ptr_array_add (settings, NULL);
  LescTableMeta meta = { .columns = names, .name = "labelDistribution",
                         .settings = (const char *const *) settings->pdata };
  if (!lesc_table_write (output, d, &meta, &error) || !lesc_cli_commit_outputs (&error))
    return lesc_cli_fail (error);
  fprintf (stderr, "lesc: %zu rows of %zu labels predicted by %s into %s\n", d->rows, d->cols,
           model->method->display_name, output);
  return LESC_EXIT_OK;
}
