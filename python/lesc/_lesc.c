/* lesc._lesc: the Python binding of liblesc, against the NumPy C API.
 *
 * The functions here take arrays the package (__init__.py) has already checked and
 * converted to C-ordered float64; they convert again only as a safety net. A recovery runs
 * on a worker thread while the calling thread waits with the GIL released, waking every
 * 50 ms to run Python's signal handlers: KeyboardInterrupt (or an exception raised by the
 * progress callback) cancels the solve through its GCancellable. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <lesc/lesc.h>

#define MODEL_CAPSULE "lesc._lesc.Model"
#define WAKE_US (50 * G_TIME_SPAN_MILLISECOND)

/* The core's error as a Python exception: MemoryError for memory, OSError for files,
 * KeyboardInterrupt for a cancel, ValueError for the rest. Consumes `error`. */
static PyObject *
raise_error (GError *error)
{
  PyObject *type = PyExc_ValueError;
  if (g_error_matches (error, LESC_ERROR, LESC_ERROR_MEMORY))
    type = PyExc_MemoryError;
  else if (g_error_matches (error, LESC_ERROR, LESC_ERROR_IO))
    type = PyExc_OSError;
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    type = PyExc_KeyboardInterrupt;
  PyErr_SetString (type, error->message);
  g_error_free (error);
  return NULL;
}

/* A 2-D C-ordered float64 view of `obj` (a new reference), or NULL with TypeError. */
static PyArrayObject *
as_matrix (PyObject *obj, const char *what)
{
  PyArrayObject *a = (PyArrayObject *) PyArray_FROMANY (obj, NPY_DOUBLE, 2, 2,
                                                        NPY_ARRAY_IN_ARRAY);
  if (a == NULL && PyErr_ExceptionMatches (PyExc_ValueError))
    {
      PyErr_Clear ();
      PyErr_Format (PyExc_ValueError, "%s: expected a 2-D array of numbers", what);
    }
  return a;
}

static PyObject *
new_matrix (gsize rows, gsize cols)
{
  npy_intp dims[2] = { (npy_intp) rows, (npy_intp) cols };
  return PyArray_ZEROS (2, dims, NPY_DOUBLE, 0);
}

/* Run parameters from the method name, a dict of numbers, the seed and a dict of options. */
static LescParams *
make_params (const char *method, PyObject *values, unsigned long seed, PyObject *options,
             double memory_limit)
{
  const LescMethod *m = lesc_method_find (method);
  if (m == NULL)
    {
      PyErr_Format (PyExc_ValueError,
                    "unknown method '%s' (expected fcm, km, lp, ml, glle, lesc or glesc)", method);
      return NULL;
    }
  if (seed > G_MAXUINT32)
    {
      PyErr_Format (PyExc_ValueError, "seed: expected 0 … 4294967295, got %lu", seed);
      return NULL;
    }
  LescParams *p = lesc_params_new (m);
  lesc_params_set_seed (p, (guint32) seed);
  lesc_params_set_memory_limit (p, memory_limit);
  GError *error = NULL;
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next (values, &pos, &key, &value))
    {
      const char *name = PyUnicode_AsUTF8 (key);
      double v = name != NULL ? PyFloat_AsDouble (value) : 0.0;
      if (PyErr_Occurred ())
        goto fail;
      if (!lesc_params_set (p, name, v, &error))
        {
          raise_error (error);
          goto fail;
        }
    }
  pos = 0;
  while (PyDict_Next (options, &pos, &key, &value))
    {
      const char *k = PyUnicode_AsUTF8 (key), *v = k != NULL ? PyUnicode_AsUTF8 (value) : NULL;
      if (v == NULL)
        goto fail;
      if (!lesc_params_set_option (p, k, v, &error))
        {
          raise_error (error);
          goto fail;
        }
    }
  return p;
fail:
  lesc_params_free (p);
  return NULL;
}

/* One solve on its worker thread. */
typedef struct {
  const LescParams *params;
  gsize n, q, c;
  const double *x, *l;
  double *d;
  gboolean fit;               /* lesc_mapping_fit instead of lesc_recover */
  LescMapping *model;
  GCancellable *cancellable;
  GMutex lock;
  GCond cond;
  gboolean done, ok;
  GError *error;
  guint reports;              /* progress reports so far */
  double fraction;
  char stage[64];
} Job;

