/* Hostile inputs and outputs of `lesc` (issue 30, docs/files.md): every file is built here,
 * every run is refused or handled in under 1 s of CPU and 100 MB (getrusage of the
 * children), with one line on stderr and no output file left behind. */
#include "testcli.h"
#include "testfiles.h"
#include "core/base/quote.h"
#include "core/methods/method.h"
#include "core/numeric/preprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <hdf5.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <unistd.h>
#include <zip.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

static char *dir;

/* ---- measured runs ---------------------------------------------------------------- */

static double
children_cpu (void)
{
  struct rusage ru;
  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &ru), ==, 0);
  return (double) ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double) ru.ru_stime.tv_sec
         + ru.ru_stime.tv_usec / 1e6;
}

static long
children_max_rss_kb (void)
{
  struct rusage ru;
  g_assert_cmpint (getrusage (RUSAGE_CHILDREN, &ru), ==, 0);
  return ru.ru_maxrss;
}

/* `lesc ARGS` (NULL-terminated, in `dir`), checked to take < 1 s of CPU and < 100 MB. */
static Run
hostile (const char *first, ...)
{
  g_autofree char *cwd = g_get_current_dir ();
  g_assert_cmpint (chdir (dir), ==, 0);
  double cpu = children_cpu ();
  gint64 t0 = g_get_monotonic_time ();
  va_list ap;
  va_start (ap, first);
  Run r = run_va (first, ap);
  va_end (ap);
  double wall = (double) (g_get_monotonic_time () - t0) / 1e6;
  cpu = children_cpu () - cpu;
  g_assert_cmpint (chdir (cwd), ==, 0);
  g_test_message ("%s …: %.3f s CPU, %.3f s wall, peak %ld KB; stderr: %s", first, cpu, wall,
                  children_max_rss_kb (), r.err);
  g_assert_cmpfloat (cpu, <, 1.0);
  g_assert_cmpfloat (wall, <, 20.0); /* generous: the machine is shared */
  g_assert_cmpint (children_max_rss_kb (), <, 100 * 1024);
  return r;
}

static gboolean
exists (const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  struct stat st;
  return lstat (path, &st) == 0;
}

/* No file of `dir` starts with '.' (a held temporary file left behind). */
static void
assert_no_temporaries (void)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *e;
  while ((e = g_dir_read_name (d)) != NULL)
    g_assert_false (e[0] == '.');
}

static void
write_file (const char *name, const char *text)
{
  g_free (lesc_test_write_text (dir, name, text));
}

static void
write_bytes (const char *name, const void *bytes, gsize n)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, bytes, (gssize) n, NULL));
}

static char *
read_file (const char *name, gsize *n)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, n, NULL));
  return text;
}

/* 12 samples, 2 features, 2 logical labels (both used), as CSV text. */
static const char data_csv[] =
  "x,y,a,b\n1,2,1,0\n2,1,1,0\n3,5,0,1\n4,4,0,1\n5,1,1,1\n6,3,1,0\n"
  "7,2,0,1\n8,8,1,0\n9,7,0,1\n10,6,1,1\n11,2,1,0\n12,9,0,1\n";

/* ---- .npy / .npz ------------------------------------------------------------------ */

static GBytes *
npy_bytes (const char *descr, guint rows, guint cols, const void *data, gsize n)
{
  g_autofree char *dict = g_strdup_printf ("{'descr': '%s', 'fortran_order': False, "
                                           "'shape': (%u, %u), }", descr, rows, cols);
  GByteArray *a = g_byte_array_new ();
  gsize hlen = strlen (dict) + 1;
  gboolean v2 = hlen > 65000;
  g_byte_array_append (a, (const guint8 *) "\x93NUMPY", 6);
  guint8 head[6] = { v2 ? 2 : 1, 0, hlen & 0xff, (hlen >> 8) & 0xff, (hlen >> 16) & 0xff, 0 };
  g_byte_array_append (a, head, v2 ? 6 : 4);
  g_byte_array_append (a, (const guint8 *) dict, (guint) strlen (dict));
  g_byte_array_append (a, (const guint8 *) "\n", 1);
  g_byte_array_append (a, data, (guint) n);
  return g_byte_array_free_to_bytes (a);
}

