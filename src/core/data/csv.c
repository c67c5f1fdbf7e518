/* CSV tables and data sets (the rules are in csv.h). */
#include "core/data/csv.h"
#include "core/base/error.h"
#include "core/base/output.h"
#include "core/data/validate.h"

#include <math.h>
#include <string.h>

/* ---- numbers ---------------------------------------------------------------------- */

static gboolean
parse_number (const char *cell, double *value)
{
  if (*cell == '\0')
    return FALSE;
  char *end = NULL;
  *value = g_ascii_strtod (cell, &end);
  return end != cell && *end == '\0';
}

/* ---- reading ---------------------------------------------------------------------- */

typedef struct {
  const char *path;
  GPtrArray *lines;   /* the non-blank lines, NUL-terminated in place */
  GArray *numbers;    /* their 1-based line numbers (gsize) */
} Lines;

static gboolean
is_blank (const char *s)
{
  for (; *s; s++)
    if (*s != ' ' && *s != '\t')
      return FALSE;
  return TRUE;
}

/* Cut `text` into lines in place, keeping the non-blank ones. */
static gboolean
split_lines (const char *path, char *text, gsize length, Lines *out, GError **error)
{
  if (memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: holds binary data (a NUL byte), not CSV text", path);
      return FALSE;
    }
  out->path = path;
  out->lines = g_ptr_array_new ();
  out->numbers = g_array_new (FALSE, FALSE, sizeof (gsize));
  char *p = text, *end = text + length;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0) /* UTF-8 byte-order mark */
    p += 3;
  for (gsize number = 1; p < end; number++)
    {
      char *nl = memchr (p, '\n', (gsize) (end - p));
      char *stop = nl ? nl : end;
      *stop = '\0'; /* `text` has a terminating NUL past `length` (g_file_get_contents) */
      if (stop > p && stop[-1] == '\r')
        stop[-1] = '\0';
      if (!is_blank (p))
        {
          g_ptr_array_add (out->lines, p);
          g_array_append_val (out->numbers, number);
        }
      p = stop + 1;
    }
  return TRUE;
}

static void
lines_clear (Lines *l)
{
  if (l->lines)
    g_ptr_array_unref (l->lines);
  if (l->numbers)
    g_array_unref (l->numbers);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Lines, lines_clear)

/* The next cell of a line, in place: returns its start (NUL-terminated) and advances
 * *p past the separator, or to NULL at the end of the line. */
static char *
next_cell (const Lines *l, gsize line, gsize column, char **p, gboolean *quoted, GError **error)
{
  char *s = *p;
  while (*s == ' ' || *s == '\t')
    s++;
  *quoted = *s == '"';
  char *cell, *after;
  if (*quoted)
    {
      cell = ++s;
      char *w = s;
      for (;;)
        {
          if (*s == '\0')
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                           "%s: line %zu, column %zu: unterminated quoted cell", l->path, line,
                           column);
              return NULL;
            }
          if (*s == '"' && s[1] == '"')
            {
              *w++ = '"';
              s += 2;
            }
          else if (*s == '"')
            break;
          else
            *w++ = *s++;
        }
      after = s + 1;
      *w = '\0';
      while (*after == ' ' || *after == '\t')
        after++;
      if (*after != ',' && *after != '\0')
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: line %zu, column %zu: text after the closing quote", l->path, line,
                       column);
          return NULL;
        }
    }
  else
    {
      cell = s;
      char *comma = strchr (s, ',');
      char *e = comma ? comma : s + strlen (s);
      *p = comma ? comma + 1 : NULL;
      while (e > cell && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
      *e = '\0';
      return cell;
    }
  *p = *after == ',' ? after + 1 : NULL;
  return cell;
}

static gsize
count_cells (const char *line)
{
  /* commas outside quotes, + 1 */
  gsize n = 1;
  gboolean in_quotes = FALSE;
  for (; *line; line++)
    if (*line == '"')
      in_quotes = !in_quotes;
    else if (*line == ',' && !in_quotes)
      n++;
  return n;
}

static char *
shorten (const char *s)
{
  return g_utf8_validate (s, -1, NULL) && g_utf8_strlen (s, -1) <= 40
           ? g_strdup (s) : g_strdup_printf ("%.37s...", s);
}

