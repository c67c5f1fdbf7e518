/* MAT v7.3 variables read with HDF5 when matio finds no class (see mat73.h). */
#include "core/data/mat73.h"
#include "core/base/error.h"
#include "core/base/quote.h"
#include "core/data/validate.h"

#include <hdf5.h>
#include <matio.h>
#include <stdio.h>
#include <string.h>

static const struct {
  const char *name;
  int klass;
} classes[] = {
  { "double", MAT_C_DOUBLE }, { "single", MAT_C_SINGLE }, { "int8", MAT_C_INT8 },
  { "uint8", MAT_C_UINT8 },   { "int16", MAT_C_INT16 },   { "uint16", MAT_C_UINT16 },
  { "int32", MAT_C_INT32 },   { "uint32", MAT_C_UINT32 }, { "int64", MAT_C_INT64 },
  { "uint64", MAT_C_UINT64 }, { "logical", MAT_C_UINT8 },
};

int
lesc_mat73_numeric_class (const char *path, const char *name)
{
  int klass = MAT_C_EMPTY;
  hid_t file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0)
    return klass;
  hid_t ds = H5Lexists (file, name, H5P_DEFAULT) > 0 ? H5Dopen2 (file, name, H5P_DEFAULT) : -1;
  hid_t attr = ds >= 0 && H5Aexists (ds, "MATLAB_class") > 0
                 ? H5Aopen (ds, "MATLAB_class", H5P_DEFAULT) : -1;
  hid_t type = attr >= 0 ? H5Aget_type (attr) : -1;
  if (type >= 0 && H5Tget_class (type) == H5T_STRING && !H5Tis_variable_str (type))
    {
      size_t size = H5Tget_size (type);
      if (size > 0 && size < 64)
        {
          char text[65] = { 0 };
          /* the file's own string type: NULLPAD, NULLTERM or SPACEPAD alike */
          if (H5Aread (attr, type, text) >= 0)
            {
              text[size] = '\0';
              for (size_t k = size; k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\0'); k--)
                text[k - 1] = '\0';
              for (guint k = 0; k < G_N_ELEMENTS (classes); k++)
                if (strcmp (text, classes[k].name) == 0)
                  klass = classes[k].klass;
            }
        }
    }
  if (type >= 0)
    H5Tclose (type);
  if (attr >= 0)
    H5Aclose (attr);
  if (ds >= 0)
    H5Dclose (ds);
  H5Fclose (file);
  return klass;
}

LescMatrix *
lesc_mat73_read (const char *path, const char *name, guint64 rows, guint64 cols,
                 GError **error)
{
  LescMatrix *m = NULL;
  hid_t file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  hid_t ds = file >= 0 && H5Lexists (file, name, H5P_DEFAULT) > 0
               ? H5Dopen2 (file, name, H5P_DEFAULT) : -1;
  hid_t space = ds >= 0 ? H5Dget_space (ds) : -1;
  hsize_t dims[2] = { 0, 0 };
  /* HDF5 holds MATLAB's column-major rows×cols as a C-order cols×rows array: read as
   * such, its bytes are the column-major matrix */
  gboolean shape_ok = space >= 0 && H5Sget_simple_extent_ndims (space) == 2
                      && H5Sget_simple_extent_dims (space, dims, NULL) == 2
                      && dims[0] == cols && dims[1] == rows;
  if (shape_ok)
    m = lesc_matrix_try_new ((gsize) rows, (gsize) cols, error);
  if (m != NULL && rows * cols > 0
      && H5Dread (ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, m->data) < 0)
    g_clear_pointer (&m, lesc_matrix_free);
  if (m == NULL && (error == NULL || *error == NULL))
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: variable '%s' cannot be read (corrupt MAT v7.3 file)", path, name);
  if (space >= 0)
    H5Sclose (space);
  if (ds >= 0)
    H5Dclose (ds);
  if (file >= 0)
    H5Fclose (file);
  return m;
}

/* ---- the check before matio -------------------------------------------------------- */

#define MAX_ATTRIBUTE_BYTES 65536

typedef struct {
  const char *object;
  char *problem;   /* the first thing refused, or NULL */
} Visit;