static void
job_progress (double fraction, const char *stage, gpointer data)
{
  Job *job = data;
  g_mutex_lock (&job->lock);
  job->reports++;
  job->fraction = fraction;
  g_strlcpy (job->stage, stage != NULL ? stage : "", sizeof job->stage);
  g_mutex_unlock (&job->lock);
}

static gpointer
job_work (gpointer data)
{
  Job *job = data;
  GError *error = NULL;
  gboolean ok;
  if (job->fit)
    {
      job->model = lesc_mapping_fit (job->params, job->n, job->q, job->c, job->x, job->l, job->d,
                                   job_progress, job, job->cancellable, &error);
      ok = job->model != NULL;
    }
  else
    ok = lesc_recover (job->params, job->n, job->q, job->c, job->x, job->l, job->d,
                       job_progress, job, job->cancellable, &error);
  g_mutex_lock (&job->lock);
  job->ok = ok;
  job->error = error;
  job->done = TRUE;
  g_cond_signal (&job->cond);
  g_mutex_unlock (&job->lock);
  return NULL;
}

/* Run the job and wait for it as described at the top. FALSE with a Python exception set. */
static gboolean
job_run (Job *job, PyObject *progress)
{
  g_mutex_init (&job->lock);
  g_cond_init (&job->cond);
  job->cancellable = g_cancellable_new ();
  GThread *thread = g_thread_new ("lesc-solve", job_work, job);
  gboolean interrupted = FALSE;
  guint seen = 0;
  for (;;)
    {
      gboolean done;
      guint reports;
      double fraction;
      char stage[sizeof job->stage];
      Py_BEGIN_ALLOW_THREADS
      g_mutex_lock (&job->lock);
      gint64 until = g_get_monotonic_time () + WAKE_US;
      while (!job->done && g_cond_wait_until (&job->cond, &job->lock, until))
        ;
      done = job->done;
      reports = job->reports;
      fraction = job->fraction;
      memcpy (stage, job->stage, sizeof stage);
      g_mutex_unlock (&job->lock);
      Py_END_ALLOW_THREADS
      if (done)
        break;
      if (interrupted)
        continue;
      if (PyErr_CheckSignals () < 0)
        interrupted = TRUE;
      else if (progress != Py_None && reports != seen)
        {
          seen = reports;
          PyObject *r = PyObject_CallFunction (progress, "ds", fraction, stage);
          interrupted = r == NULL;
          Py_XDECREF (r);
        }
      if (interrupted)
        g_cancellable_cancel (job->cancellable);
    }
  Py_BEGIN_ALLOW_THREADS
  g_thread_join (thread);
  Py_END_ALLOW_THREADS
  g_object_unref (job->cancellable);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->cond);
  if (interrupted)
    {
      g_clear_error (&job->error);   /* the Python exception says why */
      g_clear_pointer (&job->model, lesc_mapping_free);
      return FALSE;
    }
  if (!job->ok)
    {
      raise_error (job->error);
      return FALSE;
    }
  return TRUE;
}

static void
model_destroy (PyObject *capsule)
{
  lesc_mapping_free (PyCapsule_GetPointer (capsule, MODEL_CAPSULE));
}

