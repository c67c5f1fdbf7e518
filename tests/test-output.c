/* lesc_output_write on every kind of path: regular files (atomic, permissions kept),
 * standard output, FIFOs, a pty, a Unix socket, symbolic links (followed, chains, dangling,
 * loops), folders, missing folders, and readers that close early (EPIPE, no SIGPIPE).
 * Every special file is made in the test's own temporary folder (a pty is reached through
 * a link there): no test names a device of the system. */
#define _GNU_SOURCE
#include "testdrain.h"
#include "core/base/error.h"
#include "core/base/output.h"
#include "testfiles.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

static char *tmp;

static char *
path_in_tmp (const char *name)
{
  return g_build_filename (tmp, name, NULL);
}

static char *
read_file (const char *path)
{
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
assert_write_fails (const char *path, int code, const char *expect1, const char *expect2)
{
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_output_write (path, "x\n", 2, &error));
  lesc_test_assert_error (error, code, path, expect1, expect2, NULL);
}

static void
test_regular (void)
{
  g_autofree char *path = path_in_tmp ("plain.csv");
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_output_write (path, "a,b\n", 4, &error));
  g_autofree char *first = read_file (path);
  g_assert_cmpstr (first, ==, "a,b\n");
  /* replaced as a whole; its permission bits kept */
  g_assert_cmpint (chmod (path, 0640), ==, 0);
  struct stat before, after;
  g_assert_cmpint (stat (path, &before), ==, 0);
  g_assert_true (lesc_output_write (path, "c\n", 2, &error));
  g_assert_cmpint (stat (path, &after), ==, 0);
  g_autofree char *second = read_file (path);
  g_assert_cmpstr (second, ==, "c\n");
  g_assert_cmpint (after.st_mode & 07777, ==, 0640);
  g_assert_cmpuint (after.st_ino, !=, before.st_ino); /* a new file renamed over it */
}

static void
test_folders (void)
{
  guint entries = count_entries (tmp);
  assert_write_fails (tmp, LESC_ERROR_IO, "is a folder", NULL);
  g_autofree char *missing = path_in_tmp ("no-such-folder/out.csv");
  g_autofree char *folder = path_in_tmp ("no-such-folder");
  assert_write_fails (missing, LESC_ERROR_IO, "the folder", "does not exist");
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  /* a file where a folder should be */
  g_autofree char *file = lesc_test_write_text (tmp, "a-file", "x");
  g_autofree char *under = path_in_tmp ("a-file/out.csv");
  assert_write_fails (under, LESC_ERROR_IO, "is not a folder", NULL);
  g_assert_cmpuint (count_entries (tmp), ==, entries + 1); /* no temporary files left */
  g_unlink (file);
}

static void
test_symlinks (void)
{
  g_autoptr (GError) error = NULL;
  /* link → link → file, relative: the file is replaced, both links stay */
  g_autofree char *target = lesc_test_write_text (tmp, "target.csv", "old\n");
  g_autofree char *mid = path_in_tmp ("mid.csv");
  g_autofree char *link = path_in_tmp ("link.csv");
  g_assert_cmpint (symlink ("target.csv", mid), ==, 0);
  g_assert_cmpint (symlink ("mid.csv", link), ==, 0);
  g_assert_true (lesc_output_write (link, "new\n", 4, &error));
  g_assert_no_error (error);
  g_autofree char *got = read_file (target);
  g_assert_cmpstr (got, ==, "new\n");
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (mid, G_FILE_TEST_IS_SYMLINK));

  /* dangling: the file it names is created, the link stays */
  g_autofree char *dangling = path_in_tmp ("dangling.csv");
  g_autofree char *created = path_in_tmp ("created.csv");
  g_assert_cmpint (symlink (created, dangling), ==, 0);
  g_assert_true (lesc_output_write (dangling, "made\n", 5, &error));
  g_autofree char *made = read_file (created);
  g_assert_cmpstr (made, ==, "made\n");
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));

  /* to a folder; into a missing folder; a loop */
  g_autofree char *to_dir = path_in_tmp ("to-dir");
  g_assert_cmpint (symlink (".", to_dir), ==, 0);
  assert_write_fails (to_dir, LESC_ERROR_IO, "a link to", "is a folder");
  g_autofree char *to_missing = path_in_tmp ("to-missing");
  g_assert_cmpint (symlink ("nowhere/x.csv", to_missing), ==, 0);
  assert_write_fails (to_missing, LESC_ERROR_IO, "nowhere", "does not exist");
  g_autofree char *loop_a = path_in_tmp ("loop-a"), *loop_b = path_in_tmp ("loop-b");
  g_assert_cmpint (symlink ("loop-b", loop_a), ==, 0);
  g_assert_cmpint (symlink ("loop-a", loop_b), ==, 0);
  assert_write_fails (loop_a, LESC_ERROR_IO, "symbolic links in a row", NULL);
  g_assert_true (g_file_test (loop_a, G_FILE_TEST_IS_SYMLINK));
}

