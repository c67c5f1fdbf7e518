/* The methods and their parameters: one expander row per registry method with a check box
 * and one LescParamRow per parameter spec, plus the settings every run shares (seed, LE
 * step variant, KL direction, the official-code options, run automatically). */
#pragma once
#include <adwaita.h>
#include "core/eval/measures.h"
#include "core/methods/method.h"

G_BEGIN_DECLS

#define LESC_TYPE_METHOD_PANEL (lesc_method_panel_get_type ())
G_DECLARE_FINAL_TYPE (LescMethodPanel, lesc_method_panel, LESC, METHOD_PANEL, GtkWidget)

LescMethodPanel *lesc_method_panel_new (void);

/* The settings a run of `method` uses now. */
void     lesc_method_panel_get_params (LescMethodPanel *self, const LescMethod *method,
                                       LescRunParams *params);
gboolean lesc_method_panel_is_selected (LescMethodPanel *self, const LescMethod *method);
void     lesc_method_panel_set_selected (LescMethodPanel *self, const LescMethod *method,
                                         gboolean selected);
/* Set a parameter as if typed (clamped to the range); FALSE when the name is unknown. */
gboolean lesc_method_panel_set_param (LescMethodPanel *self, const LescMethod *method,
                                      const char *name, double value);
void     lesc_method_panel_set_seed (LescMethodPanel *self, guint32 seed);
/* The LE step variant, as if chosen in its row. */
void     lesc_method_panel_set_variant (LescMethodPanel *self, LescVariant variant);
/* The row of a setting every run shares: "seed" or "variant" (a lesson points at it). */
GtkWidget *lesc_method_panel_get_setting_row (LescMethodPanel *self, const char *key);
LescKlDirection lesc_method_panel_get_kl (LescMethodPanel *self);
/* The row of one parameter (a LescParamRow), NULL when the method has none of that name. */
GtkWidget *lesc_method_panel_get_param_row (LescMethodPanel *self, const LescMethod *method,
                                            const char *name);
/* Open the method's row (its parameters). */
void     lesc_method_panel_show_method (LescMethodPanel *self, const LescMethod *method);
void     lesc_method_panel_reset (LescMethodPanel *self);

/* Signals:
 * "params-changed" (gpointer method): the settings of `method` changed; NULL: of several.
 * "selection-changed" (gpointer method): a check box changed.
 * "kl-changed": the KL direction changed. */

G_END_DECLS
