/* Data sets typed with their options. */
#include "session/dataspec.h"
#include "core/base/error.h"

#include <string.h>

gboolean
lesc_data_spec_parse (const char *text, char **spec, LescOpenOptions *open, GError **error)
{
  g_auto (GStrv) words = NULL;
  int argc = 0;
  GError *local = NULL;
  if (!g_shell_parse_argv (text, &argc, &words, &local))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "“%s”: %s", text,
                   local->code == G_SHELL_ERROR_EMPTY_STRING ? "type a path or a data set name" : local->message);
      g_error_free (local);
      return FALSE;
    }
  gint label_columns = (gint) open->label_columns, logical_columns = (gint) open->logical_columns;
  gboolean logical = open->logical, renormalize = (open->flags & LESC_VALIDATE_RENORMALIZE) != 0;
  gboolean index = open->csv.index == LESC_CSV_INDEX_SKIP, no_index = open->csv.index == LESC_CSV_INDEX_KEEP;
  g_autofree char *delimiter = NULL;
  const GOptionEntry entries[] = {
    { "label-columns", 0, 0, G_OPTION_ARG_INT, &label_columns, NULL, NULL },
    { "logical-columns", 0, 0, G_OPTION_ARG_INT, &logical_columns, NULL, NULL },
    { "logical", 0, 0, G_OPTION_ARG_NONE, &logical, NULL, NULL },
    { "renormalize", 0, 0, G_OPTION_ARG_NONE, &renormalize, NULL, NULL },
    { "delimiter", 0, 0, G_OPTION_ARG_STRING, &delimiter, NULL, NULL },
    { "index-column", 0, 0, G_OPTION_ARG_NONE, &index, NULL, NULL },
    { "no-index-column", 0, 0, G_OPTION_ARG_NONE, &no_index, NULL, NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  /* GOption skips argv[0]: a program name in front */
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
  g_strv_builder_add (b, "lesc");
  g_strv_builder_addv (b, (const char **) words);
  g_auto (GStrv) args = g_strv_builder_end (b);
  int n = argc + 1;
  /* the parser drops the words it took from the array it is given: parse a copy of the
   * pointers, so that `args` still frees every word */
  g_autofree char **argv = g_memdup2 (args, sizeof (char *) * (gsize) (argc + 2));
  if (!g_option_context_parse (context, &n, &argv, &local))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s", local->message);
      g_error_free (local);
      return FALSE;
    }
  const char *bad = label_columns < 0 ? "--label-columns" : logical_columns < 0 ? "--logical-columns" : NULL;
  if (bad != NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s: expected a positive number of columns", bad);
      return FALSE;
    }
  if (n != 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   n < 2 ? "“%s”: type a path or a data set name" : "“%s”: expected one data set and its options",
                   text);
      return FALSE;
    }
  char d = 0;
  if (delimiter != NULL && !lesc_csv_delimiter_from_string (delimiter, &d))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--delimiter '%s': expected comma, tab, semicolon or whitespace", delimiter);
      return FALSE;
    }
  if (index && no_index)
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_USAGE,
                           "--index-column and --no-index-column exclude each other");
      return FALSE;
    }
  open->label_columns = (gsize) label_columns;
  open->logical_columns = (gsize) logical_columns;
  open->logical = logical;
  open->flags = renormalize ? open->flags | LESC_VALIDATE_RENORMALIZE : open->flags & ~(guint) LESC_VALIDATE_RENORMALIZE;
  if (delimiter != NULL)
    open->csv.delimiter = d;
  open->csv.index = index ? LESC_CSV_INDEX_SKIP : no_index ? LESC_CSV_INDEX_KEEP : LESC_CSV_INDEX_AUTO;
  *spec = g_strdup (argv[1]);
  return TRUE;
}

char *
lesc_data_spec_format (const char *spec, const LescOpenOptions *open)
{
  GString *s = g_string_new (NULL);
  gboolean plain = spec[0] != '\0' && strpbrk (spec, " \t'\"\\$`*?[]{}()<>|;&#~") == NULL;
  if (plain)
    g_string_append (s, spec);
  else
    {
      g_autofree char *quoted = g_shell_quote (spec);
      g_string_append (s, quoted);
    }
  if (open->label_columns > 0)
    g_string_append_printf (s, " --label-columns %zu", open->label_columns);
  if (open->logical_columns > 0)
    g_string_append_printf (s, " --logical-columns %zu", open->logical_columns);
  if (open->logical)
    g_string_append (s, " --logical");
  if (open->flags & LESC_VALIDATE_RENORMALIZE)
    g_string_append (s, " --renormalize");
  if (open->csv.delimiter != 0)
    g_string_append_printf (s, " --delimiter %s", lesc_csv_delimiter_name (open->csv.delimiter));
  if (open->csv.index == LESC_CSV_INDEX_SKIP)
    g_string_append (s, " --index-column");
  else if (open->csv.index == LESC_CSV_INDEX_KEEP)
    g_string_append (s, " --no-index-column");
  return g_string_free (s, FALSE);
}

void
lesc_data_spec_list_push (GPtrArray *list, const char *text, guint max)
{
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (g_ptr_array_index (list, i), text) == 0)
      {
        g_ptr_array_remove_index (list, i);
        break;
      }
  g_ptr_array_insert (list, 0, g_strdup (text));
  if (list->len > max)
    g_ptr_array_set_size (list, max);
}
