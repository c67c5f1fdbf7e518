/* Saved models (the format is in model.h and docs/formats.md). */
#include "core/experiments/model.h"
#include "core/methods/run.h"
#include "core/numeric/preprocess.h"
#include "core/data/validate.h"
#include "core/base/error.h"
#include "core/base/output.h"

#include <math.h>
#include <string.h>

static const char magic[8] = { 'L', 'E', 'S', 'C', 'M', 'O', 'D', 'L' };
#define SUM_BYTES 32

void
lesc_model_free (LescModel *model)
{
  if (model == NULL)
    return;
  g_strfreev (model->label_names);
  g_strfreev (model->settings);
  g_free (model->mean);
  g_free (model->sd);
  lesc_le_model_free (model->le);
  g_free (model);
}

/* ---- training --------------------------------------------------------------------- */

LescMatrix *
lesc_model_train (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                  int hold_out, guint folds, guint32 fold_seed, LescProgress *progress,
                  LescRunResult *result, LescModel **model_out, gsize *train_rows,
                  gsize *n_train_out, GError **error)
{
  gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds), c = lesc_dataset_o (ds);
  memset (result, 0, sizeof *result);
  if (!m->has_mapping)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no mapping to new samples: a model needs GLLE, LESC or gLESC",
                   m->display_name);
      return NULL;
    }
  g_autoptr (LescModel) model = g_new0 (LescModel, 1);
  model->method = m;
  model->q = q;
  model->c = c;
  model->mean = g_new (double, MAX (q, 1));
  model->sd = g_new (double, MAX (q, 1));
  lesc_zscore_stats (ds->features, model->mean, model->sd);
  model->label_names = g_strdupv (ds->label_names);
  model->settings = lesc_run_settings (ds, m, p);
  LescMatrix *d = NULL;
  if (hold_out < 0)
    {
      d = lesc_method_run_with_model (m, ds, p, progress, result, error);
      if (n_train_out)
        *n_train_out = n;
      for (gsize i = 0; train_rows != NULL && i < n; i++)
        train_rows[i] = i;
    }
  else
    {
      if (folds < 2 || folds > n || (guint) hold_out >= folds)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s: fold %d of %u for %zu samples (expected 2 ≤ folds ≤ n and "
                       "1 ≤ fold ≤ folds)", ds->name, hold_out + 1, folds, n);
          return NULL;
        }
      if (!lesc_run_params_check (p, m, error))
        return NULL;
      /* as cross-validation: z-score once over all rows, fit on the training rows */
      g_autofree gsize *train = g_new (gsize, n);
      g_autofree gsize *test = g_new (gsize, n);
      gsize n_train, n_test;
      lesc_fold_rows (n, folds, fold_seed, (guint) hold_out, train, &n_train, test, &n_test);
      /* the formulation for the training rows (docs/methods.md §11) */
      LescRunParams chosen;
      if (!lesc_method_choose_scale (m, ds->name, n_train, q, c, p, &chosen,
                                     &result->memory_estimate, &result->note, error))
        return NULL;
      p = &chosen;
      g_autoptr (LescMatrix) xz = lesc_zscore (ds->features);
      g_autoptr (LescMatrix) x_train = lesc_matrix_select_rows (xz, train, n_train);
      g_autoptr (LescMatrix) l_train = lesc_matrix_select_rows (ds->logical, train, n_train);
      LescProblem problem = { x_train, l_train };
      d = m->recover (&problem, p, TRUE, progress, result, error);
      if (n_train_out)
        *n_train_out = n_train;
      if (train_rows != NULL)
        memcpy (train_rows, train, n_train * sizeof (gsize));
    }
  if (d == NULL)
    return NULL;
  if (result->model == NULL)
    {
      lesc_matrix_free (d);
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC, "%s: the run kept no model",
                   m->display_name);
      return NULL;
    }
  model->le = g_steal_pointer (&result->model);
  *model_out = g_steal_pointer (&model);
  return d;
}

/* ---- the file --------------------------------------------------------------------- */

static void
put_u64 (GByteArray *b, guint64 v)
{
  v = GUINT64_TO_LE (v);
  g_byte_array_append (b, (const guint8 *) &v, 8);
}

static void
put_doubles (GByteArray *b, const double *v, gsize count)
{
  for (gsize k = 0; k < count; k++)
    {
      guint64 bits;
      memcpy (&bits, &v[k], 8);
      put_u64 (b, bits);
    }
}

static char *
text_block (const LescModel *model, gsize *length)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_key_file_set_string (kf, "model", "method", model->method->name);
  if (model->label_names != NULL)
    g_key_file_set_string_list (kf, "labels", "names",
                                (const char *const *) model->label_names, model->c);
  for (guint k = 0; model->settings && model->settings[k] && model->settings[k + 1]; k += 2)
    g_key_file_set_string (kf, "settings", model->settings[k], model->settings[k + 1]);
  return g_key_file_to_data (kf, length, NULL);
}

