/* CSV and TSV tables and data sets (the rules are in csv.h). */
#include "core/data/csv.h"
#include "core/base/error.h"
#include "core/base/output.h"
#include "core/base/quote.h"
#include "core/data/validate.h"
#include "core/data/input.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* ---- numbers ---------------------------------------------------------------------- */

typedef enum { NUMBER_OK, NUMBER_NOT, NUMBER_OVERFLOW } NumberParse;

static NumberParse
parse_number (const char *cell, double *value)
{
  if (*cell == '\0')
    return NUMBER_NOT;
  char *end = NULL;
  errno = 0;
  double v = g_ascii_strtod (cell, &end);
  if (end == cell || *end != '\0')
    return NUMBER_NOT;
  /* "1e400" is not infinity: the file holds a number no double can hold */
  if (errno == ERANGE && isinf (v))
    return NUMBER_OVERFLOW;
  *value = v;
  return NUMBER_OK;
}

static gboolean
is_number (const char *cell)
{
  double v;
  return parse_number (cell, &v) != NUMBER_NOT;
}

/* The spellings of a missing value that spreadsheets, R and pandas write (NaN is a number
 * to the reader, and refused later as not finite). */
static gboolean
is_missing_marker (const char *cell)
{
  static const char *const markers[] = { "", "NA", "N/A", "#N/A", "null", "NULL", "None",
                                         "?", "-", "–", ".", "missing" };
  for (guint k = 0; k < G_N_ELEMENTS (markers); k++)
    if (strcmp (cell, markers[k]) == 0)
      return TRUE;
  return FALSE;
}

/* ---- delimiters ------------------------------------------------------------------- */

const char *
lesc_csv_delimiter_name (char delimiter)
{
  switch (delimiter)
    {
    case ',': return "comma";
    case ';': return "semicolon";
    case '\t': return "tab";
    case ' ': return "whitespace";
    default: return "?";
    }
}

gboolean
lesc_csv_delimiter_from_string (const char *text, char *delimiter)
{
  static const struct { const char *name; char d; } names[] = {
    { ",", ',' }, { "comma", ',' }, { ";", ';' }, { "semicolon", ';' }, { "\t", '\t' },
    { "\\t", '\t' }, { "tab", '\t' }, { " ", ' ' }, { "space", ' ' }, { "whitespace", ' ' },
  };
  for (guint k = 0; text != NULL && k < G_N_ELEMENTS (names); k++)
    if (g_ascii_strcasecmp (text, names[k].name) == 0)
      {
        *delimiter = names[k].d;
        return TRUE;
      }
  return FALSE;
}

char *
lesc_csv_report_describe (const LescCsvReport *r)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  if (r->detected && r->delimiter != ',')
    g_ptr_array_add (parts, g_strdup_printf ("%s-separated (detected)",
                                             lesc_csv_delimiter_name (r->delimiter)));
  if (r->index_detected)
    g_ptr_array_add (parts, g_strdup ("column 1 skipped as an index column (its header cell "
                                      "is empty, as pandas writes it; --no-index-column reads "
                                      "it as data)"));
  if (r->cr_lines)
    g_ptr_array_add (parts, g_strdup ("lines end in a carriage return alone (classic Mac OS), "
                                      "read as line breaks"));
  if (r->header_latin1)
    g_ptr_array_add (parts, g_strdup ("the header is not UTF-8: read as Windows-1252 "
                                      "(Latin-1)"));
  if (r->header_guessed)
    g_ptr_array_add (parts, g_strdup ("line 1 read as the header (it holds text cells; its "
                                      "numbers are not read as data)"));
  if (r->comment_lines > 0)
    g_ptr_array_add (parts, g_strdup_printf ("%zu comment line%s starting with '#' skipped",
                                             r->comment_lines, r->comment_lines == 1 ? "" : "s"));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("; ", (char **) parts->pdata);
}

/* ---- lines ------------------------------------------------------------------------ */

typedef struct {
  const char *path;
  GPtrArray *lines;   /* the non-blank, non-comment lines, NUL-terminated in place */
  GArray *numbers;    /* their 1-based line numbers (gsize) */
  gsize comments;
  gboolean cr_lines;  /* CR alone ended the lines */
  gboolean given;     /* the delimiter was named (--delimiter), not detected */
} Lines;

