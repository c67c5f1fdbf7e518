/* Tables of numbers as JSON (see jsontable.h). */
#include "core/data/jsontable.h"
#include "core/base/format.h"
#include "core/data/validate.h"
#include "core/base/error.h"

#include <json-glib/json-glib.h>
#include <math.h>

char *
lesc_json_table_format (const LescMatrix *m, const char *name, const char *const *columns,
                        const char *const *settings, gsize *length)
{
  GString *s = g_string_sized_new (64 + m->rows * m->cols * 22);
  g_string_append (s, "{\n  \"format\": \"lesc-table\",\n  \"version\": 1,\n  \"name\": ");
  lesc_json_string (s, name);
  if (columns != NULL)
    {
      g_string_append (s, ",\n  \"columns\": [");
      for (gsize j = 0; j < m->cols; j++)
        {
          if (j)
            g_string_append (s, ", ");
          lesc_json_string (s, columns[j]);
        }
      g_string_append_c (s, ']');
    }
  if (settings != NULL)
    {
      g_string_append (s, ",\n  \"settings\": {");
      for (guint k = 0; settings[k] != NULL && settings[k + 1] != NULL; k += 2)
        {
          g_string_append (s, k ? ", " : "");
          lesc_json_string (s, settings[k]);
          g_string_append (s, ": ");
          lesc_json_string (s, settings[k + 1]);
        }
      g_string_append_c (s, '}');
    }
  g_string_append_printf (s, ",\n  \"rows\": %zu,\n  \"data\": [", m->rows);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  for (gsize i = 0; i < m->rows; i++)
    {
      g_string_append (s, i ? ",\n    [" : "\n    [");
      for (gsize j = 0; j < m->cols; j++)
        {
          double v = LESC_AT (m, i, j);
          g_string_append (s, j ? ", " : "");
          /* JSON has no NaN or infinity: format.h's rule (refused when read back) */
          if (isfinite (v))
            g_string_append (s, lesc_format_double (buf, v));
          else
            lesc_format_append (s, v, LESC_FORMAT_JSON, NULL);
        }
      g_string_append_c (s, ']');
    }
  g_string_append (s, m->rows ? "\n  ]\n}\n" : "]\n}\n");
  if (length)
    *length = s->len;
  return g_string_free (s, FALSE);
}

static LescMatrix *
bad (GError **error, const char *path, const char *what)
{
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s", path, what);
  return NULL;
}

LescMatrix *
lesc_json_table_read (const char *path, char ***columns_out, GError **error)
{
  if (columns_out)
    *columns_out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  GError *local = NULL;
  if (!json_parser_load_from_mapped_file (parser, path, &local))
    {
      if (local->domain == G_FILE_ERROR)
        lesc_set_io_error (error, path, "read", local);
      else
        g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not valid JSON (%s)", path,
                     local->message);
      g_error_free (local);
      return NULL;
    }
  JsonNode *root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return bad (error, path, "expected a JSON object with a \"data\" array of rows");
  JsonObject *o = json_node_get_object (root);
  JsonNode *data = json_object_get_member (o, "data");
  if (data == NULL || !JSON_NODE_HOLDS_ARRAY (data))
    return bad (error, path, "no \"data\" array (expected an array of rows of numbers)");
  JsonArray *rows = json_node_get_array (data);
  gsize n = json_array_get_length (rows), c = 0;
  for (gsize i = 0; i < n; i++)
    {
      JsonNode *row = json_array_get_element (rows, (guint) i);
      if (!JSON_NODE_HOLDS_ARRAY (row))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: data row %zu is not an array of numbers", path, i + 1);
          return NULL;
        }
      gsize len = json_array_get_length (json_node_get_array (row));
      if (i == 0)
        c = len;
      else if (len != c)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: data row %zu has %zu numbers but row 1 has %zu (expected the same "
                       "number in every row)", path, i + 1, len, c);
          return NULL;
        }
    }
  g_autofree char *what = g_strdup_printf ("%s: a table of %zu rows and %zu columns", path, n, c);
  if (!lesc_dataset_check_bytes (what, 8.0 * (double) n * (double) c, error))
    return NULL;
  g_autoptr (LescMatrix) m = lesc_matrix_try_new (n, c, error);
  if (m == NULL)
    return NULL;
  for (gsize i = 0; i < n; i++)
    {
      JsonArray *row = json_node_get_array (json_array_get_element (rows, (guint) i));
      for (gsize j = 0; j < c; j++)
        {
          JsonNode *v = json_array_get_element (row, (guint) j);
          GType t = JSON_NODE_HOLDS_VALUE (v) ? json_node_get_value_type (v) : G_TYPE_INVALID;
          if (t != G_TYPE_DOUBLE && t != G_TYPE_INT64)
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                           "%s: data row %zu, column %zu is not a number", path, i + 1, j + 1);
              return NULL;
            }
          LESC_AT (m, i, j) = json_node_get_double (v);
        }
    }
  JsonNode *cols = json_object_get_member (o, "columns");
  if (columns_out && cols != NULL && JSON_NODE_HOLDS_ARRAY (cols)
      && json_array_get_length (json_node_get_array (cols)) == c)
    {
      JsonArray *a = json_node_get_array (cols);
      char **names = g_new0 (char *, c + 1);
      for (gsize j = 0; j < c; j++)
        {
          JsonNode *e = json_array_get_element (a, (guint) j);
          gboolean text = JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING;
          names[j] = g_strdup (text ? json_node_get_string (e) : "");
        }
      *columns_out = names;
    }
  return g_steal_pointer (&m);
}
