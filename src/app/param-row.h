/* One method parameter as a row: its name and an entry for typing the exact value, a
 * slider under them (log-scale for log parameters, in decades) and its description. Generated from the registry's LescParamSpec. */
#pragma once
#include <adwaita.h>
#include "core/methods/method.h"

G_BEGIN_DECLS

#define LESC_TYPE_PARAM_ROW (lesc_param_row_get_type ())
G_DECLARE_FINAL_TYPE (LescParamRow, lesc_param_row, LESC, PARAM_ROW, AdwPreferencesRow)

LescParamRow *lesc_param_row_new (const LescParamSpec *spec);
const LescParamSpec *lesc_param_row_get_spec (LescParamRow *self);
double lesc_param_row_get_value (LescParamRow *self);
/* The slider (for the tests). */
GtkWidget *lesc_param_row_get_slider (LescParamRow *self);
/* Clamped to the spec's range; emits "value-changed" when the value changes. */
void   lesc_param_row_set_value (LescParamRow *self, double value);
/* Parse what a person typed ("1e-3", "0,5"): FALSE and a message naming the range when it
 * is not a number in range. */
gboolean lesc_param_row_parse (const LescParamSpec *spec, const char *text, double *value,
                               char **message);

/* Signal "value-changed" (no arguments). */

G_END_DECLS