static gboolean
is_blank_char (char c)
{
  return c == ' ' || c == '\t';
}

static const char *
skip_blanks (const char *s)
{
  while (is_blank_char (*s))
    s++;
  return s;
}

/* Cut `text` into lines in place, keeping the non-blank, non-comment ones. */
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
  /* no line feed but carriage returns: lines ended by CR alone (old Mac OS, some exports) */
  if (memchr (text, '\n', length) == NULL && memchr (text, '\r', length) != NULL)
    {
      for (char *c = text; c < end; c++)
        if (*c == '\r')
          *c = '\n';
      out->cr_lines = TRUE;
    }
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0) /* UTF-8 byte-order mark */
    p += 3;
  for (gsize number = 1; p < end; number++)
    {
      char *nl = memchr (p, '\n', (gsize) (end - p));
      char *stop = nl ? nl : end;
      *stop = '\0'; /* `text` has a terminating NUL past `length` (g_file_get_contents) */
      if (stop > p && stop[-1] == '\r')
        stop[-1] = '\0';
      const char *first = skip_blanks (p);
      if (*first == '#')
        out->comments++;
      else if (*first != '\0')
        {
          g_ptr_array_add (out->lines, p);
          g_array_append_val (out->numbers, number);
        }
      p = stop + 1;
    }
  return TRUE;
}

