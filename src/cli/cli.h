/* Shared pieces of the `lesc` terminal program. Commands live in cmd-<name>.c. */
#pragma once
#include "core/data/dataset.h"
#include "core/base/error.h"
#include "core/base/format.h"
#include "core/data/validate.h"
#include "core/data/open.h"

G_BEGIN_DECLS

enum { LESC_EXIT_OK = 0, LESC_EXIT_DATA = 1, LESC_EXIT_USAGE = 2 };

typedef struct {
  const char *name;
  const char *summary;
  int (*run) (int argc, char **argv);
} LescCommand;

/* Options every command accepts that reads data sets (--data-dir, --label-columns,
 * --renormalize); lesc_cli_parse adds them and the DATA help when `with_data`. */
extern char *lesc_cli_data_dir;
extern int lesc_cli_label_columns;
extern gboolean lesc_cli_renormalize;
extern int lesc_cli_logical_columns;
extern gboolean lesc_cli_logical;
extern GOptionEntry lesc_cli_data_entries[];

/* The data options are consistent (positive column counts, a known --delimiter, not both
 * --index-column and --no-index-column); else LESC_ERROR_USAGE. */
gboolean lesc_cli_check_data_options (GError **error);
/* Say on stderr, one "lesc: note: …" line each, what the loaders chose about the files. */
void lesc_cli_say_notes (const LescDataset *ds);

/* Parse argv with `entries` (plus the data options when `with_data`); on a usage error
 * prints one line and returns FALSE. `--help` prints and exits 0. */
gboolean lesc_cli_parse (const char *command, const char *params, const char *description,
                         const GOptionEntry *entries, gboolean with_data,
                         int *argc, char ***argv);

/* lesc_cli_parse with `notes` (may be NULL) printed after the options in --help. */
gboolean lesc_cli_parse_with_notes (const char *command, const char *params,
                                    const char *description, const GOptionEntry *entries,
                                    gboolean with_data, const char *notes, int *argc,
                                    char ***argv);

/* --help notes: how each baseline stands against its published rows (the registry's
 * published_note), wrapped. */
char *lesc_cli_baselines_help (void);

/* Print "lesc: <message>" on stderr; return the exit status for the error's kind. A
 * reader that closed the output early (LESC_ERROR_PIPE) is no failure: nothing is printed
 * and the status is LESC_EXIT_OK. */
int lesc_cli_fail (GError *error);
/* Print a usage error and return LESC_EXIT_USAGE. */
int lesc_cli_usage (const char *command, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

/* Say ds->notes on stderr, one "lesc: note: …" line each. */
void lesc_cli_say_notes (const LescDataset *ds);

/* Load and validate DATA with the data options; `report` (may be NULL) receives what
 * validation found (validate.h). */
LescDataset *lesc_cli_open_dataset (const char *spec, GError **error);
/* How the data options (--data-dir, --label-columns, --logical-columns, --logical,
 * --delimiter, --index-column, --renormalize) say to read files. */
LescOpenOptions lesc_cli_open_options (void);
LescDataset *lesc_cli_open_dataset_report (const char *spec, LescValidateReport *report,
                                           GError **error);

/* Write `contents` to `path` (lesc_output_write: "-" is standard output, a regular file
 * is replaced atomically, a FIFO or device written into, a link followed), or to
 * standard output when `path` is NULL. */
gboolean lesc_cli_output (const char *path, const char *contents, gsize length, GError **error);

/* The help text of every -o option says this about FILE. */
#define LESC_CLI_OUTPUT_RULES "'-': standard output; see 'lesc --help' for links and FIFOs"

/* Before the work of a command with output files: each of `outputs` (NULL entries
 * skipped; "-" is standard output) can be written (lesc_output_check), no two are one file
 * and none is a file DATA `spec` (may be NULL) reads. Then holds the writes until
 * lesc_cli_commit_outputs, so that a failure leaves no output behind (lesc_cli_fail
 * removes what was held). */
gboolean lesc_cli_check_outputs (const char *spec, const char *const *outputs, guint n_outputs,
                                 GError **error);
/* Put every held output in place (output.h, lesc_output_commit). */
gboolean lesc_cli_commit_outputs (GError **error);

/* A number as the options take it: the one rule for numbers a user types
 * (core/base/number.h: "0.01", "1e-3", "-2", "0,01"; finite; hex floats, "inf", "nan" and an
 * ambiguous "1,000" are not numbers; docs/files.md). */
gboolean lesc_cli_parse_number (const char *text, double *value);

/* Write `contents` to `path` (lesc_output_write). */
gboolean lesc_cli_write_file (const char *path, const char *contents, gsize length, GError **error);

G_END_DECLS
