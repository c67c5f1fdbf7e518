/* A data set as a person names it, with the options `lesc` reads it with:
 * "weather.csv --logical-columns 3", "x.csv,y.csv --logical", "yeast-alpha". The session
 * keeps both, so that reading the data again (an experiment, a restart, Open Recent)
 * reads it the same way. */
#pragma once
#include "core/data/open.h"

G_BEGIN_DECLS

/* Split `text` as a shell would: the first word is the data set, the rest the options
 * --label-columns N, --logical-columns N, --logical, --renormalize, --delimiter D,
 * --index-column, --no-index-column (lesc --help data). `open` comes in with the defaults
 * (its data_dir is kept) and leaves with the options. FALSE with LESC_ERROR_USAGE naming
 * the option. */
gboolean lesc_data_spec_parse (const char *text, char **spec, LescOpenOptions *open,
                               GError **error);
/* The text lesc_data_spec_parse reads back: the data set (quoted when needed) and the
 * options that differ from the defaults. */
char *lesc_data_spec_format (const char *spec, const LescOpenOptions *open);

/* Put `text` first in `list` (a GPtrArray of strings, newest first), dropping an equal
 * entry and the entries beyond `max`. */
void lesc_data_spec_list_push (GPtrArray *list, const char *text, guint max);

G_END_DECLS