/* recover/fit (method, X, L, params, seed, options, memory_limit, progress) */
static PyObject *
solve (PyObject *args, gboolean fit)
{
  const char *method;
  PyObject *xo, *lo, *values, *options, *progress;
  unsigned long seed;
  double memory_limit;
  if (!PyArg_ParseTuple (args, "sOOO!kO!dO", &method, &xo, &lo, &PyDict_Type, &values, &seed,
                         &PyDict_Type, &options, &memory_limit, &progress))
    return NULL;
  if (progress != Py_None && !PyCallable_Check (progress))
    return PyErr_Format (PyExc_TypeError, "progress: expected a callable or None");
  LescParams *params = make_params (method, values, seed, options, memory_limit);
  if (params == NULL)
    return NULL;
  PyObject *result = NULL, *d = NULL;
  PyArrayObject *x = as_matrix (xo, "X"), *l = x != NULL ? as_matrix (lo, "L") : NULL;
  if (l == NULL)
    goto out;
  gsize n = (gsize) PyArray_DIM (x, 0), q = (gsize) PyArray_DIM (x, 1),
        c = (gsize) PyArray_DIM (l, 1);
  if ((gsize) PyArray_DIM (l, 0) != n)
    {
      PyErr_Format (PyExc_ValueError, "X has %zu rows but L has %zu", n, (gsize) PyArray_DIM (l, 0));
      goto out;
    }
  d = new_matrix (n, c);
  if (d == NULL)
    goto out;
  Job job = { .params = params, .n = n, .q = q, .c = c, .fit = fit,
              .x = PyArray_DATA (x), .l = PyArray_DATA (l),
              .d = PyArray_DATA ((PyArrayObject *) d) };
  if (!job_run (&job, progress))
    goto out;
  if (!fit)
    result = Py_NewRef (d);
  else
    {
      PyObject *capsule = PyCapsule_New (job.model, MODEL_CAPSULE, model_destroy);
      if (capsule == NULL)
        lesc_mapping_free (job.model);
      else
        result = Py_BuildValue ("NO", capsule, d);
    }
out:
  Py_XDECREF (d);
  Py_XDECREF (x);
  Py_XDECREF (l);
  lesc_params_free (params);
  return result;
}

static PyObject *
py_recover (PyObject *self, PyObject *args)
{
  return solve (args, FALSE);
}

static PyObject *
py_fit (PyObject *self, PyObject *args)
{
  return solve (args, TRUE);
}

static PyObject *
py_predict (PyObject *self, PyObject *args)
{
  PyObject *capsule, *xo;
  if (!PyArg_ParseTuple (args, "OO", &capsule, &xo))
    return NULL;
  LescMapping *model = PyCapsule_GetPointer (capsule, MODEL_CAPSULE);
  if (model == NULL)
    return NULL;
  PyArrayObject *x = as_matrix (xo, "X");
  if (x == NULL)
    return NULL;
  gsize n = (gsize) PyArray_DIM (x, 0), q = (gsize) PyArray_DIM (x, 1);
  PyObject *d = new_matrix (n, lesc_mapping_get_n_labels (model));
  if (d == NULL)
    {
      Py_DECREF (x);
      return NULL;
    }
  GError *error = NULL;
  gboolean ok;
  Py_BEGIN_ALLOW_THREADS
  ok = lesc_predict (model, n, q, PyArray_DATA (x), PyArray_DATA ((PyArrayObject *) d), &error);
  Py_END_ALLOW_THREADS
  Py_DECREF (x);
  if (!ok)
    {
      Py_DECREF (d);
      return raise_error (error);
    }
  return d;
}

static PyObject *
py_model_info (PyObject *self, PyObject *capsule)
{
  LescMapping *model = PyCapsule_GetPointer (capsule, MODEL_CAPSULE);
  if (model == NULL)
    return NULL;
  return Py_BuildValue ("snn", lesc_method_get_name (lesc_mapping_get_method (model)),
                        (Py_ssize_t) lesc_mapping_get_n_features (model),
                        (Py_ssize_t) lesc_mapping_get_n_labels (model));
}

/* The mapping as the bytes of a model file (pickling), and back. */
static PyObject *
py_model_to_bytes (PyObject *self, PyObject *capsule)
{
  LescMapping *model = PyCapsule_GetPointer (capsule, MODEL_CAPSULE);
  if (model == NULL)
    return NULL;
  g_autoptr (GBytes) bytes = lesc_mapping_to_bytes (model);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  return PyBytes_FromStringAndSize (data, (Py_ssize_t) length);
}

static PyObject *
py_model_from_bytes (PyObject *self, PyObject *arg)
{
  char *data;
  Py_ssize_t length;
  if (PyBytes_AsStringAndSize (arg, &data, &length) < 0)
    return NULL;
  g_autoptr (GBytes) bytes = g_bytes_new (data, (gsize) length);
  GError *error = NULL;
  LescMapping *model = lesc_mapping_new_from_bytes (bytes, &error);
  if (model == NULL)
    return raise_error (error);
  PyObject *capsule = PyCapsule_New (model, MODEL_CAPSULE, model_destroy);
  if (capsule == NULL)
    lesc_mapping_free (model);
  return capsule;
}