/* The file's text (*text, freed by the caller) cut into its lines. */
static gboolean
read_lines (const char *path, char **text, Lines *lines, GError **error)
{
  gsize length = 0;
  *text = lesc_input_read (path, &length, error);
  if (*text == NULL)
    return FALSE;
  return split_lines (lesc_input_name (path), *text, length, lines, error);
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

static gsize
line_number (const Lines *l, gsize k)
{
  return g_array_index (l->numbers, gsize, k);
}

/* ---- the tokenizer: the one reader of cells, for the header, the counts and the rows - */

typedef struct {
  GPtrArray *cells;   /* char *, into the line */
  GArray *quoted;     /* gboolean per cell */
} Cells;

static void
cells_clear (Cells *c)
{
  if (c->cells)
    g_ptr_array_unref (c->cells);
  if (c->quoted)
    g_array_unref (c->quoted);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Cells, cells_clear)

static void
cells_init (Cells *c)
{
  c->cells = g_ptr_array_new ();
  c->quoted = g_array_new (FALSE, FALSE, sizeof (gboolean));
}

/* Blanks around a cell: spaces, and tabs unless the tab separates the cells. */
static gboolean
is_padding (char c, char delimiter)
{
  return c == ' ' || (c == '\t' && delimiter != '\t');
}

static gboolean
ends_cell (char c, char delimiter)
{
  return c == '\0' || (delimiter == ' ' ? is_blank_char (c) : c == delimiter);
}

/* Split `s`, line k or a copy of it, in place into cells. A cell starting with '"' is quoted up to the next
 * lone '"' ("" is one quote); anywhere else a quote is an ordinary character. */
static gboolean
tokenize (const Lines *l, gsize k, char *s, char delimiter, Cells *out, GError **error)
{
  g_ptr_array_set_size (out->cells, 0);
  g_array_set_size (out->quoted, 0);
  for (gsize column = 1;; column++)
    {
      while (is_padding (*s, delimiter))
        s++;
      if (delimiter == ' ' && *s == '\0')
        break; /* trailing blanks */
      gboolean quoted = *s == '"';
      char *cell, terminator;
      if (quoted)
        {
          cell = ++s;
          char *w = s;
          for (;;)
            {
              if (*s == '\0')
                {
                  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                               "%s: line %zu, column %zu: unterminated quoted cell", l->path,
                               line_number (l, k), column);
                  return FALSE;
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
          *w = '\0';
          char *close = s++;
          while (is_padding (*s, delimiter))
            s++;
          terminator = *s;
          gboolean ok = delimiter == ' ' ? terminator == '\0' || s > close + 1
                                         : terminator == '\0' || terminator == delimiter;
          if (!ok)
            {
              g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                           "%s: line %zu, column %zu: text after the closing quote", l->path,
                           line_number (l, k), column);
              return FALSE;
            }
        }
      else
        {
          cell = s;
          while (!ends_cell (*s, delimiter))
            s++;
          terminator = *s;
          char *e = s;
          while (e > cell && is_padding (e[-1], delimiter))
            e--;
          *e = '\0';
        }
      g_ptr_array_add (out->cells, cell);
      g_array_append_val (out->quoted, quoted);
      if (terminator == '\0')
        break;
      if (delimiter != ' ' || !quoted)
        s++; /* past the delimiter (a blank, for whitespace: the rest are padding) */
    }
  return TRUE;
}

/* The delimiter of a file from its first line: ',' or ';' (both: mixed, refused), else a
 * tab, else runs of blanks when the line has any between cells, else ',' (one column).
 * Quotes are followed roughly (a quote after a delimiter candidate opens a cell); a wrong
 * guess ends in a clear error from the tokenizer, never in a wrong table. */
static gboolean
detect_delimiter (const Lines *l, char *delimiter, GError **error)
{
  const char *s = skip_blanks (g_ptr_array_index (l->lines, 0));
  gsize commas = 0, semicolons = 0, tabs = 0, blanks = 0;
  gboolean in_quotes = FALSE, cell_start = TRUE;
  for (; *s; s++)
    {
      if (in_quotes)
        {
          if (*s == '"' && s[1] == '"')
            s++;
          else if (*s == '"')
            in_quotes = FALSE;
          continue;
        }
      if (*s == '"' && cell_start)
        {
          in_quotes = TRUE;
          continue;
        }
      commas += *s == ',';
      semicolons += *s == ';';
      tabs += *s == '\t';
      blanks += *s == ' ' && s[1] != '\0' && !is_blank_char (s[1]);
      cell_start = *s == ',' || *s == ';' || is_blank_char (*s);
    }
  if (commas > 0 && semicolons > 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: line %zu holds both ',' and ';' between cells (mixed delimiters; "
                   "name the delimiter with --delimiter)", l->path, line_number (l, 0));
      return FALSE;
    }
  *delimiter = commas ? ',' : semicolons ? ';' : tabs ? '\t' : blanks ? ' ' : ',';
  return TRUE;
}

/* A delimiter other than `used` found between two non-blank characters of `cell` or line,
 * or 0: what makes a cell "not a number" or a line ragged when delimiters are mixed. */
static char
other_delimiter (const char *text, char used)
{
  for (const char *s = text; *s; s++)
    if ((*s == ',' || *s == ';' || *s == '\t') && *s != used
        && !(*s == '\t' && used == ' ')
        && s > text && !is_blank_char (s[-1]) && s[1] != '\0' && !is_blank_char (s[1]))
      return *s;
  return 0;
}

static const char *
delimiter_text (char d)
{
  return d == '\t' ? "a tab" : d == ',' ? "','" : d == ';' ? "';'" : "blanks";
}

static char *
shorten (const char *s)
{
  return lesc_quote (s, -1, LESC_QUOTE_MAX);
}

static gboolean
ragged (const Lines *l, gsize k, const char *raw, gsize got, gsize want, char delimiter,
        GError **error)
{
  char other = other_delimiter (raw, delimiter);
  g_autofree char *mixed = other ? g_strdup_printf ("; it holds %s where line %zu uses %s "
                                                    "(mixed delimiters)", delimiter_text (other),
                                                    line_number (l, 0), delimiter_text (delimiter))
                                 : g_strdup ("");
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
               "%s: line %zu has %zu cell%s but line %zu has %zu (expected the same number of "
               "columns on every line)%s", l->path, line_number (l, k), got,
               got == 1 ? "" : "s", line_number (l, 0), want, mixed);
  return FALSE;
}

