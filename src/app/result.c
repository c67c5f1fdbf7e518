#include "config.h"
#include "app/result.h"
#include "app/settings.h"
#include "core/methods/outcome.h"
#include "core/methods/run.h"
#include "core/methods/tracetable.h"
#include "session/provenance.h"
#include "session/provisional.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

struct _LescResult
{
  GObject parent_instance;
  const LescMethod *method;
  LescRunParams params;
  LescDataObject *data;
  LescRunOutcome *o;           /* the recovery, its measures and report (the session's run) */
  gboolean provisional;        /* a frame of a run still going */
  guint iteration, max_iterations;
  double *trace_measures[2];   /* the six measures of each trace snapshot, per KL direction */
  double optimum;              /* the converged optimum's objective, NaN when not known */
  gboolean outdated;
  LescJob *replacement;
};

G_DEFINE_FINAL_TYPE (LescResult, lesc_result, G_TYPE_OBJECT)

static void
lesc_result_finalize (GObject *object)
{
  LescResult *self = LESC_RESULT (object);
  g_clear_object (&self->data);
  g_clear_object (&self->replacement);
  g_clear_pointer (&self->o, lesc_run_outcome_free);
  g_free (self->trace_measures[0]);
  g_free (self->trace_measures[1]);
  G_OBJECT_CLASS (lesc_result_parent_class)->finalize (object);
}

static void
lesc_result_class_init (LescResultClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lesc_result_finalize;
}

static void
lesc_result_init (LescResult *self)
{
  self->optimum = NAN;
}

gboolean lesc_result_is_provisional (LescResult *self) { return self->provisional; }
guint    lesc_result_get_iteration (LescResult *self) { return self->iteration; }
const LescLeTrace *lesc_result_get_trace (LescResult *self) { return self->o->report.trace; }
double   lesc_result_get_optimum (LescResult *self) { return self->optimum; }

void
lesc_result_set_optimum (LescResult *self, double f)
{
  self->optimum = f;
}

/* Made when a view first asks (the Optimizer view, main thread), not on the run's worker:
 * the run ends — and the status says "Done" — as soon as its figure is final
 * (docs/speed.md, "End-to-end latency"). */
const double *
lesc_result_get_trace_measures (LescResult *self, LescKlDirection kl)
{
  int k = kl == LESC_KL_RECOVERED_TRUTH ? 1 : 0;
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  if (self->trace_measures[k] == NULL && self->o->report.trace != NULL && ds->truth != NULL)
    self->trace_measures[k] = lesc_trace_measures (self->o->report.trace, ds->truth,
                                                   k ? LESC_KL_RECOVERED_TRUTH : LESC_KL_TRUTH_RECOVERED, NULL);
  return self->trace_measures[k];
}

char *
lesc_result_dup_title (LescResult *self)
{
  const char *name = self->method->display_name;
  if (!self->provisional)
    return g_strdup (name);
  /* TRANSLATORS: a run still going: "gLESC — iteration 120 of at most 300" */
  return g_strdup_printf (_("%s — iteration %u of at most %u"), name, self->iteration,
                          self->max_iterations);
}

const LescMethod    *lesc_result_get_method (LescResult *self) { return self->method; }
const LescRunParams *lesc_result_get_params (LescResult *self) { return &self->params; }
LescDataObject      *lesc_result_get_data (LescResult *self) { return self->data; }
const LescMatrix    *lesc_result_get_recovered (LescResult *self) { return self->o->recovered; }
const LescRunResult *lesc_result_get_report (LescResult *self) { return &self->o->report; }
double               lesc_result_get_seconds (LescResult *self) { return self->o->seconds; }
const LescRunOutcome *lesc_result_get_outcome (LescResult *self) { return self->o; }

void
lesc_result_set_data (LescResult *self, LescDataObject *data)
{
  g_set_object (&self->data, data);
}

gboolean lesc_result_get_outdated (LescResult *self) { return self->outdated; }
LescJob *lesc_result_get_replacement (LescResult *self) { return self->replacement; }

void
lesc_result_set_outdated (LescResult *self, gboolean outdated, LescJob *replacement)
{
  self->outdated = outdated;
  LescJob *job = outdated ? replacement : NULL;
  g_set_object (&self->replacement, job);
}

const double *
lesc_result_get_measures (LescResult *self, LescKlDirection kl)
{
  return self->o->measures[kl == LESC_KL_RECOVERED_TRUTH ? 1 : 0];
}

char *
lesc_run_params_describe (const LescMethod *m, const LescRunParams *p)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < m->n_params; i++)
    {
      g_string_append_printf (s, "%s%s = %g", s->len > 0 ? ", " : "", m->params[i].name,
                              p->values[i]);
    }
  if (m->uses_seed)
    g_string_append_printf (s, "%s%s %u", s->len > 0 ? ", " : "", _("seed"), p->seed);
  if (m->uses_variant)
    g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", lesc_variant_key (p->variant));
  return g_string_free (s, FALSE);
}

/* A parameter's symbol from its (untranslated) label: "λ₁ (LE trade-off)" → "λ₁",
 * "λ₂ = β (…)" → "λ₂", "Clusters t" → "t". */
char *
lesc_param_symbol (const LescParamSpec *spec)
{
  if (spec->label == NULL)
    return g_strdup (spec->name);
  g_autofree char *s = g_strdup (spec->label);
  char *cut = strstr (s, " (");
  if (cut != NULL)
    *cut = '\0';
  cut = strstr (s, " = ");
  if (cut != NULL)
    *cut = '\0';
  char *space = strrchr (s, ' ');
  return g_strdup (space != NULL ? space + 1 : s);
}