static PyObject *
py_measures (PyObject *self, PyObject *args)
{
  PyObject *ro, *to;
  const char *kl;
  if (!PyArg_ParseTuple (args, "OOs", &ro, &to, &kl))
    return NULL;
  PyArrayObject *r = as_matrix (ro, "D"), *t = r != NULL ? as_matrix (to, "truth") : NULL;
  PyObject *result = NULL;
  if (t == NULL)
    goto out;
  if (PyArray_DIM (r, 0) != PyArray_DIM (t, 0) || PyArray_DIM (r, 1) != PyArray_DIM (t, 1))
    {
      PyErr_Format (PyExc_ValueError, "D is %zd×%zd but truth is %zd×%zd",
                    (Py_ssize_t) PyArray_DIM (r, 0), (Py_ssize_t) PyArray_DIM (r, 1),
                    (Py_ssize_t) PyArray_DIM (t, 0), (Py_ssize_t) PyArray_DIM (t, 1));
      goto out;
    }
  double v[LESC_MEASURE_COUNT];
  GError *error = NULL;
  if (!lesc_measures_evaluate ((gsize) PyArray_DIM (r, 0), (gsize) PyArray_DIM (r, 1),
                               PyArray_DATA (t), PyArray_DATA (r), kl, v, &error))
    {
      raise_error (error);
      goto out;
    }
  result = PyDict_New ();
  for (guint i = 0; result != NULL && i < LESC_MEASURE_COUNT; i++)
    {
      PyObject *f = PyFloat_FromDouble (v[i]);
      if (f == NULL || PyDict_SetItemString (result, lesc_measure_get_key (i), f) < 0)
        Py_CLEAR (result);
      Py_XDECREF (f);
    }
out:
  Py_XDECREF (r);
  Py_XDECREF (t);
  return result;
}

static PyObject *
py_binarize (PyObject *self, PyObject *arg)
{
  PyArrayObject *d = as_matrix (arg, "distributions");
  if (d == NULL)
    return NULL;
  gsize n = (gsize) PyArray_DIM (d, 0), c = (gsize) PyArray_DIM (d, 1);
  PyObject *l = new_matrix (n, c);
  GError *error = NULL;
  if (l != NULL
      && !lesc_binarize_array (n, c, PyArray_DATA (d), PyArray_DATA ((PyArrayObject *) l), &error))
    {
      Py_CLEAR (l);
      raise_error (error);
    }
  Py_DECREF (d);
  return l;
}

static PyObject *
py_load (PyObject *self, PyObject *args)
{
  const char *spec, *dir;
  if (!PyArg_ParseTuple (args, "sz", &spec, &dir))
    return NULL;
  GError *error = NULL;
  LescData *data;
  Py_BEGIN_ALLOW_THREADS
  data = lesc_data_load (spec, dir, &error);
  Py_END_ALLOW_THREADS
  if (data == NULL)
    return raise_error (error);
  gsize n = lesc_data_get_n_samples (data), q = lesc_data_get_n_features (data),
        c = lesc_data_get_n_labels (data);
  PyObject *x = new_matrix (n, q), *l = new_matrix (n, c), *d = NULL, *names = NULL,
           *notes = PyList_New (0), *result = NULL;
  if (x == NULL || l == NULL || notes == NULL)
    goto out;
  lesc_data_copy_features (data, PyArray_DATA ((PyArrayObject *) x));
  lesc_data_copy_logical (data, PyArray_DATA ((PyArrayObject *) l));
  if (lesc_data_has_distributions (data))
    {
      if ((d = new_matrix (n, c)) == NULL)
        goto out;
      lesc_data_copy_distributions (data, PyArray_DATA ((PyArrayObject *) d));
    }
  if (lesc_data_get_label_name (data, 0) != NULL)
    {
      if ((names = PyList_New ((Py_ssize_t) c)) == NULL)
        goto out;
      for (gsize j = 0; j < c; j++)
        PyList_SET_ITEM (names, (Py_ssize_t) j, PyUnicode_FromString (lesc_data_get_label_name (data, j)));
    }
  for (guint i = 0; i < lesc_data_get_n_notes (data); i++)
    {
      PyObject *s = PyUnicode_FromString (lesc_data_get_note (data, i));
      if (s == NULL || PyList_Append (notes, s) < 0)
        {
          Py_XDECREF (s);
          goto out;
        }
      Py_DECREF (s);
    }
  result = Py_BuildValue ("sOOOOO", lesc_data_get_name (data), x, d ? d : Py_None, l,
                          names ? names : Py_None, notes);
out:
  Py_XDECREF (x);
  Py_XDECREF (l);
  Py_XDECREF (d);
  Py_XDECREF (names);
  Py_XDECREF (notes);
  lesc_data_free (data);
  return result;
}

