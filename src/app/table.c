#include "config.h"
#include "app/table.h"

#include <string.h>

LescTable *
lesc_table_new (const char *caption)
{
  LescTable *t = g_new0 (LescTable, 1);
  t->caption = g_strdup (caption);
  t->notes = g_ptr_array_new_with_free_func (g_free);
  t->header = g_ptr_array_new_with_free_func (g_free);
  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  t->bold = g_array_new (FALSE, TRUE, sizeof (guint64));
  return t;
}

void
lesc_table_free (LescTable *t)
{
  if (t == NULL)
    return;
  g_free (t->caption);
  g_ptr_array_unref (t->notes);
  g_ptr_array_unref (t->header);
  g_ptr_array_unref (t->rows);
  g_array_unref (t->bold);
  g_free (t);
}

void
lesc_table_add_note (LescTable *t, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_ptr_array_add (t->notes, g_strdup_vprintf (format, ap));
  va_end (ap);
}

void
lesc_table_add_column (LescTable *t, const char *title)
{
  g_ptr_array_add (t->header, g_strdup (title));
}

void
lesc_table_add_row (LescTable *t)
{
  g_ptr_array_add (t->rows, g_ptr_array_new_with_free_func (g_free));
  guint64 zero = 0;
  g_array_append_val (t->bold, zero);
}

void
lesc_table_add_cell (LescTable *t, gboolean bold, const char *format, ...)
{
  g_return_if_fail (t->rows->len > 0);
  GPtrArray *row = g_ptr_array_index (t->rows, t->rows->len - 1);
  va_list ap;
  va_start (ap, format);
  g_ptr_array_add (row, g_strdup_vprintf (format, ap));
  va_end (ap);
  if (bold && row->len <= 64)
    g_array_index (t->bold, guint64, t->rows->len - 1) |= G_GUINT64_CONSTANT (1) << (row->len - 1);
}

static void
append_csv_cell (GString *s, const char *cell)
{
  if (strpbrk (cell, ",\"\n\r") == NULL)
    {
      g_string_append (s, cell);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *p = cell; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

/* Text to LaTeX: the special characters escaped, the few symbols the views use mapped. */
static void
append_latex_text (GString *s, const char *text)
{
  static const struct { const char *utf8, *tex; } symbols[] = {
    { "↓", "$\\downarrow$" }, { "↑", "$\\uparrow$" }, { "±", "$\\pm$" },
    { "λ₁", "$\\lambda_1$" }, { "λ₂", "$\\lambda_2$" }, { "λ", "$\\lambda$" },
    { "‖", "$\\|$" }, { "×", "$\\times$" }, { "−", "$-$" }, { "α", "$\\alpha$" },
    { "χ²", "$\\chi^2$" }, { "–", "--" }, { "—", "---" }, { "≥", "$\\geq$" }, { "≤", "$\\leq$" },
  };
  for (const char *p = text; *p != '\0';)
    {
      gboolean done = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (symbols) && !done; i++)
        {
          gsize n = strlen (symbols[i].utf8);
          if (strncmp (p, symbols[i].utf8, n) == 0)
            {
              g_string_append (s, symbols[i].tex);
              p += n;
              done = TRUE;
            }
        }
      if (done)
        continue;
      switch (*p)
        {
        case '&': case '%': case '$': case '#': case '_': case '{': case '}':
          g_string_append_c (s, '\\');
          g_string_append_c (s, *p);
          break;
        case '~': g_string_append (s, "\\textasciitilde{}"); break;
        case '^': g_string_append (s, "\\textasciicircum{}"); break;
        case '\\': g_string_append (s, "\\textbackslash{}"); break;
        default: g_string_append_c (s, *p);
        }
      p++;
    }
}

static char *
to_csv (const LescTable *t)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < t->notes->len; i++)
    g_string_append_printf (s, "# %s\n", (const char *) g_ptr_array_index (t->notes, i));
  for (guint j = 0; j < t->header->len; j++)
    {
      if (j > 0)
        g_string_append_c (s, ',');
      append_csv_cell (s, g_ptr_array_index (t->header, j));
    }
  g_string_append_c (s, '\n');
  for (guint i = 0; i < t->rows->len; i++)
    {
      GPtrArray *row = g_ptr_array_index (t->rows, i);
      for (guint j = 0; j < row->len; j++)
        {
          if (j > 0)
            g_string_append_c (s, ',');
          append_csv_cell (s, g_ptr_array_index (row, j));
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

static char *
to_latex (const LescTable *t)
{
  GString *s = g_string_new (NULL);
  g_string_append (s, "% \\usepackage{booktabs}\n");
  for (guint i = 0; i < t->notes->len; i++)
    {
      g_autofree char *note = g_strdelimit (g_strdup (g_ptr_array_index (t->notes, i)), "\n", ' ');
      g_string_append_printf (s, "%% %s\n", note);
    }
  g_string_append (s, "\\begin{table}[htbp]\n\\centering\n");
  if (t->caption != NULL)
    {
      g_string_append (s, "\\caption{");
      append_latex_text (s, t->caption);
      g_string_append (s, "}\n");
    }
  g_string_append (s, "\\begin{tabular}{l");
  for (guint j = 1; j < t->header->len; j++)
    g_string_append_c (s, 'r');
  g_string_append (s, "}\n\\toprule\n");
  for (guint j = 0; j < t->header->len; j++)
    {
      if (j > 0)
        g_string_append (s, " & ");
      append_latex_text (s, g_ptr_array_index (t->header, j));
    }
  g_string_append (s, " \\\\\n\\midrule\n");
  for (guint i = 0; i < t->rows->len; i++)
    {
      GPtrArray *row = g_ptr_array_index (t->rows, i);
      guint64 bold = g_array_index (t->bold, guint64, i);
      for (guint j = 0; j < row->len; j++)
        {
          if (j > 0)
            g_string_append (s, " & ");
          gboolean b = j < 64 && (bold >> j & 1);
          if (b)
            g_string_append (s, "\\textbf{");
          append_latex_text (s, g_ptr_array_index (row, j));
          if (b)
            g_string_append_c (s, '}');
        }
      g_string_append (s, " \\\\\n");
    }
  g_string_append (s, "\\bottomrule\n\\end{tabular}\n\\end{table}\n");
  return g_string_free (s, FALSE);
}

char *
lesc_table_to_string (const LescTable *t, LescTableFormat format)
{
  return format == LESC_TABLE_LATEX ? to_latex (t) : to_csv (t);
}