static gboolean
ragged (const Lines *l, gsize k, gsize got, gsize want, GError **error)
{
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
               "%s: line %zu has %zu cell%s but line %zu has %zu (expected the same number of "
               "columns on every line)", l->path, g_array_index (l->numbers, gsize, k), got,
               got == 1 ? "" : "s", g_array_index (l->numbers, gsize, 0), want);
  return FALSE;
}

/* Header cells of line 0, or NULL when every cell is a number. */
static char **
read_header (const Lines *l, GError **error)
{
  char *line = g_ptr_array_index (l->lines, 0);
  g_autofree char *copy = g_strdup (line);
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  gboolean header = FALSE;
  char *p = copy;
  for (gsize column = 1; p != NULL; column++)
    {
      gboolean quoted;
      char *cell = next_cell (l, g_array_index (l->numbers, gsize, 0), column, &p, &quoted, error);
      if (cell == NULL)
        return NULL;
      double v;
      if (quoted || !parse_number (cell, &v))
        header = TRUE;
      g_ptr_array_add (cells, g_strdup (cell));
    }
  if (!header)
    return NULL;
  g_ptr_array_add (cells, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&cells), FALSE);
}

static gboolean
read_row (const Lines *l, gsize k, LescMatrix *m, gsize i, GError **error)
{
  char *p = g_ptr_array_index (l->lines, k);
  gsize line = g_array_index (l->numbers, gsize, k);
  gsize cells = count_cells (p);
  if (cells != m->cols)
    return ragged (l, k, cells, m->cols, error);
  for (gsize j = 0; j < m->cols; j++)
    {
      gboolean quoted;
      char *cell = next_cell (l, line, j + 1, &p, &quoted, error);
      if (cell == NULL)
        return FALSE;
      if (quoted || !parse_number (cell, &LESC_AT (m, i, j)))
        {
          g_autofree char *s = shorten (cell);
          if (*cell == '\0' && !quoted)
            g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                         "%s: line %zu, column %zu is empty (expected a number)", l->path, line,
                         j + 1);
          else
            g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                         "%s: line %zu, column %zu: '%s' is not a number", l->path, line, j + 1, s);
          return FALSE;
        }
    }
  return TRUE;
}

/* The file's text (*text, freed by the caller) cut into its non-blank lines. */
static gboolean
read_lines (const char *path, char **text, Lines *lines, GError **error)
{
  gsize length = 0;
  GError *local = NULL;
  if (!g_file_get_contents (path, text, &length, &local))
    {
      lesc_set_io_error (error, path, "read", local);
      g_error_free (local);
      return FALSE;
    }
  return split_lines (path, *text, length, lines, error);
}

LescMatrix *
lesc_csv_read (const char *path, char ***header_out, GError **error)
{
  if (header_out)
    *header_out = NULL;
  g_autofree char *text = NULL;
  g_auto (Lines) lines = { 0 };
  if (!read_lines (path, &text, &lines, error))
    return NULL;
  if (lines.lines->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: empty file (expected rows of numbers, optionally under a header line)", path);
      return NULL;
    }

  GError *local = NULL;
  char **header = read_header (&lines, &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  gsize first = header ? 1 : 0;
  gsize cols = count_cells (g_ptr_array_index (lines.lines, 0));
  gsize rows = lines.lines->len - first;
  LescMatrix *m = NULL;
  g_autofree char *what = g_strdup_printf ("%s: a table of %zu rows and %zu columns", path,
                                           rows, cols);
  if (lesc_dataset_check_bytes (what, 8.0 * (double) rows * (double) cols, error))
    m = lesc_matrix_try_new (rows, cols, error);
  for (gsize i = 0; m != NULL && i < rows; i++)
    if (!read_row (&lines, first + i, m, i, error))
      g_clear_pointer (&m, lesc_matrix_free);
  if (m != NULL && header_out)
    *header_out = g_steal_pointer (&header);
  g_strfreev (header);
  return m;
}

/* ---- tables of text --------------------------------------------------------------- */

GPtrArray *
lesc_csv_read_text (const char *path, char ***header_out, GError **error)
{
  *header_out = NULL;
  g_autofree char *text = NULL;
  g_auto (Lines) lines = { 0 };
  if (!read_lines (path, &text, &lines, error))
    return NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_auto (GStrv) header = NULL;
  gsize width = 0, header_line = 0;
  for (gsize k = 0; k < lines.lines->len; k++)
    {
      char *p = g_ptr_array_index (lines.lines, k);
      gsize line = g_array_index (lines.numbers, gsize, k);
      if (p[strspn (p, " \t")] == '#')
        continue;
      gsize n = count_cells (p);
      if (header != NULL && n != width)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: line %zu has %zu cell%s but the header (line %zu) has %zu", path,
                       line, n, n == 1 ? "" : "s", header_line, width);
          return NULL;
        }
      g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
      for (gsize column = 1; p != NULL; column++)
        {
          gboolean quoted;
          char *cell = next_cell (&lines, line, column, &p, &quoted, error);
          if (cell == NULL)
            return NULL;
          g_ptr_array_add (cells, g_strdup (cell));
        }
      g_ptr_array_add (cells, NULL);
      char **fields = (char **) g_ptr_array_free (g_steal_pointer (&cells), FALSE);
      if (header == NULL)
        header = fields, width = n, header_line = line;
      else
        g_ptr_array_add (rows, fields);
    }
  if (header == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: empty file (expected a header line)",
                   path);
      return NULL;
    }
  *header_out = g_steal_pointer (&header);
  return g_steal_pointer (&rows);
}