static gboolean
bad_cell (const Lines *l, gsize k, gsize column, const char *cell, gboolean quoted,
          NumberParse why, char delimiter, GError **error)
{
  gsize line = line_number (l, k);
  g_autofree char *s = shorten (cell);
  char other = quoted ? 0 : other_delimiter (cell, delimiter);
  if (why == NUMBER_OVERFLOW)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: line %zu, column %zu: %s does not fit a double (overflow; the largest "
                 "is about 1.8e308)", l->path, line, column, s);
  else if (*cell == '\0' && !quoted)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: line %zu, column %zu is empty (expected a number)", l->path, line, column);
  else if (!quoted && is_missing_marker (cell))
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: line %zu, column %zu: '%s' marks a missing value (expected a number: "
                 "lesc needs every value; fill or drop the row)", l->path, line, column, s);
  else if (other)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: line %zu, column %zu: '%s' holds %s but the file is %s-separated (%s)",
                 l->path, line, column, s, delimiter_text (other),
                 lesc_csv_delimiter_name (delimiter),
                 l->given ? "mixed delimiters; the file is read as --delimiter says: is that its delimiter?"
                          : "mixed delimiters; name the delimiter with --delimiter");
  else
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: line %zu, column %zu: '%s' is not a number", l->path, line, column, s);
  return FALSE;
}

/* The table as read: cells of line 0 decide the header and the width. */
typedef struct {
  const Lines *lines;
  char delimiter;
  gsize cols;        /* cells per line */
  gsize skip;        /* 1 when the first column is an index */
  char **header;     /* owned; NULL: no header line */
  gboolean guessed;  /* the header line holds numbers too (said in a note) */
} Table;

/* The header of line 0, or NULL when every cell is a number (the first cell aside when
 * it is an index: row names are text). */
static gboolean
read_header (Table *t, gboolean index, Cells *cells, GError **error)
{
  g_autofree char *copy = g_strdup (g_ptr_array_index (t->lines->lines, 0));
  if (!tokenize (t->lines, 0, copy, t->delimiter, cells, error))
    return FALSE;
  t->cols = cells->cells->len;
  /* a header has a text cell; a line of numbers whose other cells all mark missing values
   * (1,NA,0) is data, refused where the value is missing, not taken for names */
  gboolean text = FALSE, numbers = FALSE;
  for (guint c = index && t->cols > 1 ? 1 : 0; c < cells->cells->len; c++)
    {
      const char *cell = g_ptr_array_index (cells->cells, c);
      gboolean quoted = g_array_index (cells->quoted, gboolean, c);
      if (!quoted && is_number (cell))
        numbers = TRUE;
      else if (quoted || !is_missing_marker (cell))
        text = TRUE;
    }
  if (!text)
    return TRUE;
  t->guessed = numbers;
  t->header = g_new0 (char *, t->cols + 1);
  for (guint c = 0; c < cells->cells->len; c++)
    t->header[c] = g_strdup (g_ptr_array_index (cells->cells, c));
  return TRUE;
}

/* The first column of every data line of a detected index: all numbers must increase
 * (a shuffled or filtered frame's index is not a feature either, but an unnamed feature
 * column looks the same: the caller must say which); any text makes it an index. */