static herr_t
check_attribute (hid_t location, const char *name, const H5A_info_t *info, void *data)
{
  Visit *v = data;
  hid_t attr = H5Aopen (location, name, H5P_DEFAULT);
  hid_t type = attr >= 0 ? H5Aget_type (attr) : -1;
  hid_t space = attr >= 0 ? H5Aget_space (attr) : -1;
  hssize_t points = space >= 0 ? H5Sget_simple_extent_npoints (space) : -1;
  size_t size = type >= 0 ? H5Tget_size (type) : 0;
  if (attr < 0 || type < 0 || points < 0
      || (double) size * (double) MAX (points, 1) > MAX_ATTRIBUTE_BYTES)
    {
      g_autofree char *shown = lesc_quote (name, -1, LESC_QUOTE_MAX);
      v->problem = g_strdup_printf ("attribute '%s' of '%s' states %.0f bytes (at most %d "
                                    "are read; damaged or crafted file)", shown, v->object,
                                    (double) size * (double) MAX (points, 1),
                                    MAX_ATTRIBUTE_BYTES);
    }
  if (space >= 0)
    H5Sclose (space);
  if (type >= 0)
    H5Tclose (type);
  if (attr >= 0)
    H5Aclose (attr);
  return v->problem != NULL ? 1 : 0;
}

static herr_t
check_object (hid_t root, const char *name, const H5O_info_t *info, void *data)
{
  Visit *v = data;
  g_autofree char *shown = lesc_quote (name, -1, LESC_QUOTE_MAX);
  v->object = shown;
  hid_t obj = H5Oopen (root, name, H5P_DEFAULT);
  if (obj < 0)
    {
      v->problem = g_strdup_printf ("object '%s' cannot be opened", shown);
      return 1;
    }
  hsize_t at = 0;
  H5Aiterate2 (obj, H5_INDEX_NAME, H5_ITER_NATIVE, &at, check_attribute, v);
  if (v->problem == NULL && info->type == H5O_TYPE_DATASET)
    {
      hid_t type = H5Dget_type (obj), space = H5Dget_space (obj);
      hssize_t points = space >= 0 ? H5Sget_simple_extent_npoints (space) : -1;
      /* matio reads the references of cells and structs (and makes a variable for each)
       * while it only lists the variables */
      if (type >= 0 && H5Tget_class (type) == H5T_REFERENCE
          && (points < 0 || 256.0 * (double) points > lesc_dataset_max_bytes ()))
        v->problem = g_strdup_printf ("'%s' holds %.0f references (a cell array or struct "
                                      "larger than the memory limit allows)", shown,
                                      (double) points);
      if (space >= 0)
        H5Sclose (space);
      if (type >= 0)
        H5Tclose (type);
    }
  H5Oclose (obj);
  v->object = NULL;
  return v->problem != NULL ? 1 : 0;
}

gboolean
lesc_mat73_check (const char *path, GError **error)
{
  /* the header must say version 0x0200 as the text says 7.3: matio goes by the version
   * field, and would read a "7.3" file marked 0x0100 as v5, past matcheck.c */
  guchar head[128] = { 0 };
  FILE *fp = fopen (path, "rb");
  gboolean read_ok = fp != NULL && fread (head, 1, sizeof head, fp) == sizeof head;
  if (fp != NULL)
    fclose (fp);
  guint version = head[126] == 'I' ? head[124] | head[125] << 8 : head[125] | head[124] << 8;
  if (!read_ok || version != 0x0200 || !((head[126] == 'I' && head[127] == 'M')
                                         || (head[126] == 'M' && head[127] == 'I')))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: says MATLAB 7.3 but its header's "
                   "version field is 0x%04x (expected 0x0200; damaged file)", path, version);
      return FALSE;
    }
  hid_t file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: a MAT v7.3 header over data HDF5 "
                   "cannot open (truncated or damaged file)", path);
      return FALSE;
    }
  Visit v = { 0 };
  herr_t r = H5Ovisit2 (file, H5_INDEX_NAME, H5_ITER_NATIVE, check_object, &v, H5O_INFO_BASIC);
  H5Fclose (file);
  if (v.problem == NULL && r < 0)
    v.problem = g_strdup ("its objects cannot be listed (a truncated or damaged MAT v7.3 file)");
  if (v.problem == NULL)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s", path, v.problem);
  g_free (v.problem);
  return FALSE;
}