static GBytes *
double_npy (guint rows, guint cols, const double *v)
{
  return npy_bytes ("<f8", rows, cols, v, 8u * rows * cols);
}

/* An .npz of `names` holding `members` (stored). */
static void
write_npz (const char *name, const char *const *names, GBytes *const *members, guint n)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int err = 0;
  zip_t *z = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &err);
  g_assert_nonnull (z);
  for (guint k = 0; k < n; k++)
    {
      gsize len;
      const void *p = g_bytes_get_data (members[k], &len);
      zip_source_t *src = zip_source_buffer (z, p, len, 0);
      g_autofree char *member = g_strconcat (names[k], ".npy", NULL);
      zip_int64_t i = zip_file_add (z, member, src, ZIP_FL_OVERWRITE);
      g_assert_cmpint (i, >=, 0);
      zip_set_file_compression (z, (zip_uint64_t) i, ZIP_CM_STORE, 0);
    }
  g_assert_cmpint (zip_close (z), ==, 0);
}

static void
features_and_labels (double *x, double *l, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      x[2 * i] = i, x[2 * i + 1] = (i * 7) % 5;
      l[2 * i] = i % 2, l[2 * i + 1] = 1 - i % 2;
    }
}

/* Item 2: a member whose stated size is far beyond what its .npy header needs is refused
 * after its first bytes, not inflated. */
