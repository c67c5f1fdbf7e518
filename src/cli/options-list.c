/* lesc COMMAND --list-options (options-list.h). Everything printed comes from the option
 * tables and the method registry, so the completion follows the program. */
#include "config.h"
#include "cli/options-list.h"
#include "core/eval/measures.h"
#include "core/methods/method.h"

#include <string.h>

/* Bit i: lesc_methods()[i]. */
typedef guint32 MethodSet;

static MethodSet
methods_named (const char *list)
{
  MethodSet set = 0;
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  g_auto (GStrv) names = g_strsplit_set (list, ",/", -1);
  for (char **w = names; *w != NULL; w++)
    {
      g_strstrip (*w);
      for (guint i = 0; i < n; i++)
        if (g_ascii_strcasecmp (*w, all[i]->name) == 0 || g_ascii_strcasecmp (*w, "all") == 0)
          set |= 1u << i;
    }
  return set;
}

/* The methods with a parameter of this name (their options are numbers). */
static MethodSet
parameter_methods (const char *name)
{
  MethodSet set = 0;
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (lesc_method_param_index (all[i], name) >= 0)
      set |= 1u << i;
  return set;
}

/* The methods an option applies to: those with a parameter of its name, else those its help
 * names before the first ':' when every word there is a method ("GLLE, LESC, gLESC: …");
 * 0: every method. */
static MethodSet
option_methods (const GOptionEntry *e)
{
  MethodSet set = parameter_methods (e->long_name);
  const char *colon = e->description != NULL ? strchr (e->description, ':') : NULL;
  if (set != 0 || colon == NULL)
    return set;
  g_autofree char *head = g_strndup (e->description, colon - e->description);
  g_auto (GStrv) words = g_strsplit_set (head, ",/", -1);
  for (char **w = words; *w != NULL; w++)
    {
      g_strstrip (*w);
      MethodSet one = **w != '\0' ? methods_named (*w) : 0;
      if (one == 0 || strcmp (*w, "all") == 0)
        return 0;
      set |= one;
    }
  return set;
}

/* A metavar of lower-case words joined by '|' ("on|off", "published") lists the values. */
static gboolean
is_choice (const char *meta)
{
  if (meta == NULL || *meta == '\0')
    return FALSE;
  for (const char *c = meta; *c; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-' && *c != '|')
      return FALSE;
  return TRUE;
}

static const char *
option_kind (const GOptionEntry *e)
{
  switch (e->arg)
    {
    case G_OPTION_ARG_NONE:
      return "flag";
    case G_OPTION_ARG_INT:
    case G_OPTION_ARG_INT64:
    case G_OPTION_ARG_DOUBLE:
      return "number";
    case G_OPTION_ARG_CALLBACK:
      if (e->flags & G_OPTION_FLAG_NO_ARG)
        return "flag";
      if (parameter_methods (e->long_name) != 0)
        return "number";
      break;
    default:
      break;
    }
  if (is_choice (e->arg_description))
    return "choice";
  if (e->arg == G_OPTION_ARG_STRING && strcmp (e->long_name, "method") == 0)
    return "method";
  if (e->arg == G_OPTION_ARG_STRING && strcmp (e->long_name, "methods") == 0)
    return "methods";
  if (e->arg == G_OPTION_ARG_STRING
      && (strcmp (e->long_name, "measure") == 0 || strcmp (e->long_name, "select-by") == 0))
    return "measure";
  if (e->arg_description != NULL && strcmp (e->arg_description, "DIR") == 0)
    return "dir";
  if (e->arg == G_OPTION_ARG_FILENAME || e->arg == G_OPTION_ARG_FILENAME_ARRAY
      || (e->arg_description != NULL && strstr (e->arg_description, "FILE") != NULL))
    return "file";
  return "text";
}

/* The methods chosen on the command line: the value of a parsed --method or --methods. */
static MethodSet
chosen_methods (const GOptionEntry *const *groups)
{
  for (guint g = 0; groups[g] != NULL; g++)
    for (const GOptionEntry *e = groups[g]; e->long_name != NULL; e++)
      if (e->arg == G_OPTION_ARG_STRING && e->arg_data != NULL
          && (strcmp (e->long_name, "method") == 0 || strcmp (e->long_name, "methods") == 0)
          && *(char **) e->arg_data != NULL)
        return methods_named (*(char **) e->arg_data);
  return 0;
}

void
lesc_cli_list_options (FILE *out, const char *params, const GOptionEntry *const *groups)
{
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  MethodSet chosen = chosen_methods (groups);
  fprintf (out, "args\t%s\n", params != NULL ? params : "");
  fprintf (out, "option\t--help\t-h\tflag\t\t\n");
  for (guint g = 0; groups[g] != NULL; g++)
    for (const GOptionEntry *e = groups[g]; e->long_name != NULL; e++)
      {
        if (e->flags & G_OPTION_FLAG_HIDDEN)
          continue;
        MethodSet methods = option_methods (e);
        if (chosen != 0 && methods != 0 && (methods & chosen) == 0)
          continue;
        const char *kind = option_kind (e);
        g_autoptr (GString) values = g_string_new (NULL);
        if (strcmp (kind, "choice") == 0)
          {
            g_autofree char *v = g_strdup (e->arg_description);
            g_strdelimit (v, "|", ' ');
            g_string_append (values, v);
          }
        else if (strcmp (kind, "method") == 0 || strcmp (kind, "methods") == 0)
          {
            for (guint i = 0; i < n; i++)
              g_string_append_printf (values, "%s%s", i ? " " : "", all[i]->name);
            if (strcmp (kind, "methods") == 0)
              g_string_append (values, " all");
          }
        else if (strcmp (kind, "measure") == 0)
          {
            for (int m = 0; m < LESC_N_MEASURES; m++)
              g_string_append_printf (values, "%s%s", m ? " " : "", lesc_measure_key ((LescMeasure) m));
            if (strcmp (e->long_name, "select-by") == 0)
              g_string_append (values, " average-rank");
          }
        g_autoptr (GString) names = g_string_new (NULL);
        for (guint i = 0; i < n; i++)
          if (methods & (1u << i))
            g_string_append_printf (names, "%s%s", names->len ? " " : "", all[i]->name);
        char shortname[3] = { 0 };
        if (e->short_name != 0)
          g_snprintf (shortname, sizeof shortname, "-%c", e->short_name);
        fprintf (out, "option\t--%s\t%s\t%s\t%s\t%s\n", e->long_name, shortname, kind,
                 values->str, names->str);
      }
}
