/* `-o` of the lesc commands on what a user may name: a FIFO, a pty, a symbolic link, a
 * folder, a missing folder, '-' (standard output, also for figures and recovered
 * distributions), and readers that close early (a quiet exit with status 0, never death
 * by SIGPIPE). Special files are made in the test's temporary folder; a pty is reached
 * through a link there. No test names a device of the system. */
#define _GNU_SOURCE
#include "testdrain.h"
#include "testcli.h"
#include "testfiles.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char *tmp, *data;

static char *
path_in_tmp (const char *name)
{
  return g_build_filename (tmp, name, NULL);
}

/* What `lesc binarize DATA --label-columns 2` prints. */
static const char expected[] = "a,b\n1,0\n0,1\n1,0\n";

static void
test_stdout (void)
{
  g_auto (Run) plain = run ("binarize", data, "--label-columns", "2", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_cmpstr (plain.out, ==, expected);
  g_auto (Run) dash = run ("binarize", data, "--label-columns", "2", "-o", "-", NULL);
  g_assert_cmpint (dash.status, ==, 0);
  g_assert_cmpstr (dash.out, ==, expected);
  g_assert_cmpstr (dash.err, ==, "");
  /* a figure in a chosen type */
  g_auto (Run) svg = run ("plot", "scatter", "artificial", "-o", "-", "--type", "svg", NULL);
  g_assert_cmpint (svg.status, ==, 0);
  g_assert_true (g_str_has_prefix (svg.out, "<?xml"));
  g_assert_nonnull (strstr (svg.out, "<svg"));
  g_auto (Run) both = run ("plot", "scatter", "artificial", "-o", "-", "--data", "-", NULL);
  assert_fails (&both, 2, "cannot both be standard output");
  g_auto (Run) type = run ("plot", "scatter", "artificial", "-o", "-", "--type", "gif", NULL);
  assert_fails (&type, 2, "--type 'gif'");
}

static void
test_recover_to_stdout (void)
{
  /* the distributions on standard output, the report on standard error */
  g_auto (Run) r = run ("recover", data, "--label-columns", "2", "--method", "lp", "-o", "-",
                        NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "a,b\n"));
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5); /* header, 3 rows, "" */
  g_assert_nonnull (strstr (r.err, "LP on"));
  g_assert_nonnull (strstr (r.err, "Chebyshev"));
}

static void
test_fifo (void)
{
  g_autofree char *fifo = path_in_tmp ("out.fifo");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  GThread *reader = g_thread_new ("reader", lesc_test_open_and_drain, fifo);
  g_auto (Run) r = run ("binarize", data, "--label-columns", "2", "-o", fifo, NULL);
  GString *got = g_thread_join (reader);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (got->str, ==, expected);
  g_string_free (got, TRUE);
  struct stat st;
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
}

static void
test_pty (void)
{
  int master = posix_openpt (O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt (master) != 0 || unlockpt (master) != 0)
    {
      g_test_skip ("no pseudo-terminal available");
      return;
    }
  const char *slave = ptsname (master);
  int s = open (slave, O_RDWR | O_NOCTTY);
  struct termios t;
  g_assert_cmpint (tcgetattr (s, &t), ==, 0);
  cfmakeraw (&t);
  g_assert_cmpint (tcsetattr (s, TCSANOW, &t), ==, 0);
  g_autofree char *link = path_in_tmp ("tty");
  g_assert_cmpint (symlink (slave, link), ==, 0);
  g_auto (Run) r = run ("binarize", data, "--label-columns", "2", "-o", link, NULL);
  g_assert_cmpint (r.status, ==, 0);
  char buf[256] = { 0 };
  gsize got = 0, want = strlen (expected);
  while (got < want)
    {
      ssize_t n = read (master, buf + got, sizeof buf - 1 - got);
      g_assert_cmpint (n, >, 0);
      got += (gsize) n;
    }
  g_assert_cmpstr (buf, ==, expected);
  struct stat st;
  g_assert_cmpint (stat (link, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  close (s);
  close (master);
}

static void
test_symlink_and_folders (void)
{
  g_autofree char *target = lesc_test_write_text (tmp, "target.csv", "old\n");
  g_autofree char *link = path_in_tmp ("link.csv");
  g_assert_cmpint (symlink ("target.csv", link), ==, 0);
  g_auto (Run) r = run ("binarize", data, "--label-columns", "2", "-o", link, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *got = NULL;
  g_assert_true (g_file_get_contents (target, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, expected);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));

  g_auto (Run) folder = run ("binarize", data, "--label-columns", "2", "-o", tmp, NULL);
  assert_fails (&folder, 1, "is a folder");
  g_autofree char *missing = path_in_tmp ("no-such-folder/x.csv");
  g_auto (Run) m = run ("binarize", data, "--label-columns", "2", "-o", missing, NULL);
  assert_fails (&m, 1, "does not exist");
  g_assert_nonnull (strstr (m.err, missing));
}

/* Run lesc with its standard output a pipe whose reader has gone; returns the wait status
 * and stderr. */
static int
run_into_closed_pipe (const char *const *args, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) lesc_test_exe ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  GPid pid;
  int out_fd, err_fd;
  GError *error = NULL;
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv->pdata, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL,
                                           &out_fd, &err_fd, &error));
  g_assert_no_error (error);
  close (out_fd); /* the reader is gone before lesc writes */
  GString *e = lesc_test_drain (GINT_TO_POINTER (err_fd));
  int status = 0;
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  *err = g_string_free (e, FALSE);
  return status;
}

static void
assert_quiet_exit (int status, const char *err)
{
  g_test_message ("stderr: %s", err);
  g_assert_false (WIFSIGNALED (status)); /* not killed by SIGPIPE */
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_cmpstr (err, ==, "");
}

static void
test_early_close (void)
{
  /* written with lesc_output_write, with stdio, and a large table */
  const char *const binarize[] = { "binarize", "artificial", NULL };
  const char *const info[] = { "info", "artificial", NULL };
  const char *const help[] = { "--help", NULL };
  const char *const *cases[] = { binarize, info, help };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *err = NULL;
      int status = run_into_closed_pipe (cases[k], &err);
      assert_quiet_exit (status, err);
    }

  /* -o FIFO whose reader reads 10 bytes and leaves */
  g_autofree char *fifo = path_in_tmp ("early.fifo");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  const char *args[] = { lesc_test_exe (), "binarize", "artificial", "-o", fifo, NULL };
  GPid pid;
  int err_fd;
  GError *error = NULL;
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) args, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL,
                                           NULL, &err_fd, &error));
  g_assert_no_error (error);
  int fd = open (fifo, O_RDONLY);
  char buf[10];
  g_assert_cmpint (read (fd, buf, sizeof buf), ==, 10);
  close (fd);
  GString *e = lesc_test_drain (GINT_TO_POINTER (err_fd));
  int status = 0;
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  assert_quiet_exit (status, e->str);
  g_string_free (e, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  data = lesc_test_write_text (tmp, "tiny.csv",
                               "x,y,a,b\n0,0,0.75,0.25\n1,0,0.125,0.875\n0,1,0.625,0.375\n");
  g_test_add_func ("/cli-output/stdout", test_stdout);
  g_test_add_func ("/cli-output/recover-to-stdout", test_recover_to_stdout);
  g_test_add_func ("/cli-output/fifo", test_fifo);
  g_test_add_func ("/cli-output/pty", test_pty);
  g_test_add_func ("/cli-output/symlink-and-folders", test_symlink_and_folders);
  g_test_add_func ("/cli-output/early-close", test_early_close);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  g_free (data);
  return status;
}