static gboolean
check_detected_index (const Table *t, GPtrArray *first_cells, GError **error)
{
  const Lines *l = t->lines;
  gsize first = t->header ? 1 : 0;
  for (guint k = 0; k < first_cells->len; k++)
    if (!is_number (g_ptr_array_index (first_cells, k)))
      return TRUE;
  for (guint k = 1; k < first_cells->len; k++)
    {
      double a = g_ascii_strtod (g_ptr_array_index (first_cells, k - 1), NULL);
      double b = g_ascii_strtod (g_ptr_array_index (first_cells, k), NULL);
      if (!(b > a))
        {
          g_autofree char *sa = shorten (g_ptr_array_index (first_cells, k - 1));
          g_autofree char *sb = shorten (g_ptr_array_index (first_cells, k));
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: column 1 has an empty header cell, as pandas writes for an index, "
                       "but its values do not increase (line %zu: %s after %s); "
                       "--index-column skips it anyway, --no-index-column reads it as data",
                       l->path, line_number (l, first + k), sb, sa);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_rows (Table *t, LescMatrix *m, GPtrArray *first_cells, Cells *cells, GError **error)
{
  const Lines *l = t->lines;
  gsize first = t->header ? 1 : 0;
  for (gsize i = 0; i < m->rows; i++)
    {
      gsize k = first + i;
      g_autofree char *raw = g_strdup (g_ptr_array_index (l->lines, k));
      if (!tokenize (l, k, g_ptr_array_index (l->lines, k), t->delimiter, cells, error))
        return FALSE;
      if (cells->cells->len != t->cols)
        return ragged (l, k, raw, cells->cells->len, t->cols, t->delimiter, error);
      if (t->skip)
        g_ptr_array_add (first_cells, g_strdup (g_ptr_array_index (cells->cells, 0)));
      for (gsize j = 0; j < m->cols; j++)
        {
          const char *cell = g_ptr_array_index (cells->cells, j + t->skip);
          gboolean quoted = g_array_index (cells->quoted, gboolean, j + t->skip);
          NumberParse why = quoted ? NUMBER_NOT : parse_number (cell, &LESC_AT (m, i, j));
          if (why != NUMBER_OK)
            return bad_cell (l, k, j + t->skip + 1, cell, quoted, why, t->delimiter, error);
        }
    }
  return TRUE;
}

LescMatrix *
lesc_csv_read_with (const char *path, const LescCsvOptions *options, char ***header_out,
                    LescCsvReport *report, GError **error)
{
  static const LescCsvOptions defaults = { 0 };
  LescCsvReport local_report;
  if (options == NULL)
    options = &defaults;
  if (report == NULL)
    report = &local_report;
  memset (report, 0, sizeof *report);
  if (header_out)
    *header_out = NULL;
  g_autofree char *text = NULL;
  g_auto (Lines) lines = { 0 };
  if (!read_lines (path, &text, &lines, error))
    return NULL;
  report->comment_lines = lines.comments;
  report->cr_lines = lines.cr_lines;
  lines.given = options->delimiter != 0;
  if (lines.lines->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: empty file (expected rows of numbers, optionally under a header line)", path);
      return NULL;
    }
  Table t = { .lines = &lines, .delimiter = options->delimiter };
  report->detected = t.delimiter == 0;
  if (t.delimiter == 0 && !detect_delimiter (&lines, &t.delimiter, error))
    return NULL;
  report->delimiter = t.delimiter;

  g_auto (Cells) cells = { 0 };
  cells_init (&cells);
  if (!read_header (&t, options->index == LESC_CSV_INDEX_SKIP, &cells, error))
    return NULL;
  g_auto (GStrv) header = t.header;
  gboolean detected_index = options->index == LESC_CSV_INDEX_AUTO && header != NULL
                            && *header[0] == '\0';
  t.skip = (options->index == LESC_CSV_INDEX_SKIP || detected_index) && t.cols > 1 ? 1 : 0;
  gsize rows = lines.lines->len - (header ? 1 : 0), cols = t.cols - t.skip;
  LescMatrix *m = NULL;
  g_autofree char *what = g_strdup_printf ("%s: a table of %zu rows and %zu columns", path,
                                           rows, cols);
  if (lesc_dataset_check_bytes (what, 8.0 * (double) rows * (double) cols, error))
    m = lesc_matrix_try_new (rows, cols, error);
  g_autoptr (GPtrArray) first_cells = g_ptr_array_new_with_free_func (g_free);
  if (m != NULL && (!read_rows (&t, m, first_cells, &cells, error)
                    || (detected_index && t.skip && !check_detected_index (&t, first_cells, error))))
    g_clear_pointer (&m, lesc_matrix_free);
  if (m == NULL)
    return NULL;
  report->index_skipped = t.skip == 1;
  report->header_guessed = t.guessed;
  report->index_detected = detected_index && t.skip == 1;
  if (header_out && header != NULL)
    {
      *header_out = g_strdupv (header + t.skip);
      for (char **h = *header_out; *h != NULL; h++)
        if (!g_utf8_validate (*h, -1, NULL))
          {
            /* names are UTF-8 everywhere they go (JSON, models, the window): a file
             * from a Latin-1 spreadsheet is read as Windows-1252, its superset */
            char *u = g_convert (*h, -1, "UTF-8", "WINDOWS-1252", NULL, NULL, NULL);
            if (u == NULL)
              u = g_convert (*h, -1, "UTF-8", "ISO-8859-1", NULL, NULL, NULL);
            g_free (*h);
            *h = u != NULL ? u : g_strdup ("?");
            report->header_latin1 = TRUE;
          }
    }
  return m;
}

LescMatrix *
lesc_csv_read (const char *path, char ***header, GError **error)
{
  return lesc_csv_read_with (path, NULL, header, NULL, error);
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
  if (lines.lines->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: empty file (expected a header line)",
                   path);
      return NULL;
    }
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_auto (Cells) cells = { 0 };
  cells_init (&cells);
  g_auto (GStrv) header = NULL;
  gsize width = 0;
  for (gsize k = 0; k < lines.lines->len; k++)
    {
      if (!tokenize (&lines, k, g_ptr_array_index (lines.lines, k), ',', &cells, error))
        return NULL;
      gsize n = cells.cells->len;
      if (header != NULL && n != width)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: line %zu has %zu cell%s but the header (line %zu) has %zu", path,
                       line_number (&lines, k), n, n == 1 ? "" : "s", line_number (&lines, 0),
                       width);
          return NULL;
        }
      char **fields = g_new0 (char *, n + 1);
      for (gsize c = 0; c < n; c++)
        fields[c] = g_strdup (g_ptr_array_index (cells.cells, c));
      if (header == NULL)
        header = fields, width = n;
      else
        g_ptr_array_add (rows, fields);
    }
  *header_out = g_steal_pointer (&header);
  return g_steal_pointer (&rows);
}

