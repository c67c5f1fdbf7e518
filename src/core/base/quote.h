/* User bytes (file names, cells, header names, dtype strings, member names) quoted in
 * messages: every message that shows them goes through here, so that it stays one line,
 * a terminal never receives an escape sequence, and a 60 KB field does not flood the
 * screen (docs/files.md, "Messages"). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Default cut of a quoted field, in characters. */
#define LESC_QUOTE_MAX 40

/* `bytes` (`length` bytes, or up to the NUL when -1) as printable text: valid UTF-8 is
 * kept except control characters (C0, DEL, C1), which become \n, \r, \t or \xNN, as does
 * every byte that is not valid UTF-8; when more than `max_chars` characters (0: no limit)
 * would be shown, the first max_chars − 1 are followed by "…". NULL gives "". */
char *lesc_quote (const char *bytes, gssize length, gsize max_chars);

/* lesc_quote with no cut: a whole message or path kept on one line, escapes made harmless. */
char *lesc_quote_line (const char *text);

G_END_DECLS