static void
test_npz_size_claims (void)
{
  double x[120], l[120];
  features_and_labels (x, l, 60);
  g_autoptr (GBytes) f = double_npy (60, 2, x);
  g_autoptr (GBytes) lab = double_npy (60, 2, l);
  const char *names[] = { "features", "logicalLabel" };
  GBytes *members[] = { f, lab };
  write_npz ("claims.npz", names, members, 2);
  /* the stated uncompressed size of the first member, in its local header (offset 22)
   * and the central directory (offset 24 of its entry): 400 MB */
  gsize n;
  g_autofree guchar *bytes = (guchar *) read_file ("claims.npz", &n);
  guint32 claim = GUINT32_TO_LE (400000000u);
  memcpy (bytes + 22, &claim, 4);
  guchar *cd = NULL;
  for (gsize p = 0; p + 4 < n; p++)
    if (memcmp (bytes + p, "PK\x01\x02", 4) == 0)
      {
        cd = bytes + p;
        break;
      }
  g_assert_nonnull (cd);
  memcpy (cd + 24, &claim, 4);
  write_bytes ("claims.npz", bytes, n);
  g_auto (Run) r = hostile ("info", "claims.npz", NULL);
  assert_fails (&r, 1, "claims.npz, array 'features': the archive says the member inflates to "
                       "400000000 bytes but its .npy header needs");
  g_assert_null (strstr (r.err, "No error"));
  /* the same archive with honest sizes reads, and says which array it left unused */
  GBytes *three[] = { f, lab, lab };
  const char *names3[] = { "features", "logicalLabel", "extra" };
  write_npz ("honest.npz", names3, three, 3);
  g_auto (Run) ok = hostile ("info", "honest.npz", "--logical-columns", "2", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_nonnull (strstr (ok.out, "60"));
  /* item 10: the unused array and the ignored option are said */
  g_assert_nonnull (strstr (ok.err, "lesc: note: honest.npz: array 'extra' not used"));
  g_assert_nonnull (strstr (ok.err, "--logical-columns ignored"));
}

/* Item 11: dtype strings of any length and with control characters give one short line. */
static void
test_npy_dtype_messages (void)
{
  double v[4] = { 1, 2, 3, 4 };
  g_autofree char *longtype = g_strnfill (60000, 'f');
  const char *types[] = { "<f8\n\x1b[31mred", longtype, "\x1b]0;title\x07" };
  for (guint k = 0; k < G_N_ELEMENTS (types); k++)
    {
      g_autoptr (GBytes) b = npy_bytes (types[k], 2, 2, v, sizeof v);
      write_bytes ("bad.npy", g_bytes_get_data (b, NULL), g_bytes_get_size (b));
      g_autofree char *spec = g_strdup ("bad.npy,bad.npy");
      g_auto (Run) r = hostile ("info", spec, "--logical", NULL);
      assert_fails (&r, 1, "bad.npy: unsupported dtype");
      g_assert_null (strchr (r.err, '\x1b'));
      g_assert_null (strchr (r.err, '\x07'));
      g_assert_cmpuint (strlen (r.err), <, 400);
    }
}

/* ---- inputs that are not regular files ------------------------------------------- */

static gpointer
feed_fifo (gpointer path)
{
  int fd = open (path, O_WRONLY);
  if (fd < 0)
    return NULL;
  g_autofree char *chunk = g_strnfill (65536, '1');
  for (int k = 0; k < 64; k++) /* 4 MB, past the 1 MB limit below */
    if (write (fd, chunk, 65536) < 0)
      break;
  close (fd);
  return NULL;
}

/* Item 3 (and '-'): a stream is read up to the data limit; a socket or folder is refused
 * before a byte is read; standard input holds a text table. */
static void
test_non_regular_inputs (void)
{
  signal (SIGPIPE, SIG_IGN);
  g_autofree char *fifo = g_build_filename (dir, "endless.csv", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_setenv ("LESC_MAX_DATA_BYTES", "1000000", TRUE);
  GThread *t = g_thread_new ("feed", feed_fifo, fifo);
  g_auto (Run) r = hostile ("info", "endless.csv", "--logical-columns", "1", NULL);
  g_thread_join (t);
  g_setenv ("LESC_MAX_DATA_BYTES", "", TRUE);
  assert_fails (&r, 1, "endless.csv: a stream of more than 1000000 bytes");
  g_unlink (fifo);

  /* a Unix socket named like a data file */
  g_autofree char *sock = g_build_filename (dir, "socket.csv", NULL);
  int s = socket (AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  g_strlcpy (addr.sun_path, sock, sizeof addr.sun_path);
  g_assert_cmpint (bind (s, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  g_auto (Run) rs = hostile ("info", "socket.csv", "--logical-columns", "1", NULL);
  close (s);
  g_unlink (sock);
  assert_fails (&rs, 1, "socket.csv: cannot read: it is a socket, not a file");

  /* '-': standard input, a text table */
  g_autofree char *data = lesc_test_write_text (dir, "stdin.csv", data_csv);
  g_autofree char *cmd = g_strdup_printf ("'%s' info - --logical-columns 2 < '%s'",
                                          lesc_test_exe (), data);
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, NULL));
  g_test_message ("stdin: %s", err);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_assert_nonnull (strstr (out, "12"));

  /* a folder is no data file */
  g_auto (Run) folder = hostile ("info", ".", "--logical-columns", "1", NULL);
  assert_fails (&folder, 1, "is a folder");
}

/* ---- header names, header guesses, line ends, delimiters -------------------------- */

/* Item 4: a header in Latin-1 gives valid JSON and a model predict reads back. */
static void
test_latin1_header (void)
{
  write_file ("latin.csv", "x,y,caf\xe9,na\xefve\n1,2,1,0\n2,1,1,0\n3,5,0,1\n4,4,0,1\n5,1,1,1\n"
                           "6,3,1,0\n7,2,0,1\n8,8,1,0\n");
  write_file ("new.csv", "1,2\n3,4\n");
  g_auto (Run) r = hostile ("recover", "latin.csv", "--logical-columns", "2", "-m", "glle",
                            "-o", "latin.json", "--save-model", "latin.model", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "the header is not UTF-8: read as Windows-1252"));
  gsize n;
  g_autofree char *json = read_file ("latin.json", &n);
  g_assert_true (g_utf8_validate (json, (gssize) n, NULL));
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, json, (gssize) n, NULL));
  g_assert_nonnull (strstr (json, "café"));
  g_auto (Run) p = hostile ("predict", "latin.model", "new.csv", NULL);
  g_assert_cmpint (p.status, ==, 0);
  g_assert_true (g_str_has_prefix (p.out, "café,naïve\n"));
}

