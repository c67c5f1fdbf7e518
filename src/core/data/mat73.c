/* MAT v7.3 variables read with HDF5 when matio finds no class (see mat73.h). */
#include "core/data/mat73.h"
#include "core/base/error.h"

#include <hdf5.h>
#include <matio.h>
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
