/* lesc — the terminal front end. One command per cmd-<name>.c; this file dispatches. */
#include "config.h"
#include "cli/cli.h"
#include "cli/commands.h"

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

/* Set when a write met a reader that had closed the pipe (SIGPIPE is caught, not fatal). */
static volatile sig_atomic_t reader_gone;

static void
on_sigpipe (int sig)
{
  reader_gone = 1;
}

/* Standard output at exit: a reader that closed early ends the program quietly with the
 * command's status; any other write error is reported (status 1). */
static int
finish_output (int status)
{
  errno = 0;
  if (fflush (stdout) == 0 && !ferror (stdout))
    return status;
  if (reader_gone || errno == EPIPE)
    return status;
  fprintf (stderr, "lesc: standard output: cannot write: %s\n",
           errno ? g_strerror (errno) : "write error");
  return status == LESC_EXIT_OK ? LESC_EXIT_DATA : status;
}

static const LescCommand commands[] = {
  { "info", "Summarise a data set (shapes, label statistics, problems)", lesc_cmd_info },
  { "eval", "The six measures between two distribution tables", lesc_cmd_eval },
  { "binarize", "Logical labels of a data set as CSV", lesc_cmd_binarize },
  { "plot", "Figures: RGB scatter, sensitivity heatmap, CD diagram (PNG, SVG, PDF)", lesc_cmd_plot },
  { "recover", "Recover label distributions with one method (and score them when DATA has ground truth)", lesc_cmd_recover },
  { "predict", "Label distributions for new samples from a model saved by recover", lesc_cmd_predict },
  { "bench", "Time GLLE, LESC and gLESC per stage, with peak memory", lesc_cmd_bench },
  { "table", "Recovery table: value(rank) per measure, data set and method (Table 3)", lesc_cmd_table },
  { "cv", "Ten-fold cross-validation with ranks and paired t-tests (Tables 4, 5)", lesc_cmd_cv },
  { "grid", "λ1 × λ2 sensitivity grid of LESC or gLESC", lesc_cmd_grid },
  { "cd", "Critical-difference statistics of the stored recovery runs", lesc_cmd_cd },
  { "runs", "List the runs in the results store", lesc_cmd_runs },
  { "merge", "Merge results stores (the shards of a sweep)", lesc_cmd_merge },
  { "explore", "The interactive explorer in the terminal (keys, views, figures)", lesc_cmd_explore },
  { NULL }
};

static void
print_help (FILE *out)
{
  fprintf (out, "Usage: lesc COMMAND [OPTIONS…]\n\n"
                "Label enhancement with sample correlations (GLLE, LESC, gLESC and baselines).\n\n"
                "Commands:\n");
  for (const LescCommand *c = commands; c->name; c++)
    fprintf (out, "  %-10s %s\n", c->name, c->summary);
  fprintf (out, "\nDATA is a .mat, .npz, .csv, .tsv or .npy path (two tables as "
                "FEATURES,LABELS), a name looked up in --data-dir or $LESC_DATA_DIR "
                "(yeast-alpha → yeast-alpha.mat), or 'artificial'.\n"
                "'lesc COMMAND --help' describes each command.\n\n"
                "-o FILE (every command that writes a file): '-' is standard output; a regular "
                "file\nis replaced atomically (never half-written, its permissions kept); a FIFO, "
                "character\ndevice or Unix socket is written into, never replaced; a symbolic "
                "link is followed\nand what it points to is written by the same rules (the link "
                "stays); a folder or a\nmissing folder is an error.\n\n"
                "Exit status: 0 success, 1 bad data or files, 2 bad usage. When the reader of the "
                "output\nstops early ('lesc … | head', a FIFO closed by its reader), lesc stops "
                "writing and exits\nquietly with the status it would have had.\n");
}

int
main (int argc, char **argv)
{
  struct sigaction sa = { .sa_handler = on_sigpipe, .sa_flags = SA_RESTART };
  sigemptyset (&sa.sa_mask);
  sigaction (SIGPIPE, &sa, NULL);
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C"); /* numbers in files are always written with '.' */
  if (argc < 2)
    {
      print_help (stderr);
      return LESC_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_help (stdout);
      return finish_output (LESC_EXIT_OK);
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("lesc %s\n", LESC_VERSION);
      return finish_output (LESC_EXIT_OK);
    }
  for (const LescCommand *c = commands; c->name; c++)
    if (strcmp (argv[1], c->name) == 0)
      return finish_output (c->run (argc - 1, argv + 1));
  fprintf (stderr, "lesc: unknown command '%s' (see 'lesc --help')\n", argv[1]);
  return LESC_EXIT_USAGE;
}
