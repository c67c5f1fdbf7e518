/* lesc bench --targets: the speed targets of the whole program, each timed as its own
 * `lesc` command in a child process (wall clock from fork to reaping, user and system
 * time from wait4), min and median over --repeat runs. The long rows (Movie, the full
 * tables) only with --long; tables go to a fresh results store in a temporary folder. */
#include "cli/bench-targets.h"
#include "cli/cli.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef enum {
  LIMIT_SECONDS,     /* wall seconds ≤ limit */
  LIMIT_SYS_SHARE,   /* system / user time ≤ limit (a fraction) */
} LimitKind;

typedef struct {
  const char *what;        /* the row's label */
  const char *args;        /* lesc's arguments; DATA_DIR and STORE are substituted */
  LimitKind kind;
  double limit;
  gboolean long_row;
} Target;

static const Target targets[] = {
  { "LESC on SJAFFE", "recover sjaffe -m lesc", LIMIT_SECONDS, 0.5, FALSE },
  { "recover yeast-alpha, sys/user: FCM", "recover yeast-alpha -m fcm", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "recover yeast-alpha, sys/user: KM", "recover yeast-alpha -m km", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "recover yeast-alpha, sys/user: LP", "recover yeast-alpha -m lp", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "recover yeast-alpha, sys/user: ML", "recover yeast-alpha -m ml", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "recover yeast-alpha, sys/user: GLLE", "recover yeast-alpha -m glle", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "recover yeast-alpha, sys/user: LESC", "recover yeast-alpha -m lesc", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "recover yeast-alpha, sys/user: gLESC", "recover yeast-alpha -m glesc", LIMIT_SYS_SHARE, 0.1, FALSE },
  { "LESC on Movie", "recover movie -m lesc", LIMIT_SECONDS, 60.0, TRUE },
  { "gLESC on Movie", "recover movie -m glesc", LIMIT_SECONDS, 120.0, TRUE },
  { "table, 14 sets x 7 methods, defaults", "table --methods all --results STORE", LIMIT_SECONDS,
    600.0, TRUE },
  { "table --tune, 14 sets x 7 methods", "table --methods all --tune --results STORE",
    LIMIT_SECONDS, 3600.0, TRUE },
};

typedef struct {
  double wall, user, sys;
} Usage;

/* Runs `exe args` with its output read and dropped; FALSE (and the start of its error
 * output in *why) when it does not exit 0. */
static gboolean
run_child (const char *exe, char **args, Usage *u, char **why)
{
  int out[2], err[2];
  if (pipe (out) != 0 || pipe (err) != 0)
    {
      *why = g_strdup_printf ("pipe: %s", g_strerror (errno));
      return FALSE;
    }
  gint64 t0 = g_get_monotonic_time ();
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (out[1], STDOUT_FILENO);
      dup2 (err[1], STDERR_FILENO);
      close (out[0]);
      close (err[0]);
      execv (exe, args);
      _exit (127);
    }
  close (out[1]);
  close (err[1]);
  GString *errors = g_string_new (NULL);
  char buf[4096];
  /* stdout first (a table's text), then the error stream: both are small */
  ssize_t got;
  while ((got = read (out[0], buf, sizeof buf)) > 0)
    ;
  while ((got = read (err[0], buf, sizeof buf)) > 0)
    if (errors->len < 2000)
      g_string_append_len (errors, buf, got);
  close (out[0]);
  close (err[0]);
  int status = 0;
  struct rusage ru;
  memset (&ru, 0, sizeof ru);
  wait4 (pid, &status, 0, &ru);
  u->wall = (g_get_monotonic_time () - t0) / 1e6;
  u->user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
  u->sys = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  gboolean ok = WIFEXITED (status) && WEXITSTATUS (status) == 0;
  if (!ok)
    {
      /* the last line says why */
      g_strchomp (errors->str);
      const char *last = strrchr (errors->str, '\n');
      *why = g_strdup (last ? last + 1 : errors->len ? errors->str : "the run died");
    }
  g_string_free (errors, TRUE);
  return ok;
}

