/* Finding samples by number, label condition or row name (sample-search.h). */
#include "config.h"
#include "session/sample-search.h"
#include "core/base/number.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

typedef enum { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE } Op;

typedef struct {
  gsize label;
  Op op;
  double value;
} Condition;

/* The operators as typed, longest first (so that "<=" is not read as "<"). */
static const struct {
  const char *text;
  Op op;
} ops[] = {
  { "<=", OP_LE }, { ">=", OP_GE }, { "!=", OP_NE }, { "==", OP_EQ }, { "≤", OP_LE }, { "≥", OP_GE },
  { "≠", OP_NE }, { "<", OP_LT }, { ">", OP_GT }, { "=", OP_EQ },
};

static gboolean
holds (Op op, double v, double x)
{
  switch (op)
    {
    case OP_LT: return v < x;
    case OP_LE: return v <= x;
    case OP_GT: return v > x;
    case OP_GE: return v >= x;
    case OP_EQ: return v == x;
    case OP_NE: return v != x;
    }
  return FALSE;
}

/* "label 3" or a label's name: its column, or FALSE. */
static gboolean
find_label (const char *name, gsize c, const char *const *label_names, gsize *label)
{
  g_autofree char *lower = g_utf8_casefold (name, -1);
  for (gsize j = 0; label_names != NULL && j < c; j++)
    {
      g_autofree char *l = g_utf8_casefold (label_names[j], -1);
      if (strcmp (l, lower) == 0)
        {
          *label = j;
          return TRUE;
        }
    }
  /* "label 3", or the word in the user's language ("Label 3", "标记 3") */
  g_autofree char *word = g_utf8_casefold (_("label"), -1);
  const char *rest = NULL;
  if (g_ascii_strncasecmp (lower, "label", 5) == 0)
    rest = lower + 5;
  else if (g_str_has_prefix (lower, word))
    rest = lower + strlen (word);
  if (rest == NULL)
    return FALSE;
  while (*rest == ' ')
    rest++;
  char *end = NULL;
  guint64 k = g_ascii_strtoull (rest, &end, 10);
  if (end == rest || *end != '\0' || k < 1 || k > c)
    return FALSE;
  *label = (gsize) k - 1;
  return TRUE;
}

/* One "LABEL OP NUMBER"; FALSE when `part` holds no operator (error unset) or is wrong
 * (error set). */
static gboolean
parse_condition (const char *part, gsize c, const char *const *label_names, Condition *out, GError **error)
{
  const char *at = NULL;
  guint which = 0;
  for (guint k = 0; k < G_N_ELEMENTS (ops); k++)
    {
      const char *p = strstr (part, ops[k].text);
      if (p != NULL && (at == NULL || p < at))
        at = p, which = k;
    }
  if (at == NULL)
    return FALSE;
  g_autofree char *name = g_strndup (part, (gsize) (at - part));
  g_strstrip (name);
  const char *number = at + strlen (ops[which].text);
  if (!find_label (name, c, label_names, &out->label))
    {
      /* TRANSLATORS: a sample search named no label; %s is what was typed, %zu the labels */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("“%s” is no label (label 1 … label %zu, or a label's name)"),
                   name, c);
      return FALSE;
    }
  g_autoptr (GError) number_error = NULL;
  if (!lesc_number_parse (number, &out->value, &number_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", number_error->message);
      return FALSE;
    }
  out->op = ops[which].op;
  return TRUE;
}

static gboolean
has_operator (const char *text)
{
  for (guint k = 0; k < G_N_ELEMENTS (ops); k++)
    if (strstr (text, ops[k].text) != NULL)
      return TRUE;
  return FALSE;
}

/* "123" or "#123": the sample's index, or FALSE. */
static gboolean
parse_number (const char *text, gsize n, gsize *index, GError **error)
{
  const char *t = text[0] == '#' ? text + 1 : text;
  if (*t == '\0')
    return FALSE;
  for (const char *p = t; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  guint64 k = g_ascii_strtoull (t, NULL, 10);
  if (k < 1 || k > n)
    {
      /* TRANSLATORS: a sample number out of range */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("there is no sample %s: the samples are 1 … %zu"), t, n);
      return FALSE;
    }
  *index = (gsize) k - 1;
  return TRUE;
}

GArray *
lesc_sample_search (const char *text, const LescMatrix *values, const char *const *label_names,
                    const char *const *row_names, GError **error)
{
  gsize n = values->rows, c = values->cols;
  g_autofree char *t = g_strstrip (g_strdup (text != NULL ? text : ""));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (t[0] == '\0')
    {
      g_array_set_size (out, n);
      for (gsize i = 0; i < n; i++)
        g_array_index (out, guint32, i) = (guint32) i;
      return out;
    }
  gsize index;
  GError *number_error = NULL;
  if (parse_number (t, n, &index, &number_error))
    {
      guint32 i = (guint32) index;
      g_array_append_val (out, i);
      return out;
    }
  if (number_error != NULL)
    {
      g_propagate_error (error, number_error);
      g_array_unref (out);
      return NULL;
    }
  /* conditions joined by "and" or "&" */
  g_autoptr (GArray) conditions = g_array_new (FALSE, FALSE, sizeof (Condition));
  g_autofree char *joined = g_strdup (t);
  for (char *p = joined; (p = strstr (p, "&")) != NULL;)
    *p = '\n';
  g_autoptr (GRegex) and = g_regex_new ("\\s+(and|AND)\\s+", 0, 0, NULL);
  g_autofree char *split = g_regex_replace_literal (and, joined, -1, 0, "\n", 0, NULL);
  g_auto (GStrv) parts = g_strsplit (split, "\n", -1);
  for (guint k = 0; parts[k] != NULL; k++)
    {
      Condition cond;
      GError *cond_error = NULL;
      if (parse_condition (parts[k], c, label_names, &cond, &cond_error))
        {
          g_array_append_val (conditions, cond);
          continue;
        }
      if (cond_error != NULL)
        {
          g_propagate_error (error, cond_error);
          g_array_unref (out);
          return NULL;
        }
      if (row_names != NULL && !has_operator (t))
        break;   /* no operator anywhere: a row name */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* TRANSLATORS: a sample search the program cannot read; %s is what was typed */
                   _("“%s”: type a sample number (123), a label condition (label 2 > 0.5, or a label's name) or conditions joined by “and”%s"),
                   t, row_names != NULL ? _(", or part of a row name") : "");
      g_array_unref (out);
      return NULL;
    }
  if (conditions->len == 0)
    {
      g_autofree char *want = g_utf8_casefold (t, -1);
      for (gsize i = 0; i < n; i++)
        {
          g_autofree char *name = g_utf8_casefold (row_names[i] != NULL ? row_names[i] : "", -1);
          if (strstr (name, want) != NULL)
            {
              guint32 u = (guint32) i;
              g_array_append_val (out, u);
            }
        }
      return out;
    }
  for (gsize i = 0; i < n; i++)
    {
      gboolean all = TRUE;
      for (guint k = 0; k < conditions->len && all; k++)
        {
          const Condition *cd = &g_array_index (conditions, Condition, k);
          all = holds (cd->op, LESC_AT (values, i, cd->label), cd->value);
        }
      if (all)
        {
          guint32 u = (guint32) i;
          g_array_append_val (out, u);
        }
    }
  return out;
}