/* ---- writing ---------------------------------------------------------------------- */

static void
append_name (GString *s, const char *name, char delimiter)
{
  char special[] = { ',', ';', '\t', '"', '\r', '\n', '#', delimiter, '\0' };
  gboolean plain = *name != '\0' && !is_number (name) && strpbrk (name, special) == NULL
                   && !is_blank_char (name[0]) && !is_blank_char (name[strlen (name) - 1]);
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
               char delimiter, gsize *length)
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
              g_string_append_c (s, delimiter);
            first = FALSE;
            if (headers[b] != NULL)
              append_name (s, headers[b][j], delimiter);
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
              g_string_append_c (s, delimiter);
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
lesc_csv_format_with (const LescMatrix *m, const char *const *header, char delimiter,
                      gsize *length)
{
  return format_blocks (&m, &header, 1, delimiter, length);
}

char *
lesc_csv_format (const LescMatrix *m, const char *const *header, gsize *length)
{
  return lesc_csv_format_with (m, header, ',', length);
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

/* A table read with the defaults, its report kept as a note of the data set. */
static LescMatrix *
read_noting (const char *path, char ***header, char **note, GError **error)
{
  LescCsvReport report;
  LescMatrix *m = lesc_csv_read_with (path, NULL, header, &report, error);
  if (m != NULL)
    {
      g_autofree char *said = lesc_csv_report_describe (&report);
      *note = said ? g_strdup_printf ("%s: %s", path, said) : NULL;
    }
  return m;
}

static LescDataset *
with_notes (LescDataset *ds, char *const *notes, guint n)
{
  for (guint k = 0; ds != NULL && k < n; k++)
    if (notes[k] != NULL)
      lesc_dataset_add_note (ds, "%s", notes[k]);
  return ds;
}

LescDataset *
lesc_dataset_load_csv (const char *features_path, const char *truth_path, GError **error)
{
  g_autofree char *fnote = NULL, *tnote = NULL;
  LescMatrix *features = read_noting (features_path, NULL, &fnote, error);
  if (features == NULL)
    return NULL;
  char **names = NULL;
  LescMatrix *truth = read_noting (truth_path, &names, &tnote, error);
  if (truth == NULL)
    {
      lesc_matrix_free (features);
      return NULL;
    }
  char *notes[] = { fnote, tnote };
  return with_notes (lesc_dataset_from_pair (features_path, features, truth_path, truth, names,
                                             LESC_LABELS_DISTRIBUTIONS, error), notes, 2);
}

LescDataset *
lesc_dataset_load_csv_single (const char *path, gsize label_columns, GError **error)
{
  if (label_columns == 0)
    return lesc_dataset_from_table (path, lesc_matrix_new (0, 0), NULL, 0,
                                    LESC_LABELS_DISTRIBUTIONS, error);
  g_autofree char *note = NULL;
  char **header = NULL;
  LescMatrix *all = read_noting (path, &header, &note, error);
  if (all == NULL)
    return NULL;
  return with_notes (lesc_dataset_from_table (path, all, header, label_columns,
                                              LESC_LABELS_DISTRIBUTIONS, error), &note, 1);
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
  g_autofree char *text = format_blocks (blocks, headers, 2, ',', &length);
  return lesc_output_write (path, text, length, error);
}
