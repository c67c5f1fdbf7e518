/* Translated names of the measures (the core's titles are the English keys). */
#pragma once
#include "core/eval/measures.h"

G_BEGIN_DECLS

const char *lesc_measure_display_name (LescMeasure m);
/* The paper's short names: "Cheb", "Canber", "Intersec". */
const char *lesc_measure_short_name (LescMeasure m);
/* "Cheb ↓" / "Cosine ↑" */
char *lesc_measure_display_title (LescMeasure m);

G_END_DECLS