guchar *
lesc_model_format (const LescModel *model, gsize *length)
{
  const LescLeModel *le = model->le;
  gsize n = le->x_train->rows;
  gsize text_len;
  g_autofree char *text = text_block (model, &text_len);
  GByteArray *b = g_byte_array_new ();
  g_byte_array_append (b, (const guint8 *) magic, sizeof magic);
  guint32 version = GUINT32_TO_LE (LESC_MODEL_VERSION), tl = GUINT32_TO_LE ((guint32) text_len);
  g_byte_array_append (b, (const guint8 *) &version, 4);
  g_byte_array_append (b, (const guint8 *) &tl, 4);
  g_byte_array_append (b, (const guint8 *) text, (guint) text_len);
  static const guint8 zeros[8] = { 0 };
  g_byte_array_append (b, zeros, (8 - b->len % 8) % 8);
  put_u64 (b, n);
  put_u64 (b, model->q);
  put_u64 (b, model->c);
  put_doubles (b, &le->width, 1);
  put_doubles (b, model->mean, model->q);
  put_doubles (b, model->sd, model->q);
  put_doubles (b, le->x_train->data, n * model->q);
  put_doubles (b, le->w->data, (n + 1) * model->c);
  guint8 sum[SUM_BYTES];
  gsize sum_len = sizeof sum;
  g_autoptr (GChecksum) cs = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (cs, b->data, b->len);
  g_checksum_get_digest (cs, sum, &sum_len);
  g_byte_array_append (b, sum, SUM_BYTES);
  *length = b->len;
  return g_byte_array_free (b, FALSE);
}

gboolean
lesc_model_save (const LescModel *model, const char *path, GError **error)
{
  gsize length;
  g_autofree guchar *bytes = lesc_model_format (model, &length);
  return lesc_output_write (path, bytes, length, error);
}

