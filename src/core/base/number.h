/* The one rule for a number a person types (a parameter in either explorer, a value on the
 * command line): docs/HACKING.md, "Numbers typed by a user". */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Read `text` as one finite number: optional spaces around, an optional sign ('+', '-' or
 * the typographic minus U+2212), digits with one decimal mark, an optional exponent
 * (e or E). The decimal mark is a point, or a comma when the text has no point ("0,01" =
 * 0.01), unless the comma could be a thousands separator ("1,000", "12,345": nonzero
 * digits before it and exactly three after, no exponent), which is refused as ambiguous.
 * No grouping, hexadecimal, "inf" or "nan". FALSE with LESC_ERROR_USAGE saying why. */
gboolean lesc_number_parse (const char *text, double *out, GError **error);

G_END_DECLS