/* [(name, display_name, description, has_model, uses_seed, uses_variant,
 *   [(name, label, description, default, min, max, log_scale, integer), …]), …] */
static PyObject *
py_methods (PyObject *self, PyObject *unused)
{
  guint n;
  const LescMethod *const *all = lesc_methods (&n);
  PyObject *list = PyList_New (0);
  for (guint i = 0; list != NULL && i < n; i++)
    {
      const LescMethod *m = all[i];
      PyObject *params = PyList_New (0);
      for (guint k = 0; params != NULL && k < lesc_method_get_n_params (m); k++)
        {
          LescParamInfo s;
          lesc_method_get_param (m, k, &s);
          PyObject *t = Py_BuildValue ("sssdddOO", s.name, s.label, s.description,
                                       s.default_value, s.min, s.max,
                                       s.log_scale ? Py_True : Py_False,
                                       s.integer ? Py_True : Py_False);
          if (t == NULL || PyList_Append (params, t) < 0)
            Py_CLEAR (params);
          Py_XDECREF (t);
        }
      PyObject *t = params == NULL ? NULL
        : Py_BuildValue ("sssOOON", lesc_method_get_name (m), lesc_method_get_display_name (m),
                         lesc_method_get_description (m),
                         lesc_method_has_model (m) ? Py_True : Py_False,
                         lesc_method_uses_seed (m) ? Py_True : Py_False,
                         lesc_method_uses_variant (m) ? Py_True : Py_False, params);
      if (t == NULL || PyList_Append (list, t) < 0)
        Py_CLEAR (list);
      Py_XDECREF (t);
    }
  return list;
}

static PyObject *
py_option_keys (PyObject *self, PyObject *unused)
{
  PyObject *list = PyList_New (0);
  for (const char *const *k = lesc_params_option_keys (); list != NULL && *k != NULL; k++)
    {
      PyObject *s = PyUnicode_FromString (*k);
      if (s == NULL || PyList_Append (list, s) < 0)
        Py_CLEAR (list);
      Py_XDECREF (s);
    }
  return list;
}

static PyMethodDef functions[] = {
  { "recover", py_recover, METH_VARARGS,
    "recover(method, X, L, params, seed, options, memory_limit, progress) -> D" },
  { "fit", py_fit, METH_VARARGS,
    "fit(method, X, L, params, seed, options, memory_limit, progress) -> (model, D)" },
  { "predict", py_predict, METH_VARARGS, "predict(model, X) -> D" },
  { "model_info", py_model_info, METH_O, "model_info(model) -> (method, q, c)" },
  { "model_to_bytes", py_model_to_bytes, METH_O, "model_to_bytes(model) -> bytes" },
  { "model_from_bytes", py_model_from_bytes, METH_O, "model_from_bytes(bytes) -> model" },
  { "measures", py_measures, METH_VARARGS, "measures(D, truth, kl) -> dict" },
  { "binarize", py_binarize, METH_O, "binarize(distributions) -> L" },
  { "load", py_load, METH_VARARGS,
    "load(spec, data_dir) -> (name, features, distributions, logical, label_names, notes)" },
  { "methods", py_methods, METH_NOARGS, "methods() -> list of method tuples" },
  { "option_keys", py_option_keys, METH_NOARGS, "option_keys() -> list of str" },
  { NULL }
};

static struct PyModuleDef module = {
  PyModuleDef_HEAD_INIT, "lesc._lesc",
  "The compiled part of the lesc package (use the functions of lesc instead).", -1, functions,
};

PyMODINIT_FUNC
PyInit__lesc (void)
{
  import_array ();
  PyObject *m = PyModule_Create (&module);
  if (m != NULL && PyModule_AddStringConstant (m, "library_version", lesc_get_version ()) < 0)
    Py_CLEAR (m);
  return m;
}
