/* Translated names of the measures (the core's titles are the English keys). */
#pragma once
#include "core/measures.h"

G_BEGIN_DECLS

const char *lesc_measure_display_name (LescMeasure m);
/* "Chebyshev ↓" / "Cosine ↑" */
char *lesc_measure_display_title (LescMeasure m);

G_END_DECLS