static void
test_fifo (void)
{
  g_autofree char *fifo = path_in_tmp ("fifo");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  /* a reader in a thread; the writer waits for it, writes into the FIFO */
  gsize size = 300000;
  g_autofree char *big = g_malloc (size);
  for (gsize k = 0; k < size; k++)
    big[k] = (char) ('a' + k % 26);
  GThread *reader = g_thread_new ("reader", lesc_test_open_and_drain, fifo);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_output_write (fifo, big, size, &error));
  g_assert_no_error (error);
  GString *got = g_thread_join (reader);
  g_assert_cmpuint (got->len, ==, size);
  g_assert_true (memcmp (got->str, big, size) == 0);
  g_string_free (got, TRUE);
  struct stat st;
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode)); /* written into, not replaced */

  /* through a link */
  g_autofree char *link = path_in_tmp ("fifo-link");
  g_assert_cmpint (symlink ("fifo", link), ==, 0);
  reader = g_thread_new ("reader", lesc_test_open_and_drain, fifo);
  g_assert_true (lesc_output_write (link, "via link\n", 9, &error));
  got = g_thread_join (reader);
  g_assert_cmpstr (got->str, ==, "via link\n");
  g_string_free (got, TRUE);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
}

/* A reader that reads a little and closes: the writer gets LESC_ERROR_PIPE, no signal. */
static gpointer
read_ten_and_close (gpointer path)
{
  int fd = open (path, O_RDONLY);
  char buf[10];
  g_assert_cmpint (read (fd, buf, sizeof buf), >, 0);
  close (fd);
  return NULL;
}

static void
test_early_close (void)
{
  g_autofree char *fifo = path_in_tmp ("fifo-early");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  gsize size = 4 << 20; /* far more than a pipe holds */
  g_autofree char *big = g_malloc0 (size);
  GThread *reader = g_thread_new ("reader", read_ten_and_close, fifo);
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_output_write (fifo, big, size, &error));
  g_thread_join (reader);
  lesc_test_assert_error (error, LESC_ERROR_PIPE, fifo, "closed it before everything was written",
                          NULL);
  /* no SIGPIPE is left pending for the thread */
  sigset_t pending;
  sigpending (&pending);
  g_assert_false (sigismember (&pending, SIGPIPE));
}

/* "-": standard output, here a pipe; then a pipe whose reader is gone. */
static void
test_stdout (void)
{
  int saved = dup (STDOUT_FILENO), p[2];
  g_assert_cmpint (pipe (p), ==, 0);
  fflush (stdout);
  dup2 (p[1], STDOUT_FILENO);
  close (p[1]);
  printf ("buffered ");
  g_autoptr (GError) error = NULL;
  gboolean ok = lesc_output_write ("-", "then written\n", 13, &error);
  dup2 (saved, STDOUT_FILENO);
  GString *got = lesc_test_drain (GINT_TO_POINTER (p[0]));
  g_assert_true (ok);
  g_assert_cmpstr (got->str, ==, "buffered then written\n"); /* stdio's buffer first */
  g_string_free (got, TRUE);

  g_assert_cmpint (pipe (p), ==, 0);
  close (p[0]);
  fflush (stdout);
  dup2 (p[1], STDOUT_FILENO);
  close (p[1]);
  ok = lesc_output_write ("-", "nobody reads\n", 13, &error);
  dup2 (saved, STDOUT_FILENO);
  close (saved);
  g_assert_false (ok);
  lesc_test_assert_error (error, LESC_ERROR_PIPE, "standard output", "broken pipe", NULL);
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
  /* raw mode: bytes pass unchanged (no "\n" → "\r\n") */
  int s = open (slave, O_RDWR | O_NOCTTY);
  struct termios t;
  g_assert_cmpint (tcgetattr (s, &t), ==, 0);
  cfmakeraw (&t);
  g_assert_cmpint (tcsetattr (s, TCSANOW, &t), ==, 0);
  /* reached through a link in the temporary folder */
  g_autofree char *link = path_in_tmp ("tty");
  g_assert_cmpint (symlink (slave, link), ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_output_write (link, "label1,label2\n0,1\n", 18, &error));
  g_assert_no_error (error);
  char buf[64] = { 0 };
  gsize got = 0;
  while (got < 18)
    {
      ssize_t n = read (master, buf + got, sizeof buf - 1 - got);
      g_assert_cmpint (n, >, 0);
      got += (gsize) n;
    }
  g_assert_cmpstr (buf, ==, "label1,label2\n0,1\n");
  struct stat st;
  g_assert_cmpint (stat (link, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode)); /* still the terminal */
  close (s);
  close (master);
}

static gpointer
accept_and_drain (gpointer data)
{
  int listener = GPOINTER_TO_INT (data);
  int fd = accept (listener, NULL, NULL);
  close (listener);
  return lesc_test_drain (GINT_TO_POINTER (fd));
}

static void
test_socket (void)
{
  g_autofree char *path = path_in_tmp ("sock");
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  g_assert_cmpuint (strlen (path), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, path);
  int listener = socket (AF_UNIX, SOCK_STREAM, 0);
  g_assert_cmpint (bind (listener, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  g_assert_cmpint (listen (listener, 1), ==, 0);
  GThread *reader = g_thread_new ("reader", accept_and_drain, GINT_TO_POINTER (listener));
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_output_write (path, "to the socket\n", 14, &error));
  g_assert_no_error (error);
  GString *got = g_thread_join (reader);
  g_assert_cmpstr (got->str, ==, "to the socket\n");
  g_string_free (got, TRUE);
  struct stat st;
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_true (S_ISSOCK (st.st_mode));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/output/regular", test_regular);
  g_test_add_func ("/output/folders", test_folders);
  g_test_add_func ("/output/symlinks", test_symlinks);
  g_test_add_func ("/output/fifo", test_fifo);
  g_test_add_func ("/output/early-close", test_early_close);
  g_test_add_func ("/output/stdout", test_stdout);
  g_test_add_func ("/output/pty", test_pty);
  g_test_add_func ("/output/socket", test_socket);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