char *
lesc_run_params_title_split (const LescMethod *m, const LescRunParams *p, const char *separator)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < m->n_params; i++)
    {
      g_autofree char *symbol = lesc_param_symbol (&m->params[i]);
      g_string_append_printf (s, "%s%s = %g", s->len > 0 ? ", " : "", symbol, p->values[i]);
    }
  const char *sep = s->len > 0 ? separator : "";
  if (m->uses_seed)
    {
      g_string_append_printf (s, "%s%s %u", sep, _("seed"), p->seed);
      sep = ", ";
    }
  if (m->uses_variant && p->variant != LESC_VARIANT_REFERENCE)
    g_string_append_printf (s, "%s%s", s->len > 0 ? sep : "", lesc_variant_key (p->variant));
  return g_string_free (s, FALSE);
}

char *
lesc_run_params_title (const LescMethod *m, const LescRunParams *p)
{
  return lesc_run_params_title_split (m, p, ", ");
}

char *
lesc_result_describe_params (LescResult *self)
{
  return lesc_run_params_describe (self->method, &self->params);
}

/* What a run outside the session needs; the job owns it. */
typedef struct {
  const LescMethod *method;
  LescRunParams params;
  LescDataObject *data;
} LescRunInput;

static void
run_input_free (LescRunInput *in)
{
  g_clear_object (&in->data);
  g_free (in);
}

/* What GLLE/LESC/gLESC runs share (the kernel, the correlation step, the quadratic
 * forms), kept between runs so that moving λ₁ is cheap (interactive tuning). */
static void
cache_limit_changed (GSettings *settings, const char *key, LescRunCache *cache)
{
  lesc_run_cache_set_limit (cache, 1e9 * g_settings_get_double (settings, "cache-limit"));
}

LescRunCache *
lesc_app_run_cache (void)
{
  static gsize once = 0;
  static LescRunCache *cache;
  if (g_once_init_enter (&once))
    {
      /* the preference "cache-limit" bounds it, now and when it changes */
      GSettings *settings = lesc_app_settings_new ();
      cache = lesc_run_cache_new (1e9 * g_settings_get_double (settings, "cache-limit"));
      g_signal_connect (settings, "changed::cache-limit", G_CALLBACK (cache_limit_changed), cache);
      g_once_init_leave (&once, 1);
    }
  return cache;
}

/* Worker thread: a provisional result from the LE optimizer's frame. */
LescResult *
lesc_result_new_frame (const LescMethod *method, const LescRunParams *params, LescDataObject *data,
                       const LescProgressFrame *frame)
{
  /* the terminal's provisional outcome, in a GObject */
  LescRunOutcome *o = lesc_provisional_outcome_new (method, params, lesc_data_object_get_dataset (data), frame);
  if (o == NULL)
    return NULL;
  LescResult *self = g_object_new (LESC_TYPE_RESULT, NULL);
  self->method = method;
  self->params = *params;
  self->data = g_object_ref (data);
  self->o = o;
  self->provisional = !frame->final;
  self->iteration = frame->iteration;
  self->max_iterations = frame->max_iterations;
  return self;
}

/* Worker thread: the core's run with its measures (core/methods/outcome.h) handed to a
 * GObject for the views (the measures of the optimizer's snapshots when first asked for). */
LescResult *
lesc_result_new (LescRunOutcome *o, LescDataObject *data, GError **error)
{
  LescResult *self = g_object_new (LESC_TYPE_RESULT, NULL);
  self->method = o->method;
  self->params = o->params;
  self->data = g_object_ref (data);
  self->o = o;
  return self;
}

static gpointer
run_frame (gpointer input, const LescProgressFrame *frame)
{
  LescRunInput *in = input;
  return lesc_result_new_frame (in->method, &in->params, in->data, frame);
}

/* Worker thread: a run outside the session (the converged optimum). */
static gpointer
run_work (gpointer input, LescProgress *progress, GError **error)
{
  LescRunInput *in = input;
  const LescDataset *ds = lesc_data_object_get_dataset (in->data);
  LescRunParams params = in->params;
  if (in->method->smoothness != NULL)
    params.trace_bytes = LESC_TRACE_INTERACTIVE_BYTES;   /* for the optimizer view */
  LescRunOutcome *o = lesc_run_outcome_compute (in->method, ds, &params, lesc_app_run_cache (), progress, error);
  if (o == NULL)
    return NULL;
  o->params = in->params;
  return lesc_result_new (o, in->data, error);
}

LescJob *
lesc_run_job_new (const LescMethod *method, const LescRunParams *params, LescDataObject *data)
{
  LescRunInput *in = g_new0 (LescRunInput, 1);
  in->method = method;
  in->params = *params;
  in->data = g_object_ref (data);
  /* the Runs list and the status say what the run is: "GLLE on artificial · λ = 0.01 · …" */
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  g_autoptr (LescProvenance) p = lesc_provenance_new (lesc_data_object_get_name (data), ds->checksum, method,
                                                      params, NULL, NULL, FALSE);
  g_autofree char *title = lesc_provenance_title (p);
  LescJob *job = lesc_job_new (LESC_JOB_KIND_RUN, title, run_work, in,
                               (GDestroyNotify) run_input_free, g_object_unref);
  if (method->smoothness != NULL)
    lesc_job_set_frame_func (job, run_frame);
  return job;
}