/* ---- writing ---------------------------------------------------------------------- */

static void
append_name (GString *s, const char *name)
{
  double v;
  gboolean plain = *name != '\0' && !parse_number (name, &v) && strpbrk (name, ",\"\r\n") == NULL
                   && name[0] != ' ' && name[strlen (name) - 1] != ' ';
  if (plain)
    {
      g_string_append (s, name);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *c = name; *c; c++)
    {
      if (*c == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *c);
    }
  g_string_append_c (s, '"');
}

/* Header and rows of several matrices side by side (same row count). */
static char *
format_blocks (const LescMatrix *const *blocks, const char *const *const *headers, guint nblocks,
               gsize *length)
{
  gsize rows = blocks[0]->rows, cols = 0;
  for (guint b = 0; b < nblocks; b++)
    cols += blocks[b]->cols;
  GString *s = g_string_sized_new ((rows + 1) * (cols * 8 + 1) + 16);
  gboolean any_header = FALSE;
  for (guint b = 0; b < nblocks; b++)
    any_header |= headers[b] != NULL;
  if (any_header)
    {
      gboolean first = TRUE;
      for (guint b = 0; b < nblocks; b++)
        for (gsize j = 0; j < blocks[b]->cols; j++)
          {
            if (!first)
              g_string_append_c (s, ',');
            first = FALSE;
            if (headers[b] != NULL)
              append_name (s, headers[b][j]);
          }
      g_string_append_c (s, '\n');
    }
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  for (gsize i = 0; i < rows; i++)
    {
      gboolean first = TRUE;
      for (guint b = 0; b < nblocks; b++)
        for (gsize j = 0; j < blocks[b]->cols; j++)
          {
            if (!first)
              g_string_append_c (s, ',');
            first = FALSE;
            g_string_append (s, lesc_format_double (buf, LESC_AT (blocks[b], i, j)));
          }
      g_string_append_c (s, '\n');
    }
  if (length)
    *length = s->len;
  return g_string_free (s, FALSE);
}

char *
lesc_csv_format (const LescMatrix *m, const char *const *header, gsize *length)
{
  return format_blocks (&m, &header, 1, length);
}

gboolean
lesc_csv_write (const char *path, const LescMatrix *m, const char *const *header, GError **error)
{
  gsize length;
  g_autofree char *text = lesc_csv_format (m, header, &length);
  return lesc_output_write (path, text, length, error);
}

char **
lesc_csv_default_names (const char *prefix, gsize n)
{
  char **names = g_new0 (char *, n + 1);
  for (gsize j = 0; j < n; j++)
    names[j] = g_strdup_printf ("%s%zu", prefix, j + 1);
  return names;
}

/* ---- data sets -------------------------------------------------------------------- */

