/* `lesc COMMAND --list-options` (hidden): the command's options for the shell completion
 * (data/completions/lesc), read from the same option tables as --help. */
#pragma once
#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

/* Prints "args<TAB>PARAMS" (the positional arguments as --help shows them), then one line
 *   option<TAB>--LONG<TAB>-S<TAB>KIND<TAB>VALUES<TAB>METHODS
 * per entry of the NULL-terminated `groups` (hidden ones left out), KIND being flag,
 * number, file, dir, choice (VALUES: the metavar's a|b|c), method or methods (VALUES: the
 * registry's names), measure (--measure, --select-by: the measures' keys) or text. METHODS: the methods the option applies to — those having the
 * parameter, or those its help names before ':' ("gLESC: …") — empty for all. When the
 * parsed entries chose methods (-m/--method/--methods), only their options and the common
 * ones are printed. */
void lesc_cli_list_options (FILE *out, const char *params, const GOptionEntry *const *groups);

G_END_DECLS
