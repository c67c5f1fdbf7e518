/* The run options besides the numeric parameters — the LE step's variant, the correlation
 * step's orientation, gLESC's tensor FFT and shrink, the baselines' flavour — as one table
 * that `lesc` (--variant …), liblesc (lesc_params_set_option) and both explorers read. */
#pragma once
#include "core/methods/method.h"

G_BEGIN_DECLS

#define LESC_RUN_OPTION_MAX_VALUES 4   /* NULL after the last */

typedef struct {
  const char *key;                               /* "variant": --variant, the option key */
  const char *values[LESC_RUN_OPTION_MAX_VALUES]; /* the first is the default */
  guint n_values;
  const char *help;                              /* one line for --help */
  gsize offset;                                  /* an int-sized member of LescRunParams */
} LescRunOption;

/* All of them: variant, c-orientation, tensor-fft, odd-n-double-shrink, flavour. */
const LescRunOption *lesc_run_options (guint *n);
const LescRunOption *lesc_run_option_find (const char *key);
/* The index of `o`'s value in `p` (0 … n_values − 1) and setting it. */
guint lesc_run_option_get_index (const LescRunOption *o, const LescRunParams *p);
void  lesc_run_option_set_index (const LescRunOption *o, LescRunParams *p, guint index);
const char *lesc_run_option_get (const LescRunOption *o, const LescRunParams *p);
/* "A or B" / "A, B or C": the values for a message. */
char *lesc_run_option_expected (const LescRunOption *o);
/* Set from a value's name (case-insensitive); FALSE with LESC_ERROR_USAGE "KEY 'VALUE':
 * expected A or B" when it is none of them. */
gboolean lesc_run_option_set (const LescRunOption *o, LescRunParams *p, const char *value,
                              GError **error);

G_END_DECLS