/* Item 9: a first row of numbers and NA is data (refused where the value is missing), and
 * a header that holds numbers is said. Item 13: CR-only lines; an explicit delimiter. */
static void
test_header_and_lines (void)
{
  write_file ("na.csv", "0,NA,0,0,1\n1,2,0,1,0\n2,2,1,0,0\n");
  g_auto (Run) r = hostile ("info", "na.csv", "--logical-columns", "3", NULL);
  assert_fails (&r, 1, "na.csv: line 1, column 2: 'NA' marks a missing value");

  write_file ("mixed.csv", "x,2,a,b\n1,2,1,0\n2,1,0,1\n3,3,1,1\n");
  g_auto (Run) m = hostile ("info", "mixed.csv", "--logical-columns", "2", NULL);
  g_assert_cmpint (m.status, ==, 0);
  g_assert_nonnull (strstr (m.err, "line 1 read as the header"));

  g_autofree char *cr = g_strdelimit (g_strdup (data_csv), "\n", '\r');
  write_file ("cr.csv", cr);
  g_auto (Run) c = hostile ("info", "cr.csv", "--logical-columns", "2", NULL);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_nonnull (strstr (c.out, "12"));
  g_assert_nonnull (strstr (c.err, "carriage return alone"));

  write_file ("commas.csv", "x;y;a;b\n1,5;2;1;0\n2;1;0;1\n");
  g_auto (Run) d = hostile ("info", "commas.csv", "--logical-columns", "2", "--delimiter",
                            "semicolon", NULL);
  assert_fails (&d, 1, "as --delimiter says");
  g_assert_null (strstr (d.err, "name the delimiter"));

  /* item 11: an escape sequence in a cell reaches the terminal escaped, cut short */
  g_autofree char *zs = g_strnfill (200, 'z');
  g_autofree char *cell = g_strdup_printf ("x,y,a,b\n1,\x1b[2J%s,1,0\n", zs);
  write_file ("escape.csv", cell);
  g_auto (Run) e = hostile ("info", "escape.csv", "--logical-columns", "2", NULL);
  assert_fails (&e, 1, "\\x1B[2J");
  g_assert_null (strchr (e.err, '\x1b'));
  g_assert_nonnull (strstr (e.err, "…"));
  g_assert_cmpuint (strlen (e.err), <, 300);
}

/* ---- MAT v7.3 written by h5py ----------------------------------------------------- */

