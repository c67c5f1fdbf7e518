/* The methods and their run parameters. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct _LescMethod LescMethod;

/* One numeric parameter of a method. The strings live as long as the library. */
typedef struct {
  const char *name;         /* "lambda1": the key for lesc_params_set */
  const char *label;        /* "λ₁ (LE trade-off)" */
  const char *description;
  double default_value;
  double min, max;          /* the accepted range */
  gboolean log_scale;       /* tuned on a log scale */
  gboolean integer;         /* whole numbers only */
} LescParamInfo;

/* All methods in the paper's order: FCM, KM, LP, ML, GLLE, LESC, gLESC (*n of them). */
const LescMethod *const *lesc_methods (guint *n);
/* By name, case-insensitive ("glesc"); NULL when unknown. */
const LescMethod *lesc_method_find (const char *name);

const char *lesc_method_get_name (const LescMethod *m);          /* "glesc" */
const char *lesc_method_get_display_name (const LescMethod *m);  /* "gLESC" */
const char *lesc_method_get_description (const LescMethod *m);
/* TRUE for the methods that learn a mapping to new samples (GLLE, LESC, gLESC). */
gboolean    lesc_method_has_model (const LescMethod *m);
gboolean    lesc_method_uses_seed (const LescMethod *m);
gboolean    lesc_method_uses_variant (const LescMethod *m);
guint       lesc_method_get_n_params (const LescMethod *m);
/* Parameter i (< lesc_method_get_n_params) into *info; FALSE when out of range. */
gboolean    lesc_method_get_param (const LescMethod *m, guint i, LescParamInfo *info);
/* The index of a parameter by name, or −1. */
int         lesc_method_param_index (const LescMethod *m, const char *name);

/* Everything a run depends on besides the data: the method, its parameter values (the
 * defaults to start with), the seed (5489) and the options below. */
typedef struct _LescParams LescParams;

LescParams       *lesc_params_new (const LescMethod *method);
LescParams       *lesc_params_copy (const LescParams *params);
void              lesc_params_free (LescParams *params);
const LescMethod *lesc_params_get_method (const LescParams *params);

/* Set a parameter of the method; LESC_ERROR_USAGE naming the parameter when the method has
 * no such parameter or the value is outside its range (or not whole for an integer one). */
gboolean lesc_params_set (LescParams *params, const char *name, double value, GError **error);
/* The value of a parameter, NaN when the method has none of that name. */
double   lesc_params_get (const LescParams *params, const char *name);

void     lesc_params_set_seed (LescParams *params, guint32 seed);
guint32  lesc_params_get_seed (const LescParams *params);

/* Options by key (the terminal program's options of the same names):
 *   "variant"              "reference" (the official optimizer, default) or "converged"
 *   "c-orientation"        "code" (default) or "paper"            LESC, gLESC
 *   "tensor-fft"           "samples" (default) or "views"         gLESC
 *   "odd-n-double-shrink"  "on" (default) or "off"                gLESC
 *   "flavour"              "published" (default), "paper", "pyldl" FCM, KM, LP, ML
 * LESC_ERROR_USAGE for an unknown key or value. */
gboolean    lesc_params_set_option (LescParams *params, const char *key, const char *value,
                                    GError **error);
/* The value of an option, NULL for an unknown key. */
const char *lesc_params_get_option (const LescParams *params, const char *key);
/* The keys above, NULL-terminated. */
const char *const *lesc_params_option_keys (void);

/* The memory a run may take, in bytes (0: 80 % of the physical memory, the default). A run
 * that would need more fails with LESC_ERROR_MEMORY before allocating. */
void     lesc_params_set_memory_limit (LescParams *params, double bytes);

G_END_DECLS