static LescDataset *
make_dataset (const char *name_path, const char *source, LescMatrix *features, LescMatrix *truth,
              char **label_names)
{
  g_autofree char *name = lesc_dataset_name_from_path (name_path);
  LescDataset *ds = lesc_dataset_new (name, features, truth, NULL);
  ds->source = g_strdup (source);
  ds->label_names = label_names;
  return ds;
}

LescDataset *
lesc_dataset_load_csv (const char *features_path, const char *truth_path, GError **error)
{
  g_autoptr (LescMatrix) features = lesc_csv_read (features_path, NULL, error);
  if (features == NULL)
    return NULL;
  g_auto (GStrv) names = NULL;
  g_autoptr (LescMatrix) truth = lesc_csv_read (truth_path, &names, error);
  if (truth == NULL)
    return NULL;
  if (features->rows != truth->rows)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s has %zu rows of features but %s has %zu rows of label distributions "
                   "(expected one row per sample in both)", features_path, features->rows,
                   truth_path, truth->rows);
      return NULL;
    }
  g_autofree char *source = g_strconcat (features_path, ",", truth_path, NULL);
  return make_dataset (features_path, source, g_steal_pointer (&features),
                       g_steal_pointer (&truth), g_steal_pointer (&names));
}

LescDataset *
lesc_dataset_load_csv_single (const char *path, gsize label_columns, GError **error)
{
  if (label_columns == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: a single CSV file needs the number of trailing label-distribution "
                   "columns (--label-columns N), or give FEATURES.csv,DISTRIBUTIONS.csv", path);
      return NULL;
    }
  g_auto (GStrv) header = NULL;
  g_autoptr (LescMatrix) all = lesc_csv_read (path, &header, error);
  if (all == NULL)
    return NULL;
  if (all->cols <= label_columns)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: has %zu column%s, so %zu label column%s leave%s no feature column "
                   "(expected features followed by the label distributions)", path, all->cols,
                   all->cols == 1 ? "" : "s", label_columns, label_columns == 1 ? "" : "s",
                   label_columns == 1 ? "s" : "");
      return NULL;
    }
  gsize n = all->rows, q = all->cols - label_columns, o = label_columns;
  /* column-major: the first q columns are contiguous, then the o label columns */
  LescMatrix *features = lesc_matrix_new_from (n, q, all->data);
  LescMatrix *truth = lesc_matrix_new_from (n, o, all->data + n * q);
  char **names = NULL;
  if (header != NULL)
    names = g_strdupv (header + q);
  return make_dataset (path, path, features, truth, names);
}

static const char *const *
truth_names (const LescDataset *ds, char ***fallback)
{
  if (ds->label_names != NULL)
    return (const char *const *) ds->label_names;
  *fallback = lesc_csv_default_names ("label", ds->truth->cols);
  return (const char *const *) *fallback;
}

static gboolean
has_truth (const LescDataset *ds, const char *path, GError **error)
{
  if (ds->truth != NULL)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
               "%s: data set '%s' has no label distributions to save", path, ds->name);
  return FALSE;
}

gboolean
lesc_dataset_save_csv (const LescDataset *ds, const char *features_path, const char *truth_path,
                       GError **error)
{
  if (!has_truth (ds, truth_path, error))
    return FALSE;
  g_auto (GStrv) fnames = lesc_csv_default_names ("feature", ds->features->cols);
  g_auto (GStrv) tfallback = NULL;
  gsize flen, tlen;
  g_autofree char *ftext = lesc_csv_format (ds->features, (const char *const *) fnames, &flen);
  g_autofree char *ttext = lesc_csv_format (ds->truth, truth_names (ds, &tfallback), &tlen);
  return lesc_output_write (features_path, ftext, flen, error)
         && lesc_output_write (truth_path, ttext, tlen, error);
}

gboolean
lesc_dataset_save_csv_single (const LescDataset *ds, const char *path, GError **error)
{
  if (!has_truth (ds, path, error))
    return FALSE;
  g_auto (GStrv) fnames = lesc_csv_default_names ("feature", ds->features->cols);
  g_auto (GStrv) tfallback = NULL;
  const LescMatrix *blocks[] = { ds->features, ds->truth };
  const char *const *headers[] = { (const char *const *) fnames, truth_names (ds, &tfallback) };
  gsize length;
  g_autofree char *text = format_blocks (blocks, headers, 2, &length);
  return lesc_output_write (path, text, length, error);
}
