/* Provenance records and their strings. */
#include "config.h"
#include "session/provenance.h"
#include "core/experiments/experiment.h"

#include <glib/gi18n.h>
#include <string.h>

LescProvenance *
lesc_provenance_new (const char *dataset, const char *checksum, const LescMethod *method,
                     const LescRunParams *params, LescTask *task, const LescRunOutcome *outcome,
                     gboolean background)
{
  LescProvenance *p = g_new0 (LescProvenance, 1);
  p->dataset = g_strdup (dataset);
  p->checksum = g_strdup (checksum);
  p->method = method;
  p->params = *params;
  p->state = task != NULL ? lesc_task_get_state (task) : LESC_TASK_DONE;
  p->background = background;
  if (task != NULL)
    {
      p->failure = g_strdup (lesc_task_get_message (task));
      p->cpu_seconds = lesc_task_get_cpu_seconds (task);
      p->wall_seconds = lesc_task_get_seconds (task) - lesc_task_get_paused_seconds (task);
    }
  if (outcome != NULL)
    {
      p->warning = lesc_run_result_warning (&outcome->report);
      p->iterations = outcome->report.le.iterations;
      /* the run's own time, measured around the method and its measures */
      p->wall_seconds = outcome->seconds - (task != NULL ? lesc_task_get_paused_seconds (task) : 0.0);
    }
  return p;
}

LescProvenance *
lesc_provenance_copy (const LescProvenance *p)
{
  LescProvenance *c = g_memdup2 (p, sizeof *p);
  c->dataset = g_strdup (p->dataset);
  c->checksum = g_strdup (p->checksum);
  c->warning = g_strdup (p->warning);
  c->failure = g_strdup (p->failure);
  return c;
}

void
lesc_provenance_free (LescProvenance *p)
{
  if (p == NULL)
    return;
  g_free (p->dataset);
  g_free (p->checksum);
  g_free (p->warning);
  g_free (p->failure);
  g_free (p);
}

/* "λ₁ (LE trade-off)" → "λ₁": the symbol a title shows. */
static char *
symbol_of (const LescParamSpec *spec)
{
  const char *label = spec->label != NULL ? spec->label : spec->name;
  const char *paren = strstr (label, " (");
  return paren != NULL ? g_strndup (label, paren - label) : g_strdup (label);
}

char *
lesc_provenance_title (const LescProvenance *p)
{
  GString *s = g_string_new (NULL);
  /* TRANSLATORS: a result's title: "GLLE on artificial" */
  g_string_append_printf (s, _("%s on %s"), p->method->display_name, p->dataset);
  for (guint k = 0; k < p->method->n_params; k++)
    {
      g_autofree char *symbol = symbol_of (&p->method->params[k]);
      char value[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (value, sizeof value, "%g", p->params.values[k]);
      g_string_append_printf (s, " · %s = %s", symbol, value);
    }
  if (p->method->uses_seed)
    g_string_append_printf (s, " · %s %u", _("seed"), p->params.seed);
  g_autofree char *variant = lesc_run_variant_text (p->method, &p->params);
  /* the defaults say nothing: "reference" and the published flavour */
  if (variant[0] != '\0' && strcmp (variant, "reference") != 0 && strcmp (variant, "flavour=published") != 0)
    g_string_append_printf (s, " · %s", variant);
  return g_string_free (s, FALSE);
}

/* What a warning is about, in its few words: the optimizer's early stop, FCM's memberships
 * all 1/t, or FCM's memberships differing too little to change the output (method.c). */
typedef enum { WARN_OPTIMIZER, WARN_FCM_UNIFORM, WARN_FCM_FLAT } WarningKind;

static char *
short_warning (WarningKind kind, guint iterations)
{
  if (kind == WARN_FCM_UNIFORM)
    return g_strdup (_("warning: FCM's memberships collapsed to uniform"));
  if (kind == WARN_FCM_FLAT)
    return g_strdup (_("warning: FCM gave every sample the same output"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "warning: optimizer stopped after %u iteration",
                                       "warning: optimizer stopped after %u iterations", iterations),
                          iterations);
}

char *
lesc_provenance_short_warning (const LescProvenance *p)
{
  if (p->warning == NULL)
    return NULL;
  WarningKind kind = g_str_has_prefix (p->warning, "FCM's memberships") ? WARN_FCM_UNIFORM
                     : g_str_has_prefix (p->warning, "FCM") ? WARN_FCM_FLAT : WARN_OPTIMIZER;
  return short_warning (kind, p->iterations);
}

char *
lesc_run_result_short_warning (const LescRunResult *report)
{
  g_autofree char *warning = lesc_run_result_warning (report);
  if (warning == NULL)
    return NULL;
  WarningKind kind = !lesc_run_result_fcm_collapsed (report) ? WARN_OPTIMIZER
                     : report->fcm_spread < LESC_FCM_COLLAPSED ? WARN_FCM_UNIFORM : WARN_FCM_FLAT;
  return short_warning (kind, report->le.iterations);
}

const char *
lesc_shown_stale_words (gboolean recomputing)
{
  return recomputing ? _("stale — recomputing") : _("stale");
}

char *
lesc_shown_provisional_words (guint iteration)
{
  /* TRANSLATORS: a figure of a run under way */
  return g_strdup_printf (_("provisional · iteration %u"), iteration);
}

char *
lesc_provenance_caption (const LescProvenance *p, LescShown shown, guint iteration, gboolean recomputing)
{
  g_autofree char *title = lesc_provenance_title (p);
  GString *s = g_string_new (title);
  if (shown == LESC_SHOWN_PROVISIONAL)
    {
      g_autofree char *words = lesc_shown_provisional_words (iteration);
      g_string_append_printf (s, " · %s", words);
    }
  else if (shown == LESC_SHOWN_STALE)
    g_string_append_printf (s, " · %s", lesc_shown_stale_words (recomputing));
  g_autofree char *warning = lesc_provenance_short_warning (p);
  if (warning != NULL)
    g_string_append_printf (s, " · %s", warning);
  if (shown == LESC_SHOWN_FINAL && p->state == LESC_TASK_DONE)
    g_string_append_printf (s, " · %.2f s", p->wall_seconds);
  if (p->background)
    g_string_append_printf (s, " · %s", _("background"));
  return g_string_free (s, FALSE);
}
