/* The structure of a MATLAB file, checked before matio reads it.
 *
 * matio believes every size a file states (name lengths, dimensions, data sizes, the
 * inflated size of a compressed variable) and allocates or inflates that much before it
 * finds out the file cannot hold it. So a file is first walked here: the directory of its
 * variables (tag, array flags, dimensions and name of each, bounded by the file's length),
 * then a full check of each variable that will be read (its data sizes must match its
 * dimensions, its compressed stream must inflate to exactly what it declares and no more,
 * its size must fit the memory limit). matio is then handed a copy holding only those
 * checked variables (lesc_mat_file_subset), so it never parses anything unchecked.
 * docs/files.md lists the fields and rules. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char *name;             /* up to the first NUL, bytes outside printable ASCII as '?' */
  guint index;            /* 1-based position in the file */
  gsize offset, length;   /* its bytes: v5 the element with its tag, v4 header + name + data */
  gboolean compressed;    /* v5 miCOMPRESSED */
  int klass;              /* enum matio_classes (the MAT v5 mxCLASS numbers) */
  gboolean complex;
  guint rank;             /* number of dimensions (≥ 2) */
  guint64 rows, cols;     /* the first two dimensions */
  guint64 elements;       /* the product of all dimensions (G_MAXUINT64: overflows) */
} LescMatVariable;

typedef struct _LescMatFile LescMatFile;

/* Map `path` and read its directory. Refuses (LESC_ERROR_FORMAT, naming the file, the
 * variable and its byte offset) anything that is not a MAT v5 or v4 file or whose
 * variables' tags, flags, dimensions or names do not fit the file; LESC_ERROR_IO when it
 * cannot be read. */
LescMatFile *lesc_mat_file_open (const char *path, GError **error);
void lesc_mat_file_free (LescMatFile *f);

int lesc_mat_file_version (const LescMatFile *f);   /* 4 or 5 */
guint lesc_mat_file_n_variables (const LescMatFile *f);
const LescMatVariable *lesc_mat_file_variable (const LescMatFile *f, guint k); /* 0-based */
/* The first variable named `name`, or NULL. */
const LescMatVariable *lesc_mat_file_find (const LescMatFile *f, const char *name);

/* The full check of a variable before its data are read: a real numeric 2-D matrix whose
 * data sizes match its dimensions, whose bytes fit the memory limit (matio's copy in its
 * stored class plus ours in double; lesc_dataset_max_bytes), and, compressed, whose stream
 * inflates without error to exactly its declared size (inflation stops there). */
gboolean lesc_mat_file_check_variable (const LescMatFile *f, const LescMatVariable *v,
                                       GError **error);

/* The same for text (label names): a char matrix, or a cell array of char row vectors,
 * with 8- or 16-bit characters whose data sizes match their dimensions, at most
 * `max_chars` characters in all. */
gboolean lesc_mat_file_check_text (const LescMatFile *f, const LescMatVariable *v, guint64 max_chars,
                                   GError **error);

/* A file (a memory file, or an unlinked temporary one) holding the header and only the
 * elements of `vars`, in that order, for matio to read with Mat_VarReadNext. Returns a
 * path to open while `*fd` stays open; close `*fd` afterwards. */
char *lesc_mat_file_subset (const LescMatFile *f, const LescMatVariable *const *vars, guint n,
                            int *fd, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescMatFile, lesc_mat_file_free)

G_END_DECLS
