/* Running the built `lesc` from a test: one helper for every CLI test. */
#pragma once
#include <glib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

/* The built lesc ($LESC_TEST_BUILDDIR/src/cli/lesc); aborts when it is not built. */
static inline const char *
lesc_test_exe (void)
{
  static char *exe = NULL;
  if (exe == NULL)
    {
      const char *build = g_getenv ("LESC_TEST_BUILDDIR");
      exe = g_build_filename (build ? build : ".", "src", "cli", "lesc", NULL);
      if (!g_file_test (exe, G_FILE_TEST_IS_EXECUTABLE))
        g_error ("%s: not built (set LESC_TEST_BUILDDIR)", exe);
    }
  return exe;
}

/* Run `lesc ARGS` (NULL-terminated); returns the exit status. `out`, `err` may be NULL. */
static inline int
lesc_test_run_argv (const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) lesc_test_exe ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  int wait_status = 0;
  GError *error = NULL;
  g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                out ? G_SPAWN_DEFAULT : G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, out, err,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

typedef struct {
  int status;
  char *out;
  char *err;
} Run;

static inline void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* run() with its arguments as a va_list. */
static inline Run
run_va (const char *first, va_list ap)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  g_ptr_array_add (args, NULL);
  Run r = { 0 };
  r.status = lesc_test_run_argv ((const char *const *) args->pdata, &r.out, &r.err);
  return r;
}

/* Run `lesc FIRST …` (NULL-terminated) capturing stdout and stderr. */
static inline Run
run (const char *first, ...)
{
  va_list ap;
  va_start (ap, first);
  Run r = run_va (first, ap);
  va_end (ap);
  return r;
}

/* Bad usage or bad data: the status, exactly one line on stderr holding `expect`, nothing
 * on stdout. */
static inline void
assert_fails (const Run *r, int status, const char *expect)
{
  g_test_message ("stderr: %s", r->err);
  g_assert_cmpint (r->status, ==, status);
  g_assert_cmpstr (r->out, ==, "");
  g_assert_true (g_str_has_suffix (r->err, "\n"));
  g_assert_true (strchr (r->err, '\n') == r->err + strlen (r->err) - 1);
  g_assert_nonnull (strstr (r->err, expect));
}