/* A dataset of MATLAB rows×cols doubles with MATLAB_class as h5py writes it (NULLPAD). */
static void
h5_matrix (hid_t file, const char *name, guint rows, guint cols, const double *colmajor)
{
  hsize_t dims[2] = { cols, rows };
  hid_t space = H5Screate_simple (2, dims, NULL);
  hid_t ds = H5Dcreate2 (file, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT,
                         H5P_DEFAULT);
  g_assert_cmpint (H5Dwrite (ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, colmajor),
                   >=, 0);
  hid_t st = H5Tcopy (H5T_C_S1);
  H5Tset_size (st, 6);
  H5Tset_strpad (st, H5T_STR_NULLPAD);
  hid_t as = H5Screate (H5S_SCALAR);
  hid_t attr = H5Acreate2 (ds, "MATLAB_class", st, as, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (H5Awrite (attr, st, "double"), >=, 0);
  H5Aclose (attr);
  H5Sclose (as);
  H5Tclose (st);
  H5Dclose (ds);
  H5Sclose (space);
}

/* Item 5 */
static void
test_mat73_nullpad (void)
{
  g_autofree char *path = g_build_filename (dir, "h5py.mat", NULL);
  hid_t fcpl = H5Pcreate (H5P_FILE_CREATE);
  H5Pset_userblock (fcpl, 512);
  hid_t file = H5Fcreate (path, H5F_ACC_TRUNC, fcpl, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  double x[20], l[20];
  for (guint i = 0; i < 10; i++)
    {
      x[i] = i, x[10 + i] = (i * 3) % 7;         /* column-major 10×2 */
      l[i] = i % 2, l[10 + i] = 1 - i % 2;
    }
  h5_matrix (file, "features", 10, 2, x);
  h5_matrix (file, "logicalLabel", 10, 2, l);
  H5Fclose (file);
  H5Pclose (fcpl);
  /* the MAT 7.3 header in the user block */
  int fd = open (path, O_WRONLY);
  char head[128];
  memset (head, ' ', sizeof head);
  const char text[] = "MATLAB 7.3 MAT-file, written by the test (as h5py + hdf5storage do)";
  memcpy (head, text, sizeof text - 1);
  memset (head + 116, 0, 8);
  head[124] = 0, head[125] = 2, head[126] = 'I', head[127] = 'M';
  g_assert_cmpint (pwrite (fd, head, sizeof head, 0), ==, sizeof head);
  close (fd);
  g_auto (Run) r = hostile ("info", "h5py.mat", NULL);
  g_test_message ("%s", r.out);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "10"));
  g_auto (Run) b = hostile ("binarize", "h5py.mat", NULL);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_true (g_str_has_prefix (b.out, "label1,label2\n0,1\n1,0\n"));
  /* found by fuzz-mat: "MATLAB 7.3" text over a header marked version 0x0100, which matio
   * reads as v5 past every check (it allocated 2 GB for a 685-byte file) */
  fd = open (path, O_WRONLY);
  head[124] = 0, head[125] = 1;
  g_assert_cmpint (pwrite (fd, head, sizeof head, 0), ==, sizeof head);
  close (fd);
  g_auto (Run) v = hostile ("info", "h5py.mat", NULL);
  assert_fails (&v, 1, "h5py.mat: says MATLAB 7.3 but its header's version field is 0x0100");
}

/* ---- outputs ---------------------------------------------------------------------- */

/* Items 6, 8 and 13: outputs are checked before the work, never replace each other or the
 * input or a read-only file, and a later one failing leaves none. */