static gboolean
refuse (GError **error, const char *path, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
refuse (GError **error, const char *path, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s", path, msg);
  return FALSE;
}

static guint64
get_u64 (const guchar *p)
{
  guint64 v;
  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

static void
get_doubles (const guchar **p, double *out, gsize count)
{
  for (gsize k = 0; k < count; k++, *p += 8)
    {
      guint64 bits = get_u64 (*p);
      memcpy (&out[k], &bits, 8);
    }
}

static gboolean
parse_text (const char *path, const char *text, gsize len, LescModel *model, GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  if (!g_utf8_validate (text, (gssize) len, NULL)
      || !g_key_file_load_from_data (kf, text, len, G_KEY_FILE_NONE, NULL))
    return refuse (error, path, "damaged model file (its text block does not parse)");
  g_autofree char *method = g_key_file_get_string (kf, "model", "method", NULL);
  model->method = method ? lesc_method_find (method) : NULL;
  if (model->method == NULL || !model->method->has_mapping)
    return refuse (error, path, "model of an unknown method '%s' (expected glle, lesc or glesc)",
                   method ? method : "");
  gsize count = 0;
  model->label_names = g_key_file_get_string_list (kf, "labels", "names", &count, NULL);
  if (model->label_names != NULL && count != model->c)
    g_clear_pointer (&model->label_names, g_strfreev);
  gsize nkeys = 0;
  g_auto (GStrv) keys = g_key_file_get_keys (kf, "settings", &nkeys, NULL);
  model->settings = g_new0 (char *, 2 * nkeys + 1);
  for (gsize k = 0; k < nkeys; k++)
    {
      model->settings[2 * k] = g_strdup (keys[k]);
      model->settings[2 * k + 1] = g_key_file_get_string (kf, "settings", keys[k], NULL);
      if (model->settings[2 * k + 1] == NULL)
        model->settings[2 * k + 1] = g_strdup ("");
    }
  return TRUE;
}

LescModel *
lesc_model_load (const char *path, GError **error)
{
  g_autoptr (GMappedFile) file = lesc_map_file (path, error);
  if (file == NULL)
    return NULL;
  return lesc_model_parse ((const guchar *) g_mapped_file_get_contents (file),
                           g_mapped_file_get_length (file), path, error);
}

LescModel *
lesc_model_parse (const guchar *d, gsize len, const char *path, GError **error)
{
  if (len < 16 || memcmp (d, magic, sizeof magic) != 0)
    return refuse (error, path, "not a lesc model file (no 'LESCMODL' at its start)"), NULL;
  guint32 version, text_len;
  memcpy (&version, d + 8, 4);
  memcpy (&text_len, d + 12, 4);
  version = GUINT32_FROM_LE (version);
  text_len = GUINT32_FROM_LE (text_len);
  if (version != LESC_MODEL_VERSION)
    return refuse (error, path, "model format version %u (this lesc reads version %u; "
                   "save the model again with this lesc)", version, LESC_MODEL_VERSION), NULL;
  gsize h = 16 + (gsize) text_len;
  h += (8 - h % 8) % 8;
  if (h + 32 + SUM_BYTES > len)
    return refuse (error, path, "truncated model file (%zu bytes)", len), NULL;
  guint64 n = get_u64 (d + h), q = get_u64 (d + h + 8), c = get_u64 (d + h + 16);
  /* the sizes the numbers need, compared in floating point first: no overflow */
  double need = (double) h + 32.0 + 8.0 * (2.0 * (double) q + (double) n * (double) q
                                           + ((double) n + 1.0) * (double) c) + SUM_BYTES;
  if (need != (double) len || n == 0 || q == 0 || c == 0)
    return refuse (error, path, "truncated or damaged model file (its header needs %.0f bytes "
                   "for n = %" G_GUINT64_FORMAT ", q = %" G_GUINT64_FORMAT ", c = %"
                   G_GUINT64_FORMAT "; the file has %zu)", need, n, q, c, len), NULL;
  guint8 sum[SUM_BYTES];
  gsize sum_len = sizeof sum;
  g_autoptr (GChecksum) cs = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (cs, d, len - SUM_BYTES);
  g_checksum_get_digest (cs, sum, &sum_len);
  if (memcmp (sum, d + len - SUM_BYTES, SUM_BYTES) != 0)
    return refuse (error, path, "damaged model file (its SHA-256 checksum does not match)"), NULL;

  g_autoptr (LescModel) model = g_new0 (LescModel, 1);
  model->q = q;
  model->c = c;
  if (!parse_text (path, (const char *) d + 16, text_len, model, error))
    return NULL;
  const guchar *p = d + h + 24;
  model->le = g_new0 (LescLeModel, 1);
  get_doubles (&p, &model->le->width, 1);
  model->mean = g_new (double, q);
  model->sd = g_new (double, q);
  get_doubles (&p, model->mean, q);
  get_doubles (&p, model->sd, q);
  model->le->x_train = lesc_matrix_new (n, q);
  get_doubles (&p, model->le->x_train->data, n * q);
  model->le->w = lesc_matrix_new (n + 1, c);
  get_doubles (&p, model->le->w->data, (n + 1) * c);
  if (!(model->le->width > 0) || !isfinite (model->le->width))
    return refuse (error, path, "damaged model file (kernel width %g)", model->le->width), NULL;
  /* a checksum only says the file is as written: a crafted one may hold NaN or ±Inf,
   * which would come out as distributions of NaN */
  struct { const char *name; const double *v; gsize count; } parts[] = {
    { "feature means", model->mean, q },
    { "feature scales", model->sd, q },
    { "training features", model->le->x_train->data, n * q },
    { "weights W", model->le->w->data, (n + 1) * c },
  };
  for (guint k = 0; k < G_N_ELEMENTS (parts); k++)
    for (gsize e = 0; e < parts[k].count; e++)
      if (!isfinite (parts[k].v[e]) || (parts[k].v == model->sd && !(parts[k].v[e] > 0)))
        return refuse (error, path, "damaged model file (its %s hold %s at entry %zu; expected "
                       "finite numbers%s)", parts[k].name,
                       isnan (parts[k].v[e]) ? "NaN" : isinf (parts[k].v[e]) ? "an infinity"
                                                                             : "a value ≤ 0",
                       e + 1, parts[k].v == model->sd ? " > 0" : ""), NULL;
  return g_steal_pointer (&model);
}

LescMatrix *
lesc_model_predict (const LescModel *model, const LescMatrix *features, const char *where,
                    GError **error)
{
  if (features->cols != model->q)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: has %zu feature column%s but the model was trained on %zu features",
                   where, features->cols, features->cols == 1 ? "" : "s", model->q);
      return NULL;
    }
  gsize i, j;
  if (!lesc_matrix_all_finite (features, &i, &j))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: features row %zu, column %zu is not a finite number", where, i + 1,
                   j + 1);
      return NULL;
    }
  g_autofree char *what = g_strdup_printf ("%s: predicting %zu rows from %zu training rows",
                                           where, features->rows, model->le->x_train->rows);
  if (!lesc_dataset_check_bytes (what, 8.0 * (double) features->rows
                                         * ((double) model->le->x_train->rows + 1.0 + model->c),
                                 error))
    return NULL;
  g_autoptr (LescMatrix) xz = lesc_zscore_apply (features, model->mean, model->sd);
  return lesc_le_predict (model->le, xz);
}
