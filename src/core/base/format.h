/* Numbers and text in the program's outputs (the cli's files and the figures' tables), the
 * same in every front end and independent of the locale (docs/HACKING.md, "Outputs").
 *
 * One rule for the values that are not finite (NaN marks a missing value: a run that did
 * not finish, a rank without a value):
 *
 *            finite                  NaN            +Inf / −Inf
 *   text     the caller's digits     —              inf / -inf
 *   CSV      the caller's digits     (empty cell)   inf / -inf
 *   JSON     the caller's digits     null           "Infinity" / "-Infinity"
 *   LaTeX    the caller's digits     --             $\infty$ / $-\infty$
 *
 * JSON has neither NaN nor infinities: null keeps the file valid JSON, and the infinities
 * become strings a reader can still tell apart. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  LESC_FORMAT_TEXT,
  LESC_FORMAT_CSV,
  LESC_FORMAT_JSON,
  LESC_FORMAT_LATEX,
} LescFormat;

/* The shortest of %.15g, %.16g, %.17g that parses back to `v` exactly; "nan", "inf",
 * "-inf" for the non-finite values (data files, which are read back). Returns `buf`. */
const char *lesc_format_double (char buf[G_ASCII_DTOSTR_BUF_SIZE], double v);
/* lesc_format_double as a new string. */
char *lesc_format_number (double v);

/* `v` for `format`: a finite value with `conversion` (a g_ascii_formatd conversion such
 * as "%.4f" or "%.15g"; NULL: the shortest digits that read back exactly), the others by
 * the rule above. */
char *lesc_format_value (double v, LescFormat format, const char *conversion);
void lesc_format_append (GString *out, double v, LescFormat format, const char *conversion);
/* lesc_format_value with `decimals` (0…17) fixed decimals. */
char *lesc_format_fixed (double v, LescFormat format, int decimals);

/* Text cells. A CSV field, quoted when it holds a comma, a quote or a line break (NULL:
 * nothing); a JSON string (NULL: null); LaTeX text with \ & % $ # _ { } ~ ^ escaped. */
void lesc_csv_field (GString *out, const char *field);
void lesc_json_string (GString *out, const char *s);
void lesc_latex_text (GString *out, const char *s);

G_END_DECLS