static void
test_outputs (void)
{
  write_file ("data.csv", data_csv);
  const char *D[] = { "data.csv", "--logical-columns", "2" };
#define DATA D[0], D[1], D[2]
  g_auto (Run) same = hostile ("recover", DATA, "-m", "lesc", "-o", "same.csv", "--save-model",
                               "same.csv", NULL);
  assert_fails (&same, 2, "same.csv: written twice");
  g_assert_false (exists ("same.csv"));

  g_autofree char *before = read_file ("data.csv", NULL);
  g_auto (Run) in = hostile ("recover", DATA, "-m", "lesc", "-o", "./data.csv", NULL);
  assert_fails (&in, 2, "is the input file");
  g_autofree char *after = read_file ("data.csv", NULL);
  g_assert_cmpstr (before, ==, after);

  write_file ("ro.csv", "keep\n");
  g_autofree char *ro = g_build_filename (dir, "ro.csv", NULL);
  g_chmod (ro, 0444);
  /* the artificial set takes seconds to recover: refused within 1 s, so before the run */
  g_auto (Run) r = hostile ("recover", "artificial", "-m", "lesc", "-o", "ro.csv", NULL);
  assert_fails (&r, 1, "ro.csv: is read-only");
  g_autofree char *kept = read_file ("ro.csv", NULL);
  g_assert_cmpstr (kept, ==, "keep\n");

  g_auto (Run) folder = hostile ("recover", DATA, "-m", "lesc", "-o", "new.csv/", NULL);
  assert_fails (&folder, 1, "new.csv/: names a folder");
  g_auto (Run) nodir = hostile ("recover", "artificial", "-m", "lesc", "-o", "no/such/x.csv",
                                NULL);
  assert_fails (&nodir, 1, "does not exist");

  /* --save-model to a socket nobody listens on: fails when written, after the run; the
   * distributions' file must not be left */
  g_autofree char *sock = g_build_filename (dir, "model.sock", NULL);
  int s = socket (AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  g_strlcpy (addr.sun_path, sock, sizeof addr.sun_path);
  g_assert_cmpint (bind (s, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  close (s);
  g_auto (Run) late = hostile ("recover", DATA, "-m", "lesc", "-o", "dist.csv", "--save-model",
                               "model.sock", "--trace", "trace.csv", NULL);
  assert_fails (&late, 1, "model.sock: cannot write to the socket");
  g_assert_false (exists ("dist.csv"));
  g_assert_false (exists ("trace.csv"));
  assert_no_temporaries ();
  g_unlink (sock);

  /* all three written together; --save-distributions still names -o */
  g_auto (Run) ok = hostile ("recover", DATA, "-m", "lesc", "--save-distributions", "dist.txt",
                             "--save-model", "m.model", "--trace", "trace.csv", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_true (exists ("dist.txt") && exists ("m.model") && exists ("trace.csv"));
  g_autofree char *txt = read_file ("dist.txt", NULL);
  g_assert_true (g_str_has_prefix (txt, "a\tb\n"));
  assert_no_temporaries ();
#undef DATA
}

/* Item 7: binarize writes the format of -o's extension. */
static void
test_binarize_formats (void)
{
  write_file ("bin.csv", data_csv);
  const char *outs[] = { "b.npy", "b.mat", "b.json", "b.tsv", "b.dat" };
  const char *starts[] = { "\x93NUMPY", "MATLAB 5.0", "{", "a\tb\n1\t0\n", "a\tb\n1\t0\n" };
  for (guint k = 0; k < G_N_ELEMENTS (outs); k++)
    {
      g_auto (Run) r = hostile ("binarize", "bin.csv", "--logical-columns", "2", "-o", outs[k],
                                NULL);
      g_assert_cmpint (r.status, ==, 0);
      gsize n;
      g_autofree char *b = read_file (outs[k], &n);
      g_assert_true (n >= strlen (starts[k]) && memcmp (b, starts[k], strlen (starts[k])) == 0);
    }
  g_auto (Run) bad = hostile ("binarize", "bin.csv", "--logical-columns", "2", "-o", "b.xlsx",
                              NULL);
  assert_fails (&bad, 2, "cannot write '.xlsx' files");
}

/* ---- numbers ---------------------------------------------------------------------- */

/* Item 12: features around 1e160 are not "identical". */
static void
test_huge_features (void)
{
  GString *s = g_string_new ("x,y,a,b\n");
  for (int i = 0; i < 40; i++)
    g_string_append_printf (s, "%de160,%de160,%d,%d\n", i + 1, (i * 7) % 11 + 1, i % 2,
                            1 - i % 2);
  write_file ("huge.csv", s->str);
  g_string_free (s, TRUE);
  g_auto (Run) lesc = hostile ("recover", "huge.csv", "--logical-columns", "2", "-m", "glle",
                               NULL);
  g_assert_cmpint (lesc.status, ==, 0);
  g_assert_null (strstr (lesc.err, "identical"));
  g_auto (Run) km = hostile ("recover", "huge.csv", "--logical-columns", "2", "-m", "km", NULL);
  g_assert_cmpint (km.status, ==, 0);
  /* the z-score's spread of such a column: 1e160, not ∞ (which made every row zeros) */
  g_autoptr (LescMatrix) x = lesc_matrix_new (3, 1);
  x->data[0] = 1e160, x->data[1] = 2e160, x->data[2] = 3e160;
  double mean, sd;
  lesc_zscore_stats (x, &mean, &sd);
  g_assert_cmpfloat_with_epsilon (mean / 2e160, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (sd / 1e160, 1.0, 1e-12);
  x->data[0] = 1e308, x->data[1] = 1.5e308, x->data[2] = 1.7e308; /* the sum overflows */
  lesc_zscore_stats (x, &mean, &sd);
  g_assert_true (isfinite (mean) && isfinite (sd) && sd > 1e307);
}

/* Item 14: a model whose W holds NaN (checksum recomputed) is refused. */
static void
test_model_nan (void)
{
  write_file ("m.csv", data_csv);
  write_file ("x.csv", "1,2\n3,4\n");
  g_auto (Run) r = hostile ("recover", "m.csv", "--logical-columns", "2", "-m", "glle",
                            "--save-model", "good.model", NULL);
  g_assert_cmpint (r.status, ==, 0);
  gsize n;
  g_autofree guchar *b = (guchar *) read_file ("good.model", &n);
  double v = NAN;
  memcpy (b + n - 32 - 8, &v, 8); /* the last entry of W, just before the checksum */
  gsize sum_len = 32;
  g_autoptr (GChecksum) cs = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (cs, b, n - 32);
  g_checksum_get_digest (cs, b + n - 32, &sum_len);
  write_bytes ("nan.model", b, n);
  g_auto (Run) p = hostile ("predict", "nan.model", "x.csv", NULL);
  assert_fails (&p, 1, "nan.model: damaged model file (its weights W hold NaN");
}

/* Item 16: ranges, C-locale decimals, and defaults fitted to n = 2. */
static void
test_ranges (void)
{
  write_file ("r.csv", data_csv);
  const char *D[] = { "r.csv", "--logical-columns", "2", "-m", "lesc" };
#define DATA D[0], D[1], D[2], D[3], D[4]
  g_auto (Run) a = hostile ("recover", DATA, "--hold-out-fold", "0", NULL);
  assert_fails (&a, 2, "--hold-out-fold 0");
  g_auto (Run) b = hostile ("recover", DATA, "--memory-limit", "0", NULL);
  assert_fails (&b, 2, "--memory-limit '0': expected a positive number");
  g_auto (Run) c = hostile ("recover", DATA, "--lambda1", "0x1p3", NULL);
  assert_fails (&c, 2, "--lambda1: “0x1p3” is not a number");
  g_auto (Run) h = hostile ("recover", DATA, "--memory-limit", "0x1p3", NULL);
  assert_fails (&h, 2, "--memory-limit '0x1p3': expected a positive number");
#undef DATA
  write_file ("two.csv", "x,y,a,b\n1,2,1,0\n3,1,0,1\n");
  const char *methods[] = { "fcm", "km", "lp", "ml", "glle", "lesc", "glesc" };
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      g_auto (Run) r = hostile ("recover", "two.csv", "--logical-columns", "2", "-m",
                                methods[k], NULL);
      g_assert_cmpint (r.status, ==, 0);
    }
  g_auto (Run) ml = hostile ("recover", "two.csv", "--logical-columns", "2", "-m", "ml", NULL);
  g_assert_nonnull (strstr (ml.err, "lesc: note: ml: neighbours = 1 (the default 3 is more than "
                                    "the 1 other sample)"));
  /* a value the user gives is checked, not fitted */
  g_auto (Run) given = hostile ("recover", "two.csv", "--logical-columns", "2", "-m", "glle",
                                "--k", "5", NULL);
  assert_fails (&given, 2, "K = 5 neighbours");
}

/* Item 15 (through the cli): rows summing to ∞ renormalize to halves, not zeros. */
static void
test_renormalize_infinite (void)
{
  write_file ("inf.csv", "x,y,a,b\n1,2,1e308,1e308\n2,1,0.2,0.8\n3,3,0.7,0.3\n");
  g_auto (Run) r = hostile ("binarize", "inf.csv", "--label-columns", "2", "--renormalize",
                            NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* (0.5, 0.5) binarizes to both labels; (0, 0) would have been refused as all-zero */
  g_assert_true (g_str_has_prefix (r.out, "a,b\n1,1\n"));
}

/* Item 13: other misleading messages. */
static void
test_messages (void)
{
  write_file ("d.csv.gz", "not really gzip");
  g_auto (Run) gz = hostile ("info", "d.csv.gz", NULL);
  assert_fails (&gz, 1, "unknown extension '.gz'");
  g_assert_nonnull (strstr (gz.err, "decompressing"));
  write_file ("noext", "1,2\n");
  g_auto (Run) ne = hostile ("info", "./noext", NULL);
  assert_fails (&ne, 1, "no extension and not a MATLAB file");
  if (geteuid () != 0)
    {
      g_autofree char *locked = g_build_filename (dir, "locked", NULL);
      g_mkdir (locked, 0700);
      write_file ("locked/in.csv", data_csv);
      g_chmod (locked, 0600);
      g_auto (Run) r = hostile ("info", "locked/in.csv", "--logical-columns", "2", NULL);
      g_chmod (locked, 0700);
      assert_fails (&r, 1, "cannot be searched");
    }
  else
    g_test_message ("root searches every folder: the unsearchable-folder case needs a user");
}

/* The one quoting helper (core/base/quote.c) on its own. */
static void
test_quote (void)
{
  g_autofree char *a = lesc_quote ("a\x1b[31mb\nc\t\x7f", -1, 0);
  g_assert_cmpstr (a, ==, "a\\x1B[31mb\\nc\\t\\x7F");
  g_autofree char *b = lesc_quote ("caf\xe9", -1, 0);
  g_assert_cmpstr (b, ==, "caf\\xE9");
  g_autofree char *c = lesc_quote ("abcdef", -1, 4);
  g_assert_cmpstr (c, ==, "abc…");
  g_autofree char *d = lesc_quote ("abcd", -1, 4);
  g_assert_cmpstr (d, ==, "abcd");
  g_autofree char *e = lesc_quote ("éé\xc2\x85", -1, 0); /* U+0085 is a C1 control */
  g_assert_cmpstr (e, ==, "éé\\u0085");
}

/* Also seen: FCM's warning says what its output is. */
static void
test_fcm_warning (void)
{
  /* SBU-3DFE's figures (FCM, β = 2, seed 5489): memberships far from collapsed, output
   * rows within 5.5e-6 of each other and 2.6e-5 (relative) of 1/6 */
  LescRunResult r = { .fcm_clusters = 50, .fcm_spread = 0.3, .fcm_row_spread = 3.3e-5,
                      .fcm_uniform_spread = 2.6e-5 };
  g_autofree char *w = lesc_run_result_warning (&r);
  g_assert_nonnull (w);
  g_assert_nonnull (strstr (w, "uniform distribution (each degree within 0.0026% of 1/c"));
  g_assert_null (strstr (w, "label frequencies"));
  r.fcm_uniform_spread = 0.2; /* one row for all, not 1/c */
  g_autofree char *w2 = lesc_run_result_warning (&r);
  g_assert_nonnull (strstr (w2, "label frequencies"));
  r.fcm_row_spread = 0.05; /* sample-specific: no warning */
  g_autofree char *w3 = lesc_run_result_warning (&r);
  g_assert_null (w3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dir = lesc_test_tmpdir ();
  H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
  g_test_add_func ("/cli-hostile/npz-size-claims", test_npz_size_claims);
  g_test_add_func ("/cli-hostile/npy-dtype-messages", test_npy_dtype_messages);
  g_test_add_func ("/cli-hostile/non-regular-inputs", test_non_regular_inputs);
  g_test_add_func ("/cli-hostile/latin1-header", test_latin1_header);
  g_test_add_func ("/cli-hostile/header-and-lines", test_header_and_lines);
  g_test_add_func ("/cli-hostile/mat73-nullpad", test_mat73_nullpad);
  g_test_add_func ("/cli-hostile/outputs", test_outputs);
  g_test_add_func ("/cli-hostile/binarize-formats", test_binarize_formats);
  g_test_add_func ("/cli-hostile/huge-features", test_huge_features);
  g_test_add_func ("/cli-hostile/model-nan", test_model_nan);
  g_test_add_func ("/cli-hostile/ranges", test_ranges);
  g_test_add_func ("/cli-hostile/renormalize-infinite", test_renormalize_infinite);
  g_test_add_func ("/cli-hostile/messages", test_messages);
  g_test_add_func ("/cli-hostile/quote", test_quote);
  g_test_add_func ("/cli-hostile/fcm-warning", test_fcm_warning);
  int status = g_test_run ();
  lesc_test_rmdir (dir);
  return status;
}
