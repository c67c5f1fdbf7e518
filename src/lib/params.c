/* The method registry and run parameters as the public API shows them. */
#include "lib/arrays.h"
#include "core/methods/options.h"

#include <math.h>
#include <string.h>

const char *
lesc_method_get_name (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return m->name;
}

const char *
lesc_method_get_display_name (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return m->display_name;
}

const char *
lesc_method_get_description (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, NULL);
  return m->description;
}

gboolean
lesc_method_has_model (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, FALSE);
  return m->has_mapping;
}

gboolean
lesc_method_uses_seed (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, FALSE);
  return m->uses_seed;
}

gboolean
lesc_method_uses_variant (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, FALSE);
  return m->uses_variant;
}

guint
lesc_method_get_n_params (const LescMethod *m)
{
  g_return_val_if_fail (m != NULL, 0);
  return m->n_params;
}

gboolean
lesc_method_get_param (const LescMethod *m, guint i, LescParamInfo *info)
{
  g_return_val_if_fail (m != NULL && info != NULL, FALSE);
  if (i >= m->n_params)
    return FALSE;
  const LescParamSpec *s = &m->params[i];
  *info = (LescParamInfo) { s->name, s->label, s->description, s->default_value, s->min, s->max,
                            s->log_scale, s->integer };
  return TRUE;
}

LescParams *
lesc_params_new (const LescMethod *method)
{
  g_return_val_if_fail (method != NULL, NULL);
  LescParams *p = g_new0 (LescParams, 1);
  p->method = method;
  lesc_run_params_init (&p->run, method);
  return p;
}

LescParams *
lesc_params_copy (const LescParams *params)
{
  g_return_val_if_fail (params != NULL, NULL);
  return g_memdup2 (params, sizeof *params);
}

void
lesc_params_free (LescParams *params)
{
  g_free (params);
}

const LescMethod *
lesc_params_get_method (const LescParams *params)
{
  g_return_val_if_fail (params != NULL, NULL);
  return params->method;
}

gboolean
lesc_params_set (LescParams *params, const char *name, double value, GError **error)
{
  g_return_val_if_fail (params != NULL && name != NULL, FALSE);
  const LescMethod *m = params->method;
  int k = lesc_method_param_index (m, name);
  if (k < 0)
    {
      GString *names = g_string_new (NULL);
      for (guint i = 0; i < m->n_params; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", m->params[i].name);
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s has no parameter '%s' (its parameters: %s)",
                   m->display_name, name, m->n_params ? names->str : "none");
      g_string_free (names, TRUE);
      return FALSE;
    }
  if (!lesc_param_spec_check (&m->params[k], value, error))
    return FALSE;
  return lesc_run_params_set (&params->run, m, name, value);
}

double
lesc_params_get (const LescParams *params, const char *name)
{
  g_return_val_if_fail (params != NULL && name != NULL, NAN);
  return lesc_run_params_get (&params->run, params->method, name, NAN);
}

void
lesc_params_set_seed (LescParams *params, guint32 seed)
{
  g_return_if_fail (params != NULL);
  params->run.seed = seed;
}

guint32
lesc_params_get_seed (const LescParams *params)
{
  g_return_val_if_fail (params != NULL, 0);
  return params->run.seed;
}

void
lesc_params_set_memory_limit (LescParams *params, double bytes)
{
  g_return_if_fail (params != NULL);
  params->run.memory_limit = bytes > 0.0 && isfinite (bytes) ? bytes : 0.0;
}

/* The options come from the one table of core/methods/options.h. */
gboolean
lesc_params_set_option (LescParams *params, const char *key, const char *value, GError **error)
{
  g_return_val_if_fail (params != NULL && key != NULL && value != NULL, FALSE);
  const LescRunOption *o = lesc_run_option_find (key);
  if (o == NULL)
    {
      g_autofree char *keys = g_strjoinv (", ", (char **) lesc_params_option_keys ());
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "unknown option '%s' (the options: %s)",
                   key, keys);
      return FALSE;
    }
  return lesc_run_option_set (o, &params->run, value, error);
}

const char *
lesc_params_get_option (const LescParams *params, const char *key)
{
  g_return_val_if_fail (params != NULL && key != NULL, NULL);
  const LescRunOption *o = lesc_run_option_find (key);
  return o != NULL ? lesc_run_option_get (o, &params->run) : NULL;
}

const char *const *
lesc_params_option_keys (void)
{
  static const char *keys[16];
  if (keys[0] == NULL)
    {
      guint n = 0;
      const LescRunOption *o = lesc_run_options (&n);
      for (guint i = 0; i < n && i + 1 < G_N_ELEMENTS (keys); i++)
        keys[i] = o[i].key;
    }
  return keys;
}