static int
by_value (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* the lower median of v[0..n) (sorts v) */
static double
median (double *v, guint n)
{
  qsort (v, n, sizeof (double), by_value);
  return v[(n - 1) / 2];
}

int
lesc_bench_targets (gboolean long_rows, guint repeat, const char *data_dir, gboolean csv)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe == NULL)
    {
      fprintf (stderr, "lesc bench: cannot find the lesc program (/proc/self/exe)\n");
      return LESC_EXIT_DATA;
    }
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("lesc-bench-XXXXXX", &error);
  if (tmp == NULL)
    return lesc_cli_fail (g_steal_pointer (&error));
  repeat = MAX (repeat, 1);
  if (csv)
    printf ("target,command,runs,min,median,limit,unit,status\n");
  else
    printf ("%-40s %5s %10s %10s %10s  %s\n", "target", "runs", "min", "median", "limit",
            "status");
  fflush (stdout);
  int status_all = LESC_EXIT_OK;
  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    {
      const Target *tg = &targets[t];
      if (tg->long_row && !long_rows)
        continue;
      g_autofree double *value = g_new (double, repeat);
      g_autofree char *why = NULL;
      guint done = 0;
      for (; done < repeat && why == NULL; done++)
        {
          g_autofree char *store = g_build_filename (tmp, "store.sqlite", NULL);
          g_auto (GStrv) words = g_strsplit (tg->args, " ", -1);
          GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (argv, g_strdup (exe));
          for (guint w = 0; words[w]; w++)
            g_ptr_array_add (argv, g_strdup (strcmp (words[w], "STORE") == 0 ? store : words[w]));
          if (data_dir != NULL)
            {
              g_ptr_array_add (argv, g_strdup ("--data-dir"));
              g_ptr_array_add (argv, g_strdup (data_dir));
            }
          g_ptr_array_add (argv, NULL);
          Usage u;
          /* a fresh store per run: every table computes everything */
          g_unlink (store);
          if (!run_child (exe, (char **) argv->pdata, &u, &why))
            value[done] = NAN;
          else
            value[done] = tg->kind == LIMIT_SECONDS ? u.wall : u.sys / MAX (u.user, 1e-9);
          g_ptr_array_unref (argv);
          g_autofree char *wal = g_strconcat (store, "-wal", NULL);
          g_autofree char *shm = g_strconcat (store, "-shm", NULL);
          g_unlink (store);
          g_unlink (wal);
          g_unlink (shm);
        }
      if (why != NULL)
        {
          if (csv)
            printf ("\"%s\",\"lesc %s\",%u,,,%g,%s,\"failed: %s\"\n", tg->what, tg->args, done,
                    tg->limit, tg->kind == LIMIT_SECONDS ? "s" : "share", why);
          else
            printf ("%-40s %5u  failed: %s\n", tg->what, done, why);
          status_all = LESC_EXIT_DATA;
          fflush (stdout);
          continue;
        }
      double lo = value[0];
      for (guint k = 1; k < repeat; k++)
        lo = MIN (lo, value[k]);
      double med = median (value, repeat);
      gboolean met = med <= tg->limit;
      if (csv)
        printf ("\"%s\",\"lesc %s\",%u,%.4g,%.4g,%g,%s,%s\n", tg->what, tg->args, repeat, lo, med,
                tg->limit, tg->kind == LIMIT_SECONDS ? "s" : "share", met ? "met" : "missed");
      else if (tg->kind == LIMIT_SECONDS)
        printf ("%-40s %5u %9.2fs %9.2fs %9.1fs  %s\n", tg->what, repeat, lo, med, tg->limit,
                met ? "met" : "missed");
      else
        printf ("%-40s %5u %9.1f%% %9.1f%% %9.0f%%  %s\n", tg->what, repeat, 100.0 * lo,
                100.0 * med, 100.0 * tg->limit, met ? "met" : "missed");
      fflush (stdout);
    }
  g_rmdir (tmp);
  return status_all;
}
