/* Label names in .mat files (matnames.h). */
#include "core/data/matnames.h"
#include "core/base/error.h"

#include <string.h>

const char *const lesc_mat_label_name_variables[] = { "labelNames", "label_names", "labelnames", NULL };

/* Character k of a char variable (8- or 16-bit storage) as a Unicode code point. */
static gunichar
char_at (const matvar_t *v, gsize k)
{
  if (v->data_size == 2 || v->data_type == MAT_T_UINT16 || v->data_type == MAT_T_UTF16)
    return ((const guint16 *) v->data)[k];
  return ((const guint8 *) v->data)[k];
}

/* Row `row` of a rows×cols char variable, trailing blanks and NULs dropped (UTF-8). */
static char *
char_row (const matvar_t *v, gsize row, gsize rows, gsize cols)
{
  GString *s = g_string_new (NULL);
  for (gsize j = 0; j < cols; j++)
    {
      gunichar c = char_at (v, row + j * rows);
      if (c == 0)
        break;
      g_string_append_unichar (s, c);
    }
  while (s->len > 0 && s->str[s->len - 1] == ' ')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

char **
lesc_mat_names_of (const matvar_t *v, gsize o, const char *path, GError **error)
{
  gsize rows = v->rank >= 1 ? v->dims[0] : 0, cols = v->rank >= 2 ? v->dims[1] : 1;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  if (v->class_type == MAT_C_CELL && rows * cols == o)
    for (gsize k = 0; k < o; k++)
      {
        matvar_t *cell = Mat_VarGetCell ((matvar_t *) v, (int) k);
        if (cell == NULL || cell->class_type != MAT_C_CHAR || cell->data == NULL)
          break;
        gsize r = cell->rank >= 1 ? cell->dims[0] : 0, c = cell->rank >= 2 ? cell->dims[1] : 1;
        if (r > 1)
          break;
        g_ptr_array_add (names, char_row (cell, 0, MAX (r, 1), r == 0 ? 0 : c));
      }
  else if (v->class_type == MAT_C_CHAR && rows == o && v->data != NULL)
    for (gsize k = 0; k < o; k++)
      g_ptr_array_add (names, char_row (v, k, rows, cols));
  if (names->len != o)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: variable '%s' is not %zu label names (expected a cell array of %zu strings or "
                   "a char matrix of %zu rows)", path, v->name, o, o, o);
      g_ptr_array_unref (names);
      return NULL;
    }
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

